import SemanticDiff

/// `git xcstrings merge`: git's merge driver for catalogs.
enum MergeCommand: Command {
    static let name = "merge"
    static let synopsis = "git xcstrings merge [--marker-size N] [--path NAME] [--label-base L] [--label-ours L] [--label-theirs L] [-p] [-q] [-v] BASE OURS THEIRS"
    static let summary = "Merge three versions of a catalog by meaning (git's merge driver)."
    static let details = """
        options:
          --marker-size N     length of conflict markers (git's %L); default 7
          --path NAME         the file's name in the repository (git's %P), for messages
          --label-base L      label of the base section (git's %S)
          --label-ours L      label after <<<<<<< (git's %X); default ours
          --label-theirs L    label after >>>>>>> (git's %Y); default theirs
          --diff3, --zdiff3   write conflicts with the base section (default: merge.conflictStyle)
          -p, --print         write the result to standard output; leave OURS alone
          -q, --quiet         no summary on standard error
          -v, --verbose       list every decision a rule made
          -h, --help          show this help

        The result replaces OURS (a temporary file in the same directory, then
        a rename), as git's merge-driver contract wants. Exit status 0: merged
        cleanly; 1: conflicts remain in the file, as small hunks git marks;
        2: wrong arguments or unreadable files (nothing is touched).

        Inputs that are not valid JSON (conflict markers already inside, a
        broken file) are merged line by line by libgit2 instead, as git would.

        Register it once with: git xcstrings install
        """
    static let spec = Arguments.Spec(
        flags: ["print", "quiet", "verbose", "diff3", "zdiff3", "help"],
        options: ["marker-size", "path", "label-base", "label-ours", "label-theirs"],
        aliases: ["p": "print", "q": "quiet", "v": "verbose", "h": "help"])

    static func run(_ arguments: Arguments) -> Int32 {
        let files = arguments.positional + (arguments.afterSeparator ?? [])
        guard files.count == 3 else {
            return Tool.usageFailure(self, "expected BASE OURS THEIRS, got \(files.count) file\(files.count == 1 ? "" : "s")")
        }
        var markerSize = 7
        if let text = arguments.value("marker-size") {
            guard let size = Int(text), size > 0, size < 1000 else {
                return Tool.usageFailure(self, "--marker-size takes a positive number, not '\(text)'")
            }
            markerSize = size
        }
        let (basePath, oursPath, theirsPath) = (files[0], files[1], files[2])
        let name = arguments.value("path") ?? oursPath
        var timer = PhaseTimer()
        // Large inputs are mapped and parsed at once, ours on this thread and
        // the others on workers started before anything is read.
        let large = files.reduce(0) { $0 + (FileBytes.size($1) ?? 0) } > 1_500_000
        let workers = Workers(2, worthIt: large)
        let contents: [Bytes]
        do {
            contents = try files.map { path throws(FileError) in try Bytes.mapping(path) }
            timer.mark("read")
        } catch {
            Console.error("error: \(error)")
            return ExitStatus.failure
        }
        var markers = ConflictMarkers(size: markerSize,
                                      oursLabel: arguments.value("label-ours") ?? "ours",
                                      baseLabel: arguments.value("label-base") ?? "base",
                                      theirsLabel: arguments.value("label-theirs") ?? "theirs")
        let quiet = arguments.has("quiet")
        func report(_ line: String) { if !quiet { Console.error(line) } }

        // Anything that is not a catalog goes to the line merge.
        let sides = ["base", "ours", "theirs"]
        let parsed = parseSides(contents, workers: workers)
        var documents: [JSONDocument?] = []
        var problem: String?
        for (index, outcome) in parsed.enumerated() {
            switch outcome {
            case .success(let document):
                for warning in document?.warnings ?? [] {
                    report("\(name) (\(sides[index])):\(warning.position): warning: \(warning.message)")
                }
                documents.append(document)
            case .failure(let error):
                problem = problem ?? "\(sides[index]) is not valid JSON (\(error))"
                documents.append(nil)
            }
        }
        timer.mark("parse")
        var result: CatalogMergeResult?
        if problem == nil {
            do {
                result = try CatalogMerge.merge(base: documents[0], ours: documents[1]!, theirs: documents[2]!)
            } catch {
                problem = error.description
            }
        }
        timer.mark("merge")
        let styleOverride: ConflictMarkers.Style? = arguments.has("zdiff3") ? .zdiff3 : arguments.has("diff3") ? .diff3 : nil

        let clean: Bool
        let written: Bool
        if let result {
            if !result.conflicts.isEmpty {
                // Only a conflict needs git's configuration (and so libgit2).
                markers.style = styleOverride ?? ((try? Configuration.forDirectory().conflictStyle) ?? .merge)
            }
            clean = result.conflicts.isEmpty
            if arguments.has("verbose") {
                for decision in result.decisions { report("\(name): \(decision)") }
            }
            written = result.withBytes(markers: markers) { deliver($0, print: arguments.has("print"), to: oursPath) }
            report(result.summary(name: name))
        } else {
            markers.style = styleOverride ?? ((try? Configuration.forDirectory().conflictStyle) ?? .merge)
            let output: [UInt8]
            do {
                (output, clean) = try LineMerge.merge(base: contents[0].array, ours: contents[1].array, theirs: contents[2].array,
                                                      path: arguments.value("path"), markers: markers)
            } catch {
                Console.error("error: \(name): \(problem!); and the line merge failed: \(error)")
                return ExitStatus.failure
            }
            written = output.withUnsafeBufferPointer { deliver($0, print: arguments.has("print"), to: oursPath) }
            report("\(name): \(problem!); merged line by line\(clean ? "" : " with conflicts")")
        }
        guard written else { return ExitStatus.failure }
        timer.mark("write")
        timer.report()
        return clean ? ExitStatus.success : ExitStatus.attention
    }

    /// Prints the result or replaces OURS with it; false (after saying why) if that failed.
    static func deliver(_ bytes: UnsafeBufferPointer<UInt8>, print: Bool, to path: String) -> Bool {
        if print {
            Console.write(bytes)
            return true
        }
        do {
            try AtomicFile.write(bytes, to: path)
            return true
        } catch {
            Console.error("error: \(error)")
            return false
        }
    }

    /// A parsed input; nil for an empty base (both sides added the file).
    /// Base, ours and theirs parsed, in that order: ours on this thread (it
    /// is the largest part of the output), the others on `workers`.
    static func parseSides(_ contents: [Bytes], workers: Workers) -> [Result<JSONDocument?, JSONSyntaxError>] {
        let parsed = workers.map([1, 0, 2]) { index in parse(contents[index], allowEmpty: index == 0) }
        return [parsed[1], parsed[0], parsed[2]]
    }

    static func parse(_ bytes: Bytes, allowEmpty: Bool) -> Result<JSONDocument?, JSONSyntaxError> {
        if allowEmpty && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .success(nil)
        }
        do {
            return .success(try JSONDocument(parsing: bytes))
        } catch {
            return .failure(error)
        }
    }
}
