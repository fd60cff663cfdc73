import Foundation
import SemanticDiff
import TestSupport
import Testing

private typealias B = Build

/// `git xcstrings check` as a user runs it: in a repository, from a
/// subdirectory, on the index, with git config, outside a repository.
@Suite("check command")
struct CheckCommandTests {
    /// Russian with only one and other: one error (plural-missing-category).
    static let broken = B.catalog([
        ("%lld files", B.entry([("en", B.plural([("one", "%lld file"), ("other", "%lld files")])),
                                ("ru", B.plural([("one", "%lld файл"), ("other", "%lld файла")]))])),
    ])
    static let fixed = B.catalog([
        ("%lld files", B.entry([("en", B.plural([("one", "%lld file"), ("other", "%lld files")])),
                                ("ru", B.plural([("one", "%lld файл"), ("few", "%lld файла"), ("many", "%lld файлов"), ("other", "%lld файла")]))])),
    ])
    /// Japanese with a `one`: a warning only.
    static let warned = B.catalog([
        ("%lld files", B.entry([("en", B.plural([("one", "%lld file"), ("other", "%lld files")])),
                                ("ja", B.plural([("one", "%lld ファイル"), ("other", "%lld ファイル")]))])),
    ])

    @Test("what users meet: a file that is no catalog (exit 2), a language no catalog has (said), --summary alone, a trailing comma (a json warning; fmt says it removed it)")
    func smallThings() throws {
        let directory = try TemporaryDirectory()
        try directory.write("README.md", "# An app\n\nIt has strings.\n")
        let readme = try CLI.run(["check", "README.md"], in: directory.url)
        #expect(readme.status == 2 && readme.stderr == "error: README.md: not a String Catalog (not .xcstrings, and not a JSON object)\n", "\(readme.stderr)")
        try directory.write("L.xcstrings", Self.broken.xcodeLayout())
        let unknown = try CLI.run(["check", "--language", "xx-YY", "L.xcstrings"], in: directory.url)
        #expect(unknown.status == 0 && unknown.stderr.contains("warning: --language xx-YY: no catalog checked has this language"), "\(unknown.stderr)")
        let summary = try CLI.run(["check", "--summary", "L.xcstrings"], in: directory.url)
        #expect(summary.status == 1)
        #expect(!summary.stdout.contains("[plural-missing-category]") && summary.stdout.contains("L.xcstrings: 1 error") && summary.stdout.contains("language"), "\(summary.stdout)")
        // A comma before the end: Xcode reads it, python's json does not.
        var text = String(decoding: Self.fixed.xcodeLayout(), as: UTF8.self)
        text = text.replacingOccurrences(of: "\n  },\n  \"version\"", with: ",\n  },\n  \"version\"")
        try directory.write("T.xcstrings", text)
        let comma = try CLI.run(["check", "T.xcstrings"], in: directory.url)
        #expect(comma.status == 0 && comma.stdout.contains("warning: a comma before '}', which Xcode reads but JSON does not allow"), "\(comma.stdout)")
        let format = try CLI.run(["fmt", "T.xcstrings"], in: directory.url)
        #expect(format.status == 0 && format.stderr.contains("a comma before the end, which JSON does not allow: removed"), "\(format.stderr)")
        #expect(try JSONSerialization.jsonObject(with: Data(directory.bytes("T.xcstrings"))) is [String: Any])
    }

    @Test("without PATH: every tracked catalog, named from the current directory, the key's line; exit 1 on an error")
    func trackedCatalogs() throws {
        let repository = try TestRepository()
        try repository.commit(Self.broken, at: "App/Resources/Localizable.xcstrings", "broken")
        try repository.commit(Self.fixed, at: "Widget/Localizable.xcstrings", "fixed")
        try FileManager.default.createDirectory(at: repository.url.appendingPathComponent("Widget/Sub"), withIntermediateDirectories: true)
        let result = try repository.run(["check"], from: "Widget/Sub")
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let finding = try #require(lines.first { $0.contains("[plural-missing-category]") })
        #expect(finding.hasPrefix("../../App/Resources/Localizable.xcstrings:"))
        let line = try #require(Int(finding.split(separator: ":")[1]))
        let text = try String(contentsOf: repository.url.appendingPathComponent("App/Resources/Localizable.xcstrings"), encoding: .utf8)
        let pointed = text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        #expect(pointed.contains("\"plural\""), "line \(line) is \(pointed)")
        #expect(lines.contains("../../App/Resources/Localizable.xcstrings: 1 error, 0 warnings, 0 info"))
        #expect(lines.contains("../Localizable.xcstrings: no findings"))
    }

    @Test("--staged checks what the index holds, not the work tree")
    func staged() throws {
        let repository = try TestRepository()
        try repository.commit(Self.fixed, at: "Localizable.xcstrings", "fixed")
        try repository.write(Self.broken, to: "Localizable.xcstrings")
        #expect(try repository.run(["check"]).status == 1)
        #expect(try repository.run(["check", "--staged"]).status == 0)
        try repository.git("add", "Localizable.xcstrings")
        #expect(try repository.run(["check", "--staged", "Localizable.xcstrings"]).status == 1)
    }

    @Test("git config disables rules and changes severities; options win; an unknown rule is a usage error")
    func configuration() throws {
        let repository = try TestRepository()
        try repository.commit(Self.broken, at: "Localizable.xcstrings", "broken")
        try repository.git("config", "xcstrings.check.severity.plural-missing-category", "warning")
        #expect(try repository.run(["check"]).status == 0)
        #expect(try repository.run(["check", "--severity", "warning"]).status == 1)
        try repository.git("config", "xcstrings.check.disable", "state, plural-missing-category")
        #expect(try repository.run(["check", "--severity", "info"]).stdout == "Localizable.xcstrings: no findings\n")
        try repository.git("config", "--unset", "xcstrings.check.disable")
        try repository.git("config", "xcstrings.check.severity.plural-missing-category", "off")
        #expect(try repository.run(["check", "--disable", "state"]).stdout == "Localizable.xcstrings: no findings\n")
        // Naming a rule on the command line runs it whatever the configuration says.
        #expect(try repository.run(["check", "--rule", "plural-missing-category"]).status == 1)
        let unknown = try repository.run(["check", "--disable", "plurals"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no rule 'plurals'"))
    }

    @Test("files named in a work tree read git config too, from a subdirectory, and git -c; paths shown as given")
    func configurationForNamedFiles() throws {
        let repository = try TestRepository()
        try repository.commit(Self.broken, at: "App/Localizable.xcstrings", "broken")
        try repository.write(Self.broken, to: "App/Untracked.xcstrings")
        let named = ["check", "Localizable.xcstrings", "Untracked.xcstrings"]
        let before = try repository.run(named, from: "App")
        #expect(before.status == 1)
        #expect(before.stdout.contains("\nLocalizable.xcstrings: 1 error") && before.stdout.contains("\nUntracked.xcstrings: 1 error"))
        try repository.git("config", "xcstrings.check.severity.plural-missing-category", "warning")
        #expect(try repository.run(named, from: "App").status == 0)
        // Paths git would name otherwise (./, .., absolute) give the same answer.
        let top = repository.url.resolvingSymlinksInPath().path
        for path in ["./Localizable.xcstrings", "../App/Localizable.xcstrings", top + "/App/Localizable.xcstrings"] {
            #expect(try repository.run(["check", path], from: "App").status == 0, "\(path)")
        }
        // What `git -c` passes wins over the files, with and without PATHs.
        for arguments in [["-c", "xcstrings.check.severity.plural-missing-category=error", "xcstrings"] + named,
                          ["-c", "xcstrings.check.severity.plural-missing-category=error", "xcstrings", "check"]] {
            let result = try CLI.git(arguments, in: repository.url.appendingPathComponent("App"))
            #expect(result.status == 1, "\(arguments): \(result.stdout)")
        }
        // A .git inside the work tree that git takes for no repository is passed over, as git does.
        try repository.directory.write("App/Inner/.git/HEAD", "ref: refs/heads/main\n")
        try repository.directory.write("App/Inner/.git/objects/keep", "")
        try repository.write(Self.broken, to: "App/Inner/Nested.xcstrings")
        #expect(try repository.run(["check", "Nested.xcstrings"], from: "App/Inner").status == 0)
        // A file included with `git -c include.path=…`, which only git reads, is asked of git.
        try repository.directory.write("strict.gitconfig", "[xcstrings \"check.severity\"]\n\tplural-missing-category = error\n")
        let include = "include.path=" + repository.url.appendingPathComponent("strict.gitconfig").path
        for arguments in [["-c", include, "xcstrings"] + named, ["-c", include, "xcstrings", "check"]] {
            let result = try CLI.git(arguments, in: repository.url.appendingPathComponent("App"))
            #expect(result.status == 1, "\(arguments): \(result.stdout)")
        }
    }

    @Test("--severity warning fails on warnings; --language keeps one language's findings")
    func severityAndLanguage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("Warned.xcstrings").path
        try Data(Self.warned.xcodeLayout()).write(to: URL(fileURLWithPath: path))
        #expect(try CLI.run(["check", path], in: directory.url).status == 0)
        #expect(try CLI.run(["check", "--severity", "warning", path], in: directory.url).status == 1)
        #expect(try CLI.run(["check", "--language", "fr", path], in: directory.url).stdout.hasSuffix("no findings\n"))
    }

    @Test("outside a repository PATHs are required; an invalid file is a json error at its position and other files are still checked; a missing one is exit 2")
    func outsideRepository() throws {
        let directory = try TemporaryDirectory()
        #expect(try CLI.run(["check"], in: directory.url).status == 2)
        let bad = directory.url.appendingPathComponent("Bad.xcstrings")
        try Data("{\"sourceLanguage\" : \"en\",\n \"strings\" : {]}".utf8).write(to: bad)
        let good = directory.url.appendingPathComponent("Good.xcstrings")
        try Data(Self.broken.xcodeLayout()).write(to: good)
        let result = try CLI.run(["check", "Bad.xcstrings", "Good.xcstrings"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("Bad.xcstrings:2:"))
        #expect(result.stdout.contains("[json]\n"))
        #expect(result.stdout.contains("Good.xcstrings: 1 error"))
        let withoutRule = try CLI.run(["check", "--disable", "json", "Bad.xcstrings", "Good.xcstrings"], in: directory.url)
        #expect(withoutRule.status == 2)
        #expect(withoutRule.stderr.hasPrefix("error: Bad.xcstrings:2:"))
        let missing = try CLI.run(["check", "Missing.xcstrings", "Good.xcstrings"], in: directory.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("'Missing.xcstrings' does not exist"))
        // A directory stands for the catalogs under it.
        #expect(try CLI.run(["check", "."], in: directory.url).stdout.contains("Good.xcstrings: 1 error"))
    }

    @Test("--json: the documented fields; github: one annotation per finding; sarif: version 2.1.0 with the rules")
    func formats() throws {
        let directory = try TemporaryDirectory()
        try Data(Self.broken.xcodeLayout()).write(to: directory.url.appendingPathComponent("L.xcstrings"))
        let json = try CLI.run(["check", "--json", "L.xcstrings"], in: directory.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let file = try #require((object["files"] as? [[String: Any]])?.first)
        #expect(file["path"] as? String == "L.xcstrings")
        #expect((file["counts"] as? [String: Int])?["error"] == 1)
        let finding = try #require((file["findings"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["rule", "severity", "message", "key", "languages", "variant", "line", "column"])
        #expect(finding["rule"] as? String == "plural-missing-category")
        #expect(finding["key"] as? String == "%lld files")

        let github = try CLI.run(["check", "--format", "github", "L.xcstrings"], in: directory.url)
        #expect(github.stdout.hasPrefix("::error file=L.xcstrings,line="))
        #expect(github.stdout.contains("title=xcstrings plural-missing-category::\"%25lld files\": ru plural lacks few, many"))

        let sarif = try CLI.run(["check", "--format", "sarif", "L.xcstrings"], in: directory.url)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdoutBytes)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
        #expect(rules?.count == CheckRule.allCases.count)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "plural-missing-category")
        #expect(result["level"] as? String == "error")
        // Columns count characters (Unicode scalars), not SARIF's default UTF-16 code units.
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        // A location is a URI reference: spaces, non-ASCII, % and a first segment's : encoded.
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("a:b/sub dir/é"), withIntermediateDirectories: true)
        try Data(Self.broken.xcodeLayout()).write(to: directory.url.appendingPathComponent("a:b/sub dir/é/x%y.xcstrings"))
        let encoded = try CLI.run(["check", "--format", "sarif", "a:b/sub dir/é/x%y.xcstrings"], in: directory.url)
        let uri = try #require(try JSONSerialization.jsonObject(with: Data(encoded.stdoutBytes)) as? [String: Any])
            .flatMap { ($0["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] }?.first
            .flatMap { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any] }?["uri"] as? String
        #expect(uri == "a%3Ab/sub%20dir/%C3%A9/x%25y.xcstrings")
        #expect(URL(string: uri ?? "")?.scheme == nil)
    }

    @Test("--summary: a row per language with the counts and the share translated")
    func summary() throws {
        let directory = try TemporaryDirectory()
        let catalog = B.catalog([
            ("One", B.entry([("en", B.text("One")), ("de", B.text("Eins")), ("fr", B.text("Un", "needs_review"))])),
            ("Two", B.entry([("en", B.text("Two")), ("de", B.text("Zwei", "new"))])),
            ("Old", B.entry([("en", B.text("Old")), ("de", B.text("Alt"))], extraction: "stale")),
        ])
        try Data(catalog.xcodeLayout()).write(to: directory.url.appendingPathComponent("L.xcstrings"))
        let text = try CLI.run(["check", "--summary", "L.xcstrings"], in: directory.url).stdout
        let rows = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains(["language", "translated", "needs_review", "new", "missing", "stale", "share"]))
        #expect(rows.contains(["de", "1", "0", "1", "0", "1", "50.0%"]))
        #expect(rows.contains(["fr", "0", "1", "0", "1", "0", "0.0%"]))
        #expect(!rows.contains { $0.first == "en" })
        // With --language, the table has those languages' rows only.
        let french = try CLI.run(["check", "--summary", "--language", "fr", "L.xcstrings"], in: directory.url).stdout
        let frenchRows = french.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(frenchRows.contains(["fr", "0", "1", "0", "1", "0", "0.0%"]) && !frenchRows.contains { $0.first == "de" })
        // Rounded as --json is (2 of 3 is 66.7%), but 100.0% only when complete.
        let thirds = B.catalog(["A", "B", "C"].map { key in
            (key, B.entry([("en", B.text(key)), ("de", B.text(key + "!", key == "C" ? "new" : "translated"))]))
        })
        try Data(thirds.xcodeLayout()).write(to: directory.url.appendingPathComponent("T.xcstrings"))
        let shares = try CLI.run(["check", "--summary", "T.xcstrings"], in: directory.url).stdout
        #expect(shares.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.contains(["de", "2", "0", "1", "0", "0", "66.7%"]))
        // Nearly complete is not complete, in the table or in --json.
        let many = B.catalog((0..<20_001).map { index in
            ("k\(index)", B.entry([("en", B.text("s")), ("de", B.text("d", index == 0 ? "new" : "translated"))]))
        })
        try Data(many.xcodeLayout()).write(to: directory.url.appendingPathComponent("M.xcstrings"))
        #expect(try CLI.run(["check", "--summary", "M.xcstrings"], in: directory.url).stdout.contains("99.9%"))
        let json = try CLI.run(["check", "--summary", "--json", "M.xcstrings"], in: directory.url)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
            .flatMap { (($0["files"] as? [[String: Any]])?.first?["summary"] as? [[String: Any]])?.first { $0["language"] as? String == "de" } }
        #expect((summary?["share"] as? Double).map { $0 < 1 } == true)
    }
}

@Suite("check after a merge")
struct MergeCheckTests {
    @Test("a clean merge that brings a check error neither side had says so in one line and still exits 0; an old error is not repeated")
    func newErrors() throws {
        // Entries before it, which the merge does not check, so that its place in the result is not its place in what was checked.
        let before = [("apple", B.entry([("en", B.text("Apple")), ("de", B.text("Apfel"))])), ("banana", B.entry([("en", B.text("Banana"))]))]
        let base = B.catalog(before + [("greeting", B.entry([("en", B.text("%lld files"))]))])
        // Ours adds an argument to the source; theirs translates the old source: merged, German drops it.
        let ours = B.catalog(before + [("greeting", B.entry([("en", B.text("%lld files in %@"))]))])
        let theirs = B.catalog(before + [("greeting", B.entry([("en", B.text("%lld files")), ("de", B.text("%lld Dateien"))]))])
        let directory = try TemporaryDirectory()
        for (name, catalog) in [("base", base), ("ours", ours), ("theirs", theirs)] {
            try Data(catalog.xcodeLayout()).write(to: directory.url.appendingPathComponent(name))
        }
        let result = try CLI.run(["merge", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("check error") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("de drops %@ (argument 2)") == true)
        // The place is in the merged file, where check puts the same finding (its German, after entries the merge did not check).
        try FileManager.default.copyItem(at: directory.url.appendingPathComponent("ours"), to: directory.url.appendingPathComponent("merged.xcstrings"))
        let checked = try CLI.run(["check", "merged.xcstrings"], in: directory.url).stdout
        let place = try #require(checked.split(separator: "\n").first { $0.hasSuffix("[placeholder-mismatch]") }?.split(separator: ":")[1...2])
        #expect(place.first.map { Int($0)! > 20 } == true, "\(checked)")
        #expect(lines.first?.contains("(\(place.joined(separator: ":")) ") == true, "\(lines) \(checked)")

        // Both sides already had the error: nothing new to say.
        let broken = B.catalog([("greeting", B.entry([("en", B.text("%lld files in %@")), ("de", B.text("%lld Dateien"))]))])
        var edited = broken
        edited[path: "strings", "other"] = B.entry([("en", B.text("Other"))])
        for (name, catalog) in [("base", broken), ("ours", edited), ("theirs", broken)] {
            try Data(catalog.xcodeLayout()).write(to: directory.url.appendingPathComponent(name))
        }
        let again = try CLI.run(["merge", "base", "ours", "theirs"], in: directory.url)
        #expect(again.status == 0)
        #expect(!again.stderr.contains("check error"))
    }
}

extension MergeCheckTests {
    @Test("a language code both sides had in an entry the merge put together (zh-CN) is not said to be new: it is said once for the catalog, whichever entries have it")
    func oldLanguageCode() throws {
        func catalog(_ german: String, _ french: String, _ extra: String = "zh-CN") -> JSONValue {
            B.catalog([("apple", B.entry([("en", B.text("Apple"))])),
                       ("hello", B.entry([("de", B.text(german)), ("fr", B.text(french)), (extra, B.text("你好"))]))])
        }
        let directory = try TemporaryDirectory()
        for (name, catalog) in [("base", catalog("Hallo", "Salut")), ("ours", catalog("Servus", "Salut")), ("theirs", catalog("Hallo", "Bonjour"))] {
            try Data(catalog.xcodeLayout()).write(to: directory.url.appendingPathComponent(name))
        }
        let result = try CLI.run(["merge", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.stderr == "ours: 1 key changed; translations: 1 from ours, 1 from theirs; no conflicts\n", "\(result.stderr)")
        #expect(try CLI.run(["check", "ours"], in: directory.url).stdout.contains("zh-CN is not a language Apple's bundles resolve"))
    }

    @Test("a merge where both sides changed every entry: the result itself is what is checked, and a new error is placed where check places it")
    func everyEntryChanged() throws {
        let base = B.catalog([("apple", B.entry([("en", B.text("Apple"))])), ("greeting", B.entry([("en", B.text("%lld files"))]))])
        let ours = B.catalog([("apple", B.entry([("en", B.text("Apple")), ("fr", B.text("Pomme"))])),
                              ("greeting", B.entry([("en", B.text("%lld files in %@"))]))])
        let theirs = B.catalog([("apple", B.entry([("en", B.text("Apple")), ("it", B.text("Mela"))])),
                                ("greeting", B.entry([("en", B.text("%lld files")), ("de", B.text("%lld Dateien"))]))])
        let directory = try TemporaryDirectory()
        for (name, catalog) in [("base", base), ("ours", ours), ("theirs", theirs)] {
            try Data(catalog.xcodeLayout()).write(to: directory.url.appendingPathComponent(name))
        }
        let result = try CLI.run(["merge", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.stderr.contains("2 keys changed"), "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("check error") }
        #expect(lines.count == 1 && lines.first?.contains("de drops %@ (argument 2)") == true, "\(result.stderr)")
        try FileManager.default.copyItem(at: directory.url.appendingPathComponent("ours"), to: directory.url.appendingPathComponent("merged.xcstrings"))
        let checked = try CLI.run(["check", "merged.xcstrings"], in: directory.url).stdout
        let place = try #require(checked.split(separator: "\n").first { $0.hasSuffix("[placeholder-mismatch]") }?.split(separator: ":")[1...2])
        #expect(lines.first?.contains("(\(place.joined(separator: ":")) ") == true, "\(lines) \(checked)")
    }
}

@Suite("check before a commit")
struct CheckHookTests {
    @Test("the pre-commit hook lets a clean catalog named like an option through and stops a broken one; a foreign hook is kept")
    func hook() throws {
        let repository = try TestRepository()
        try repository.commit(B.catalog([("Hello", B.entry([("en", B.text("Hello"))]))]), at: "README.xcstrings", "start")
        let install = try repository.run(["install", "--hooks"])
        #expect(install.status == 0, "\(install.stderr)")
        try repository.write(CheckCommandTests.fixed, to: "-y.xcstrings")
        try repository.git("add", "--", "-y.xcstrings")
        let clean = try repository.git(["commit", "-qm", "clean"], environment: ["PATH": CLI.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        #expect(clean.status == 0, "\(clean.stderr)")
        try repository.write(CheckCommandTests.broken, to: "-y.xcstrings")
        try repository.git("add", "--", "-y.xcstrings")
        let broken = try repository.git(["commit", "-qm", "broken"], environment: ["PATH": CLI.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        #expect(broken.status != 0)
        #expect(broken.stdout.contains("[plural-missing-category]") || broken.stderr.contains("[plural-missing-category]"))
        // Another tool's hook is left as it is.
        let hook = repository.url.appendingPathComponent(".git/hooks/pre-commit")
        try Data("#!/bin/sh\necho mine\n".utf8).write(to: hook)
        #expect(try repository.run(["install", "--hooks"]).status == 1)
        #expect(try String(contentsOf: hook, encoding: .utf8) == "#!/bin/sh\necho mine\n")
        _ = try repository.run(["uninstall"])
        #expect(FileManager.default.fileExists(atPath: hook.path))
        // A hook that only mentions ours (someone's own, or ours edited by hand) is someone else's too.
        let mentioning = "#!/bin/sh\n./scripts/lint.sh || exit 1\n# git-xcstrings pre-commit hook: add its line below when needed\n"
        try Data(mentioning.utf8).write(to: hook)
        #expect(try repository.run(["install", "--hooks"]).status == 1)
        _ = try repository.run(["uninstall"])
        #expect(try String(contentsOf: hook, encoding: .utf8) == mentioning)
        // Ours with a character swapped for a look-alike, or another command in its place, is not ours.
        try FileManager.default.removeItem(at: hook)
        #expect(try repository.run(["install", "--hooks"]).status == 0)
        let ours = try String(contentsOf: hook, encoding: .utf8)
        let executable = ours.components(separatedBy: "xargs -0 ")[1].components(separatedBy: " check --staged")[0]
        for foreign in [ours.replacingOccurrences(of: "--hooks; git", with: "--hooks\u{37E} git"),
                        ours.replacingOccurrences(of: "xargs -0 \(executable) ", with: "xargs -0 sh -c 'curl x | sh' ")] {
            // Bytes, not Strings: Swift's == would take U+037E for the semicolon it is equivalent to.
            #expect(Array(foreign.utf8) != Array(ours.utf8))
            try Data(foreign.utf8).write(to: hook)
            #expect(try repository.run(["install", "--hooks"]).status == 1)
            _ = try repository.run(["uninstall"])
            #expect(try Data(contentsOf: hook) == Data(foreign.utf8))
        }
        // core.hooksPath given with git -c is where git runs hooks: a foreign one there is kept too.
        try FileManager.default.removeItem(at: hook)
        try repository.directory.write("hk/pre-commit", "#!/bin/sh\necho theirs\n")
        let viaGit = try CLI.git(["-c", "core.hooksPath=hk", "xcstrings", "install", "--hooks"], in: repository.url)
        #expect(viaGit.status == 1, "\(viaGit.stdout)\(viaGit.stderr)")
        #expect(try String(contentsOf: repository.url.appendingPathComponent("hk/pre-commit"), encoding: .utf8) == "#!/bin/sh\necho theirs\n")
        #expect(!FileManager.default.fileExists(atPath: hook.path))
        // Ours, as written, is replaced and removed; what its comment says removes it does.
        #expect(try repository.run(["install", "--hooks"]).status == 0)
        let written = try String(contentsOf: hook, encoding: .utf8)
        #expect(written.contains("git xcstrings\n# uninstall removes it"))
        #expect(try repository.run(["install", "--hooks"]).status == 0)
        #expect(try repository.run(["uninstall"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: hook.path))
    }

    @Test("the hook judges the layout of what is staged, not of the work tree; its list of files is made by mktemp; an earlier version's hook is replaced")
    func hookReadsTheIndex() throws {
        let repository = try TestRepository()
        try repository.commit(B.catalog([("Hello", B.entry([("en", B.text("Hello"))]))]), at: "L.xcstrings", "start")
        #expect(try repository.run(["install", "--hooks"]).status == 0)
        let compact = Array(#"{"sourceLanguage":"en","strings":{"a":{}},"version":"1.0"}"#.utf8)
        let formatted = B.catalog([("a", B.entry([]))]).xcodeLayout()
        // Staged in Xcode's layout, then edited out of it: the commit is fine.
        try repository.directory.write("L.xcstrings", formatted)
        try repository.git("add", "L.xcstrings")
        try repository.directory.write("L.xcstrings", compact)
        #expect(try repository.run(["fmt", "--check", "--staged"]).status == 0)
        let fine = try repository.git("commit", "-qm", "staged in layout")
        #expect(fine.status == 0, "\(fine.stderr)")
        // Staged out of layout, formatted only in the work tree: stopped, the file named.
        try repository.git("add", "L.xcstrings")
        try repository.directory.write("L.xcstrings", formatted)
        let listed = try repository.run(["fmt", "--check", "--staged"])
        #expect(listed.status == 1 && listed.stdout == "L.xcstrings\n", "\(listed.stdout) \(listed.stderr)")
        let stopped = try repository.git("commit", "-qm", "staged out of layout")
        #expect(stopped.status != 0 && stopped.stderr.contains("staged catalogs above are not in Xcode's layout"), "\(stopped.stderr)")
        #expect(try repository.run(["fmt", "--staged"]).status == 2, "--staged only with --check")
        let hook = repository.url.appendingPathComponent(".git/hooks/pre-commit")
        let script = try String(contentsOf: hook, encoding: .utf8)
        #expect(script.contains("staged=$(mktemp ") && !script.contains(".$$"))
        // The hook earlier versions wrote is ours: install replaces it, uninstall removes it.
        let executable = script.components(separatedBy: "xargs -0 ")[1].components(separatedBy: " check --staged")[0]
        let earlier = """
            #!/bin/sh
            # git-xcstrings pre-commit hook (git xcstrings install --hooks; git xcstrings
            # uninstall removes it). Checks the String Catalogs a commit changes: what
            # would ship broken (check --staged) and Xcode's layout (fmt --check).
            # Skip it once with git commit --no-verify.
            git diff --cached --name-only --diff-filter=ACMR -z -- '*.xcstrings' > "${TMPDIR:-/tmp}/git-xcstrings-staged.$$" || exit 1
            trap 'rm -f "${TMPDIR:-/tmp}/git-xcstrings-staged.$$"' EXIT
            [ -s "${TMPDIR:-/tmp}/git-xcstrings-staged.$$" ] || exit 0
            xargs -0 \(executable) check --staged -- < "${TMPDIR:-/tmp}/git-xcstrings-staged.$$" || exit 1
            if ! xargs -0 \(executable) fmt --check -- < "${TMPDIR:-/tmp}/git-xcstrings-staged.$$"; then
                echo "git-xcstrings: the catalogs above are not in Xcode's layout: run git xcstrings fmt on them, then git add them" >&2
                exit 1
            fi

            """
        try Data(earlier.utf8).write(to: hook)
        #expect(try repository.run(["install", "--hooks"]).status == 0)
        #expect(try String(contentsOf: hook, encoding: .utf8) == script)
        try Data(earlier.utf8).write(to: hook)
        #expect(try repository.run(["uninstall"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: hook.path))
    }

    @Test("--staged says a conflicted catalog is unmerged (exit 2) and leaves out symbolic links")
    func conflictedAndLinks() throws {
        let repository = try TestRepository()
        try repository.commit(B.catalog([("Hello", B.entry([("en", B.text("Hello"))]))]), at: "L.xcstrings", "base")
        try repository.git("checkout", "-qb", "other")
        try repository.write(B.catalog([("Hello", B.entry([("en", B.text("Hi"))]))]), to: "L.xcstrings")
        try repository.commitAll("other")
        try repository.git("checkout", "-q", "-")
        try repository.write(B.catalog([("Hello", B.entry([("en", B.text("Hey"))]))]), to: "L.xcstrings")
        try repository.commitAll("ours")
        _ = try repository.git("merge", "-q", "other")
        #expect(try repository.unmerged().contains("L.xcstrings"))
        let result = try repository.run(["check", "--staged"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("L.xcstrings: unmerged"))
        try repository.git("merge", "--abort")
        try FileManager.default.createSymbolicLink(atPath: repository.url.appendingPathComponent("Link.xcstrings").path, withDestinationPath: "L.xcstrings")
        try repository.git("add", "Link.xcstrings")
        let linked = try repository.run(["check", "--staged"])
        #expect(!linked.stdout.contains("Link.xcstrings") && !linked.stderr.contains("Link.xcstrings"))
    }
}
