import Foundation
import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// `git xcstrings diff`, `textconv` and the external-diff form, in real repositories.
@Suite("diff command")
struct DiffCommandTests {

    static let v1 = B.catalog([("Hello", B.entry([("de", B.text("Hallo")), ("fr", B.text("Salut", "needs_review"))]))])
    static let v2 = B.catalog([("Hello", B.entry([("de", B.text("Servus")), ("fr", B.text("Salut", "needs_review"))]))])
    static let v3 = B.catalog([("Hello", B.entry([("de", B.text("Servus")), ("fr", B.text("Salut"))])),
                               ("Bye", B.entry([("de", B.text("Tschüss"))]))])

    /// A repository with commits v1 and v2 of two catalogs (App and Widget), on main.
    static func repository() throws -> TemporaryDirectory {
        let repository = try TestRepository()
        try repository.write(v1, to: "App/L.xcstrings")
        try repository.write(v1, to: "Widget/W.xcstrings")
        try repository.directory.write("README", "hello\n")
        try repository.commitAll("one")
        try repository.write(v2, to: "App/L.xcstrings")
        try repository.directory.write("README", "hello again\n")
        try repository.commitAll("two")
        return repository.directory
    }

    static let servus = "~ \"Hello\"\n    de   \"Hallo\" → \"Servus\"\n"

    @Test("REV REV, REV..REV, REV...REV and a single REV against the work tree")
    func revisionForms() throws {
        let repository = try Self.repository()
        for arguments in [["HEAD~1", "HEAD"], ["HEAD~1..HEAD"], ["HEAD~1...HEAD"], ["HEAD~1"]] {
            let result = try CLI.run(["diff"] + arguments, in: repository.url)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "App/L.xcstrings\n" + Self.servus, "\(arguments)")
        }
        // Nothing between a revision and itself.
        #expect(try CLI.run(["diff", "HEAD", "HEAD"], in: repository.url).stdout == "")
        let unknown = try CLI.run(["diff", "nonsense"], in: repository.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("ambiguous argument 'nonsense'"))
    }

    @Test("two revisions in every form of output, loose and packed, an invalid side too; the same with GIT_OBJECT_DIRECTORY naming the store")
    func revisionsLooseAndPacked() throws {
        let repository = try TestRepository()
        var app = CatalogGenerator(keys: 60, languages: 5, seed: 11).catalog()
        try repository.write(app, to: "App/L.xcstrings")
        try repository.write(Self.v1, to: "Widget/W.xcstrings")
        try repository.commitAll("one")
        app = CatalogEditor(seed: 12, edits: 15).apply(to: app)
        try repository.write(app, to: "App/L.xcstrings")
        try repository.write(Self.v3, to: "Widget/W.xcstrings")
        try repository.commitAll("two")
        try repository.directory.write("Widget/W.xcstrings", "{\n  \"strings\" : {\n<<<<<<< HEAD\n")
        try repository.commitAll("three")
        // The object store named as git names it when it is elsewhere: read from there.
        let objects = ["GIT_OBJECT_DIRECTORY": repository.url.appendingPathComponent(".git/objects").path]
        for state in ["loose", "packed"] {
            if state == "packed" { try repository.git("gc", "-q", "--aggressive") }
            for revisions in [["HEAD~2", "HEAD~1"], ["HEAD~2..HEAD~1"], ["HEAD~1", "HEAD"], ["main~2", "main"]] {
                for options in [[], ["--json"], ["--stat", "-v"], ["--format", "markdown"], ["--language", "de"]] {
                    let arguments = ["diff"] + options + revisions
                    let files = try CLI.run(arguments, in: repository.url)
                    let named = try CLI.run(arguments, in: repository.url, environment: objects)
                    #expect(files.stdout == named.stdout && files.status == named.status && files.stderr == named.stderr,
                            "\(state) \(arguments)")
                    // The side made invalid is an error for that file, exit 2; the others show changes.
                    if ["HEAD", "main"].contains(revisions.last) {
                        #expect(files.status == 2 && files.stderr.contains("error: Widget/W.xcstrings (new):3:1:"), "\(state) \(arguments)")
                    } else {
                        #expect(files.status == 0 && files.stdout.contains("L.xcstrings"), "\(state) \(arguments)")
                    }
                }
            }
        }
    }

    @Test("the work tree against the index, --cached, and --exit-code")
    func workTreeAndIndex() throws {
        let repository = try Self.repository()
        try repository.write("App/L.xcstrings", Self.v3.xcodeLayout())
        let unstaged = try CLI.run(["diff"], in: repository.url)
        #expect(unstaged.stdout.contains("fr   state needs_review → translated"))
        #expect(unstaged.stdout.contains("+ \"Bye\"  (1 translation)"))
        #expect(try CLI.run(["diff", "--cached"], in: repository.url).stdout == "")
        try CLI.git(["add", "App/L.xcstrings"], in: repository.url)
        #expect(try CLI.run(["diff"], in: repository.url).stdout == "")
        let staged = try CLI.run(["diff", "--staged", "--exit-code"], in: repository.url)
        #expect(staged.status == 1)
        #expect(staged.stdout.contains("+ \"Bye\""))
        #expect(try CLI.run(["diff", "--cached", "HEAD~1"], in: repository.url).stdout.contains("\"Hallo\" → \"Servus\""))
        #expect(try CLI.run(["diff", "--exit-code"], in: repository.url).status == 0)
    }

    @Test("paths limit the files, and a subdirectory works like the top")
    func pathsAndSubdirectory() throws {
        let repository = try Self.repository()
        try repository.write("Widget/W.xcstrings", Self.v3.xcodeLayout())
        try CLI.git(["commit", "-q", "-am", "three"], in: repository.url)
        let both = try CLI.run(["diff", "HEAD~2", "HEAD"], in: repository.url).stdout
        #expect(both.contains("App/L.xcstrings") && both.contains("Widget/W.xcstrings"))
        let widget = try CLI.run(["diff", "HEAD~2", "HEAD", "--", "Widget"], in: repository.url).stdout
        #expect(!widget.contains("App/L.xcstrings") && widget.contains("Widget/W.xcstrings"))
        let file = try CLI.run(["diff", "HEAD~2", "HEAD", "--", "App/L.xcstrings"], in: repository.url).stdout
        #expect(file == "App/L.xcstrings\n" + Self.servus)
        let inside = try CLI.run(["diff", "HEAD~2", "HEAD", "--", "."], in: repository.url.appendingPathComponent("Widget")).stdout
        #expect(inside.hasPrefix("Widget/W.xcstrings\n"))
        #expect(!inside.contains("App/"))
        let outside = try CLI.run(["diff"], in: URL(fileURLWithPath: "/"))
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("not a git repository"))
    }

    @Test("a rename shows old → new, and an added catalog shows its entries")
    func renamesAndAdditions() throws {
        let repository = try Self.repository()
        try CLI.git(["mv", "App/L.xcstrings", "App/Localizable.xcstrings"], in: repository.url)
        try repository.write("App/Localizable.xcstrings", Self.v3.xcodeLayout())
        let other = B.catalog([("Settings", B.entry([("it", B.text("Impostazioni")), ("es", B.text("Ajustes")), ("pt", B.text("Definições"))]))])
        try repository.write("App/New.xcstrings", other.xcodeLayout())
        try CLI.git(["add", "-A"], in: repository.url)
        try CLI.git(["commit", "-q", "-m", "rename"], in: repository.url)
        let result = try CLI.run(["diff", "HEAD~1", "HEAD"], in: repository.url).stdout
        #expect(result.contains("renamed App/L.xcstrings → App/Localizable.xcstrings\n"))
        #expect(result.contains("App/New.xcstrings (new file)\n+ \"Settings\"  (3 translations)"))
    }

    @Test("--stat and --json, parsed back field by field")
    func statAndJSON() throws {
        let repository = try Self.repository()
        let stat = try CLI.run(["diff", "--stat", "HEAD~1", "HEAD"], in: repository.url).stdout
        // fr has a translation on both sides, unchanged: left out.
        #expect(stat == "App/L.xcstrings\n  de  1 changed   coverage 100% → 100%\n")
        let json = try CLI.run(["diff", "--json", "HEAD~1", "HEAD"], in: repository.url)
        let document = try JSONDocument(parsing: Array(json.stdout.utf8))
        let value = JSONValue(document, document.root)
        guard case .array(let files)? = value["files"], files.count == 1, case .array(let changes)? = files[0]["changes"] else {
            Issue.record("unexpected JSON: \(json.stdout)")
            return
        }
        #expect(files[0]["old_path"] == .string("App/L.xcstrings"))
        #expect(files[0]["new_path"] == .string("App/L.xcstrings"))
        #expect(changes.count == 1)
        let change = changes[0]
        #expect(change["kind"] == .string("translation_changed"))
        #expect(change["key"] == .string("Hello"))
        #expect(change["language"] == .string("de"))
        #expect(change["variant"] == .null)
        #expect(change["old"] == .string("Hallo"))
        #expect(change["new"] == .string("Servus"))
        #expect(change["old_state"] == .string("translated"))
        #expect(change["new_state"] == .string("translated"))
        #expect(files[0][path: "stats", "de", "changed"] == .number("1"))
        #expect(files[0][path: "stats", "fr", "coverage_before"] == .number("0"))
    }

    @Test("colour only when asked or on a terminal without NO_COLOR; --language filters")
    func colorAndLanguage() throws {
        let repository = try Self.repository()
        #expect(try !CLI.run(["diff", "HEAD~1", "HEAD"], in: repository.url).stdout.contains("\u{1B}["))
        #expect(try CLI.run(["diff", "--color", "HEAD~1", "HEAD"], in: repository.url).stdout.contains("\u{1B}[1mApp/L.xcstrings"))
        #expect(try !CLI.run(["diff", "--color=never", "HEAD~1", "HEAD"], in: repository.url).stdout.contains("\u{1B}["))
        #expect(try CLI.run(["diff", "--color=sometimes", "HEAD"], in: repository.url).status == 2)
        #expect(try CLI.run(["diff", "--language", "fr", "HEAD~1", "HEAD"], in: repository.url).stdout == "")
        // git's settings, as git diff reads them: color.diff before color.ui; a setting overrides NO_COLOR, an option the setting.
        let colored = "\u{1B}[1mApp/L.xcstrings"
        #expect(try CLI.git(["-c", "color.ui=always", "xcstrings", "diff", "HEAD~1", "HEAD"], in: repository.url).stdout.contains(colored))
        #expect(try CLI.git(["-c", "color.ui=always", "-c", "color.diff=never", "xcstrings", "diff", "HEAD~1", "HEAD"],
                            in: repository.url).stdout.contains("\u{1B}[") == false)
        #expect(try CLI.git(["-c", "color.diff=always", "xcstrings", "diff", "HEAD~1", "HEAD"], in: repository.url,
                            environment: ["NO_COLOR": "1"]).stdout.contains(colored))
        #expect(try CLI.git(["-c", "color.ui=always", "xcstrings", "diff", "--no-color", "HEAD~1", "HEAD"],
                            in: repository.url).stdout.contains("\u{1B}[") == false)
    }

    @Test("invalid JSON on one side: a clear error for that file, the others still shown, exit 2")
    func invalidSide() throws {
        let repository = try Self.repository()
        try repository.write("App/L.xcstrings", "{\n  \"strings\" : {\n<<<<<<< HEAD\n")
        try repository.write("Widget/W.xcstrings", Self.v3.xcodeLayout())
        let result = try CLI.run(["diff"], in: repository.url)
        #expect(result.status == 2)
        #expect(result.stderr == "error: App/L.xcstrings (new):3:1: expected a key in quotes, found '<'\n")
        #expect(result.stdout.hasPrefix("Widget/W.xcstrings\n"))
    }

    @Test("--no-index compares two files outside any repository")
    func noIndex() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.xcstrings", Self.v1.xcodeLayout())
        try directory.write("b.xcstrings", Self.v2.xcodeLayout())
        let result = try CLI.run(["diff", "--no-index", "a.xcstrings", "b.xcstrings"], in: directory.url)
        // As git diff --no-index: 1 when the files differ, 0 when they do not.
        #expect(result.status == 1)
        #expect(result.stdout == "a.xcstrings → b.xcstrings\n" + Self.servus)
        #expect(try CLI.run(["diff", "--no-index", "a.xcstrings", "a.xcstrings"], in: directory.url).status == 0)
    }

    @Test("changes nothing but bytes tell apart are changes: --exit-code gives 1 for a key renormalized, a string set split, an argNum")
    func invisibleChangesExit() throws {
        let directory = try TemporaryDirectory()
        let cases: [(String, String, String)] = [
            ("key", #"{"sourceLanguage":"en","strings":{"Caf\u00e9":{}},"version":"1.0"}"#,
             #"{"sourceLanguage":"en","strings":{"Cafe\u0301":{}},"version":"1.0"}"#),
            ("set", #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringSet":{"state":"translated","values":["a\nb"]}}}}},"version":"1.0"}"#,
             #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringSet":{"state":"translated","values":["a","b"]}}}}},"version":"1.0"}"#),
            ("argNum", #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%arg"}}}}}}}}}},"version":"1.0"}"#,
             #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%arg"}}}}}}}}}},"version":"1.0"}"#),
        ]
        for (name, old, new) in cases {
            try directory.write("\(name)-old.xcstrings", old)
            try directory.write("\(name)-new.xcstrings", new)
            for format in [[], ["--stat"], ["--json"], ["--format", "markdown"]] {
                let result = try CLI.run(["diff", "--exit-code"] + format + ["--no-index", "\(name)-old.xcstrings", "\(name)-new.xcstrings"],
                                         in: directory.url)
                #expect(result.status == 1, "\(name) \(format): \(result.stdout) \(result.stderr)")
                #expect(!result.stdout.isEmpty, "\(name) \(format)")
            }
        }
    }

    @Test("textconv: git diff and git log -p show one line per changed translation")
    func textconv() throws {
        let repository = try Self.repository()
        #expect(try CLI.run(["install"], in: repository.url).status == 0)
        let diff = try CLI.git(["diff", "HEAD~1", "HEAD", "--", "App/L.xcstrings"], in: repository.url).stdout
        #expect(diff.contains("-\"Hello\" de = \"Hallo\" [translated]\n+\"Hello\" de = \"Servus\" [translated]\n"))
        #expect(!diff.contains("stringUnit"))
        let log = try CLI.git(["log", "-p", "--format=%s", "--", "App/L.xcstrings"], in: repository.url).stdout
        #expect(log.contains("+\"Hello\" de = \"Servus\" [translated]"))
        #expect(log.contains("+\"Hello\" fr = \"Salut\" [needs_review]"))
        let direct = try CLI.run(["textconv", "App/L.xcstrings"], in: repository.url).stdout
        #expect(direct == "sourceLanguage = \"en\"\nversion = \"1.0\"\n\"Hello\" de = \"Servus\" [translated]\n\"Hello\" fr = \"Salut\" [needs_review]\n")
    }

    @Test("textconv of a catalog with written and generated comments, through git log -p")
    func textconvComments() throws {
        let directory = try TemporaryDirectory()
        try directory.write("L.xcstrings", #"{"sourceLanguage":"en","strings":{"Delete":{"comment":"Button title","localizations":{"de":{"stringUnit":{"state":"translated","value":"Löschen"}}}},"Save":{"comment":"Saves","isCommentAutoGenerated":true}},"version":"1.0"}"#)
        let result = try CLI.run(["textconv", "L.xcstrings"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            sourceLanguage = "en"
            version = "1.0"
            "Delete" comment = "Button title"
            "Delete" de = "Löschen" [translated]
            "Save" comment = "Saves" (generated)

            """)
        try CLI.git(["init", "-q"], in: directory.url)
        #expect(try CLI.run(["install"], in: directory.url).status == 0)
        try CLI.git(["add", "-A"], in: directory.url)
        try CLI.git(["commit", "-qm", "first"], in: directory.url)
        let log = try CLI.git(["log", "-p", "--format=%s"], in: directory.url)
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.contains("+\"Delete\" comment = \"Button title\"\n"))
    }

    @Test("the external-diff form, as git runs it through GIT_EXTERNAL_DIFF")
    func externalDiff() throws {
        let repository = try Self.repository()
        let command = CLI.executable.path + " diff --git-external"
        let result = try CLI.git(["diff", "--ext-diff", "HEAD~1", "HEAD", "--", "App/L.xcstrings"], in: repository.url,
                                 environment: ["GIT_EXTERNAL_DIFF": command])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "App/L.xcstrings\n" + Self.servus)
        // An added file: git passes /dev/null for the old side.
        try repository.write("App/Added.xcstrings", Self.v1.xcodeLayout())
        try CLI.git(["add", "-A"], in: repository.url)
        let added = try CLI.git(["diff", "--ext-diff", "--cached", "--", "App/Added.xcstrings"], in: repository.url,
                                environment: ["GIT_EXTERNAL_DIFF": command])
        #expect(added.stdout.hasPrefix("App/Added.xcstrings (new file)\n+ \"Hello\"  (2 translations)"))
    }

    @Test("a pure rename is a change: said in the text and --stat, and --exit-code gives 1")
    func pureRename() throws {
        let repository = try Self.repository()
        try CLI.git(["mv", "App/L.xcstrings", "App/Localizable.xcstrings"], in: repository.url)
        try CLI.git(["commit", "-q", "-m", "rename"], in: repository.url)
        let text = try CLI.run(["diff", "--exit-code", "HEAD~1", "HEAD"], in: repository.url)
        #expect(text.status == 1)
        #expect(text.stdout == "renamed App/L.xcstrings → App/Localizable.xcstrings (content unchanged)\n")
        let stat = try CLI.run(["diff", "--stat", "HEAD~1", "HEAD"], in: repository.url).stdout
        #expect(stat == "renamed App/L.xcstrings → App/Localizable.xcstrings\n  content unchanged\n")
    }

    @Test("a value changed only in Unicode normalization, through git: shown, and --exit-code gives 1")
    func normalizationThroughGit() throws {
        let repository = try Self.repository()
        let nfd = B.catalog([("Hello", B.entry([("de", B.text("Servus")), ("fr", B.text("Cafe\u{301}", "needs_review"))]))])
        let nfc = B.catalog([("Hello", B.entry([("de", B.text("Servus")), ("fr", B.text("Caf\u{E9}", "needs_review"))]))])
        try repository.write("App/L.xcstrings", nfd.xcodeLayout())
        try CLI.git(["commit", "-q", "-am", "nfd"], in: repository.url)
        try repository.write("App/L.xcstrings", nfc.xcodeLayout())
        let result = try CLI.run(["diff", "--exit-code"], in: repository.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("(normalization only)"), "\(result.stdout)")
    }

    @Test("textconv shows substitutions' arguments and members the schema does not name, so git diff shows their changes")
    func textconvEverything() throws {
        let directory = try TemporaryDirectory()
        try directory.write("L.xcstrings", #"{"sourceLanguage":"en","strings":{"Files":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%arg file"}}}}}}}},"x-tool":{"id":7}}},"version":"1.0"}"#)
        let result = try CLI.run(["textconv", "L.xcstrings"], in: directory.url)
        #expect(result.stdout == """
            sourceLanguage = "en"
            version = "1.0"
            "Files" en = "%#@n@" [translated]
            "Files" en substitutions.n.plural.one = "%arg file" [translated]
            "Files" x-tool = {"id":7}
            "Files" en substitutions.n argNum = 1
            "Files" en substitutions.n formatSpecifier = "lld"

            """, "\(result.stdout)")
    }

    @Test("--cached before the first commit compares with nothing, as git diff --cached does; duplicate keys are warned of")
    func cachedBeforeFirstCommit() throws {
        let repository = try TestRepository()
        try repository.write(Self.v1, to: "L.xcstrings")
        try repository.git("add", "L.xcstrings")
        let result = try repository.run(["diff", "--cached"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("L.xcstrings (new file)\n"), "\(result.stdout)")
        try repository.directory.write("L.xcstrings", #"{"sourceLanguage":"en","strings":{"Hello":{},"Hello":{}},"version":"1.0"}"#)
        let duplicate = try repository.run(["diff"])
        #expect(duplicate.stderr.contains("warning: L.xcstrings (new):1:"), "\(duplicate.stderr)")
        #expect(duplicate.stderr.contains("duplicate key \"Hello\""))
    }

    @Test("during a conflicted merge, a conflicted catalog is said to be unmerged, not read as its markers")
    func unmerged() throws {
        let repository = try TestRepository()
        try repository.commit(Self.v1, at: "L.xcstrings", "one")
        try repository.git("checkout", "-q", "-b", "other")
        try repository.commit(B.catalog([("Hello", B.entry([("de", B.text("Grüß Gott")), ("fr", B.text("Salut", "needs_review"))]))]),
                              at: "L.xcstrings", "other")
        try repository.git("checkout", "-q", "main")
        try repository.commit(Self.v2, at: "L.xcstrings", "two")
        #expect(try repository.git("merge", "other").status != 0)
        let result = try repository.run(["diff"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "L.xcstrings: unmerged (the merge left it conflicted; git xcstrings resolve merges it)\n")
        #expect(result.stdout.isEmpty)
    }
}
