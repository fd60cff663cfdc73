import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff
/// `git xcstrings diff`: what changed in catalogs, per entry and language.
enum DiffCommand: Command {
    static let name = "diff"
    static let synopsis = "git xcstrings diff [--cached] [--stat | --json | --format markdown [--max-bytes N]] [--language L]… [--color[=WHEN]] [--exit-code] [REV [REV] | REV..REV | REV...REV] [-- PATH…]"
    static let summary = "Show what changed in catalogs: per entry, per language, per translation."
    static let details = """
        forms (as git diff):
          (no revision)        the work tree against the index
          --cached [REV]       the index against REV (HEAD); --staged is the same
          REV                  the work tree against REV
          REV REV, REV..REV    one revision against the other
          REV...REV            the second against the merge base of both
          -- PATH…             only these files or directories
          --no-index A B       two files outside any repository (outside a
                               repository, A B alone does the same)

        options:
          --stat               per language: translations added, changed, removed,
                               state changes, and coverage before → after
          --json               every change as JSON (schema in docs/JSON.md)
          --format FORMAT      text (the default), json, or markdown: a table per file
                               and language, then each entry collapsed (for a bot's
                               comment on a pull request)
          --max-bytes N        with --format markdown: at most N bytes (N ≥ 1024),
                               whole entries only, then a line saying how many
                               entries, languages and files were left out and the
                               command that shows them (GitHub takes comments of
                               up to 65,536 characters)
          --language L         only language L (repeat for more)
          --color[=WHEN]       always, never or auto (a terminal without NO_COLOR)
          --no-color           the same as --color=never
          --exit-code          exit 1 when there are changes
          -v, --verbose        with --stat, each language's entries by state
                               (translated, needs_review, new, missing)
          --no-pager           never page; --paginate always pages (by default
                               output to a terminal goes through git's pager:
                               GIT_PAGER, core.pager, PAGER, else less -FRX)
          --git-external PATH OLD OLD_HEX OLD_MODE NEW NEW_HEX NEW_MODE
                               act as git's external diff (diff.<driver>.command
                               or GIT_EXTERNAL_DIFF): compare OLD and NEW
          -h, --help           show this help

        Only .xcstrings files are considered; renames are detected.
        Revisions are named as git names them (git rev-parse reads them);
        trees, the index and blobs are read through libgit2.
        Exit status: 0 (1 with --exit-code and changes, and with --no-index
        when the files differ, as git diff --no-index), 2 on errors (a file
        that is not valid JSON is reported and the others still shown).
        """
    static let spec = Arguments.Spec(
        flags: ["stat", "json", "cached", "staged", "no-color", "exit-code", "no-index", "git-external", "verbose", "no-pager", "paginate", "help"],
        options: ["language", "format", "max-bytes"],
        optionalValues: ["color"],
        aliases: ["h": "help", "v": "verbose"])

    static func run(_ arguments: Arguments, keyOrder: KeyOrder) -> Int32 {
        var timer = PhaseTimer()
        // The new versions are read and parsed on a thread of their own, started now; it
        // then compares half of each catalog's entries.
        let workers = Workers(1)
        let color: Bool
        do {
            color = try arguments.color(configuredBy: "color.diff")
        } catch {
            return Tool.usageFailure(self, error.message)
        }
        let languages = Set(arguments.all("language"))
        let format = arguments.has("json") ? "json" : (arguments.value("format") ?? "text")
        guard ["text", "json", "markdown"].contains(format) else {
            return Tool.usageFailure(self, "--format takes text, json or markdown, not '\(format)'")
        }
        var maxBytes: Int?
        if let limit = arguments.value("max-bytes") {
            guard format == "markdown" else { return Tool.usageFailure(self, "--max-bytes works with --format markdown") }
            guard let bytes = Int(limit) else {
                return Tool.usageFailure(self, "--max-bytes takes a number of bytes, not '\(limit)'")
            }
            // Room for the line that says what was left out.
            guard bytes >= 1024 else { return Tool.usageFailure(self, "--max-bytes takes 1024 or more, not \(bytes)") }
            maxBytes = bytes
        }
        var files: [CatalogFileChange]
        var repository: Repository?
        // Two files, not revisions: as git diff --no-index, exit 1 when they differ.
        let noIndex = !arguments.has("git-external") && (arguments.has("no-index") || outsideRepository(arguments))
        if arguments.has("git-external") {
            let values = arguments.positional
            guard values.count == 7 else {
                return Tool.usageFailure(self, "--git-external takes git's seven arguments: PATH OLD OLD_HEX OLD_MODE NEW NEW_HEX NEW_MODE")
            }
            files = [pair(values[1], values[4], oldPath: values[0], newPath: values[0])]
        } else if noIndex {
            let values = arguments.positional + (arguments.afterSeparator ?? [])
            guard values.count == 2 else { return Tool.usageFailure(self, "--no-index takes two files") }
            files = [pair(values[0], values[1], oldPath: values[0], newPath: values[1])]
        } else {
            do {
                let (opened, sides, limits) = try open(arguments)
                timer.mark("open")
                files = try opened.changedCatalogs(sides, paths: limits)
                timer.mark("changes")
                repository = opened
            } catch let error as UsageError {
                return Tool.usageFailure(self, error.message)
            } catch {
                Console.error("error: \(error)")
                return ExitStatus.failure
            }
        }

        // Read and parse both versions of every file, each on its own thread
        // with its own handle on the repository; compare; render.
        var failed = false
        let withStatistics = arguments.has("stat") || format != "text"
        let readers = Readers(repository)
        // A conflicted path has no one old version to compare with: said, and left out, as git diff marks it unmerged.
        for file in files where file.isConflicted {
            Console.error("\(file.newPath ?? file.oldPath ?? "?"): unmerged (the merge left it conflicted; git xcstrings resolve merges it)")
        }
        files.removeAll { $0.isConflicted }
        let diffs: [CatalogFileDiff] = files.compactMap { file in
            // Each side's coverage, for the statistics, is found by the thread that read it.
            let parsed = workers.map([0, 1]) { side -> Result<ReadSide?, SideFailure> in
                guard let source = side == 0 ? file.old : file.new else { return .success(nil) }
                do {
                    let bytes = try source.bytes(in: readers.repository(for: side))
                    let catalog = try Catalog(parsing: bytes)
                    return .success(ReadSide(catalog: catalog, coverage: withStatistics ? Coverage(catalog) : nil))
                } catch let error as CatalogError {
                    return .failure(SideFailure(message: ":\(error)"))
                } catch {
                    return .failure(SideFailure(message: ": \(error)"))
                }
            }
            timer.mark("read and parse")
            var sides: [ReadSide?] = []
            for (side, outcome) in zip(["old", "new"], parsed) {
                switch outcome {
                case .success(let read):
                    // A duplicate key hides the first value: changes to it are not changes of the catalog, but say so.
                    for warning in read?.catalog.document.warnings ?? [] {
                        let path = (side == "old" ? file.oldPath : file.newPath) ?? "?"
                        Console.error("warning: \(path) (\(side)):\(warning.position): \(warning.message)")
                    }
                    sides.append(read)
                case .failure(let failure):
                    let path = (side == "old" ? file.oldPath : file.newPath) ?? "?"
                    Console.error("error: \(path) (\(side))\(failure.message)")
                    failed = true
                    return nil
                }
            }
            var diff = CatalogDiff.compare(old: sides[0]?.catalog, new: sides[1]?.catalog, oldPath: file.oldPath, newPath: file.newPath,
                                           languages: languages, statistics: withStatistics,
                                           coverage: (sides[0]?.coverage, sides[1]?.coverage), secondThread: workers,
                                           keyOrder: keyOrder)
            // Two files named on the command line are compared, not renamed.
            if noIndex { diff.isRename = false }
            return diff
        }
        timer.mark("compare")
        if !languages.isEmpty && !diffs.isEmpty {
            let present = diffs.reduce(into: Set<String>()) { $0.formUnion($1.languagesPresent) }
            for language in languages.sorted() where !present.contains(language) {
                Console.error("warning: --language \(language): no catalog compared has this language, on either side")
            }
        }
        let pager = startPager(arguments)
        defer {
            timer.mark("print")
            timer.report()
            pager?.finish()
        }
        if format == "json" {
            let output = DiffRenderer.jsonOutput(diffs, secondThread: workers)
            output.forEachPart { Console.write($0) }
        } else if format == "markdown" {
            Console.out(maxBytes.map { MarkdownReport.render(diffs, maxBytes: $0, command: fullCommand(arguments)) } ?? MarkdownReport.render(diffs))
        } else if arguments.has("stat") {
            Console.out(DiffRenderer.stat(diffs, color: color, verbose: arguments.has("verbose")))
        } else {
            let output = DiffRenderer.textOutput(diffs, color: color, secondThread: workers)
            output.forEachPart { Console.write($0) }
        }
        if failed { return ExitStatus.failure }
        if (arguments.has("exit-code") || noIndex) && diffs.contains(where: \.hasChanges) { return ExitStatus.attention }
        return ExitStatus.success
    }

    /// The command that shows everything a shortened report leaves out:
    /// these arguments in the text form. Paths that would make it longer than
    /// a line are left off: it then shows every catalog the revisions changed.
    static func fullCommand(_ arguments: Arguments) -> String {
        var words = ["git", "xcstrings", "diff"]
        if arguments.has("cached") || arguments.has("staged") { words.append("--cached") }
        if arguments.has("no-index") { words.append("--no-index") }
        for language in arguments.all("language") { words += ["--language", language] }
        words += arguments.positional
        let command = words.map(RepositoryPath.shellQuoted).joined(separator: " ")
        guard let paths = arguments.afterSeparator, !paths.isEmpty else { return command }
        let withPaths = command + " -- " + paths.map(RepositoryPath.shellQuoted).joined(separator: " ")
        return withPaths.utf8.count <= 300 || arguments.has("no-index") ? withPaths : command
    }

    /// Whether the arguments are two files and the directory is in no
    /// repository: then, as `git diff A B` does there, `--no-index`.
    static func outsideRepository(_ arguments: Arguments) -> Bool {
        let values = arguments.positional + (arguments.afterSeparator ?? [])
        guard values.count == 2, values.allSatisfy(Files.exists), !arguments.has("cached"), !arguments.has("staged") else { return false }
        return (try? RepositoryLocation.find()) == nil
    }

    /// git's pager (`git var GIT_PAGER`: `GIT_PAGER`, `core.pager`, `PAGER`,
    /// else `less`) for output to a terminal, or always with `--paginate`;
    /// never with `--no-pager`.
    static func startPager(_ arguments: Arguments) -> Pager? {
        guard !arguments.has("no-pager"), !arguments.has("git-external") else { return nil }
        guard arguments.has("paginate") || Console.isTerminal(1) else { return nil }
        return Pager.command(Git.run(["var", "GIT_PAGER"])?.lines.first).flatMap(Pager.start)
    }

    /// The repository, what to compare and which paths, from git's
    /// argument forms. Revisions mean what they mean to git: one `git
    /// rev-parse` reads them all; where an argument is not one, each is
    /// asked, as git diff tells revisions from paths.
    static func open(_ arguments: Arguments) throws -> (Repository, DiffSides, [String]) {
        let cached = arguments.has("cached") || arguments.has("staged")
        // Every argument a revision, or the ends of a range: the usual case, in one question.
        let asRevisions = arguments.positional.flatMap { argument -> [String] in
            guard let range = Repository.splitRange(argument) else { return [argument] }
            return [range.0, range.1]
        }
        var revisions: [String] = []
        var paths: [String] = []
        var range: (String, String, mergeBase: Bool)?
        let repository: Repository
        // Trees already read, by revision.
        var known: [String: String] = [:]
        if let (opened, objects) = try? Repository.open(resolving: asRevisions.map(RepositoryLocation.treeExpression)) {
            repository = opened
            // `:/text` gave a commit: its tree.
            let trees = try zip(asRevisions, objects).map { revision, id in revision.hasPrefix(":/") ? try opened.tree(of: id) : id }
            known = Dictionary(zip(asRevisions, trees), uniquingKeysWith: { first, _ in first })
            for argument in arguments.positional {
                if let split = Repository.splitRange(argument) {
                    guard range == nil && revisions.isEmpty else { throw UsageError("too many revisions") }
                    range = split
                } else {
                    revisions.append(argument)
                }
            }
        } else {
            repository = try Repository.open().0
            for argument in arguments.positional {
                if let split = Repository.splitRange(argument), RepositoryLocation.isTree(split.0), RepositoryLocation.isTree(split.1) {
                    guard range == nil && revisions.isEmpty else { throw UsageError("too many revisions") }
                    range = split
                } else if RepositoryLocation.isTree(argument) {
                    guard paths.isEmpty else { throw UsageError("'\(argument)': revisions come before paths") }
                    revisions.append(argument)
                } else if Files.exists(argument) {
                    paths.append(argument)
                } else {
                    throw UsageError("ambiguous argument '\(argument)': unknown revision or path not in the working tree")
                }
            }
        }
        paths += arguments.afterSeparator ?? []
        let prefix = repository.location.prefix
        let limits = paths.map { RepositoryPath.normalize(prefix + $0) }
        func tree(_ revision: String) throws(GitError) -> String {
            if let tree = known[revision] { return tree }
            return try repository.tree(of: RepositoryLocation.resolve([RepositoryLocation.treeExpression(revision)])[0])
        }
        if let range {
            guard revisions.isEmpty && !cached else { throw UsageError("too many revisions") }
            var old = range.0
            if range.mergeBase {
                let bases = try RepositoryLocation.mergeBases(range.0, range.1)
                // As git diff says it.
                if bases.count > 1 { Console.error("warning: \(range.0)...\(range.1): multiple merge bases, using \(bases[0])") }
                old = bases[0]
            }
            return (repository, .trees(try tree(old), try tree(range.1)), limits)
        }
        // As git diff says it: a bare repository has no work tree to compare.
        if revisions.count < 2 && repository.location.workTree == nil {
            throw GitError("this operation must be run in a work tree (the repository is bare): name two revisions")
        }
        switch (revisions.count, cached) {
        case (0, false): return (repository, .workTreeAgainstIndex, limits)
        // Before the first commit, HEAD is the empty tree, as for git diff --cached.
        case (0, true): return (repository, .indexAgainst(RepositoryLocation.isTree("HEAD") ? try tree("HEAD") : nil), limits)
        case (1, false): return (repository, .workTreeAgainst(try tree(revisions[0])), limits)
        case (1, true): return (repository, .indexAgainst(try tree(revisions[0])), limits)
        case (2, false): return (repository, .trees(try tree(revisions[0]), try tree(revisions[1])), limits)
        default: throw UsageError("too many revisions")
        }
    }

    /// Two files given by path (`/dev/null` for none).
    static func pair(_ old: String, _ new: String, oldPath: String, newPath: String) -> CatalogFileChange {
        CatalogFileChange(oldPath: old == "/dev/null" ? nil : oldPath, newPath: new == "/dev/null" ? nil : newPath,
                          old: old == "/dev/null" ? nil : .file(old), new: new == "/dev/null" ? nil : .file(new))
    }

    /// One version of a file, read, and its coverage when the statistics need it.
    struct ReadSide: Sendable {
        var catalog: Catalog
        var coverage: Coverage?
    }

    /// Why one version of a file could not be read.
    struct SideFailure: Error {
        var message: String
    }

    /// The repository handles reading uses: the command's own for the old
    /// versions and, for the new ones, read on another thread, a second one
    /// opened by that thread.
    final class Readers: @unchecked Sendable {
        let main: Repository?
        private var second: Repository?

        init(_ main: Repository?) { self.main = main }

        func repository(for side: Int) throws -> Repository? {
            guard side == 1, let main else { return main }
            if second == nil { second = try main.reopened() }
            return second
        }
    }
}
