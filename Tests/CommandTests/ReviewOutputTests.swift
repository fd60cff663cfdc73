import Foundation
import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// What a reviewer sees: the order of `diff`, `--json` and `textconv`
/// whatever the file's order, changes folded across languages, `--stat`'s
/// entry line, layout-only and identical files, git's pager, and the
/// help that works through git (man page, `help COMMAND`, "did you mean",
/// completion).
@Suite("review output and help")
struct ReviewOutputTests {

    /// A catalog written by another tool: keys, languages and plural categories out of Xcode's order.
    static func shuffled(_ state: String) -> [UInt8] {
        Array("""
            {"version":"1.0","strings":{
              "Zebra":{"localizations":{"fr":{"stringUnit":{"state":"\(state)","value":"Zèbre","x-note":"a","x-by":"b"}},"de":{"stringUnit":{"state":"\(state)","value":"Zebra","x-note":{"one":"c"}}},"en":{"stringUnit":{"state":"translated","value":"Zebra"}},"ja":{"stringUnit":{"state":"\(state)","value":"シマウマ"}}}},
              "%lld apples":{"localizations":{"ru":{"variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%lld яблок"}},"few":{"stringUnit":{"state":"translated","value":"%lld яблока"}},"one":{"stringUnit":{"state":"translated","value":"%lld яблоко"}}}}},"en":{"variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%lld apples"}},"one":{"stringUnit":{"state":"translated","value":"%lld apple"}}}}}}},
              "Apple":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Apfel"}},"en":{"stringUnit":{"state":"translated","value":"Apple"}}}}
            },"sourceLanguage":"en"}
            """.utf8)
    }

    @Test("textconv of a file in another tool's order shows Xcode's: no moved lines against the file fmt writes")
    func textconvOrder() throws {
        let catalog = try Catalog(parsing: Self.shuffled("translated"))
        let formatted = try Catalog(parsing: XcodeLayout.format(catalog.document))
        let text = TextConversion.text(catalog)
        #expect(text == TextConversion.text(formatted))
        let lines = text.split(separator: "\n").map(String.init)
        // Keys in Xcode's order; the source language first, then by code; categories in CLDR's order.
        #expect(lines.firstIndex { $0.hasPrefix("\"%lld apples\"") }! < lines.firstIndex { $0.hasPrefix("\"Apple\"") }!)
        #expect(lines.firstIndex { $0.hasPrefix("\"Apple\"") }! < lines.firstIndex { $0.hasPrefix("\"Zebra\"") }!)
        #expect(lines.filter { $0.hasPrefix("\"Zebra\"") && $0.hasSuffix("]") }.map { $0.split(separator: " ")[1] } == ["en", "de", "fr", "ja"])
        // Members the schema does not name follow the same order, then their names' (seen in a real catalog).
        #expect(lines.filter { $0.hasPrefix("\"Zebra\"") && !$0.hasSuffix("]") }.map { $0.split(separator: " ")[1] }
                == ["localizations.de.stringUnit.x-note", "localizations.fr.stringUnit.x-by", "localizations.fr.stringUnit.x-note"])
        // And no line for the entry's other fields being "added" as an empty object (the old textconv printed `"Zebra"  = {}`).
        #expect(!text.contains("\"Zebra\"  = {}"))
        #expect(lines.filter { $0.hasPrefix("\"%lld apples\" ru") }.map { $0.split(separator: " ")[3] } == ["plural.one", "plural.few", "plural.other"])
    }

    @Test("diff: a state change in more than six languages names five and how many more; only one-language places set the column; different changes are not folded")
    func foldingManyLanguages() throws {
        let languages = ["de", "es", "fr", "it", "ja", "ko", "nl", "pt"]
        func catalog(_ state: String, _ swedish: String, _ plural: String) -> [UInt8] {
            let folded = languages.map { #""\#($0)":{"stringUnit":{"state":"\#(state)","value":"x"}}"# }
            let others = [#""sv":{"stringUnit":{"state":"translated","value":"\#(swedish)"}}"#,
                          #""uk":{"variations":{"plural":{"one":{"stringUnit":{"state":"\#(plural)","value":"y"}},"other":{"stringUnit":{"state":"translated","value":"z"}}}}}"#]
            return Array(#"{"sourceLanguage":"en","strings":{"K":{"localizations":{\#((folded + others).joined(separator: ","))}}},"version":"1.0"}"#.utf8)
        }
        let old = try Catalog(parsing: catalog("translated", "a", "translated"))
        let new = try Catalog(parsing: catalog("needs_review", "b", "needs_review"))
        let diff = CatalogDiff.compare(old: old, new: new, oldPath: "L.xcstrings", newPath: "L.xcstrings")
        // The uk plural's state change is the same words, but another place: a row of its own, which sets the column.
        #expect(DiffRenderer.text([diff], color: false) == """
            L.xcstrings
            ~ "K"
                de, es, fr, it, ja and 3 more   state translated → needs_review
                sv              "a" → "b"
                uk plural.one   state translated → needs_review

            """)
    }

    @Test("diff: states that differ only in Unicode normalization fold into one line, as the same text does")
    func foldingCanonicallyEquivalentStates() throws {
        func catalog(_ states: [String]) -> [UInt8] {
            let localizations = zip(["de", "fr", "ja"], states).map { #""\#($0)":{"stringUnit":{"state":"\#($1)","value":"a"}}"# }
            return Array(#"{"sourceLanguage":"en","strings":{"k":{"localizations":{\#(localizations.joined(separator: ","))}}},"version":"1.0"}"#.utf8)
        }
        let old = try Catalog(parsing: catalog(["\u{E9}", "e\u{301}", "\u{E9}"]))
        let new = try Catalog(parsing: catalog(["x", "x", "x"]))
        let diff = CatalogDiff.compare(old: old, new: new, oldPath: "L.xcstrings", newPath: "L.xcstrings")
        #expect(DiffRenderer.text([diff], color: false) == "L.xcstrings\n~ \"k\"\n    de, fr, ja   state \u{E9} → x\n")
    }

    @Test("diff: the same state change in several languages is one line; --json keeps one change per language, in the same order")
    func folding() throws {
        let old = try Catalog(parsing: Self.shuffled("translated")), new = try Catalog(parsing: Self.shuffled("needs_review"))
        let diff = CatalogDiff.compare(old: old, new: new, oldPath: "L.xcstrings", newPath: "L.xcstrings")
        #expect(DiffRenderer.text([diff], color: false) == "L.xcstrings\n~ \"Zebra\"\n    de, fr, ja   state translated → needs_review\n")
        #expect(diff.changes.map { $0.language ?? "" } == ["de", "fr", "ja"])
        let json = try JSONDocument(parsing: DiffRenderer.json([diff]))
        guard case .array(let files)? = JSONValue(json, json.root)["files"], case .array(let changes)? = files.first?["changes"] else {
            Issue.record("no changes in the JSON")
            return
        }
        #expect(changes.map { $0["language"] } == [.string("de"), .string("fr"), .string("ja")])
        // Devices in Xcode's order, not the file's.
        #expect(ChangeOrder.variantPrecedes(["device", "iphone"], ["device", "ipad"]))
        #expect(ChangeOrder.variantPrecedes(["device", "mac"], ["device", "applewatch"]))
        #expect(ChangeOrder.variantPrecedes(["plural", "few"], ["plural", "other"]))
        #expect(ChangeOrder.variantPrecedes([], ["plural", "zero"]))
    }

    @Test("--stat: the entry line, the source without coverage, the review share, states with -v; layout only; identical prints nothing")
    func stat() throws {
        let directory = try TemporaryDirectory()
        let old = B.catalog([("A", B.entry([("en", B.text("A")), ("fr", B.text("A-fr"))])),
                             ("B", B.entry([("en", B.text("B")), ("fr", B.text("B-fr"))]))])
        let new = B.catalog([("A", B.entry([("en", B.text("A!")), ("fr", B.text("A-fr", "needs_review"))])),
                             ("C", B.entry([("en", B.text("C"))]))])
        try directory.write("old.xcstrings", old.xcodeLayout())
        try directory.write("new.xcstrings", new.xcodeLayout())
        try directory.write("compact.xcstrings", Array(String(decoding: old.xcodeLayout(), as: UTF8.self).replacingOccurrences(of: "\n", with: "").utf8))
        let outside = ["GIT_CEILING_DIRECTORIES": directory.url.deletingLastPathComponent().path]
        // Outside a repository, two files are compared as with --no-index.
        let stat = try CLI.run(["diff", "--stat", "old.xcstrings", "new.xcstrings"], in: directory.url, environment: outside)
        #expect(stat.status == 1, "\(stat.stderr)")
        #expect(stat.stdout == """
            old.xcstrings → new.xcstrings
              entries: 1 added, 1 removed, 2 now untranslated
              en  1 added, 1 changed, 1 removed   (source)
              fr  1 removed, 1 state change       coverage 100% → 0%, review 0% → 50%

            """)
        let verbose = try CLI.run(["diff", "--stat", "-v", "old.xcstrings", "new.xcstrings"], in: directory.url, environment: outside)
        #expect(verbose.stdout.contains("translated 2 → 0, needs_review 0 → 1, new 0 → 0, missing 0 → 1\n"))
        let layout = try CLI.run(["diff", "--stat", "old.xcstrings", "compact.xcstrings"], in: directory.url, environment: outside)
        #expect(layout.stdout == "old.xcstrings → compact.xcstrings\n  layout only (the same catalog, written differently)\n")
        let same = try CLI.run(["diff", "--stat", "--exit-code", "old.xcstrings", "old.xcstrings"], in: directory.url, environment: outside)
        #expect(same.stdout.isEmpty && same.status == 0)
        // --json: states per language, the entry counts, layout_only.
        let json = try CLI.run(["diff", "--json", "old.xcstrings", "new.xcstrings"], in: directory.url, environment: outside)
        let document = try JSONDocument(parsing: Array(json.stdout.utf8))
        guard case .array(let files)? = JSONValue(document, document.root)["files"], let file = files.first else {
            Issue.record("no files")
            return
        }
        #expect(file["entries"]?["now_untranslated"] == .number("2"))
        #expect(file["layout_only"] == .bool(false))
        #expect(file["stats"]?["fr"]?["states_after"]?["needs_review"] == .number("1"))
        #expect(file["stats"]?["en"]?["is_source"] == .bool(true))
    }

    @Test("--language: an unknown language warns; entry lines only where they matter to the language; an added entry says untranslated")
    func languageFilter() throws {
        let directory = try TemporaryDirectory()
        let old = B.catalog([("Gone", B.entry([("en", B.text("Gone"))])), ("Old", B.entry([("de", B.text("Alt")), ("en", B.text("Old"))])),
                             ("Note", B.entry([("en", B.text("Note"))], comment: "before"))])
        let new = B.catalog([("New", B.entry([("en", B.text("New"))])), ("Note", B.entry([("en", B.text("Note"))], comment: "after"))])
        try directory.write("old.xcstrings", old.xcodeLayout())
        try directory.write("new.xcstrings", new.xcodeLayout())
        let outside = ["GIT_CEILING_DIRECTORIES": directory.url.deletingLastPathComponent().path]
        let result = try CLI.run(["diff", "--language", "de", "--language", "xx", "old.xcstrings", "new.xcstrings"], in: directory.url, environment: outside)
        #expect(result.status == 1)
        // "Gone" had nothing in German and "Note" has no German: left out; "Old" lost its German; "New" has none.
        #expect(result.stdout == """
            old.xcstrings → new.xcstrings
            + "New"  (untranslated in de, xx)
            - "Old"  (1 translation removed)

            """)
        #expect(result.stderr == "warning: --language xx: no catalog compared has this language, on either side\n")
        #expect(try CLI.run(["diff", "--language", "en", "old.xcstrings", "new.xcstrings"], in: directory.url, environment: outside).stdout
                .contains("~ \"Note\"\n    comment   \"before\" → \"after\"\n"))
    }

    @Test("--format markdown: a table per file and language, an entry per collapsed block, values escaped")
    func markdown() throws {
        let directory = try TemporaryDirectory()
        let old = B.catalog([("Pipe", B.entry([("de", B.text("a|b")), ("en", B.text("A"))]))])
        let new = B.catalog([("Pipe", B.entry([("de", B.text("a|b <i>", "needs_review")), ("en", B.text("A"))])),
                             ("Added", B.entry([("en", B.text("Added"))]))])
        try directory.write("old.xcstrings", old.xcodeLayout())
        try directory.write("new.xcstrings", new.xcodeLayout())
        let outside = ["GIT_CEILING_DIRECTORIES": directory.url.deletingLastPathComponent().path]
        let result = try CLI.run(["diff", "--format", "markdown", "old.xcstrings", "new.xcstrings"], in: directory.url, environment: outside)
        #expect(result.status == 1, "\(result.stderr)")
        let text = result.stdout
        #expect(text.hasPrefix("### <code>old.xcstrings → new.xcstrings</code>\n\nEntries: 1 added, 2 now untranslated.\n\n| Language | Added |"))
        #expect(text.contains("| en (source) | 1 | 0 | 0 | 0 | source |  |\n"))
        #expect(text.contains("| de | 0 | 1 | 0 | 1 | 100% → 0% | 0% → 50% |\n"))
        #expect(text.contains("<details><summary><code>\"Added\"</code> added, 1 change</summary>"))
        #expect(text.contains("<code>\"a&#124;b\" → \"a&#124;b &lt;i&gt;\"  [translated → needs_review]</code>"))
        // Every table row has the same number of cells as its header.
        for line in text.split(separator: "\n") where line.hasPrefix("| ") && line.contains("source") {
            #expect(line.filter { $0 == "|" }.count == 8)
        }
        #expect(try CLI.run(["diff", "--format", "yaml", "old.xcstrings", "new.xcstrings"], in: directory.url, environment: outside).status == 2)
    }

    @Test("long output goes through git's pager: GIT_PAGER, core.pager, PAGER; --no-pager and cat mean none")
    func pager() throws {
        let repository = try TestRepository()
        try repository.write(B.catalog([("A", B.entry([("en", B.text("A"))]))]), to: "L.xcstrings")
        try repository.commitAll("one")
        try repository.write(B.catalog([("A", B.entry([("en", B.text("A!"))]))]), to: "L.xcstrings")
        let url = repository.directory.url
        let paged = try CLI.run(["diff", "--paginate"], in: url, environment: ["PAGER": "sed s/^/paged:/"])
        #expect(paged.stdout.hasPrefix("paged:L.xcstrings\npaged:~ \"A\"\n"), "\(paged.stdout)")
        let git = try CLI.run(["diff", "--paginate"], in: url, environment: ["GIT_PAGER": "sed s/^/git:/", "PAGER": "sed s/^/paged:/"])
        #expect(git.stdout.hasPrefix("git:L.xcstrings"))
        try CLI.git(["config", "core.pager", "sed s/^/core:/"], in: url)
        #expect(try CLI.run(["diff", "--paginate"], in: url, environment: ["PAGER": "sed s/^/paged:/"]).stdout.hasPrefix("core:L.xcstrings"))
        #expect(try CLI.run(["diff", "--paginate"], in: url, environment: ["GIT_PAGER": "cat"]).stdout.hasPrefix("L.xcstrings"))
        #expect(try CLI.run(["diff", "--paginate", "--no-pager"], in: url).stdout.hasPrefix("L.xcstrings"))
        // Not a terminal: no pager unless asked.
        #expect(try CLI.run(["diff"], in: url, environment: ["PAGER": "sed s/^/paged:/"]).stdout.hasPrefix("L.xcstrings"))
        // Two revisions, read from git's files without libgit2: core.pager read from git's files too.
        try repository.commitAll("two")
        #expect(try CLI.run(["diff", "--paginate", "HEAD~1", "HEAD"], in: url, environment: ["PAGER": "sed s/^/paged:/"]).stdout
                    .hasPrefix("core:L.xcstrings"))
    }

    @Test("the man page is the help text, fresh and rendered by man; help COMMAND; did you mean; errors point to a form that works")
    func help() throws {
        let directory = try TemporaryDirectory()
        let roff = try CLI.run(["help", "--man"], in: directory.url)
        #expect(roff.status == 0)
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../man/git-xcstrings.1").standardized
        #expect(try String(contentsOf: shipped, encoding: .utf8) == roff.stdout, "man/git-xcstrings.1 is stale: run scripts/generate-man")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let rendered = try CLI.launch(URL(fileURLWithPath: "/usr/bin/man"), ["-l", shipped.path], in: directory.url,
                                          environment: ["MANPAGER": "cat", "MANWIDTH": "100"], input: nil)
            #expect(rendered.status == 0)
            #expect(rendered.stdout.contains("git xcstrings diff [--cached]"))
            #expect(rendered.stdout.contains("Find what would ship broken"))
            #expect(!rendered.stderr.contains("warning"))
        } else {
            print("man is not installed: the rendering of the man page is not checked")
        }
        let diffHelp = try CLI.run(["help", "diff"], in: directory.url)
        #expect(diffHelp.stdout.hasPrefix("usage: git xcstrings diff"))
        let typo = try CLI.run(["dif"], in: directory.url)
        #expect(typo.status == 2)
        #expect(typo.stderr == "error: 'dif' is not a git xcstrings command (did you mean 'diff'?). See 'git xcstrings help'.\n")
        #expect(try CLI.run(["help", "resolv"], in: directory.url).stderr.contains("(did you mean 'resolve'?)"))
        for arguments in [["help", "--help"], ["help", "help"]] {
            let helpOfHelp = try CLI.run(arguments, in: directory.url)
            #expect(helpOfHelp.status == 0 && helpOfHelp.stdout.hasPrefix("usage: git xcstrings help [COMMAND | --man]"), "\(arguments)")
        }
        #expect(!(try CLI.run(["frobnicate"], in: directory.url).stderr.contains("did you mean")))
        let usage = try CLI.run(["diff", "--nope"], in: directory.url)
        #expect(usage.stderr.hasSuffix("(see 'git xcstrings help diff')\n"))
        #expect(!(try CLI.run([], in: directory.url).stderr.contains("--help'")))
    }

    @Test("completion scripts for bash, zsh and fish are valid shell and name every command")
    func completion() throws {
        let directory = try TemporaryDirectory()
        for (shell, checker) in [("bash", "/bin/bash"), ("zsh", "/usr/bin/zsh"), ("fish", "/usr/bin/fish")] {
            let script = try CLI.run(["completion", shell], in: directory.url)
            #expect(script.status == 0)
            for command in ["merge", "resolve", "diff", "check", "fmt", "install"] { #expect(script.stdout.contains(command)) }
            try directory.write("completion.\(shell)", Array(script.stdout.utf8))
            guard FileManager.default.isExecutableFile(atPath: checker) else {
                print("\(checker) is not installed: the \(shell) script's syntax is not checked")
                continue
            }
            let flag = shell == "fish" ? "--no-execute" : "-n"
            let checked = try CLI.launch(URL(fileURLWithPath: checker), [flag, directory.url.appendingPathComponent("completion.\(shell)").path],
                                         in: directory.url, environment: [:], input: nil)
            #expect(checked.status == 0, "\(shell): \(checked.stderr)")
        }
        let bash = try CLI.run(["completion", "bash"], in: directory.url).stdout
        #expect(bash.contains("_git_xcstrings ()"))
        // Through git's own completion: `git xcstrings di<TAB>` offers diff.
        let gitCompletion = "/usr/share/bash-completion/completions/git"
        if FileManager.default.fileExists(atPath: gitCompletion) {
            let probe = """
                source \(gitCompletion)
                source \(directory.url.appendingPathComponent("completion.bash").path)
                COMP_WORDS=(git xcstrings di); COMP_CWORD=2; COMP_LINE="git xcstrings di"; COMP_POINT=${#COMP_LINE}
                __git_wrap__git_main; printf '%s\\n' "${COMPREPLY[@]}"
                COMP_WORDS=(git xcstrings diff --sta); COMP_CWORD=3; COMP_LINE="git xcstrings diff --sta"; COMP_POINT=${#COMP_LINE}
                __git_wrap__git_main; printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try CLI.launch(URL(fileURLWithPath: "/bin/bash"), ["-c", probe], in: directory.url, environment: [:], input: nil)
            #expect(result.stdout.contains("diff "), "\(result.stdout) \(result.stderr)")
            #expect(result.stdout.contains("--stat "), "\(result.stdout) \(result.stderr)")
        } else {
            print("git's bash completion is not installed: completion through git is not checked")
        }
    }
}
