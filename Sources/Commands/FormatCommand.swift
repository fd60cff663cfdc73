import PlatformLayer
import GitLayer
import SemanticDiff

/// `git xcstrings fmt`: rewrite catalogs in Xcode's layout.
enum FormatCommand: Command {
    static let name = "fmt"
    static let synopsis = "git xcstrings fmt [--check] [-p] FILE…"
    static let summary = "Rewrite String Catalogs byte for byte as Xcode writes them."
    static let details = """
        options:
          --check       change nothing; list the files that are not in Xcode's layout
                        and exit 1 if there are any
          -p, --print   write the formatted file to standard output instead (one FILE)
          -h, --help    show this help

        Keys are sorted as Xcode sorts them, indentation, separators and escapes
        are Xcode's, and a final newline is kept if the file had one. Files are
        replaced atomically and keep their permissions. A file that is not valid
        JSON is left untouched and reported as FILE:LINE:COLUMN: message (exit 2).
        """
    static let spec = Arguments.Spec(flags: ["check", "print", "help"], aliases: ["p": "print", "h": "help"])

    static func run(_ arguments: Arguments) -> Int32 {
        let files = arguments.positional + (arguments.afterSeparator ?? [])
        guard !files.isEmpty else { return Tool.usageFailure(self, "no FILE given") }
        let printing = arguments.has("print")
        let checking = arguments.has("check")
        if printing && files.count > 1 { return Tool.usageFailure(self, "-p prints one file; \(files.count) were given") }
        if printing && checking { return Tool.usageFailure(self, "--check and -p cannot be used together") }

        var status = ExitStatus.success
        for file in files {
            let bytes: [UInt8]
            let document: JSONDocument
            do {
                // A file to rewrite must be one that can be replaced: checked before it is opened.
                if !printing && !checking { _ = try AtomicFile.destination(file) }
                bytes = try Files.read(file)
                document = try JSONDocument(parsing: bytes)
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
                Console.error("\(file):\(warning.position): warning: \(warning.message)")
            }
            let formatted = XcodeLayout.format(document, finalNewline: document.endsWithNewline)
            if printing {
                Console.write(formatted)
            } else if formatted != bytes {
                if checking {
                    Console.out(file + "\n")
                    if status == ExitStatus.success { status = ExitStatus.attention }
                } else {
                    do {
                        try AtomicFile.write(formatted, to: file)
                    } catch {
                        Console.error("error: \(error)")
                        status = ExitStatus.failure
                    }
                }
            }
        }
        return status
    }
}
