import Foundation
import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// The driver installed in real repositories, driven by git itself.
@Suite("git merge, rebase and cherry-pick through the driver")
struct GitMergeEndToEndTests {

    static let path = "App/Resources/Localizable.xcstrings"

    static let base = B.catalog([
        ("%lld items", B.entry([("en", B.plural([("one", "%lld item"), ("other", "%lld items")])),
                                ("ru", B.plural([("one", "%lld предмет"), ("other", "%lld предметов")]))])),
        ("Cancel", B.entry([("en", B.text("Cancel")), ("de", B.text("Abbrechen"))])),
        ("Save", B.entry([("en", B.text("Save")), ("de", B.text("Sichern", "needs_review"))])),
    ])

    /// A repository with the catalog committed on main and the driver installed.
    static func repository() throws -> TemporaryDirectory {
        let repository = try TestRepository(installingDriver: true)
        try repository.commit(base, at: path, "base")
        return repository.directory
    }

    static func commit(_ directory: TemporaryDirectory, _ catalog: JSONValue, _ message: String) throws {
        try directory.write(path, catalog.xcodeLayout())
        try CLI.git(["commit", "-q", "-am", message], in: directory.url)
    }

    static func current(_ directory: TemporaryDirectory) throws -> JSONValue {
        let document = try JSONDocument(parsing: directory.bytes(path))
        return JSONValue(document, document.root)
    }

    /// A translator's branch: Japanese everywhere, Russian few, German reviewed.
    static let translator = B.catalog([
        ("%lld items", B.entry([("en", B.plural([("one", "%lld item"), ("other", "%lld items")])),
                                ("ja", B.plural([("other", "%lld 件")])),
                                ("ru", B.plural([("few", "%lld предмета"), ("one", "%lld предмет"), ("other", "%lld предметов")]))])),
        ("Cancel", B.entry([("en", B.text("Cancel")), ("de", B.text("Abbrechen")), ("ja", B.text("キャンセル"))])),
        ("Save", B.entry([("en", B.text("Save")), ("de", B.text("Sichern")), ("ja", B.text("保存"))])),
    ])

    /// A feature branch: two new strings (next to each other) and a French translation.
    static let feature = B.catalog([
        ("%lld items", B.entry([("en", B.plural([("one", "%lld item"), ("other", "%lld items")])),
                                ("ru", B.plural([("one", "%lld предмет"), ("other", "%lld предметов")]))])),
        ("Cancel", B.entry([("en", B.text("Cancel")), ("de", B.text("Abbrechen")), ("fr", B.text("Annuler"))])),
        ("Delete", B.entry([("en", B.text("Delete"))], comment: "Toolbar button")),
        ("Delete All", B.entry([("en", B.text("Delete All"))])),
        ("Save", B.entry([("en", B.text("Save")), ("de", B.text("Sichern", "needs_review"))])),
    ])

    /// What a merge of the two branches must give, in Xcode's layout.
    static let expected = B.catalog([
        ("%lld items", B.entry([("en", B.plural([("one", "%lld item"), ("other", "%lld items")])),
                                ("ja", B.plural([("other", "%lld 件")])),
                                ("ru", B.plural([("few", "%lld предмета"), ("one", "%lld предмет"), ("other", "%lld предметов")]))])),
        ("Cancel", B.entry([("en", B.text("Cancel")), ("de", B.text("Abbrechen")), ("fr", B.text("Annuler")), ("ja", B.text("キャンセル"))])),
        ("Delete", B.entry([("en", B.text("Delete"))], comment: "Toolbar button")),
        ("Delete All", B.entry([("en", B.text("Delete All"))])),
        ("Save", B.entry([("en", B.text("Save")), ("de", B.text("Sichern")), ("ja", B.text("保存"))])),
    ])

    @Test("git merge of a translator's branch and a feature branch: no conflict, every change kept")
    func merge() throws {
        let repository = try Self.repository()
        try CLI.git(["checkout", "-q", "-b", "translations"], in: repository.url)
        try Self.commit(repository, Self.translator, "Translate")
        try CLI.git(["checkout", "-q", "main"], in: repository.url)
        try Self.commit(repository, Self.feature, "Feature")
        // git's own line merge conflicts on these two branches.
        try repository.write("line/base", Self.base.xcodeLayout())
        try repository.write("line/ours", Self.feature.xcodeLayout())
        try repository.write("line/theirs", Self.translator.xcodeLayout())
        let lineMerge = try CLI.git(["merge-file", "-p", "line/ours", "line/base", "line/theirs"], in: repository.url)
        #expect(lineMerge.status > 0)
        try FileManager.default.removeItem(at: repository.url.appendingPathComponent("line"))
        let result = try CLI.git(["merge", "-q", "-m", "Merge translations", "translations"], in: repository.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Localizable.xcstrings: 5 keys changed; translations: 3 from ours, 5 from theirs; no conflicts"))
        #expect(try repository.bytes(Self.path) == Self.expected.xcodeLayout())
        #expect(try CLI.git(["status", "--porcelain"], in: repository.url).stdout.isEmpty)
    }

    @Test("git rebase of a multi-commit branch onto a changed main: each commit merges cleanly")
    func rebase() throws {
        let repository = try Self.repository()
        try CLI.git(["checkout", "-q", "-b", "translations"], in: repository.url)
        // The translator's work in three commits.
        var step = Self.base
        for language in ["ja", "ru", "de"] {
            step = Self.translationStep(step, language)
            try Self.commit(repository, step, "Translate \(language)")
        }
        try CLI.git(["checkout", "-q", "main"], in: repository.url)
        try Self.commit(repository, Self.feature, "Feature")
        try CLI.git(["checkout", "-q", "translations"], in: repository.url)
        let result = try CLI.git(["rebase", "main"], in: repository.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try repository.bytes(Self.path) == Self.expected.xcodeLayout())
        #expect(try CLI.git(["log", "--format=%s", "main..HEAD"], in: repository.url).stdout == "Translate de\nTranslate ru\nTranslate ja\n")
    }

    /// The translator's branch one language at a time.
    static func translationStep(_ catalog: JSONValue, _ language: String) -> JSONValue {
        var catalog = catalog
        var strings = catalog["strings"]!
        func set(_ key: String, _ value: JSONValue) {
            var entry = strings[key]!
            var localizations = entry["localizations"]!
            localizations[language] = value
            entry["localizations"] = .object(localizations.members.sorted { KeyOrder.foundation.precedes($0.key, $1.key) })
            strings[key] = entry
        }
        switch language {
        case "ja":
            set("%lld items", B.plural([("other", "%lld 件")]))
            set("Cancel", B.text("キャンセル"))
            set("Save", B.text("保存"))
        case "ru":
            set("%lld items", B.plural([("few", "%lld предмета"), ("one", "%lld предмет"), ("other", "%lld предметов")]))
        default:
            set("Save", B.text("Sichern"))
        }
        catalog["strings"] = strings
        return catalog
    }

    @Test("git cherry-pick of a translation commit onto a branch that added strings")
    func cherryPick() throws {
        let repository = try Self.repository()
        try CLI.git(["checkout", "-q", "-b", "translations"], in: repository.url)
        try Self.commit(repository, Self.translator, "Translate")
        try CLI.git(["checkout", "-q", "main"], in: repository.url)
        try Self.commit(repository, Self.feature, "Feature")
        let result = try CLI.git(["cherry-pick", "translations"], in: repository.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try repository.bytes(Self.path) == Self.expected.xcodeLayout())
    }

    /// Branch `other` and main, each with its own German for "Cancel"; main checked out.
    static func conflictingBranches() throws -> TemporaryDirectory {
        let repository = try Self.repository()
        try CLI.git(["checkout", "-q", "-b", "other"], in: repository.url)
        var theirs = Self.translator
        var strings = theirs["strings"]!
        var cancel = strings["Cancel"]!
        var localizations = cancel["localizations"]!
        localizations["de"] = B.text("Verwerfen")
        cancel["localizations"] = localizations
        strings["Cancel"] = cancel
        theirs["strings"] = strings
        try Self.commit(repository, theirs, "Theirs")
        try CLI.git(["checkout", "-q", "main"], in: repository.url)
        var ours = Self.feature
        strings = ours["strings"]!
        cancel = strings["Cancel"]!
        localizations = cancel["localizations"]!
        localizations["de"] = B.text("Abbruch")
        cancel["localizations"] = localizations
        strings["Cancel"] = cancel
        ours["strings"] = strings
        try Self.commit(repository, ours, "Ours")
        return repository
    }

    @Test("a true conflict stops git with one small hunk in the file")
    func trueConflict() throws {
        let repository = try Self.conflictingBranches()
        let result = try CLI.git(["merge", "-q", "-m", "merge", "other"], in: repository.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("1 conflict: \"Cancel\" de"))
        let text = try repository.read(Self.path)
        let markers = text.split(separator: "\n").filter { $0.hasPrefix("<<<<<<<") || $0.hasPrefix("=======") || $0.hasPrefix(">>>>>>>") }
        #expect(markers.count == 3)
        #expect(text.contains("<<<<<<< ours\n            \"value\" : \"Abbruch\"\n=======\n            \"value\" : \"Verwerfen\"\n>>>>>>> theirs\n"))
        // Everything else is merged already: Japanese from theirs, the new keys from ours.
        #expect(text.contains("キャンセル") && text.contains("\"Delete All\""))
        #expect(try CLI.git(["diff", "--name-only", "--diff-filter=U"], in: repository.url).stdout == Self.path + "\n")
    }

    @Test("git -c merge.conflictStyle=diff3 merge: the hunk has git's base section, as git's own merge would")
    func conflictStyleFromCommandLine() throws {
        let repository = try Self.conflictingBranches()
        let result = try CLI.git(["-c", "merge.conflictStyle=diff3", "merge", "-q", "-m", "merge", "other"], in: repository.url)
        #expect(result.status != 0)
        let text = try repository.read(Self.path)
        #expect(text.contains("<<<<<<< ours\n            \"value\" : \"Abbruch\"\n||||||| base\n            \"value\" : \"Abbrechen\"\n"
                              + "=======\n            \"value\" : \"Verwerfen\"\n>>>>>>> theirs\n"))
    }

    @Test("an includeIf in the global configuration: the style is the one git finds, git -c included")
    func conflictStyleWithIncludes() throws {
        let repository = try Self.conflictingBranches()
        // CLI runs git with HOME at the repository's top, so this is the global file.
        try repository.write("style.gitconfig", "[merge]\n\tconflictStyle = merge\n")
        try repository.write(".gitconfig", "[includeIf \"gitdir:/\"]\n\tpath = \(repository.path("style.gitconfig"))\n")
        let result = try CLI.git(["-c", "merge.conflictStyle=diff3", "merge", "-q", "-m", "merge", "other"], in: repository.url)
        #expect(result.status != 0)
        #expect(try repository.read(Self.path).contains("||||||| base\n            \"value\" : \"Abbrechen\"\n=======\n"))
    }

    @Test("install works from a subdirectory, is idempotent, and uninstall removes exactly what it added")
    func installUninstall() throws {
        let directory = try TemporaryDirectory()
        try CLI.git(["init", "-q"], in: directory.url)
        try directory.write(".gitattributes", "*.png binary\n")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        let subdirectory = directory.url.appendingPathComponent("a/b")
        let configBefore = try directory.read(".git/config")
        let first = try CLI.run(["install"], in: subdirectory)
        #expect(first.status == 0)
        // The merge driver's own program, built next to git-xcstrings and found on PATH by name.
        #expect(first.stdout.contains("merge.xcstrings.driver = git-xcstrings-merge --marker-size %L --path %P %O %A %B"), "\(first.stdout)")
        #expect(try directory.read(".gitattributes") == "*.png binary\n*.xcstrings merge=xcstrings diff=xcstrings\n")
        #expect(try CLI.git(["config", "merge.xcstrings.name"], in: directory.url).stdout == "String Catalog merge (git-xcstrings)\n")
        #expect(try CLI.git(["check-attr", "merge", "--", "x/L.xcstrings"], in: directory.url).stdout == "x/L.xcstrings: merge: xcstrings\n")
        let second = try CLI.run(["install"], in: subdirectory)
        #expect(second.stdout == "git-xcstrings is already installed in this repository\n")
        let uninstall = try CLI.run(["uninstall"], in: subdirectory)
        #expect(uninstall.status == 0)
        #expect(try directory.read(".gitattributes") == "*.png binary\n")
        #expect(try directory.read(".git/config") == configBefore)
        let outside = try CLI.run(["install"], in: URL(fileURLWithPath: "/"))
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("not a git repository"))
    }

    @Test("install --global writes the global files and leaves the repository alone")
    func installGlobal() throws {
        let home = try TemporaryDirectory()
        let result = try CLI.run(["install", "--global"], in: home.url, environment: ["HOME": home.url.path,
                                                                                     "XDG_CONFIG_HOME": home.path(".config")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try home.read(".gitconfig").contains("[merge \"xcstrings\"]"))
        #expect(try home.read(".config/git/attributes") == "*.xcstrings merge=xcstrings diff=xcstrings\n")
        let undo = try CLI.run(["uninstall", "--global"], in: home.url, environment: ["HOME": home.url.path,
                                                                                      "XDG_CONFIG_HOME": home.path(".config")])
        #expect(undo.status == 0)
        // Nothing install made is left: not the attributes file, its directories, or an empty ~/.gitconfig.
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path) == [])
        // A global configuration that holds something else keeps it.
        try home.write(".gitconfig", "[user]\n\tname = Me\n")
        for command in ["install", "uninstall"] {
            #expect(try CLI.run([command, "--global"], in: home.url, environment: ["HOME": home.url.path]).status == 0)
        }
        #expect(try home.read(".gitconfig") == "[user]\n\tname = Me\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path) == [".gitconfig"])
    }

    @Test("a .gitattributes with CRLF line ends: the line is added once, with CRLF, and removed without a trace")
    func installCRLF() throws {
        let directory = try TemporaryDirectory()
        try CLI.git(["init", "-q"], in: directory.url)
        try directory.write(".gitattributes", "*.png binary\r\n*.txt text\r\n")
        #expect(try CLI.run(["install"], in: directory.url).status == 0)
        #expect(try directory.read(".gitattributes") == "*.png binary\r\n*.txt text\r\n*.xcstrings merge=xcstrings diff=xcstrings\r\n")
        let again = try CLI.run(["install"], in: directory.url)
        #expect(again.stdout == "git-xcstrings is already installed in this repository\n")
        #expect(try directory.read(".gitattributes").utf8.count == "*.png binary\r\n*.txt text\r\n*.xcstrings merge=xcstrings diff=xcstrings\r\n".utf8.count)
        #expect(try CLI.run(["uninstall"], in: directory.url).status == 0)
        #expect(try directory.bytes(".gitattributes") == Array("*.png binary\r\n*.txt text\r\n".utf8))
    }

    @Test("install leaves another tool's settings alone and says so; uninstall keeps a committed attributes line, the team's")
    func installRespectsOthers() throws {
        let repository = try TestRepository()
        try repository.directory.write(".gitattributes", "*.xcstrings merge=xcstrings diff=xcstrings\n")
        try repository.commitAll("team")
        try repository.git("config", "merge.xcstrings.driver", "my-driver %O %A %B")
        let install = try repository.run(["install"])
        #expect(install.status == 1)
        #expect(install.stderr.contains("kept merge.xcstrings.driver = my-driver %O %A %B, which is not git-xcstrings'"), "\(install.stderr)")
        #expect(try repository.git("config", "merge.xcstrings.driver").stdout == "my-driver %O %A %B\n")
        #expect(!install.stdout.contains(".gitattributes"))
        let uninstall = try repository.run(["uninstall"])
        #expect(uninstall.status == 0)
        #expect(uninstall.stdout.contains("kept: ") && uninstall.stdout.contains("it is committed"), "\(uninstall.stdout)")
        #expect(try repository.git("status", "--porcelain").stdout == "")
        #expect(try repository.git("config", "merge.xcstrings.driver").stdout == "my-driver %O %A %B\n")
        #expect(try repository.git("config", "diff.xcstrings.textconv").status != 0)
    }

    @Test("install: an equivalent line in another order is enough; a file without a final line break comes back byte for byte")
    func installAttributesShapes() throws {
        let repository = try TestRepository()
        try repository.directory.write(".gitattributes", "*.xcstrings  diff=xcstrings merge=xcstrings\n")
        #expect(try repository.run(["install"]).stdout.contains(".gitattributes") == false)
        let original = Array("a text\r\n*.png binary".utf8)
        try repository.directory.write(".gitattributes", original)
        #expect(try repository.run(["install"]).status == 0)
        #expect(try repository.directory.bytes(".gitattributes") == Array("a text\r\n*.png binary\r\n*.xcstrings merge=xcstrings diff=xcstrings".utf8))
        #expect(try repository.run(["uninstall"]).status == 0)
        #expect(try repository.directory.bytes(".gitattributes") == original)
        // An attributes path that cannot be written stops install before any setting is.
        try FileManager.default.removeItem(atPath: repository.directory.path(".gitattributes"))
        try FileManager.default.createDirectory(atPath: repository.directory.path(".gitattributes"), withIntermediateDirectories: true)
        #expect(try repository.run(["install"]).status == 2)
        #expect(try repository.git("config", "merge.xcstrings.driver").status != 0)
    }

    @Test("install from a linked work tree names the configuration it really writes")
    func installLinkedWorkTree() throws {
        let repository = try TestRepository()
        try repository.directory.write("README", "x\n")
        try repository.commitAll("one")
        try repository.git("worktree", "add", "-q", "linked")
        let result = try repository.run(["install"], from: "linked")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("/.git/config: merge.xcstrings.driver"), "\(result.stdout)")
        #expect(!result.stdout.contains("worktrees"))
    }
}
