import PlatformLayer
import GitProcess
import SemanticDiff

/// `git xcstrings merge`: git's merge driver for catalogs.
package enum MergeCommand: Command {
    package static let name = "merge"
    package static let synopsis = "git xcstrings merge [--marker-size N] [--path NAME] [--label-base L] [--label-ours L] [--label-theirs L] [-p] [-q] [-v] BASE OURS THEIRS"
    package static let summary = "Merge three versions of a catalog by meaning (git's merge driver)."
    package static let details = """
        options:
          --marker-size N     length of conflict markers (git's %L); default 7
          --path NAME         the file's name in the repository (git's %P), for messages
          --label-base L      label of the base section (git's %S)
          --label-ours L      label after <<<<<<< (git's %X); default ours
          --label-theirs L    label after >>>>>>> (git's %Y); default theirs
          --diff3, --zdiff3   write conflicts with the base section (default: merge.conflictStyle)
          -p, --print         write the result to standard output; leave OURS alone
          -q, --quiet         no summary on standard error
          -v, --verbose       list every decision a rule made, and every conflict
          -h, --help          show this help

        The summary (standard error) counts: the keys either side changed; the
        translations (a language's text or one of its plural or device
        variants) taken from ours and from theirs (changed by that side alone),
        and changed by both; states settled by precedence (same text, two
        states); placeholders replaced by the other side's translation (new,
        or a copy of the source text in new or needs_review); translations
        marked needs_review because the other side changed the source text;
        and the conflicts, named (five a line, three lines, then how many more).

        The result, always in Xcode's layout and key order, replaces OURS (a
        temporary file in the same directory, then a rename), as git's
        merge-driver contract wants; a symbolic link is written through, and
        an OURS that is not a regular file is refused. Exit status 0: merged
        cleanly; 1: conflicts remain in the file, as small hunks git marks;
        2: wrong arguments or unreadable files (nothing is touched).

        Inputs that are not valid JSON (conflict markers already inside, a
        broken file) are merged line by line by git merge-file instead, as git would;
        that result counts as clean only if it parses. An input with NUL bytes
        is binary to git: nothing is merged, OURS stays as it was, exit 1.
        Catalogs saved as UTF-16 or UTF-32 are read, and written as UTF-8.

        Register it once with: git xcstrings install. It registers
        git-xcstrings-merge, this command in a program of its own that starts
        faster (it loads no libgit2), when it is installed next to
        git-xcstrings.
        """
    package static let spec = Arguments.Spec(
        flags: ["print", "quiet", "verbose", "diff3", "zdiff3", "help"],
        options: ["marker-size", "path", "label-base", "label-ours", "label-theirs"],
        aliases: ["p": "print", "q": "quiet", "v": "verbose", "h": "help"])

    package static func run(_ arguments: Arguments, keyOrder: KeyOrder) -> Int32 {
        let files = arguments.positional + (arguments.afterSeparator ?? [])
        guard files.count == 3 else {
            return Runner.usageFailure(self, "expected BASE OURS THEIRS, got \(files.count) file\(files.count == 1 ? "" : "s")")
        }
        var markerSize = 7
        if let text = arguments.value("marker-size") {
            // Any size git may pass (conflict-marker-size in .gitattributes has no upper bound).
            guard let size = Int(text), size > 0, size <= 1_000_000 else {
                return Runner.usageFailure(self, "--marker-size takes a positive number, not '\(text)'")
            }
            markerSize = size
        }
        let oursPath = files[1]
        let printing = arguments.has("print")
        let quiet = arguments.has("quiet")
        func report(_ line: String) { if !quiet { Console.error(line) } }
        var timer = PhaseTimer()
        // OURS is replaced only if it is a regular file (or a link to one): checked before anything is read.
        if !printing {
            do {
                _ = try AtomicFile.destination(oursPath)
            } catch {
                Console.error("error: \(error)")
                return ExitStatus.failure
            }
        }
        // Large inputs are mapped and parsed at once, ours on this thread and
        // the others on workers started before anything is read.
        let large = files.reduce(0) { $0 + (Files.size($1) ?? 0) } > 1_500_000
        let workers = Workers(2, worthIt: large)
        let contents: [Bytes]
        do {
            contents = try files.map { path throws(FileError) in try Files.mapping(path) }
            timer.mark("read")
        } catch {
            Console.error("error: \(error)")
            return ExitStatus.failure
        }
        let styleOverride: ConflictMarkers.Style? = arguments.has("zdiff3") ? .zdiff3 : arguments.has("diff3") ? .diff3 : nil
        let driver = MergeDriver(
            name: arguments.value("path") ?? oursPath,
            markers: ConflictMarkers(size: markerSize,
                                     oursLabel: label(arguments.value("label-ours")) ?? "ours",
                                     baseLabel: label(arguments.value("label-base")) ?? "base",
                                     theirsLabel: label(arguments.value("label-theirs")) ?? "theirs"),
            keyOrder: keyOrder,
            configuredStyle: { styleOverride ?? GitConfig.conflictStyle() })
        let outcome = driver.merge(contents, workers: workers)
        timer.mark("merge")
        outcome.warnings.forEach(report)
        if arguments.has("verbose") { outcome.decisions.forEach(report) }
        let written = outcome.withResult { bytes in deliver(bytes, print: printing, to: oursPath) } ?? true
        // The summary only once the result is where it belongs.
        guard written else { return ExitStatus.failure }
        report(outcome.summary)
        outcome.details(verbose: arguments.has("verbose")).forEach(report)
        timer.mark("write")
        timer.report()
        return outcome.clean ? ExitStatus.success : ExitStatus.attention
    }

    /// A label on one line: a line break in it would end the marker line.
    package static func label(_ text: String?) -> String? {
        text.map { String($0.map { $0.isNewline ? " " : $0 }) }
    }

    /// Prints the result or replaces OURS with it; false (after saying why) if that failed.
    package static func deliver(_ bytes: UnsafeBufferPointer<UInt8>, print: Bool, to path: String) -> Bool {
        if print {
            Console.write(bytes)
            // Not where it belongs when standard output would not take it (the tool then exits 2).
            return Console.outputFailure == nil
        }
        do {
            try AtomicFile.write(bytes, to: path)
            return true
        } catch {
            Console.error("error: \(error)")
            return false
        }
    }
}
