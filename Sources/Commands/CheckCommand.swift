import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff
/// `git xcstrings check`: what would ship broken in catalogs.
enum CheckCommand: Command {
    static let name = "check"
    static let synopsis = "git xcstrings check [--json | --format text|json|github|sarif] [--summary] [--language L]… [--rule R]… [--disable R]… [--severity error|warning|info] [--strict] [--staged] [PATH…]"
    static let summary = "Find what would ship broken: plurals per CLDR, placeholders, language codes, states."
    static var details: String {
        var text = """
            options:
              --format FORMAT      text (PATH:LINE:COLUMN: SEVERITY: MESSAGE [RULE]), json,
                                   github (GitHub Actions annotations) or sarif (SARIF 2.1.0)
              --json               the same as --format json
              --summary            a table per language instead of the findings (their
                                   counts stay): translated, needs_review, new, missing
                                   and stale entries, and the share translated (of the
                                   --language ones, when given)
              --language L         only findings about language L (repeat for more)
              --rule R             only rule R (repeat for more)
              --disable R          not rule R (repeat for more)
              --severity S         the least severity that fails the check: error (the
                                   default), warning or info
              --strict             report layout findings as warnings, not info
              --staged             check the versions staged in the index (for a pre-commit
                                   hook) instead of the work tree's
              --color[=WHEN]       always, never or auto (a terminal without NO_COLOR)
              --no-color           the same as --color=never
              -h, --help           show this help

            Without PATH, every .xcstrings file git tracks is checked, from any directory
            of the work tree; a directory PATH stands for the catalogs under it. Outside a
            repository, PATHs are required.

            rules (default severity):

            """
        for rule in CheckRule.allCases {
            text += "  " + rule.rawValue.padding(toLength: 25) + rule.defaultSeverity.rawValue.padding(toLength: 9) + rule.summary + "\n"
        }
        text += """

            Plural categories come from CLDR (\(PluralRules.source)). A category is required when
            CLDR's rules select it for some number below one million written without an
            exponent, whole or with one or two decimals; `zero` is never required (Apple's
            explicit zero is allowed everywhere), and a category that only serves exact
            millions and compact exponents, such as `many` in French, Spanish, Italian,
            Portuguese and Catalan, is optional. Placeholders are compared typed as printf
            reads them: %d against %lld is a warning (another size), %@ against %d an
            error; positional arguments (%1$@ %2$@) may change order. In zero, one and two
            a translation may leave the number out ("Eine Datei").

            configuration (git config, per repository or globally; options win):
              xcstrings.check.disable         rules not to run, separated by commas or spaces
              xcstrings.check.severity.RULE   error, warning, info, or off to disable it

            A file that is not valid JSON is a json finding at the place the reader
            stopped (with json disabled, an error).

            Exit status: 0 when no finding is at or above the failing severity, 1 when
            some are, 2 for a file that cannot be read or checked, or wrong arguments.
            """
        return text
    }
    static let spec = Arguments.Spec(
        flags: ["json", "summary", "strict", "staged", "cached", "no-color", "help"],
        options: ["format", "language", "rule", "disable", "severity"],
        optionalValues: ["color"],
        aliases: ["h": "help"])

    /// The findings of the last run, kept until the process ends: freeing
    /// tens of thousands of findings one by one, each of strings made on
    /// other threads, would cost a large catalog's check more than writing them.
    nonisolated(unsafe) static var keptUntilExit: [CheckedFile] = []

    static func run(_ arguments: Arguments, keyOrder: KeyOrder) -> Int32 {
        var timer = PhaseTimer()
        let format = arguments.has("json") ? "json" : (arguments.value("format") ?? "text")
        guard ["text", "json", "github", "sarif"].contains(format) else {
            return Tool.usageFailure(self, "--format takes text, json, github or sarif, not '\(format)'")
        }
        let color: Bool
        do {
            color = try arguments.color()
        } catch {
            return Tool.usageFailure(self, error.message)
        }
        let staged = arguments.has("staged") || arguments.has("cached")
        let paths = arguments.positional + (arguments.afterSeparator ?? [])
        // The repository as git finds it, and what it holds as git reads it (whatever its index's
        // format: a pre-commit hook must never stop a commit because this tool cannot read it).
        let location: RepositoryLocation?
        do {
            location = try RepositoryLocation.find().0
        } catch {
            if paths.isEmpty || staged {
                Console.error("error: \(error)")
                return ExitStatus.failure
            }
            location = nil
        }
        if let location, location.workTree == nil, paths.isEmpty || staged {
            Console.error("error: this operation must be run in a work tree (the repository is bare): name the catalogs to check")
            return ExitStatus.failure
        }
        let settings = (try? GitConfig.values(matching: "^xcstrings\\.check\\.")) ?? [:]

        var options: CheckOptions
        let failing: Severity
        do {
            (options, failing) = try checkOptions(arguments, settings: settings, keyOrder: keyOrder)
        } catch {
            return Tool.usageFailure(self, error.message)
        }

        let targets: [Target]
        var problems: [FileError] = []
        do {
            targets = try self.targets(paths, location: location, staged: staged, problems: &problems)
        } catch let error as UsageError {
            return Tool.usageFailure(self, error.message)
        } catch {
            Console.error("error: \(error)")
            return ExitStatus.failure
        }

        // Large catalogs are checked on two threads at once, the second started before they are read.
        let size = targets.reduce(0) { total, target in
            if case .file(let path)? = target.source { return total + (Files.size(path) ?? 0) }
            return total
        }
        let shared = 1_000_000 // bytes from which a catalog is checked on two threads
        let workers = Workers(1, worthIt: size > shared)
        var status = ExitStatus.success
        // What a directory held that could not be searched or read: said, and the others checked.
        for problem in problems {
            Console.error("error: \(problem)")
            status = ExitStatus.failure
        }
        var files: [CheckedFile] = []
        var languagesSeen = Set<String>()
        for target in targets {
            let catalog: Catalog
            guard let source = target.source else {
                Console.error("error: \(target.shownPath): unmerged: the index holds a conflict, not one version (git xcstrings resolve merges it)")
                status = ExitStatus.failure
                continue
            }
            if let refusal = target.refusal {
                Console.error("error: \(target.shownPath): \(refusal)")
                status = ExitStatus.failure
                continue
            }
            timer.mark("start")
            do {
                // A file is read here, so that an error names it once, as shown.
                let bytes: Bytes
                switch source {
                case .file(let path): bytes = try Files.mapping(path)
                case .staged(let contents): bytes = Bytes(contents)
                }
                catalog = try workers.readCatalog(bytes)
                timer.mark("parse")
            } catch let error as FileError {
                Console.error("error: \(target.shownPath): \(error.reason)")
                status = ExitStatus.failure
                continue
            } catch let error as CatalogError {
                // A file that is not a catalog by name and not even an object (README.md) is a mistake of the
                // command, not a broken catalog; one that starts as an object is a catalog with an error.
                if case .file(let path) = source, !path.hasSuffix(".xcstrings"), !((try? startsAsObject(path)) ?? true) {
                    Console.error("error: \(target.shownPath): not a String Catalog (not .xcstrings, and not a JSON object)")
                    status = ExitStatus.failure
                    continue
                }
                if let finding = CatalogCheck.finding(for: error, options: options) {
                    files.append(CheckedFile(path: target.shownPath, repositoryPath: target.repositoryPath, findings: [finding], summary: nil))
                } else {
                    Console.error("error: \(target.shownPath):\(error)")
                    status = ExitStatus.failure
                }
                continue
            } catch {
                Console.error("error: \(target.shownPath): \(error)")
                status = ExitStatus.failure
                continue
            }
            if case .file(let path) = source, !path.hasSuffix(".xcstrings"),
               catalog.document.value(.strings, in: catalog.document.root) == nil {
                Console.error("error: \(target.shownPath): not a String Catalog (not .xcstrings, and no strings in it)")
                status = ExitStatus.failure
                continue
            }
            if !options.languages.isEmpty {
                for entry in catalog.entries { for localization in entry.localizations { languagesSeen.insert(localization.language) } }
                if let sourceLanguage = catalog.sourceLanguage { languagesSeen.insert(sourceLanguage) }
            }
            // Large catalogs in slices of entries and the layout on its own, taken in turns by
            // the two threads (the rules cost more on some entries than on others).
            let large = catalog.document.bytes.count > shared
            let ranges = CatalogCheck.entryRanges(catalog, shares: Array(repeating: 1, count: large ? 16 : 1))
            let jobs: [(entries: Range<Int>, layout: Bool)] = large ? [(0..<0, true)] + ranges.map { ($0, false) } : [(ranges[0], true)]
            let parts = workers.map(jobs) { [options] job in
                CatalogCheck.part(catalog, entries: job.entries, options: options, layout: job.layout)
            }
            timer.mark("rules")
            let findings = CatalogCheck.findings(catalog, options: options, parts: parts)
            timer.mark("findings")
            // The table, of the languages --language names when it names some.
            let summary = arguments.has("summary")
                ? LanguageSummary.languages(of: catalog, keyOrder: keyOrder).filter { options.languages.isEmpty || options.languages.contains($0.language) } : nil
            files.append(CheckedFile(path: target.shownPath, repositoryPath: target.repositoryPath, findings: findings, summary: summary))
        }
        for language in options.languages.sorted() where !languagesSeen.contains(language) && !files.isEmpty {
            Console.error("warning: --language \(language): no catalog checked has this language")
        }
        switch format {
        case "json": Console.write(CheckReport.json(files))
        case "sarif": Console.write(CheckReport.sarif(files, toolVersion: Tool.version))
        case "github": Console.out(CheckReport.github(files))
        default:
            // Tens of thousands of findings are written in pieces, taken in turns by the two threads; with
            // --summary, each file's counts and table alone.
            let pieces = arguments.has("summary")
                ? files.indices.map { CheckReport.TextPiece(file: $0, findings: 0..<0, endsFile: true) }
                : CheckReport.textPieces(files, findingsEach: 10_000)
            for text in workers.map(pieces, { [files] in CheckReport.text($0, of: files, color: color) }) {
                Console.write(text)
            }
        }
        timer.mark("report")
        timer.report()
        if status == ExitStatus.success, files.contains(where: { $0.findings.contains { $0.severity >= failing } }) {
            status = ExitStatus.attention
        }
        keptUntilExit = files
        return status
    }

    /// Whether the file's first byte after white space (and a byte order mark) is `{`.
    static func startsAsObject(_ path: String) throws -> Bool {
        let bytes = try Files.read(path)
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "{")
    }

    /// The rules, severities and languages, from git config (`settings`:
    /// `xcstrings.check.disable` and `xcstrings.check.severity.RULE`) and then the options.
    static func checkOptions(_ arguments: Arguments, settings: [String: String],
                             keyOrder: KeyOrder) throws(UsageError) -> (CheckOptions, Severity) {
        func rule(_ name: String, _ origin: String) throws(UsageError) -> CheckRule {
            guard let rule = CheckRule(rawValue: name) else {
                throw UsageError("\(origin): no rule '\(name)'; the rules are \(CheckRule.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return rule
        }
        func names(_ text: String) -> [String] {
            text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        }
        var options = CheckOptions(keyOrder: keyOrder)
        for name in names(settings["xcstrings.check.disable"] ?? "") {
            options.rules.remove(try rule(name, "xcstrings.check.disable"))
        }
        for candidate in CheckRule.allCases {
            guard let value = settings["xcstrings.check.severity.\(candidate.rawValue)"] else { continue }
            if value == "off" {
                options.rules.remove(candidate)
            } else if let severity = Severity(rawValue: value) {
                options.severities[candidate] = severity
            } else {
                throw UsageError("xcstrings.check.severity.\(candidate.rawValue) is '\(value)': use error, warning, info or off")
            }
        }
        let only = try arguments.all("rule").flatMap(names).map { name throws(UsageError) in try rule(name, "--rule") }
        if !only.isEmpty { options.rules = Set(only) }
        for name in arguments.all("disable").flatMap(names) { options.rules.remove(try rule(name, "--disable")) }
        options.languages = Set(arguments.all("language"))
        var failing = Severity.error
        if let value = arguments.value("severity") {
            guard let severity = Severity(rawValue: value) else { throw UsageError("--severity takes error, warning or info, not '\(value)'") }
            failing = severity
        }
        if arguments.has("strict") && options.severities[.layout] == nil { options.severities[.layout] = .warning }
        return (options, failing)
    }

    /// A catalog to check: where its bytes are and how it is named.
    /// Where a catalog checked is: a file, or what the index holds.
    enum Source {
        case file(String)
        case staged([UInt8])
    }

    struct Target {
        /// Nil for a path the index holds in conflict (with --staged).
        var source: Source?
        var shownPath: String
        var repositoryPath: String
        /// Why a tracked path is not read (a FIFO in a catalog's place would be waited on forever).
        var refusal: String?
    }

    /// The catalogs named by `paths` (every tracked one when none is).
    /// What a directory held that could not be searched or read goes to `problems`.
    static func targets(_ paths: [String], location: RepositoryLocation?, staged: Bool, problems: inout [FileError]) throws -> [Target] {
        guard let location else {
            return try paths.flatMap { path throws -> [Target] in
                if Files.isDirectory(path) {
                    let search = Files.catalogs(under: path)
                    problems += search.problems
                    return search.found.map { Target(source: .file($0), shownPath: $0, repositoryPath: $0) }
                }
                guard Files.exists(path) else { throw UsageError("'\(path)' does not exist") }
                return [Target(source: .file(path), shownPath: path, repositoryPath: path)]
            }
        }
        let prefix = location.prefix
        let tracked = try TrackedFiles.catalogs()
        let workTree = location.workTree.map { $0 + "/" } ?? ""
        // What the index holds of each, read at once.
        let contents = staged ? try TrackedFiles.blobs(tracked.compactMap(\.blob)) : [:]
        func target(_ file: TrackedFiles.Entry) -> Target? {
            let path = file.path, shown = RepositoryPath.relative(path, to: prefix)
            if staged {
                guard let blob = file.blob else { return Target(source: nil, shownPath: shown, repositoryPath: path) }
                return contents[blob].map { Target(source: .staged($0), shownPath: shown, repositoryPath: path) }
            }
            guard Files.exists(workTree + path) else { return nil } // deleted in the work tree: nothing to ship
            var target = Target(source: .file(workTree + path), shownPath: shown, repositoryPath: path)
            do {
                _ = try AtomicFile.destination(workTree + path)
            } catch {
                target.refusal = error.cause + "; not checked"
            }
            return target
        }
        guard !paths.isEmpty else { return tracked.compactMap(target) }
        let top = workTree.hasSuffix("/") ? String(workTree.dropLast()) : workTree
        var targets: [Target] = []
        for path in paths {
            // From the top of the work tree; nil for a path outside it.
            let full: String?
            if path.hasPrefix("/") {
                let real = ProcessEnvironment.realPath(path) ?? path
                full = real == top ? "" : (real.hasPrefix(top + "/") ? String(real.dropFirst(top.count + 1)) : nil)
            } else {
                full = RepositoryPath.normalize(prefix + path)
            }
            let under = full.map { full in tracked.filter { $0.path == full || full.isEmpty || $0.path.hasPrefix(full + "/") } } ?? []
            if !under.isEmpty {
                targets += under.compactMap(target)
            } else if !staged && Files.isDirectory(path) {
                let search = Files.catalogs(under: path)
                problems += search.problems
                targets += search.found.map { file in
                    Target(source: .file(file), shownPath: file, repositoryPath: full == nil ? file : RepositoryPath.normalize(prefix + file))
                }
            } else if !staged && Files.exists(path) {
                targets.append(Target(source: .file(path), shownPath: path, repositoryPath: full ?? path))
            } else {
                throw UsageError(staged ? "'\(path)' is not staged" : "'\(path)' does not exist")
            }
        }
        return targets
    }
}
