import TestSupport
import Testing
import SemanticDiff
@testable import XCStringsDiff
@testable import XCStringsJSON
@testable import XCStringsText

private typealias B = Build

/// The change model: every kind of change, where it sits, and the statistics.
@Suite("Catalog diff")
struct CatalogDiffTests {

    static func catalog(_ value: JSONValue) throws -> Catalog {
        try Catalog(parsing: value.xcodeLayout())
    }

    static func diff(_ old: JSONValue?, _ new: JSONValue?, languages: Set<String> = []) throws -> CatalogFileDiff {
        CatalogDiff.compare(old: try old.map(catalog), new: try new.map(catalog), oldPath: old == nil ? nil : "L.xcstrings",
                            newPath: new == nil ? nil : "L.xcstrings", languages: languages)
    }

    static let before = B.catalog([
        ("Hello", B.entry([("en", B.text("Hello")), ("de", B.text("Hallo")), ("fr", B.text("Bonjour", "needs_review"))])),
        ("%lld items", B.entry([("en", B.plural([("one", "%lld item"), ("other", "%lld items")])),
                                ("ru", B.plural([("one", "%lld элемент"), ("other", "%lld элементов")]))])),
        ("Old", B.entry([("en", B.text("Old")), ("de", B.text("Alt")), ("fr", B.text("Vieux"))])),
        ("Device", B.entry([("en", .object([("variations", .object([("device", .object([
            ("iphone", .object([("variations", .object([("plural", .object([("one", B.text("one tap")), ("other", B.text("%lld taps"))]))]))])),
            ("mac", B.text("click")),
        ]))]))]))])),
    ])

    static let after = B.catalog([
        ("Hello", B.entry([("en", B.text("Hello")), ("de", B.text("Servus")), ("fr", B.text("Bonjour")), ("ja", B.text("こんにちは"))],
                          comment: "Greeting")),
        ("%lld items", B.entry([("en", B.plural([("one", "%lld item"), ("other", "%lld items")])),
                                ("ru", B.plural([("few", "%lld элемента"), ("one", "%lld элемент"), ("other", "%lld элементов")]))])),
        ("New feature", B.entry([("en", B.text("New feature")), ("de", B.text("Neue Funktion"))], extraction: "manual")),
        ("Device", B.entry([("en", .object([("variations", .object([("device", .object([
            ("iphone", .object([("variations", .object([("plural", .object([("one", B.text("one tap!")), ("other", B.text("%lld taps"))]))]))])),
        ]))]))]))])),
    ], version: "1.1")

    @Test("every kind of change, with where it sits")
    func kinds() throws {
        let diff = try Self.diff(Self.before, Self.after)
        func find(_ kind: CatalogChange.Kind, _ key: String?, _ language: String? = nil, _ variant: String = "") -> CatalogChange? {
            diff.changes.first { $0.kind == kind && $0.key == key && $0.language == language && $0.variant == variant }
        }
        #expect(find(.catalogChanged, nil) == CatalogChange(kind: .catalogChanged, field: "version", old: "1.0", new: "1.1"))
        #expect(find(.translationChanged, "Hello", "de") == CatalogChange(kind: .translationChanged, key: "Hello", language: "de",
                                                                         old: "Hallo", new: "Servus", oldState: "translated", newState: "translated"))
        #expect(find(.stateChanged, "Hello", "fr")?.oldState == "needs_review")
        #expect(find(.stateChanged, "Hello", "fr")?.newState == "translated")
        #expect(find(.translationAdded, "Hello", "ja")?.new == "こんにちは")
        #expect(diff.changes.contains(CatalogChange(kind: .entryChanged, key: "Hello", field: "comment", old: nil, new: "Greeting")))
        #expect(find(.translationAdded, "%lld items", "ru", "plural.few")?.new == "%lld элемента")
        #expect(find(.entryAdded, "New feature")?.translations == 2)
        #expect(find(.translationAdded, "New feature", "de")?.newState == "translated")
        #expect(find(.entryRemoved, "Old")?.translations == 3)
        #expect(find(.translationChanged, "Device", "en", "device.iphone.plural.one")?.new == "one tap!")
        #expect(find(.translationRemoved, "Device", "en", "device.mac")?.old == "click")
        #expect(!diff.changes.contains { $0.key == "%lld items" && $0.language == "en" })
    }

    @Test("statistics per language: counts and coverage before and after")
    func statistics() throws {
        let diff = try Self.diff(Self.before, Self.after)
        let byLanguage = Dictionary(uniqueKeysWithValues: diff.statistics.map { ($0.language, $0) })
        // The source language first, then by code.
        #expect(diff.statistics.map(\.language) == ["en", "de", "fr", "ja", "ru"])
        #expect(diff.statistics.map(\.isSource) == [true, false, false, false, false])
        let german = try #require(byLanguage["de"])
        #expect((german.added, german.changed, german.removed, german.stateChanges) == (1, 1, 1, 0))
        // Before: Hello, Old translated of 4 entries; after: Hello, New feature of 4.
        #expect(german.coverageBefore == 0.5)
        #expect(german.coverageAfter == 0.5)
        let french = try #require(byLanguage["fr"])
        #expect(french.stateChanges == 1)
        #expect(french.removed == 1)
        #expect(french.coverageBefore == 0.25 && french.coverageAfter == 0.25)
        #expect(byLanguage["ja"]?.coverageAfter == 0.25)
    }

    @Test("coverage leaves out stale entries and those not to translate, and needs every variant translated")
    func coverage() throws {
        let catalog = try Self.catalog(B.catalog([
            ("a", B.entry([("de", B.text("x"))])),
            ("b", B.entry([("de", B.text("x"))], extraction: "stale")),
            ("c", B.entry([("de", B.text("x"))], extra: [("shouldTranslate", .bool(false))])),
            ("d", B.entry([("de", B.plural([("one", "x"), ("other", "y")], state: "translated"))])),
            ("e", B.entry([("de", .object([("variations", .object([("plural", .object([
                ("one", B.text("x")), ("other", B.text("y", "needs_review")),
            ]))]))]))])),
        ]))
        let coverage = Coverage(catalog)
        #expect(coverage.total == 3)
        #expect(coverage.translated["de"] == 2)
        // Every language of the catalog, in entries to translate or not.
        #expect(coverage.languages == ["de"])
    }

    @Test("coverage of 300 languages listed in another order in every entry: each counted as a plain count says")
    func coverageOfManyLanguages() throws {
        var random = SplitMix64(seed: 3)
        let languages = (0..<300).map { "l\($0)" }
        var expected: [String: Int] = [:]
        var entries: [(String, JSONValue)] = []
        for number in 0..<40 {
            var localizations: [(String, JSONValue)] = []
            for language in languages.shuffled(using: &random) where Bool.random(using: &random) {
                let translated = Bool.random(using: &random)
                if translated { expected[language, default: 0] += 1 }
                localizations.append((language, B.text("x", translated ? "translated" : "new")))
            }
            entries.append(("k\(number)", B.entry(localizations)))
        }
        let coverage = Coverage(try Self.catalog(B.catalog(entries)))
        #expect(coverage.total == 40)
        #expect(coverage.translated == expected)
        #expect(coverage.languages.count == 300)
    }

    @Test("an added catalog and a deleted one")
    func addedAndDeleted() throws {
        let added = try Self.diff(nil, Self.before)
        #expect(added.changes.filter { $0.kind == .entryAdded }.count == 4)
        #expect(added.oldPath == nil)
        let deleted = try Self.diff(Self.before, nil)
        #expect(deleted.changes.map(\.kind) == Array(repeating: .entryRemoved, count: 4))
        #expect(deleted.statistics.first { $0.language == "de" }?.removed == 2)
    }

    @Test("another tool's layout of the same catalog is no change at all")
    func layoutOnly() throws {
        let compact = #"{"version":"1.0","strings":{"Hello":{"localizations":{"de":{"stringUnit":{"value":"Hallo","state":"translated"}}}}},"sourceLanguage":"en"}"#
        let xcode = B.catalog([("Hello", B.entry([("de", B.text("Hallo"))]))])
        let diff = CatalogDiff.compare(old: try Catalog(parsing: Array(compact.utf8)), new: try Self.catalog(xcode),
                                       oldPath: "L", newPath: "L")
        #expect(diff.changes.isEmpty)
    }

    @Test("--language keeps only those languages")
    func languageFilter() throws {
        let diff = try Self.diff(Self.before, Self.after, languages: ["ru", "ja"])
        #expect(Set(diff.changes.compactMap(\.language)) == ["ru", "ja"])
        #expect(diff.statistics.map(\.language) == ["ja", "ru"])
    }

    @Test("the text form groups by entry, one line per translation, escapes shown")
    func text() throws {
        let old = B.catalog([("Hello", B.entry([("de", B.text("Hallo")), ("fr", B.text("Salut", "needs_review"))]))])
        let new = B.catalog([("Hello", B.entry([("de", B.text("Servus\nda")), ("fr", B.text("Salut")), ("ja", B.text("こんにちは"))])),
                             ("New", B.entry([("de", B.text("Neu"))]))])
        let text = DiffRenderer.text([try Self.diff(old, new)], color: false)
        #expect(text == """
            L.xcstrings
            ~ "Hello"
                de   "Hallo" → "Servus\\nda"
                fr   state needs_review → translated
                ja + "こんにちは"  [translated]
            + "New"  (1 translation)
                de + "Neu"  [translated]

            """)
        let colored = DiffRenderer.text([try Self.diff(old, new)], color: true)
        #expect(colored.contains("\u{1B}[32m+ \"Neu\"\u{1B}[0m"))
    }

    @Test("--stat: a line per language that moved, counts in words, coverage aligned")
    func stat() throws {
        // An added English-only entry changes French coverage without a French change;
        // German is untouched and left out.
        let old = B.catalog([("A", B.entry([("en", B.text("A")), ("fr", B.text("A-fr")), ("de", B.text("A-de"))]))])
        let new = B.catalog([("A", B.entry([("en", B.text("A")), ("fr", B.text("A-fr")), ("de", B.text("A-de"))])),
                             ("B", B.entry([("en", B.text("B"))]))])
        #expect(DiffRenderer.stat([try Self.diff(old, new)], color: false) == """
            L.xcstrings
              entries: 1 added, 1 now untranslated
              en  1 added      (source)
              de  no changes   coverage 100% → 50%
              fr  no changes   coverage 100% → 50%

            """)
        let reviewed = B.catalog([("A", B.entry([("en", B.text("A")), ("fr", B.text("A-fr", "needs_review")), ("de", B.text("A-de"))]))])
        let edited = B.catalog([("A", B.entry([("en", B.text("A")), ("fr", B.text("A-fr")), ("de", B.text("A-de2"))]))])
        #expect(DiffRenderer.stat([try Self.diff(reviewed, edited)], color: false) == """
            L.xcstrings
              de  1 changed        coverage 100% → 100%
              fr  1 state change   coverage   0% → 100%, review 100% → 0%

            """)
        #expect(DiffRenderer.stat([try Self.diff(reviewed, edited)], color: true).contains("\u{1B}[33m1 changed\u{1B}[0m"))
    }

    @Test("the JSON form has every field, and parses back")
    func json() throws {
        let bytes = DiffRenderer.json([try Self.diff(Self.before, Self.after)])
        let document = try JSONDocument(parsing: bytes)
        let value = JSONValue(document, document.root)
        guard case .array(let files)? = value["files"], let file = files.first else { Issue.record("no files"); return }
        #expect(file["old_path"] == .string("L.xcstrings"))
        guard case .array(let changes)? = file["changes"] else { Issue.record("no changes"); return }
        for change in changes {
            #expect(change.members.map(\.key) == ["kind", "key", "language", "variant", "field", "old", "new", "old_state",
                                                  "new_state", "translations", "normalization_only"])
        }
        #expect(changes.contains { $0["kind"] == .string("translation_changed") && $0["old"] == .string("Hallo") })
        #expect(file[path: "stats", "de", "coverage_after"] == .number("0.5"))
    }

    // MARK: Changes no review may hide

    @Test("a text changed only in Unicode normalization is a change, marked as such, with the scalars spelled out")
    func normalizationOnly() throws {
        let nfc = "Caf\u{E9}", nfd = "Cafe\u{301}"
        #expect(nfc == nfd && !nfc.utf8.elementsEqual(nfd.utf8))
        let old = B.catalog([("Coffee", B.entry([("fr", B.text(nfc))]))])
        let new = B.catalog([("Coffee", B.entry([("fr", B.text(nfd))]))])
        let diff = try Self.diff(old, new)
        #expect(diff.changes.count == 1)
        let change = try #require(diff.changes.first)
        #expect(change.kind == .translationChanged && change.normalizationOnly)
        #expect(change.old.map { same($0, .text(nfc)) } == true && change.new.map { same($0, .text(nfd)) } == true)
        let text = DiffRenderer.text([diff], color: false)
        #expect(text.contains(#""Caf\u{e9}" → "Cafe\u{301}"  (normalization only)"#), "\(text)")
        let json = try JSONDocument(parsing: DiffRenderer.json([diff]))
        let first = try #require(JSONValue(json, json.root)["files"].flatMap { if case .array(let files) = $0 { files.first } else { nil } })
        guard case .array(let changes)? = first["changes"] else { Issue.record("no changes"); return }
        #expect(changes.first?["normalization_only"] == .bool(true))
    }

    @Test("keys that differ only in normalization are an entry removed and one added, told apart in the text")
    func normalizationOnlyKeys() throws {
        let old = B.catalog([("Caf\u{E9}", B.entry([("de", B.text("Kaffee"))]))])
        let new = B.catalog([("Cafe\u{301}", B.entry([("de", B.text("Kaffee"))]))])
        let diff = try Self.diff(old, new)
        #expect(diff.changes.filter { $0.kind == .entryAdded || $0.kind == .entryRemoved }.map(\.normalizationOnly) == [true, true])
        let text = DiffRenderer.text([diff], color: false)
        #expect(text.contains(#"+ "Cafe\u{301}" (normalization only)"#), "\(text)")
        #expect(text.contains(#"- "Caf\u{e9}" (normalization only)"#), "\(text)")
        // Each key keeps its own lines: the added one's translation under it, no third entry that looks like both.
        #expect(text.hasSuffix("\n+ \"Cafe\\u{301}\" (normalization only)  (1 translation)\n    de + \"Kaffee\"  [translated]\n"
                + "- \"Caf\\u{e9}\" (normalization only)  (1 translation removed)\n"), "\(text)")
        #expect(diff.entryStatistics.renormalized == 1)
        #expect(DiffRenderer.stat([diff], color: false).contains("  entries: 1 added, 1 removed, 1 key changed only in Unicode normalization\n"))
        let markdown = MarkdownReport.render([diff])
        #expect(markdown.contains(#"<code>"Cafe\u{301}"</code> added (normalization only)"#), "\(markdown)")
        #expect(markdown.contains(#"<code>"Caf\u{e9}"</code> removed (normalization only)"#), "\(markdown)")
    }

    @Test("--max-bytes: whole entries while they fit, then a line counting the entries and languages left out")
    func markdownWithinALimit() throws {
        let keys = (0..<40).map { "Key \($0)" }
        let old = B.catalog(keys.map { ($0, B.entry([("de", B.text("alt \($0)"))])) })
        let new = B.catalog(keys.map { key in
            (key, B.entry([("de", B.text("neu \(key)")), ("fr", B.text("nouveau \(key)")), ("ja", B.text("新しい \(key)"))]))
        })
        let diff = try Self.diff(old, new)
        let whole = MarkdownReport.render([diff])
        let command = "git xcstrings diff main...feature"
        // A limit the report fits in changes nothing.
        #expect(MarkdownReport.render([diff], maxBytes: whole.utf8.count, command: command) == whole)
        for limit in [600, 2_000, whole.utf8.count - 1] {
            let short = MarkdownReport.render([diff], maxBytes: limit, command: command)
            #expect(short.utf8.count <= limit, "\(limit): \(short.utf8.count)")
            let shown = short.ranges(of: "<details>").count
            // Every entry shown is whole, and the rest are counted.
            #expect(short.ranges(of: "</details>").count == shown)
            #expect(shown < 40)
            #expect(short.hasSuffix("**Left out to keep this short: \(40 - shown) \(40 - shown == 1 ? "entry" : "entries") in 3 languages, from 1 file.** "
                                    + "`git xcstrings diff main...feature` shows them all.\n"), "\(short.suffix(200))")
            // What is shown is the report's beginning, word for word.
            let kept = short[..<short.firstRange(of: "**Left out")!.lowerBound]
            #expect(whole.hasPrefix(kept))
        }
        // The file's heading and language table come first and stay.
        #expect(MarkdownReport.render([diff], maxBytes: 2_000, command: command).contains("| Language | Added |"))
        // A second file left out whole, with no entries (a rename): counted as a file.
        let value = B.catalog([("Hello", B.entry([("de", B.text("Hallo"))]))])
        let renamed = CatalogDiff.compare(old: try Catalog(parsing: value.xcodeLayout()), new: try Catalog(parsing: value.xcodeLayout()),
                                          oldPath: String(repeating: "Old/", count: 30) + "L.xcstrings",
                                          newPath: String(repeating: "New/", count: 30) + "L.xcstrings")
        let both = MarkdownReport.render([diff, renamed])
        // Room for the first file and the longest form of the line (42 sections, 3 languages, 2 files), not for the rename.
        let longest = "**Left out to keep this short: 42 entries in 3 languages, from 2 files.** `\(command)` shows them all.\n"
        let cut = MarkdownReport.render([diff, renamed], maxBytes: whole.utf8.count + longest.utf8.count, command: command)
        #expect(both.contains("Renamed, content unchanged.") && !cut.contains("Renamed"))
        #expect(cut.contains("**Left out to keep this short: 1 file.**"), "\(cut.suffix(200))")
    }

    @Test("a file changed only in layout says so in the text too; --stat shows the catalog's own members")
    func layoutOnlyAndCatalogMembers() throws {
        let value = B.catalog([("Hello", B.entry([("de", B.text("Hallo"))]))])
        let old = try Catalog(parsing: value.xcodeLayout()), compact = try Catalog(parsing: value.compactText())
        let layout = CatalogDiff.compare(old: old, new: compact, oldPath: "L.xcstrings", newPath: "L.xcstrings")
        #expect(!layout.hasChanges && !layout.isIdentical)
        #expect(DiffRenderer.text([layout], color: false) == "L.xcstrings\n  layout only (the same catalog, written differently)\n")
        let newer = try Self.diff(value, B.catalog([("Hello", B.entry([("de", B.text("Hallo"))]))], version: "1.1"))
        #expect(DiffRenderer.stat([newer], color: false) == "L.xcstrings\n  version \"1.0\" → \"1.1\"\n")
    }

    @Test("a string set's values are compared item by item and given as lists")
    func stringSets() throws {
        func phrases(_ values: [String]) -> JSONValue {
            B.catalog([("Open", B.entry([("en", .object([("stringSet", .object([
                ("state", .string("translated")), ("values", .array(values.map(JSONValue.string)))]))]))]))])
        }
        let diff = try Self.diff(phrases(["a\nb"]), phrases(["a", "b"]))
        #expect(diff.changes.map(\.kind) == [.translationChanged])
        #expect(diff.changes.first?.old == .list(["a\nb"]) && diff.changes.first?.new == .list(["a", "b"]))
        #expect(DiffRenderer.text([diff], color: false).contains(#"["a\nb"] → ["a", "b"]"#))
        let json = String(decoding: DiffRenderer.json([diff]), as: UTF8.self)
        #expect(json.contains("\"old\" : [\n            \"a\\nb\"\n          ]"), "\(json)")
    }

    @Test("a substitution's argNum and formatSpecifier, and isCommentAutoGenerated alone, are changes")
    func substitutionsAndFlags() throws {
        func catalog(argument: Int, format: String, generated: Bool) -> JSONValue {
            let substitution: JSONValue = .object([("argNum", .number(String(argument))), ("formatSpecifier", .string(format)),
                                                   ("variations", .object([("plural", .object([("one", B.text("%arg"))]))]))])
            return B.catalog([("Files", B.entry([("en", .object([("stringUnit", B.unit("%#@n@")),
                                                                 ("substitutions", .object([("n", substitution)]))]))],
                                                comment: "Count", generated: generated))])
        }
        let diff = try Self.diff(catalog(argument: 1, format: "lld", generated: true), catalog(argument: 2, format: "d", generated: false))
        let found = diff.changes.map { "\($0.kind.rawValue) \($0.language ?? "-") \($0.variant) \($0.field ?? "-") \($0.old?.description ?? "nil") \($0.new?.description ?? "nil")" }
        #expect(found.sorted() == [
            "entry_changed -  isCommentAutoGenerated true nil",
            "substitution_changed en substitutions.n argNum 1 2",
            "substitution_changed en substitutions.n formatSpecifier lld d",
        ])
        let text = DiffRenderer.text([diff], color: false)
        #expect(text.contains("    en substitutions.n       argNum 1 → 2\n"), "\(text)")
        #expect(text.contains("formatSpecifier \"lld\" → \"d\""), "\(text)")
        #expect(text.contains("    isCommentAutoGenerated - true\n"), "\(text)")
        // --stat counts them: the entry's own field, the substitution's change as a change of that language.
        let stat = DiffRenderer.stat([diff], color: false)
        #expect(stat.contains("  entries: 1 with comments or other fields changed\n"), "\(stat)")
        #expect(stat.contains("  en  2 changed"), "\(stat)")
    }

    @Test("substitutions' arguments are compared name by name: alike they are no change, added, removed or renamed they are")
    func substitutionArgumentsByName() throws {
        func catalog(_ text: String, _ substitutions: [(String, Int)]) -> JSONValue {
            B.catalog([("Files", B.entry([("en", .object([
                ("stringUnit", B.unit(text)),
                ("substitutions", .object(substitutions.map { name, argument in
                    (name, .object([("argNum", .number(String(argument))), ("formatSpecifier", .string("lld")),
                                    ("variations", .object([("plural", .object([("other", B.text("%arg \(name)"))]))]))]))
                })),
            ]))]))])
        }
        func found(_ old: JSONValue, _ new: JSONValue) throws -> [String] {
            try Self.diff(old, new).changes.map { "\($0.kind.rawValue) \($0.variant) \($0.field ?? "-") \($0.old?.description ?? "nil") \($0.new?.description ?? "nil")" }.sorted()
        }
        // The text changed, the arguments did not (in another order of the substitutions, too).
        #expect(try found(catalog("%#@n@ %#@m@", [("n", 1), ("m", 2)]), catalog("%#@n@, %#@m@", [("n", 1), ("m", 2)]))
                == ["translation_changed  - %#@n@ %#@m@ %#@n@, %#@m@"])
        #expect(try found(catalog("%#@n@ %#@m@", [("n", 1), ("m", 2)]), catalog("%#@n@, %#@m@", [("m", 2), ("n", 1)]))
                == ["translation_changed  - %#@n@ %#@m@ %#@n@, %#@m@"])
        // A substitution added beside a changed text: its arguments are changes.
        #expect(try found(catalog("%#@n@", [("n", 1)]), catalog("%#@n@ %#@m@", [("n", 1), ("m", 2)])) == [
            "substitution_changed substitutions.m argNum nil 2",
            "substitution_changed substitutions.m formatSpecifier nil lld",
            "translation_added substitutions.m.plural.other - nil %arg m",
            "translation_changed  - %#@n@ %#@n@ %#@m@",
        ])
        // The same names and arguments in other places (found by review: once hidden as "layout only").
        func devices(_ arguments: [(device: String, argument: Int?)]) -> JSONValue {
            B.catalog([("k", B.entry([("de", .object([("variations", .object([("device", .object(arguments.map { device, argument in
                var members: [(String, JSONValue)] = [("stringUnit", B.unit("%#@n@"))]
                if let argument {
                    members.append(("substitutions", .object([("n", .object([("argNum", .number(String(argument))),
                                                                           ("formatSpecifier", .string("lld"))]))])))
                }
                return (device, .object(members))
            }))]))]))]))])
        }
        #expect(try found(devices([("ipad", 1), ("iphone", nil)]), devices([("ipad", nil), ("iphone", 1)])) == [
            "substitution_changed device.ipad.substitutions.n argNum 1 nil",
            "substitution_changed device.ipad.substitutions.n formatSpecifier lld nil",
            "substitution_changed device.iphone.substitutions.n argNum nil 1",
            "substitution_changed device.iphone.substitutions.n formatSpecifier nil lld",
        ])
        // Values swapped between places whose order swapped too: the same arguments in the same order, at other paths.
        let swapped = CatalogDiff.compare(old: try Catalog(parsing: devices([("ipad", 2), ("iphone", 1)]).compactText()),
                                          new: try Catalog(parsing: devices([("iphone", 2), ("ipad", 1)]).compactText()),
                                          oldPath: "L.xcstrings", newPath: "L.xcstrings")
        #expect(swapped.changes.map { "\($0.variant) \($0.field ?? "-") \($0.old?.description ?? "nil") \($0.new?.description ?? "nil")" }.sorted() == [
            "device.ipad.substitutions.n argNum 2 1",
            "device.iphone.substitutions.n argNum 1 2",
        ])
        // Renamed, with the same arguments: the old name's go, the new name's come.
        #expect(try found(catalog("%#@n@", [("n", 1)]), catalog("%#@m@", [("m", 1)])) == [
            "substitution_changed substitutions.m argNum nil 1",
            "substitution_changed substitutions.m formatSpecifier nil lld",
            "substitution_changed substitutions.n argNum 1 nil",
            "substitution_changed substitutions.n formatSpecifier lld nil",
            "translation_added substitutions.m.plural.other - nil %arg m",
            "translation_changed  - %#@n@ %#@m@",
            "translation_removed substitutions.n.plural.other - %arg n nil",
        ])
    }

    @Test("a unit and a set in one localization are each compared with their own kind; a unit that became a set is one change")
    func unitAndSetAtOnePlace() throws {
        func catalog(unit: String?, set: [String]?) -> JSONValue {
            var members: [(String, JSONValue)] = []
            if let unit { members.append(("stringUnit", B.unit(unit))) }
            if let set { members.append(("stringSet", .object([("state", .string("translated")), ("values", .array(set.map(JSONValue.string)))]))) }
            return B.catalog([("k", B.entry([("de", .object(members))]))])
        }
        func found(_ old: JSONValue, _ new: JSONValue) throws -> [String] {
            try Self.diff(old, new).changes.map { "\($0.kind.rawValue) \($0.old?.description ?? "nil") \($0.new?.description ?? "nil")" }.sorted()
        }
        // Found by review: the unit was compared with the set (`["s"] → "b"`).
        #expect(try found(catalog(unit: "a", set: ["s"]), catalog(unit: "b", set: ["s"])) == ["translation_changed a b"])
        #expect(try found(catalog(unit: "a", set: ["s"]), catalog(unit: "a", set: ["t"])) == ["translation_changed s t"])
        #expect(try found(catalog(unit: "a", set: ["s"]), catalog(unit: "a", set: nil)) == ["translation_removed s nil"])
        #expect(try found(catalog(unit: nil, set: ["s"]), catalog(unit: "a", set: ["s"])) == ["translation_added nil a"])
        #expect(try found(catalog(unit: nil, set: ["s"]), catalog(unit: "s", set: nil)) == ["translation_changed s s"])
    }

    @Test("translations are matched by where they sit, among a few and among many (devices × plural categories)")
    func translationsMatchedByPlace() throws {
        func catalog(devices: [String], edit: Bool) -> JSONValue {
            let categories = ["zero", "one", "two", "few", "many", "other"]
            let cases = devices.map { device -> (String, JSONValue) in
                let plural = categories.compactMap { category -> (String, JSONValue)? in
                    // Edited: iphone's `few` reads otherwise, `many` goes, `zero` comes.
                    if edit && device == "iphone" && category == "many" { return nil }
                    if !edit && device == "iphone" && category == "zero" { return nil }
                    let text = edit && device == "iphone" && category == "few" ? "\(device) \(category)!" : "\(device) \(category)"
                    return (category, B.text(text))
                }
                return (device, .object([("variations", .object([("plural", .object(plural))]))]))
            }
            return B.catalog([("Files", B.entry([("de", .object([("variations", .object([("device", .object(cases))]))]))]))])
        }
        // One device is 6 places, four devices 24 (the many, looked up through an index).
        for devices in [["iphone"], ["iphone", "ipad", "mac", "applewatch"]] {
            let diff = try Self.diff(catalog(devices: devices, edit: false), catalog(devices: devices, edit: true))
            let found = diff.changes.map { "\($0.kind.rawValue) \($0.variant) \($0.old?.description ?? "nil") \($0.new?.description ?? "nil")" }
            #expect(found.sorted() == [
                "translation_added device.iphone.plural.zero nil iphone zero",
                "translation_changed device.iphone.plural.few iphone few iphone few!",
                "translation_removed device.iphone.plural.many iphone many nil",
            ], "\(devices.count) devices")
        }
    }

    @Test("members the schema does not name are never hidden, at any depth; --language leaves out other languages'")
    func unnamedMembers() throws {
        func catalog(_ mark: Int) -> JSONValue {
            B.catalog([("Hello", .object([
                ("localizations", .object([
                    ("de", .object([("stringUnit", .object([("state", .string("translated")), ("value", .string("Hallo")),
                                                            ("x-reviewer", .string("r\(mark)"))]))])),
                    ("fr", .object([("stringUnit", B.unit("Salut")), ("x-tm", .number(String(mark)))])),
                ])),
                ("x-tool", .object([("id", .number(String(mark)))])),
            ]))])
        }
        let diff = try Self.diff(catalog(1), catalog(2))
        #expect(diff.changes.map { $0.field ?? "" }.sorted() == ["localizations.de.stringUnit.x-reviewer", "localizations.fr.x-tm", "x-tool.id"])
        #expect(diff.changes.allSatisfy { $0.kind == .entryChanged })
        #expect(try Self.diff(catalog(1), catalog(2), languages: ["de"]).changes.map { $0.field ?? "" }.sorted()
                == ["localizations.de.stringUnit.x-reviewer", "x-tool.id"])
        // The same catalog in another layout has none.
        #expect(try Self.diff(catalog(1), catalog(1)).changes.isEmpty)
    }

    @Test("what holds no translation is still a change: a top-level member, an empty language, an empty plural")
    func emptyAndTopLevel() throws {
        let base = B.catalog([("Hello", B.entry([("de", B.text("Hallo"))]))])
        var topLevel = base
        topLevel["x-tool"] = .number("1")
        var emptyLanguage = base
        emptyLanguage[path: "strings", "Hello", "localizations", "es"] = .object([])
        var emptyVariations = base
        emptyVariations[path: "strings", "Hello", "localizations", "fr"] = .object([("variations", .object([]))])
        var emptyPlural = emptyVariations
        emptyPlural[path: "strings", "Hello", "localizations", "fr", "variations", "plural"] = .object([])
        #expect(try Self.diff(base, topLevel).changes.map { "\($0.kind.rawValue) \($0.field ?? "")" } == ["catalog_changed x-tool"])
        #expect(try Self.diff(base, emptyLanguage).changes.map { $0.field ?? "" } == ["localizations.es"])
        #expect(try Self.diff(emptyVariations, emptyPlural).changes.map { $0.field ?? "" } == ["localizations.fr.variations.plural"])
        #expect(try Self.diff(base, base).changes.isEmpty)
    }

    @Test("textconv: the comment flag on its own, names that could pass for another part quoted, top-level members")
    func textconvShapes() throws {
        var catalog = B.catalog([("Hello", B.entry([("fr plural.one", B.text("x")), ("comment", B.text("y"))]))])
        catalog[path: "strings", "Hello", "isCommentAutoGenerated"] = .bool(false)
        catalog["x-tool"] = .number("3")
        let text = TextConversion.text(try Self.catalog(catalog))
        #expect(text.contains("x-tool = 3\n"), "\(text)")
        #expect(text.contains("\"Hello\" isCommentAutoGenerated = false\n"), "\(text)")
        #expect(text.contains("\"Hello\" \"fr plural.one\" = \"x\" [translated]\n"), "\(text)")
        #expect(text.contains("\"Hello\" \"comment\" = \"y\" [translated]\n"), "\(text)")
    }

    @Test("the text, stat and Markdown reports show keys, languages, variants and texts with nothing a terminal would obey; JSON keeps them as they are")
    func reportsEscapeControls() throws {
        let key = "k\u{9B}31m\u{202E}\u{2028}\u{200F}\u{61C}\u{7F}\u{1B}[2J", language = "de\u{1B}[31m\u{7}", device = "i\u{202E}phone"
        let old = B.catalog([(key, B.entry([("en", B.text("x")), (language, B.text("w")),
                                            ("fr", .object([("variations", .object([("device", .object([(device, B.text("a"))]))]))]))]))])
        let new = B.catalog([(key, B.entry([("en", B.text("x")), (language, B.text("changed\u{202E}")),
                                            ("fr", .object([("variations", .object([("device", .object([(device, B.text("b"))]))]))]))]))])
        let diff = try Self.diff(old, new)
        let controls = Set((0..<0x20).map { Unicode.Scalar($0)! }.filter { $0 != "\n" } + (0x7F...0x9F).map { Unicode.Scalar($0)! }
                           + ["\u{61C}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}", "\u{202E}"])
        for (name, report) in [("text", DiffRenderer.text([diff], color: false)), ("stat", DiffRenderer.stat([diff], color: false, verbose: true)),
                               ("markdown", MarkdownReport.render([diff]))] {
            #expect(!report.unicodeScalars.contains(where: controls.contains), "\(name): \(report)")
            #expect(report.contains("de\\u001b[31m\\u0007"), "\(name): \(report)")
        }
        #expect(DiffRenderer.text([diff], color: false).contains("i\\u202ephone"))
        // Colour is the report's own, and only its own.
        let coloured = DiffRenderer.text([diff], color: true)
        #expect(!coloured.contains("\u{1B}[2J") && coloured.contains("de\\u001b[31m\\u0007"))
        // Markdown's own escaping, for what reaches it unescaped.
        #expect(MarkdownReport.escaped("a\u{1B}b\u{202E}c\u{85}|") == "a&#x1B;b&#x202E;c&#x85;&#124;")
        let json = String(decoding: DiffRenderer.json([diff]), as: UTF8.self)
        #expect(try Catalog(parsing: Array(json.utf8)).document.kind(0) == .object || json.contains("\\u001b"))
    }

    @Test("VisibleText finds what it escapes at every place in a text, in and across the blocks it scans at once")
    func visibleTextPlaces() {
        for length in [0, 15, 16, 17, 40] {
            for place in 0...length {
                let before = String(repeating: "a", count: place), after = String(repeating: "b", count: length - place)
                #expect(VisibleText.of(before + "\u{202E}" + after) == before + "\\u202e" + after)
                #expect(VisibleText.of(before + "\u{1B}" + after + "\u{85}") == before + "\\u001b" + after + "\\u0085")
                // Lead bytes of what is escaped, in text that is not: copied as it is.
                let kept = before + "— ç ¢ ؛ x" + after
                #expect(VisibleText.of(kept) == kept)
            }
        }
    }

    @Test("VisibleText escapes exactly the scalars it says it does, byte path and scalar predicate alike")
    func visibleTextSet() {
        for value in Array(0..<0x3000) + [0xFEFF, 0x1F600, 0x10FFFF] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            let escaped = VisibleText.of(text) != text
            #expect(escaped == VisibleText.isEscaped(scalar), "U+\(String(value, radix: 16))")
            if scalar == "\n" { #expect(VisibleText.of(text, keepingLineBreaks: true) == text) }
        }
    }
}
