import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff

/// `git xcstrings fmt`: rewrite catalogs in Xcode's layout.
enum FormatCommand: Command {
    static let name = "fmt"
    static let synopsis = "git xcstrings fmt [--check [--staged]] [-p] [FILE | DIRECTORY]…"
    static let summary = "Rewrite String Catalogs byte for byte as Xcode writes them."
    static let details = """
        options:
          --check       change nothing; list the files that are not in Xcode's layout
                        and exit 1 if there are any
          --staged      with --check: the versions staged in the index (for a
                        pre-commit hook), read through git
          -p, --print   write the formatted file to standard output instead (one FILE)
          -h, --help    show this help

        Without FILE, every .xcstrings file git tracks in the work tree (from
        any directory of it); a DIRECTORY stands for the catalogs under it.
        Keys are sorted as Xcode sorts them, indentation, separators and
        escapes are Xcode's, and a final newline is kept if the file had one.
        Files are replaced atomically and keep their permissions (a read-only
        file is not replaced). A file that is not valid JSON is left untouched
        and reported as FILE:LINE:COLUMN: message (exit 2).
        """
    static let spec = Arguments.Spec(flags: ["check", "staged", "cached", "print", "help"], aliases: ["p": "print", "h": "help"])

    static func run(_ arguments: Arguments, keyOrder: KeyOrder) -> Int32 {
        let given = arguments.positional + (arguments.afterSeparator ?? [])
        if arguments.has("staged") || arguments.has("cached") {
            guard arguments.has("check"), !arguments.has("print") else {
                return Tool.usageFailure(self, "--staged goes with --check: the index is read, never written")
            }
            return checkStaged(given, keyOrder: keyOrder)
        }
        let files: [String]
        var problems: [FileError] = []
        if given.isEmpty {
            guard let location = try? RepositoryLocation.find().0 else {
                return Tool.usageFailure(self, "not in a git repository: name the catalogs to format")
            }
            guard let workTree = location.workTree else {
                Console.error("error: this operation must be run in a work tree (the repository is bare): name the catalogs to format")
                return ExitStatus.failure
            }
            do {
                files = try TrackedFiles.catalogs().map(\.path)
                    .filter { Files.exists(workTree + "/" + $0) }
                    .map { RepositoryPath.relative($0, to: location.prefix) }
            } catch {
                Console.error("error: \(error)")
                return ExitStatus.failure
            }
        } else {
            var found: [String] = []
            for path in given {
                guard Files.isDirectory(path) else { found.append(path); continue }
                let search = Files.catalogs(under: path)
                found += search.found
                problems += search.problems
            }
            files = found
        }
        let printing = arguments.has("print")
        let checking = arguments.has("check")
        if printing && files.count > 1 { return Tool.usageFailure(self, "-p prints one file; \(files.count) were given") }
        if printing && checking { return Tool.usageFailure(self, "--check and -p cannot be used together") }

        var status = ExitStatus.success
        // What a directory held that could not be searched or read: said, and the others done.
        for problem in problems {
            Console.error("error: \(problem)")
            status = ExitStatus.failure
        }
        for file in files {
            let bytes: [UInt8]
            let document: JSONDocument
            do {
                // A file to rewrite must be one that can be replaced, and a tracked catalog a file
                // (a FIFO in its place would be waited on forever): checked before it is opened.
                if (!printing && !checking) || given.isEmpty { _ = try AtomicFile.destination(file) }
                bytes = try Files.read(file)
                // A large catalog is read by two threads (JSONSecondHalf).
                document = try Workers(1, worthIt: bytes.count >= JSONReader.secondHalfMinimum).readJSON(Bytes(bytes))
            } catch let error as FileError {
                Console.error("error: \(error)")
                status = ExitStatus.failure
                continue
            } catch let error as JSONSyntaxError {
                Console.error("\(file):\(error)")
                status = ExitStatus.failure
                continue
            } catch {
                Console.error("error: \(file): \(error)")
                status = ExitStatus.failure
                continue
            }
            for warning in document.warnings {
                if warning.kind == .trailingComma {
                    Console.error("\(file):\(warning.position): a comma before the end, which JSON does not allow: \(printing || checking ? "fmt removes it" : "removed")")
                } else {
                    Console.error("\(file):\(warning.position): warning: \(warning.message)")
                }
            }
            // The formatted file is handed on in pieces as it is written, never whole in memory:
            // printed, compared with the file, or written to its replacement from the first difference on.
            var comparison = LayoutComparison(Bytes(bytes))
            var replacement: AtomicFile.Replacement?
            var failure: FileError?
            XcodeLayout.format(document, finalNewline: document.endsWithNewline, keyOrder: keyOrder) { piece in
                if printing {
                    Console.write(piece)
                    return true
                }
                if let replacement {
                    replacement.write(piece)
                    return true
                }
                if comparison.compare(piece) { return true }
                if checking { return false }
                do throws(FileError) {
                    // The bytes before this piece are the file's own.
                    let started = try AtomicFile.Replacement(file)
                    bytes.withUnsafeBufferPointer { started.write(UnsafeBufferPointer(rebasing: $0[0..<comparison.matched])) }
                    started.write(piece)
                    replacement = started
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure {
                Console.error("error: \(failure)")
                status = ExitStatus.failure
                continue
            }
            if printing { continue }
            guard comparison.firstDifference != nil else { continue }
            if checking {
                Console.out(VisibleText.of(file) + "\n")
                if status == ExitStatus.success { status = ExitStatus.attention }
                continue
            }
            do {
                if let replacement {
                    try replacement.commit()
                } else {
                    // The formatted file is the start of this one.
                    try bytes.withUnsafeBufferPointer { buffer throws(FileError) in
                        try AtomicFile.write(UnsafeBufferPointer(rebasing: buffer[0..<comparison.matched]), to: file)
                    }
                }
            } catch {
                Console.error("error: \(error)")
                status = ExitStatus.failure
            }
        }
        return status
    }

    /// `--check --staged`: the staged versions of the catalogs `paths` name
    /// (every staged one when none is), read through git as `check --staged`
    /// reads them, whatever the index's format.
    static func checkStaged(_ paths: [String], keyOrder: KeyOrder) -> Int32 {
        let targets: [CheckCommand.Target]
        do {
            let location = try RepositoryLocation.find().0
            var problems: [FileError] = []
            targets = try CheckCommand.targets(paths, location: location, staged: true, problems: &problems)
        } catch let error as UsageError {
            return Tool.usageFailure(self, error.message)
        } catch {
            Console.error("error: \(error)")
            return ExitStatus.failure
        }
        var status = ExitStatus.success
        for target in targets {
            // A path the index holds in conflict has no one staged version: git commit refuses it anyway.
            guard case .staged(let bytes)? = target.source else { continue }
            do {
                let document = try JSONReader.read(Bytes(bytes))
                guard XcodeLayout.firstDifference(in: document, keyOrder: keyOrder) != nil else { continue }
                Console.out(VisibleText.of(target.shownPath) + "\n")
                if status == ExitStatus.success { status = ExitStatus.attention }
            } catch {
                Console.error("\(VisibleText.of(target.shownPath)) (staged):\(error)")
                status = ExitStatus.failure
            }
        }
        return status
    }
}
