import Foundation
import PlatformLayer
import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// `git xcstrings resolve` in real repositories where git's line merge
/// already conflicted, the driver not installed.
@Suite("resolve: catalogs already conflicted, without the driver")
struct ResolveCommandTests {

    static let path = "App/Resources/Localizable.xcstrings"

    /// A repository without the driver, the base catalog committed, and what tests do in it.
    final class Repository {
        let repository: TestRepository
        var url: URL { repository.url }
        var directory: TemporaryDirectory { repository.directory }

        init(_ catalog: JSONValue = ResolveCommandTests.base) throws {
            repository = try TestRepository()
            try commit(catalog, "base")
        }

        @discardableResult
        func git(_ arguments: String...) throws -> CLI.Result { try repository.git(arguments) }

        func commit(_ catalog: JSONValue, _ message: String, path: String = ResolveCommandTests.path) throws {
            try repository.commit(catalog, at: path, message)
        }

        func resolve(_ arguments: [String] = [], from subdirectory: String? = nil) throws -> CLI.Result {
            try repository.run(["resolve"] + arguments, from: subdirectory)
        }

        func catalog(_ path: String = ResolveCommandTests.path) throws -> JSONValue { try repository.catalog(at: path) }

        func stages() throws -> String { try repository.stages() }

        func unmerged() throws -> String { try repository.unmerged() }
    }

    /// Five entries with English and German.
    static let base = B.catalog(["A", "B", "C", "D", "E"].map { key in
        (key, B.entry([("de", B.text("\(key) de")), ("en", B.text(key))]))
    })

    /// `base` with these languages added to these entries.
    static func adding(_ additions: [(key: String, language: String)], to catalog: JSONValue = base) -> JSONValue {
        var catalog = catalog
        for (key, language) in additions {
            catalog[path: "strings", key, "localizations", language] = B.text("\(key) \(language)")
        }
        return catalog
    }

    static func value(_ catalog: JSONValue, _ key: String, _ language: String) -> JSONValue? {
        catalog[path: "strings", key, "localizations", language, "stringUnit", "value"]
    }

    static func state(_ catalog: JSONValue, _ key: String, _ language: String) -> JSONValue? {
        catalog[path: "strings", key, "localizations", language, "stringUnit", "state"]
    }

    /// The index after `resolve` is the one `git add` makes of the same file:
    /// the conflict is brought back (`git checkout -m`), the file written
    /// again and added by git, and `git ls-files --stage` compared.
    static func expectIndexIsWhatGitAddMakes(_ repository: Repository, _ path: String = ResolveCommandTests.path) throws {
        let afterResolve = try repository.stages()
        #expect(try repository.unmerged().isEmpty)
        let resolved = try repository.directory.bytes(path)
        try repository.git("checkout", "-m", "--", path)
        #expect(try !repository.unmerged().isEmpty, "checkout -m brings the conflict back")
        try repository.directory.write(path, resolved)
        try repository.git("add", path)
        #expect(try repository.stages() == afterResolve)
    }

    /// A repository where merging `other` into main conflicts on the catalog:
    /// main adds French to every entry, `other` Spanish (the lines meet).
    static func conflictingMerge(configure: (Repository) throws -> Void = { _ in }) throws -> Repository {
        let repository = try Repository()
        try configure(repository)
        try repository.git("checkout", "-q", "-b", "other")
        try repository.commit(adding(["A", "B", "C"].map { ($0, "es") }), "Spanish")
        try repository.git("checkout", "-q", "main")
        try repository.commit(adding(["A", "B", "C", "D", "E"].map { ($0, "fr") }), "French")
        let merge = try repository.git("merge", "other")
        #expect(merge.status != 0 && merge.stdout.contains("CONFLICT (content)"), "git's line merge conflicts: \(merge.stdout)")
        return repository
    }

    @Test("a git merge: merged by meaning, staged exactly as git add would, and committed")
    func merge() throws {
        let repository = try Self.conflictingMerge()
        let result = try repository.resolve()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("merge in progress: merging other into HEAD"))
        #expect(result.stdout.contains("App/Resources/Localizable.xcstrings: 5 keys changed; translations: 5 from ours, 3 from theirs;"))
        #expect(result.stdout.contains("; no conflicts; staged"))
        #expect(result.stdout.contains("every conflict is resolved; next: git commit"))
        let merged = try repository.catalog()
        let expected = Self.adding(["A", "B", "C"].map { ($0, "es") } + ["A", "B", "C", "D", "E"].map { ($0, "fr") })
        #expect(merged == expected)
        #expect(try repository.directory.bytes(Self.path) == expected.xcodeLayout())
        #expect(try repository.git("status", "--porcelain").stdout == "M  \(Self.path)\n")
        try Self.expectIndexIsWhatGitAddMakes(repository)
        #expect(try repository.git("commit", "-q", "--no-edit").status == 0)
    }

    @Test("a rebase of five commits conflicting at each: resolve and continue until done, every translation kept")
    func rebase() throws {
        let repository = try Repository()
        try repository.git("checkout", "-q", "-b", "feature")
        var spanish: [(key: String, language: String)] = []
        for key in ["A", "B", "C", "D", "E"] {
            spanish.append((key, "es"))
            try repository.commit(Self.adding(spanish), "Spanish for \(key)")
        }
        try repository.git("checkout", "-q", "main")
        let french = ["A", "B", "C", "D", "E"].map { (key: $0, language: "fr") }
        try repository.commit(Self.adding(french), "French")
        try repository.git("checkout", "-q", "feature")

        var step = try repository.git("rebase", "main")
        var resolved: [String] = []
        while step.status != 0 && resolved.count < 10 {
            let result = try repository.resolve()
            #expect(result.status == 0, "\(result.stderr)")
            let line = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
            #expect(line.hasPrefix("rebase in progress: replaying \(resolved.count + 1)/5 "), "\(line)")
            #expect(result.stdout.contains("next: git rebase --continue"))
            resolved.append(line)
            step = try repository.git("rebase", "--continue")
        }
        #expect(resolved.count == 5, "git conflicted at every commit: \(resolved)")
        #expect(resolved.last?.contains("(Spanish for E)") == true)
        #expect(!FileManager.default.fileExists(atPath: repository.directory.path(".git/rebase-merge")))
        #expect(try repository.catalog() == Self.adding(spanish + french))
        #expect(try repository.git("log", "--format=%s").stdout == "Spanish for E\nSpanish for D\nSpanish for C\nSpanish for B\nSpanish for A\nFrench\nbase\n")
    }

    @Test("a cherry-pick")
    func cherryPick() throws {
        let repository = try Repository()
        try repository.git("checkout", "-q", "-b", "other")
        try repository.commit(Self.adding([("B", "es")]), "Spanish for B")
        let picked = try repository.git("rev-parse", "--short=7", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try repository.git("checkout", "-q", "main")
        try repository.commit(Self.adding([("B", "fr")]), "French for B")
        #expect(try repository.git("cherry-pick", "other").status != 0)
        let result = try repository.resolve()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("cherry-pick in progress: picking \(picked) (Spanish for B)"))
        #expect(result.stdout.contains("next: git cherry-pick --continue"))
        #expect(try repository.catalog() == Self.adding([("B", "es"), ("B", "fr")]))
        try Self.expectIndexIsWhatGitAddMakes(repository)
        #expect(try repository.git("cherry-pick", "--continue").status == 0)
    }

    @Test("a revert: the reverted translation goes, the later one stays")
    func revert() throws {
        let repository = try Repository()
        try repository.commit(Self.adding([("C", "es")]), "Spanish for C")
        try repository.commit(Self.adding([("C", "es"), ("C", "fr")]), "French for C")
        #expect(try repository.git("revert", "--no-edit", "HEAD~1").status != 0)
        let result = try repository.resolve()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("revert in progress: reverting "))
        #expect(result.stdout.contains("(Spanish for C)"))
        #expect(try repository.catalog() == Self.adding([("C", "fr")]))
        try Self.expectIndexIsWhatGitAddMakes(repository)
        #expect(try repository.git("revert", "--continue").status == 0)
    }

    @Test("a stash pop")
    func stashPop() throws {
        let repository = try Repository()
        try repository.directory.write(Self.path, Self.adding([("D", "es")]).xcodeLayout())
        try repository.git("stash")
        try repository.commit(Self.adding([("D", "fr")]), "French for D")
        #expect(try repository.git("stash", "pop").status != 0)
        let result = try repository.resolve()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("no merge, rebase, cherry-pick or revert in progress"))
        #expect(try repository.catalog() == Self.adding([("D", "es"), ("D", "fr")]))
        try Self.expectIndexIsWhatGitAddMakes(repository)
    }

    @Test("both branches add the same catalog: merged against an empty one")
    func addAdd() throws {
        let repository = try Repository()
        let path = "Widget/Widget.xcstrings"
        try repository.git("checkout", "-q", "-b", "other")
        try repository.commit(B.catalog([("Open", B.entry([("en", B.text("Open"))])), ("Zoom", B.entry([("en", B.text("Zoom"))]))]),
                              "Widget strings", path: path)
        try repository.git("checkout", "-q", "main")
        try repository.commit(B.catalog([("Close", B.entry([("en", B.text("Close"))])), ("Open", B.entry([("de", B.text("Öffnen")), ("en", B.text("Open"))]))]),
                              "Widget strings too", path: path)
        let merge = try repository.git("merge", "other")
        #expect(merge.stdout.contains("CONFLICT (add/add)"))
        let result = try repository.resolve()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try repository.catalog(path) == B.catalog([
            ("Close", B.entry([("en", B.text("Close"))])),
            ("Open", B.entry([("de", B.text("Öffnen")), ("en", B.text("Open"))])),
            ("Zoom", B.entry([("en", B.text("Zoom"))])),
        ]))
        try Self.expectIndexIsWhatGitAddMakes(repository, path)
    }

    @Test("modify/delete: the modified catalog is kept, and staged")
    func modifyDelete() throws {
        let repository = try Repository()
        try repository.git("checkout", "-q", "-b", "other")
        try repository.commit(Self.adding([("E", "ja")]), "Japanese for E")
        try repository.git("checkout", "-q", "main")
        try repository.git("rm", "-q", Self.path)
        try repository.git("commit", "-q", "-m", "Remove the catalog")
        let merge = try repository.git("merge", "other")
        #expect(merge.stdout.contains("CONFLICT (modify/delete)"))
        let result = try repository.resolve()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("deleted by us, modified by the other side: kept their modified catalog; staged"))
        #expect(try repository.catalog() == Self.adding([("E", "ja")]))
        #expect(try repository.unmerged().isEmpty)
        #expect(try repository.git("status", "--porcelain").stdout == "A  \(Self.path)\n")
    }

    /// main and `other` both change A's German, differently; `other` also adds Japanese to B.
    static func trueConflict() throws -> Repository {
        let repository = try Repository()
        func changingGerman(_ text: String, _ extra: [(key: String, language: String)] = []) -> JSONValue {
            var catalog = adding(extra)
            if case .object(var root) = catalog, case .object(var entries) = root[1].value,
               case .object(var fields) = entries[0].value, case .object(var localizations) = fields[0].value {
                localizations[0].value = B.text(text)
                fields[0].value = .object(localizations)
                entries[0].value = .object(fields)
                root[1].value = .object(entries)
                catalog = .object(root)
            }
            return catalog
        }
        try repository.git("checkout", "-q", "-b", "other")
        try repository.commit(changingGerman("A auf Deutsch", [("B", "ja")]), "Theirs")
        try repository.git("checkout", "-q", "main")
        try repository.commit(changingGerman("A in German", [("C", "fr")]), "Ours")
        #expect(try repository.git("merge", "other").status != 0)
        return repository
    }

    @Test("after a plain resolve left hunks, --theirs settles them (its own output is no hand edit); a closed pipe leaves no index.lock")
    func settleAfterResolve() throws {
        let repository = try Self.trueConflict()
        #expect(try repository.resolve().status == 1)
        let settled = try repository.resolve(["--theirs"])
        #expect(settled.status == 0, "\(settled.stdout) \(settled.stderr)")
        #expect(try repository.unmerged().isEmpty)
        // Output into a pipe closed after one byte: the run still finishes, stages, and releases git's lock.
        let piped = try Self.trueConflict()
        let command = "\(CLI.executable.path) resolve --theirs | head -c 1 >/dev/null"
        let result = try CLI.launch(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: piped.url, environment: [:], input: nil)
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: piped.directory.path(".git/index.lock")))
        #expect(try piped.unmerged().isEmpty)
    }

    @Test("true conflicts stay as small hunks with git's labels, the path stays conflicted")
    func trueConflicts() throws {
        let repository = try Self.trueConflict()
        let result = try repository.resolve()
        #expect(result.status == 1)
        #expect(result.stdout.contains("1 conflict: \"A\" de; written with conflict hunks, still conflicted"))
        let text = try repository.directory.read(Self.path)
        #expect(text.contains("""
            <<<<<<< HEAD
                        "value" : "A in German"
            =======
                        "value" : "A auf Deutsch"
            >>>>>>> other
            """))
        #expect(text.components(separatedBy: "<<<<<<<").count == 2)
        // The next step names where the hunk is and the commands that settle it.
        let hunk = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("<<<<<<<") }! + 1
        #expect(result.stdout.contains("  conflict hunks at \(Self.path):\(hunk): take one side with git xcstrings resolve --ours \(Self.path) (or --theirs), or edit the hunks and git add \(Self.path)\n"))
        #expect(try !repository.unmerged().isEmpty)
    }

    @Test("--theirs and --ours settle true conflicts, mark them needs_review, and keep everything else merged")
    func settling() throws {
        for (flag, german) in [("--theirs", "A auf Deutsch"), ("--ours", "A in German")] {
            let repository = try Self.trueConflict()
            let result = try repository.resolve([flag])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("1 conflict settled with \(flag.dropFirst(2)): \"A\" de: \(flag.dropFirst(2))' text, now needs_review; staged"))
            let merged = try repository.catalog()
            #expect(Self.value(merged, "A", "de") == .string(german))
            #expect(Self.state(merged, "A", "de") == .string("needs_review"))
            #expect(Self.value(merged, "B", "ja") == .string("B ja"))
            #expect(Self.value(merged, "C", "fr") == .string("C fr"))
            #expect(Self.state(merged, "C", "fr") == .string("translated"))
            try Self.expectIndexIsWhatGitAddMakes(repository)
        }
    }

    @Test("--no-add writes the merged catalog and leaves the path conflicted")
    func noAdd() throws {
        let repository = try Self.conflictingMerge()
        let result = try repository.resolve(["--no-add"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("; no conflicts; written, not staged"))
        #expect(try repository.catalog() == Self.adding(["A", "B", "C"].map { ($0, "es") } + ["A", "B", "C", "D", "E"].map { ($0, "fr") }))
        #expect(try repository.unmerged().split(separator: "\n").count == 3)
    }

    @Test("--dry-run writes nothing and says what it would do")
    func dryRun() throws {
        let repository = try Self.conflictingMerge()
        let before = try repository.directory.bytes(Self.path)
        let stages = try repository.stages()
        let result = try repository.resolve(["--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("; no conflicts; would be staged"))
        #expect(try repository.directory.bytes(Self.path) == before)
        #expect(try repository.stages() == stages)
        let conflicted = try Self.trueConflict()
        let dry = try conflicted.resolve(["-n"])
        #expect(dry.status == 1)
        #expect(dry.stdout.contains("would be written with conflict hunks"))
    }

    @Test("a stage that is not valid JSON: said why, file and index left as they were, exit 2")
    func invalidStage() throws {
        let repository = try Repository()
        try repository.git("checkout", "-q", "-b", "other")
        var broken = Self.adding([("A", "es")]).xcodeLayout()
        broken.removeLast(3)
        try repository.directory.write(Self.path, broken)
        try repository.git("commit", "-q", "-am", "Broken")
        try repository.git("checkout", "-q", "main")
        try repository.commit(Self.adding([("A", "fr")]), "French")
        #expect(try repository.git("merge", "other").status != 0)
        let before = try repository.directory.bytes(Self.path)
        let stages = try repository.stages()
        let result = try repository.resolve()
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: App/Resources/Localizable.xcstrings: theirs (stage 3) is not valid JSON ("))
        #expect(result.stderr.contains("; left as it is"))
        #expect(try repository.directory.bytes(Self.path) == before)
        #expect(try repository.stages() == stages)
    }

    @Test("from a subdirectory, with a path relative to it")
    func subdirectory() throws {
        let repository = try Self.conflictingMerge()
        let result = try repository.resolve(["Resources/Localizable.xcstrings"], from: "App")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\nResources/Localizable.xcstrings: 5 keys changed; translations: 5 from ours, 3 from theirs;"))
        #expect(try repository.unmerged().isEmpty)
        let elsewhere = try Self.conflictingMerge()
        try FileManager.default.createDirectory(at: elsewhere.url.appendingPathComponent("Docs"), withIntermediateDirectories: true)
        let fromDocs = try elsewhere.resolve(from: "Docs")
        #expect(fromDocs.stdout.contains("\n../App/Resources/Localizable.xcstrings: 5 keys changed; translations: 5 from ours, 3 from theirs;"))
    }

    @Test("nothing to do: no conflicted catalog says so and exits 0; other conflicted paths are left alone")
    func nothingToDo() throws {
        let repository = try Repository()
        let clean = try repository.resolve()
        #expect(clean.status == 0)
        #expect(clean.stdout == "no conflicted catalog in the index\n")
        try repository.directory.write("README", "one\n")
        try repository.git("add", "README")
        try repository.git("commit", "-q", "-m", "readme")
        try repository.git("checkout", "-q", "-b", "other")
        try repository.directory.write("README", "two\n")
        try repository.git("commit", "-q", "-am", "two")
        try repository.git("checkout", "-q", "main")
        try repository.directory.write("README", "three\n")
        try repository.git("commit", "-q", "-am", "three")
        #expect(try repository.git("merge", "other").status != 0)
        let readme = try repository.directory.bytes("README")
        let result = try repository.resolve()
        #expect(result.status == 0)
        #expect(result.stdout == "no conflicted catalog in the index (1 other conflicted path left alone)\n")
        #expect(try repository.directory.bytes("README") == readme)
        #expect(try repository.unmerged().contains("README"))
        // A PATH that matches no conflicted path is an error, as for git add.
        let typo = try repository.resolve(["typo.xcstrings"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "error: 'typo.xcstrings' is not a conflicted path\n", "\(typo.stderr)")
    }

    @Test("a catalog someone already resolved by hand is left as it is")
    func resolvedByHand() throws {
        let repository = try Self.conflictingMerge()
        let byHand = Self.adding([("A", "es")]).xcodeLayout()
        try repository.directory.write(Self.path, byHand)
        let result = try repository.resolve()
        #expect(result.status == 1)
        #expect(result.stderr.contains("looks resolved by hand; left as it is"))
        #expect(try repository.directory.bytes(Self.path) == byHand)
        #expect(try !repository.unmerged().isEmpty)
    }

    @Test("a file with markers that someone half-fixed by hand is left as it is, with why; --force overrides")
    func halfFixedByHand() throws {
        let repository = try Self.conflictingMerge()
        let lineMerged = try repository.directory.read(Self.path)
        #expect(lineMerged.contains("<<<<<<< HEAD"))
        // The person settled the first hunk by hand and left the rest.
        let first = try #require(lineMerged.range(of: "<<<<<<< HEAD\n"))
        let middle = try #require(lineMerged.range(of: "=======\n", range: first.upperBound..<lineMerged.endIndex))
        let end = try #require(lineMerged.range(of: ">>>>>>> other\n", range: middle.upperBound..<lineMerged.endIndex))
        let halfFixed = String(lineMerged[..<first.lowerBound]) + String(lineMerged[first.upperBound..<middle.lowerBound])
            + String(lineMerged[end.upperBound...])
        try repository.directory.write(Self.path, halfFixed)
        let result = try repository.resolve()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("edited since git's merge wrote it"), "\(result.stderr)")
        #expect(result.stderr.contains("--force"))
        #expect(try repository.directory.read(Self.path) == halfFixed)
        #expect(try !repository.unmerged().isEmpty)
        let forced = try repository.resolve(["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try repository.unmerged().isEmpty)
    }

    @Test("the file exactly as git's line merge left it, in diff3 style too, is resolved without --force")
    func asGitLeftIt() throws {
        let repository = try Repository()
        try repository.git("config", "merge.conflictStyle", "diff3")
        try repository.git("checkout", "-q", "-b", "other")
        try repository.commit(Self.adding(["A", "B", "C"].map { ($0, "es") }), "Spanish")
        try repository.git("checkout", "-q", "main")
        try repository.commit(Self.adding(["A", "B", "C", "D", "E"].map { ($0, "fr") }), "French")
        #expect(try repository.git("merge", "other").status != 0)
        #expect(try repository.directory.read(Self.path).contains("||||||| "))
        let result = try repository.resolve()
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("while another git holds .git/index.lock: nothing changes, and it says so")
    func indexLocked() throws {
        let repository = try Self.conflictingMerge()
        let before = try repository.directory.bytes(Self.path)
        let stages = try repository.stages()
        try repository.directory.write(".git/index.lock", "")
        let result = try repository.resolve()
        #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("index.lock"), "\(result.stderr)")
        #expect(!result.stdout.contains("staged"))
        #expect(try repository.directory.bytes(Self.path) == before)
        #expect(try FileManager.default.fileExists(atPath: repository.directory.path(".git/index.lock")))
        try FileManager.default.removeItem(atPath: repository.directory.path(".git/index.lock"))
        #expect(try repository.stages() == stages)
        // Once the lock is gone, it works, and leaves no lock behind.
        #expect(try repository.resolve().status == 0)
        #expect(!FileManager.default.fileExists(atPath: repository.directory.path(".git/index.lock")))
    }

    @Test("a line deleted by hand outside the hunks is a hand edit: left as it is, with why; --force overrides")
    func lineDeletedOutsideHunks() throws {
        let repository = try Self.conflictingMerge()
        let lineMerged = try repository.directory.read(Self.path)
        #expect(lineMerged.contains("<<<<<<< HEAD"))
        let edited = lineMerged.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"sourceLanguage\"") }.joined(separator: "\n")
        #expect(edited != lineMerged)
        try repository.directory.write(Self.path, edited)
        let result = try repository.resolve()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("edited since git's merge wrote it"), "\(result.stderr)")
        #expect(try repository.directory.read(Self.path) == edited)
        #expect(try repository.resolve(["--force"]).status == 0)
    }

    @Test("a FIFO in the catalog's place is refused at once (exit 2), never waited on; a symbolic link is written through, stays a link, and the catalog is staged")
    func specialWorkTreeFiles() throws {
        let repository = try Self.conflictingMerge()
        let file = repository.directory.path(Self.path)
        let lineMerged = try repository.directory.bytes(Self.path)
        let stages = try repository.stages()
        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o644) == 0)
        let started = Date()
        let refused = try repository.resolve()
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("is a FIFO, not a regular file"), "\(refused.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try repository.stages() == stages)
        try FileManager.default.removeItem(atPath: file)

        let elsewhere = try TemporaryDirectory()
        try elsewhere.write("Localizable.xcstrings", lineMerged)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: elsewhere.path("Localizable.xcstrings"))
        let result = try repository.resolve()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file) == elsewhere.path("Localizable.xcstrings"))
        let merged = try elsewhere.bytes("Localizable.xcstrings")
        let document = try JSONDocument(parsing: merged)
        let catalog = JSONValue(document, document.root)
        #expect(Self.value(catalog, "A", "es") == .string("A es") && Self.value(catalog, "E", "fr") == .string("E fr"))
        #expect(try repository.unmerged().isEmpty)
        // Staged: the catalog as a regular file, not the link.
        let staged = try repository.stages()
        #expect(staged.hasPrefix("100644 "), "\(staged)")
        #expect(Array(try repository.git("show", ":" + Self.path).stdoutBytes) == merged)
    }

    @Test("interrupted while it holds git's index.lock (Control-C, kill, a closed terminal), resolve leaves no lock behind")
    func interruptedLeavesNoLock() throws {
        let repository = try Repository(Self.base)
        try repository.git("checkout", "-q", "-b", "other")
        try repository.commit(Self.adding([("A", "es")]), "Spanish")
        try repository.git("checkout", "-q", "main")
        try repository.commit(Self.adding([("A", "fr")]), "French")
        #expect(try repository.git("merge", "other").status != 0)
        let before = try repository.directory.bytes(Self.path)
        // A git that hangs when asked for the configuration, which resolve reads once it holds the lock.
        let realGit = try #require(CLI.which("git"))
        try FileManager.default.createDirectory(atPath: repository.directory.path("bin"), withIntermediateDirectories: true)
        try repository.directory.writeExecutable("bin/git", "#!/bin/sh\nif [ \"$1\" = config ]; then echo $$ > \"$0.pid\"; exec sleep 60; fi\nexec '\(realGit)' \"$@\"\n")
        let lock = repository.directory.path(".git/index.lock")
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            // Started with these signals at their defaults and unblocked: the test runner may ignore or block some, and its children with it.
            let path = repository.directory.path("bin") + ":" + (ProcessEnvironment.value("PATH") ?? "/usr/bin:/bin")
            let null = open("/dev/null", O_WRONLY)
            defer { close(null) }
            let started = ChildProcess.spawn("/bin/sh", ["sh", "-c", "cd '\(repository.url.path)' && exec '\(CLI.executable.path)' resolve"],
                                             environment: ProcessEnvironment.all(adding: ["PATH": path]), output: null, error: null,
                                             defaultSignals: [SIGINT, SIGTERM, SIGHUP])
            guard case .success(let pid) = started else { Issue.record("resolve did not start"); return }
            let deadline = Date().addingTimeInterval(8)
            while !FileManager.default.fileExists(atPath: lock) && Date() < deadline { usleep(2_000) }
            #expect(FileManager.default.fileExists(atPath: lock), "resolve takes the lock")
            usleep(200_000)
            #expect(waitpid(pid, nil, WNOHANG) == 0, "resolve waits on git, holding the lock")
            kill(pid, signal)
            let ended = ChildProcess.waitForEnd(pid)
            #expect(ended.signal == signal, "ended by signal \(signal): \(ended)")
            // The git that waits is not resolve's to end: ended here.
            if let sleeping = Int32((try? repository.directory.read("bin/git.pid"))?.split(separator: "\n").first ?? "") { kill(sleeping, SIGKILL) }
            #expect(!FileManager.default.fileExists(atPath: lock), "signal \(signal) left \(lock)")
            #expect(try repository.directory.bytes(Self.path) == before)
            #expect(try !repository.unmerged().isEmpty)
        }
    }

    /// A catalog in another tool's layout (`"key": value`) with one true conflict between ours and theirs.
    static func otherLayoutConflict(_ repository: TestRepository) throws {
        func write(_ value: String) throws {
            try repository.directory.write("L.xcstrings", """
                {
                  "sourceLanguage": "en",
                  "strings": {
                    "a": { "localizations": { "fr": { "stringUnit": { "state": "translated", "value": "\(value)" } } } },
                    "b": { "localizations": { "fr": { "stringUnit": { "state": "translated", "value": "B" } } } }
                  },
                  "version": "1.0"
                }

                """)
        }
        try write("base")
        try repository.commitAll("base")
        try repository.git("checkout", "-q", "-b", "side")
        try write("theirs")
        try repository.commitAll("theirs")
        try repository.git("checkout", "-q", "main")
        try write("ours")
        try repository.commitAll("ours")
        #expect(try repository.git("merge", "side").status != 0)
    }

    @Test("the driver's own hunks (labelled ours and theirs by git before 2.44, in Xcode's layout) and resolve's own with CR LF are no hand edits: --ours settles them")
    func ownOutputIsNoHandEdit() throws {
        let driven = try TestRepository(installingDriver: true)
        try Self.otherLayoutConflict(driven)
        #expect(try driven.directory.read("L.xcstrings").contains("<<<<<<< "))
        let settled = try driven.run(["resolve", "--ours"])
        #expect(settled.status == 0, "\(settled.stderr)")
        #expect(try driven.unmerged().isEmpty)

        let crlf = try TestRepository()
        try crlf.git("config", "core.autocrlf", "true")
        try Self.otherLayoutConflict(crlf)
        #expect(try crlf.run(["resolve"]).status == 1)
        #expect(try crlf.directory.bytes("L.xcstrings").contains(0x0D))
        let again = try crlf.run(["resolve", "--ours"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try crlf.unmerged().isEmpty)
    }

    @Test("a final line break removed by hand is a hand edit; git's conflict-marker-size is kept in resolve's own hunks")
    func finalLineBreakAndMarkerSize() throws {
        let repository = try TestRepository()
        try Self.otherLayoutConflict(repository)
        var text = try repository.directory.bytes("L.xcstrings")
        #expect(text.last == 0x0A)
        text.removeLast()
        try repository.directory.write("L.xcstrings", text)
        let refused = try repository.run(["resolve"])
        #expect(refused.status == 1 && refused.stderr.contains("edited since git's merge wrote it"), "\(refused.stderr)")
        #expect(try repository.directory.bytes("L.xcstrings") == text)

        let sized = try TestRepository()
        try sized.directory.write(".git/info/attributes", "*.xcstrings conflict-marker-size=12\n")
        try Self.otherLayoutConflict(sized)
        #expect(try sized.directory.read("L.xcstrings").contains("\n<<<<<<<<<<<< HEAD"))
        #expect(try sized.run(["resolve"]).status == 1)
        let lines = try sized.directory.read("L.xcstrings").split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("<<<<<<<<<<<< ") } && !lines.contains { $0.hasPrefix("<<<<<<< ") && !$0.hasPrefix("<<<<<<<<") }, "\(lines)")
    }

    @Test("--ours with --theirs is a usage error")
    func usage() throws {
        let result = try CLI.run(["resolve", "--ours", "--theirs"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: --ours and --theirs cannot be used together\nusage: git xcstrings resolve"))
        let outside = try TemporaryDirectory()
        let notRepository = try CLI.run(["resolve"], in: outside.url, environment: ["GIT_CEILING_DIRECTORIES": outside.url.deletingLastPathComponent().path])
        #expect(notRepository.status == 2)
        #expect(notRepository.stderr.contains("not a git repository"))
    }

    @Test("with core.autocrlf, git's CR LF output is recognised, and the result is written with CR LF and staged with LF")
    func crlf() throws {
        let repository = try Self.conflictingMerge(configure: { try $0.git("config", "core.autocrlf", "true") })
        let before = try repository.directory.bytes(Self.path)
        #expect(before.contains(0x0D))
        let result = try repository.resolve()
        #expect(result.status == 0, "\(result.stderr)")
        let after = try repository.directory.bytes(Self.path)
        #expect(after.contains(0x0D) && !String(decoding: after, as: UTF8.self).contains("<<<<<<<"))
        let staged = try repository.git("show", ":\(Self.path)").stdout
        #expect(!staged.contains("\r"))
        #expect(try repository.unmerged().isEmpty)
    }
}
