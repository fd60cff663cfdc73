import Foundation
import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// One test for every merge rule docs/MERGE.md lists, and for keys being opaque.
@Suite("Merge rules")
struct MergeRulesTests {

    static let base = B.catalog([
        ("Hello", B.entry([("en", B.text("Hello")), ("de", B.text("Hallo")), ("fr", B.text("Bonjour", "needs_review"))])),
        ("World", B.entry([("en", B.text("World")), ("de", B.text("Welt"))])),
    ])

    /// `base` with one entry's localization replaced.
    static func with(_ key: String, _ language: String, _ localization: JSONValue?, in catalog: JSONValue = base) -> JSONValue {
        var catalog = catalog
        catalog[path: "strings", key, "localizations", language] = localization
        return catalog
    }

    @Test("changes on different keys and languages all survive")
    func independentChanges() throws {
        let ours = Self.with("Hello", "de", B.text("Servus"))
        let theirs = Self.with("World", "ja", B.text("世界"))
        let merge = try MergeCase(Self.base, ours, theirs)
        #expect(merge.conflicts.isEmpty)
        let value = try merge.value
        #expect(value[path: "strings", "Hello", "localizations", "de", "stringUnit", "value"] == .string("Servus"))
        #expect(value[path: "strings", "World", "localizations", "ja", "stringUnit", "value"] == .string("世界"))
        #expect(merge.result.mergedKeys == 2)
        #expect(merge.result.mergedTranslations == TranslationChanges(ours: 1, theirs: 1))
        #expect(merge.result.summary(name: "L.xcstrings")
                == "L.xcstrings: 2 keys changed; translations: 1 from ours, 1 from theirs; no conflicts")
    }

    @Test("the summary counts what one side changed when the other changed nothing (the file is taken whole)")
    func summaryOfOneSidedMerge() throws {
        var theirs = Self.base
        for (key, language, text) in [("Hello", "de", "Servus"), ("Hello", "ja", "こんにちは"), ("World", "de", "Erde")] {
            theirs = Self.with(key, language, B.text(text), in: theirs)
        }
        let merge = try MergeCase(Self.base, Self.base, theirs)
        #expect(merge.result.mergedTranslations == TranslationChanges(theirs: 3))
        #expect(merge.result.summary(name: "L.xcstrings") == "L.xcstrings: 2 keys changed; translations: 3 from theirs; no conflicts")
        #expect(merge.result.changedKeys == ["Hello", "World"])
        // Both sides made the same changes: counted as changed by both.
        let same = try MergeCase(Self.base, theirs, theirs)
        #expect(same.result.summary(name: "L.xcstrings") == "L.xcstrings: 2 keys changed; translations: 3 changed by both; no conflicts")
        let nothing = try MergeCase(Self.base, Self.base, Self.base)
        #expect(nothing.result.summary(name: "L.xcstrings") == "L.xcstrings: 0 keys changed; no translation changed; no conflicts")
    }

    @Test("a summary with many conflicts names five a line, three lines at most, then how many more")
    func summaryWraps() throws {
        let keys = (1...22).map { "Key \($0)" }
        func catalog(_ text: String) -> JSONValue {
            B.catalog(keys.map { ($0, B.entry([("de", B.text("\($0) \(text)")), ("en", B.text($0))])) })
        }
        let merge = try MergeCase(catalog("base"), catalog("ours"), catalog("theirs"))
        #expect(merge.result.conflicts.count == 22)
        #expect(merge.result.summary(name: "L.xcstrings").hasSuffix("; translations: 22 changed by both; 22 conflicts"))
        let details = merge.result.summaryDetails()
        #expect(details.count == 4)
        #expect(details[0] == "  \"Key 1\" de, \"Key 2\" de, \"Key 3\" de, \"Key 4\" de, \"Key 5\" de")
        #expect(details[3] == "  and 7 more (run with -v)")
        #expect(merge.result.summaryDetails(verbose: true).count == 5)
        #expect(!merge.result.summaryDetails(verbose: true).contains { $0.contains("more") })
    }

    @Test("rule 1: only one side changed the text: its whole unit wins, the other side's approval is dropped")
    func rule1() throws {
        let ours = Self.with("Hello", "fr", B.text("Salut", "needs_review"))
        let theirs = Self.with("Hello", "fr", B.text("Bonjour", "translated"))
        let merge = try MergeCase(Self.base, ours, theirs)
        #expect(merge.conflicts.isEmpty)
        #expect(try merge.value[path: "strings", "Hello", "localizations", "fr", "stringUnit"] == B.unit("Salut", "needs_review"))
        // And the same the other way round.
        let swapped = try MergeCase(Self.base, theirs, ours)
        #expect(try swapped.value[path: "strings", "Hello", "localizations", "fr", "stringUnit"] == B.unit("Salut", "needs_review"))
    }

    @Test("rule 2: both changed the text: a placeholder in state new loses; otherwise a conflict")
    func rule2() throws {
        let ours = Self.with("Hello", "de", B.text("Grüß Gott"))
        let placeholder = Self.with("Hello", "de", B.text("Hello", "new"))
        let merge = try MergeCase(Self.base, ours, placeholder)
        #expect(merge.conflicts.isEmpty)
        #expect(try merge.value[path: "strings", "Hello", "localizations", "de", "stringUnit"] == B.unit("Grüß Gott"))
        #expect(try MergeCase(Self.base, placeholder, ours).value[path: "strings", "Hello", "localizations", "de", "stringUnit"]
                == B.unit("Grüß Gott"))
        let theirs = Self.with("Hello", "de", B.text("Servus"))
        let conflict = try MergeCase(Self.base, ours, theirs)
        #expect(conflict.conflicts == ["\"Hello\" de"])
    }

    @Test("rule 2: a copy of the source text or of the key, new or needs_review, is a placeholder and loses; a translated copy does not")
    func rule2Copies() throws {
        let translated = Self.with("Hello", "de", B.text("Grüß Gott"))
        // needs_review holding the key itself, against a real translation, either way round.
        let keyCopy = Self.with("Hello", "de", B.text("Hello", "needs_review"))
        for (ours, theirs) in [(translated, keyCopy), (keyCopy, translated)] {
            let merge = try MergeCase(Self.base, ours, theirs)
            #expect(merge.conflicts.isEmpty)
            #expect(try merge.value[path: "strings", "Hello", "localizations", "de", "stringUnit"] == B.unit("Grüß Gott"))
            #expect(merge.result.copiesReplaced == 1)
            #expect(merge.result.summary(name: "L").contains("1 placeholder replaced by a translation"))
            #expect(merge.result.decisions.contains { $0.contains("placeholder (a copy of the key, state needs_review)") })
        }
        // Both new, one an English copy of the source text (not the key): the real one wins.
        let englishCopy = Self.with("World", "de", B.text("World", "new"))
        let newTranslation = Self.with("World", "de", B.text("Erde", "new"))
        let both = try MergeCase(Self.base, englishCopy, newTranslation)
        #expect(both.conflicts.isEmpty)
        #expect(try both.value[path: "strings", "World", "localizations", "de", "stringUnit"] == B.unit("Erde", "new"))
        // A copy marked translated is a translation ("OK" in German): both translated differently conflict.
        let translatedCopy = Self.with("Hello", "de", B.text("Hello", "translated"))
        #expect(try MergeCase(Self.base, translatedCopy, translated).conflicts == ["\"Hello\" de"])
        // Two real translations in needs_review still conflict.
        let review = Self.with("Hello", "de", B.text("Moin", "needs_review"))
        #expect(try MergeCase(Self.base, review, translated).conflicts == ["\"Hello\" de"])
        // A plural category copying the source's same category is a placeholder too.
        let plural = B.catalog([("%lld files", B.entry([("de", B.plural([("one", "%lld Datei"), ("other", "%lld Dateien")])),
                                                        ("en", B.plural([("one", "%lld file"), ("other", "%lld files")]))]))])
        func with(_ de: JSONValue) -> JSONValue {
            var catalog = plural
            catalog[path: "strings", "%lld files", "localizations", "de"] = de
            return catalog
        }
        let copied = with(B.plural([("one", "%lld Datei"), ("other", "%lld files")], state: "needs_review"))
        let fixed = with(B.plural([("one", "%lld Datei"), ("other", "%lld Dateien!")]))
        let merged = try MergeCase(plural, copied, fixed)
        #expect(merged.conflicts.isEmpty)
        #expect(try merged.value[path: "strings", "%lld files", "localizations", "de", "variations", "plural", "other", "stringUnit"]
                == B.unit("%lld Dateien!"))
    }

    @Test("rule 3: the same text in two states: translated > needs_review > new > anything else",
          arguments: [("translated", "needs_review", "translated"), ("needs_review", "new", "needs_review"),
                      ("new", "reviewed_by_bot", "new"), ("translated", "new", "translated")])
    func rule3(ours oursState: String, theirs theirsState: String, expected: String) throws {
        let ours = Self.with("Hello", "de", B.text("Hallo!", oursState))
        let theirs = Self.with("Hello", "de", B.text("Hallo!", theirsState))
        for (first, second) in [(ours, theirs), (theirs, ours)] {
            let merge = try MergeCase(Self.base, first, second)
            #expect(merge.conflicts.isEmpty)
            #expect(try merge.value[path: "strings", "Hello", "localizations", "de", "stringUnit"] == B.unit("Hallo!", expected))
            #expect(merge.result.statesByPrecedence == 1)
        }
    }

    @Test("rule 4: a translation made against the old source text is marked for review")
    func rule4() throws {
        // Ours rewrites the English source; theirs translated the old text and added Japanese.
        let ours = Self.with("Hello", "en", B.text("Hello there"))
        var theirs = Self.with("Hello", "de", B.text("Hallöchen"))
        theirs = Self.with("Hello", "ja", B.text("こんにちは"), in: theirs)
        theirs = Self.with("Hello", "fr", B.text("Bonjour", "new"), in: theirs)
        let merge = try MergeCase(Self.base, ours, theirs)
        #expect(merge.conflicts.isEmpty)
        let localizations = try #require(try merge.value[path: "strings", "Hello", "localizations"])
        #expect(localizations[path: "en", "stringUnit"] == B.unit("Hello there"))
        #expect(localizations[path: "de", "stringUnit"] == B.unit("Hallöchen", "needs_review"))
        #expect(localizations[path: "ja", "stringUnit"] == B.unit("こんにちは", "needs_review"))
        // A placeholder stays new.
        #expect(localizations[path: "fr", "stringUnit"] == B.unit("Bonjour", "new"))
        // Untouched translations keep their state.
        #expect(try merge.value[path: "strings", "World", "localizations", "de", "stringUnit"] == B.unit("Welt"))
        // Symmetric: the same when the sides are swapped.
        let swapped = try MergeCase(Self.base, theirs, ours)
        #expect(try swapped.value[path: "strings", "Hello", "localizations", "de", "stringUnit"] == B.unit("Hallöchen", "needs_review"))
    }

    @Test("rule 4 goes by the merged source language, so swapping the sides changes nothing (found by the fuzzer)")
    func rule4MergedSourceLanguage() throws {
        let base = B.catalog([("Stop", B.entry([("ja", B.text("停止")), ("de", B.text("Stopp"))]))], source: "ja")
        // Ours moves the catalog to Arabic as its source and adds Arabic; theirs edits the Japanese text.
        let ours = B.catalog([("Stop", B.entry([("ja", B.text("停止")), ("de", B.text("Stopp")), ("ar", B.text("توقف"))]))], source: "ar")
        let theirs = B.catalog([("Stop", B.entry([("ja", B.text("停止する")), ("de", B.text("Anhalten"))]))], source: "ja")
        let merge = try MergeCase(base, ours, theirs), swapped = try MergeCase(base, theirs, ours)
        #expect(merge.conflicts.isEmpty && swapped.conflicts.isEmpty)
        #expect(try merge.value == swapped.value)
        // Under the merged source (ar), ours wrote the source text: theirs' German is for review, whichever side is ours.
        #expect(try merge.value[path: "strings", "Stop", "localizations", "de", "stringUnit"] == B.unit("Anhalten", "needs_review"))
        #expect(try merge.value[path: "sourceLanguage"] == .string("ar"))
    }

    @Test("rule 4 reaches into variations: a plural case translated under a changed source")
    func rule4Variations() throws {
        let base = B.catalog([("%lld items", B.entry([("en", B.plural([("one", "%lld item"), ("other", "%lld items")])),
                                                      ("ru", B.plural([("one", "%lld предмет"), ("other", "%lld предметов")]))]))])
        let ours = B.catalog([("%lld items", B.entry([("en", B.plural([("one", "%lld thing"), ("other", "%lld things")])),
                                                      ("ru", B.plural([("one", "%lld предмет"), ("other", "%lld предметов")]))]))])
        let theirs = B.catalog([("%lld items", B.entry([("en", B.plural([("one", "%lld item"), ("other", "%lld items")])),
                                                        ("ru", B.plural([("few", "%lld предмета"), ("one", "%lld предмет"),
                                                                         ("other", "%lld предметов")]))]))])
        let merge = try MergeCase(base, ours, theirs)
        let plural = try #require(try merge.value[path: "strings", "%lld items", "localizations", "ru", "variations", "plural"])
        #expect(plural[path: "few", "stringUnit", "state"] == .string("needs_review"))
        #expect(plural[path: "one", "stringUnit", "state"] == .string("translated"))
    }

    @Test("rule 5: extraction states by precedence; two unknown ones conflict")
    func rule5() throws {
        func catalog(_ state: String?) -> JSONValue {
            B.catalog([("Hello", B.entry([("en", B.text("Hello"))], extraction: state))])
        }
        let cases: [(String?, String?, String?)] = [("extracted_with_value", "manual", "extracted_with_value"),
                                                    ("manual", "stale", "manual"), ("migrated", "stale", "migrated"),
                                                    (nil, "manual", nil), ("stale", "custom", "stale")]
        for (ours, theirs, expected) in cases {
            let merge = try MergeCase(catalog("base_state"), catalog(ours), catalog(theirs))
            #expect(merge.conflicts.isEmpty)
            #expect(try merge.value[path: "strings", "Hello", "extractionState"] == expected.map(JSONValue.string))
        }
        let conflict = try MergeCase(catalog("base_state"), catalog("custom_a"), catalog("custom_b"))
        #expect(conflict.conflicts == ["\"Hello\" extractionState"])
    }

    @Test("rule 6: an entry deleted on one side and changed on the other is kept, and marked stale")
    func rule6Entry() throws {
        var ours = Self.base
        var strings = ours["strings"]!
        strings["Hello"] = nil
        ours["strings"] = strings
        let theirs = Self.with("Hello", "de", B.text("Servus"))
        for merge in [try MergeCase(Self.base, ours, theirs), try MergeCase(Self.base, theirs, ours)] {
            #expect(merge.conflicts.isEmpty)
            let entry = try #require(try merge.value[path: "strings", "Hello"])
            #expect(entry["extractionState"] == .string("stale"))
            #expect(entry[path: "localizations", "de", "stringUnit"] == B.unit("Servus"))
            #expect(entry[path: "localizations", "fr", "stringUnit"] == B.unit("Bonjour", "needs_review"))
        }
        // Deleted on one side and untouched on the other: deleted.
        let deleted = try MergeCase(Self.base, ours, Self.base)
        #expect(try deleted.value[path: "strings", "Hello"] == nil)
        // The changed entry already has an extractionState, after members that sort after it (another
        // tool's order): it becomes stale once, never a second key (found by a hostile test).
        let old: JSONValue = .object([("comment", .string("c"))])
        let edited: JSONValue = .object([("comment", .string("c")), ("shouldTranslate", .bool(false)), ("extractionState", .string("manual"))])
        let before = B.catalog([("Keep", .object([])), ("Old", old)]), removed = B.catalog([("Keep", .object([]))])
        let after = B.catalog([("Keep", .object([])), ("Old", edited)])
        for merge in [try MergeCase(before, after, removed, keepOrder: true), try MergeCase(before, removed, after, keepOrder: true)] {
            #expect(merge.conflicts.isEmpty)
            #expect(merge.text.components(separatedBy: "extractionState").count == 2, "\(merge.text)")
            #expect(try merge.value[path: "strings", "Old", "extractionState"] == .string("stale"))
            #expect(try JSONDocument(parsing: Array(merge.text.utf8)).warnings.isEmpty)
        }
    }

    @Test("rule 6: a language, plural case, device or substitution deleted on one side and changed on the other is kept")
    func rule6Parts() throws {
        let deletedLanguage = Self.with("Hello", "fr", nil)
        let changedLanguage = Self.with("Hello", "fr", B.text("Salut"))
        let language = try MergeCase(Self.base, deletedLanguage, changedLanguage)
        #expect(try language.value[path: "strings", "Hello", "localizations", "fr", "stringUnit"] == B.unit("Salut"))

        let base = B.catalog([("k", B.entry([("ru", B.plural([("few", "a"), ("one", "b"), ("other", "c")])),
                                             ("de", B.device([("iphone", "i"), ("mac", "m")]))]))])
        let ours = B.catalog([("k", B.entry([("ru", B.plural([("one", "b"), ("other", "c")])),
                                             ("de", B.device([("iphone", "i")]))]))])
        let theirs = B.catalog([("k", B.entry([("ru", B.plural([("few", "a!"), ("one", "b"), ("other", "c")])),
                                               ("de", B.device([("iphone", "i"), ("mac", "m!")]))]))])
        let parts = try MergeCase(base, ours, theirs)
        #expect(parts.conflicts.isEmpty)
        let localizations = try #require(try parts.value[path: "strings", "k", "localizations"])
        #expect(localizations[path: "ru", "variations", "plural", "few", "stringUnit", "value"] == .string("a!"))
        #expect(localizations[path: "de", "variations", "device", "mac", "stringUnit", "value"] == .string("m!"))

        let substitution: (String?) -> JSONValue = { text in
            var localization: [(key: String, value: JSONValue)] = [("stringUnit", B.unit("%#@n@"))]
            if let text {
                localization.append(("substitutions", .object([("n", .object([
                    ("argNum", .number("1")), ("formatSpecifier", .string("lld")),
                    ("variations", .object([("plural", .object([("other", B.text(text))]))])),
                ]))])))
            }
            return B.catalog([("n", B.entry([("de", .object(localization))]))])
        }
        let kept = try MergeCase(substitution("%arg Dinge"), substitution(nil), substitution("%arg Sachen"))
        #expect(try kept.value[path: "strings", "n", "localizations", "de", "substitutions", "n", "variations", "plural",
                                "other", "stringUnit", "value"] == .string("%arg Sachen"))
    }

    @Test("rule 7: a written comment beats a generated one and brings its flag; two written comments conflict")
    func rule7() throws {
        func catalog(_ comment: String?, generated: Bool) -> JSONValue {
            B.catalog([("Hello", B.entry([("en", B.text("Hello"))], comment: comment, generated: generated))])
        }
        let base = catalog("A greeting", generated: true)
        let written = catalog("Shown on the welcome screen", generated: false)
        let generated = catalog("A friendly greeting", generated: true)
        for merge in [try MergeCase(base, written, generated), try MergeCase(base, generated, written)] {
            #expect(merge.conflicts.isEmpty)
            #expect(try merge.value[path: "strings", "Hello", "comment"] == .string("Shown on the welcome screen"))
            #expect(try merge.value[path: "strings", "Hello", "isCommentAutoGenerated"] == nil)
        }
        let other = catalog("Greets the user", generated: false)
        let conflict = try MergeCase(base, written, other)
        #expect(conflict.conflicts == ["\"Hello\" comment"])
        #expect(conflict.hunks.count == 1)
        #expect(conflict.hunks[0].contains { $0.contains("Shown on the welcome screen") })
    }

    @Test("rule 7: the comment and isCommentAutoGenerated are one unit, whichever side changed which")
    func rule7Unit() throws {
        func catalog(_ comment: String?, generated: Bool) -> JSONValue {
            B.catalog([("Hello", B.entry([("en", B.text("Hello"))], comment: comment, generated: generated))])
        }
        func unit(_ merge: MergeCase) throws -> (JSONValue?, JSONValue?) {
            (try merge.value[path: "strings", "Hello", "comment"], try merge.value[path: "strings", "Hello", "isCommentAutoGenerated"])
        }
        // The reported case: no comment in the base; ours generated one, theirs wrote one.
        let none = catalog(nil, generated: false)
        let generated = catalog("A greeting.", generated: true)
        let written = catalog("Greeting on the welcome screen", generated: false)
        for merge in [try MergeCase(none, generated, written), try MergeCase(none, written, generated)] {
            #expect(merge.conflicts.isEmpty)
            #expect(try unit(merge) == (.string("Greeting on the welcome screen"), nil))
        }
        // Xcode only marked the same text generated on one side, the other side rewrote it: the written one wins.
        let base = catalog("Hello", generated: false)
        let marked = catalog("Hello", generated: true)
        let rewritten = catalog("Says hello on launch", generated: false)
        for merge in [try MergeCase(base, marked, rewritten), try MergeCase(base, rewritten, marked)] {
            #expect(merge.conflicts.isEmpty)
            #expect(try unit(merge) == (.string("Says hello on launch"), nil))
        }
        // Two generated comments that differ: not a conflict; theirs, and -v says so.
        let first = catalog("A greeting", generated: true), second = catalog("A welcome message", generated: true)
        let both = try MergeCase(base, first, second)
        #expect(both.conflicts.isEmpty)
        #expect(try unit(both) == (.string("A welcome message"), .bool(true)))
        #expect(both.result.decisions.contains { $0.contains("comment") && $0.contains("generated") && $0.contains("theirs") })
        // Both marked it generated, only one changed its text: that text, whichever side is ours (found by the fuzzer).
        for merge in [try MergeCase(base, marked, first), try MergeCase(base, first, marked)] {
            #expect(merge.conflicts.isEmpty)
            #expect(try unit(merge) == (.string("A greeting"), .bool(true)))
        }
        // One side deleted the comment, the other changed it: the change, with its flag.
        let deleted = try MergeCase(first, none, second)
        #expect(try unit(deleted) == (.string("A welcome message"), .bool(true)))
        // A one-sided change keeps the pair together as that side has it.
        let oneSided = try MergeCase(marked, marked, rewritten)
        #expect(try unit(oneSided) == (.string("Says hello on launch"), nil))
        // Both deleted the comment, one side leaving the flag behind: no comment and no flag, whichever side is ours (found by the fuzzer).
        let flagOnly = catalog(nil, generated: true)
        for merge in [try MergeCase(rewritten, none, flagOnly), try MergeCase(rewritten, flagOnly, none)] {
            #expect(merge.conflicts.isEmpty)
            #expect(try unit(merge) == (nil, nil))
        }
    }

    @Test("keys that differ only in Unicode normalization, one added by each side, are both kept and said; one side's own pair is not the merge's doing")
    func equivalentKeysFromBothSides() throws {
        let base = B.catalog([("Tea", B.entry([("fr", B.text("Thé"))]))])
        let ours = B.catalog([("Tea", B.entry([("fr", B.text("Thé"))])), ("Caf\u{E9}", B.entry([("fr", B.text("a"))]))])
        let theirs = B.catalog([("Tea", B.entry([("fr", B.text("Thé"))])), ("Cafe\u{301}", B.entry([("fr", B.text("b"))]))])
        let merge = try MergeCase(base, ours, theirs)
        #expect(merge.conflicts.isEmpty)
        #expect(merge.result.warnings.count == 1 && merge.result.warnings[0].contains("differ only in Unicode normalization, one from each side"),
                "\(merge.result.warnings)")
        #expect(merge.text.contains("Caf\u{E9}") && merge.text.contains("Cafe\u{301}"))
        // Ours had both already; theirs changed something else.
        let both = B.catalog([("Tea", B.entry([("fr", B.text("Thé"))])), ("Caf\u{E9}", B.entry([("fr", B.text("a"))])),
                              ("Cafe\u{301}", B.entry([("fr", B.text("b"))]))])
        var changed = both
        changed[path: "strings", "Tea", "localizations", "fr"] = B.text("Thé !")
        #expect(try MergeCase(both, both, changed).result.warnings.isEmpty)
    }

    @Test("rule 8: the higher version wins; a changed source language conflicts")
    func rule8() throws {
        let base = B.catalog([("Hello", B.entry([("en", B.text("Hello"))]))])
        let newer = B.catalog([("Hello", B.entry([("en", B.text("Hello"))]))], version: "1.1")
        let other = B.catalog([("Hello", B.entry([("en", B.text("Hello")), ("de", B.text("Hallo"))]))], version: "1.10")
        let merge = try MergeCase(base, newer, other)
        #expect(try merge.value["version"] == .string("1.10"))
        let german = B.catalog([("Hello", B.entry([("en", B.text("Hello"))]))], source: "de")
        let french = B.catalog([("Hello", B.entry([("en", B.text("Hello"))]))], source: "fr")
        let conflict = try MergeCase(base, german, french)
        #expect(conflict.conflicts == ["sourceLanguage"])
        #expect(conflict.hunks == [["<<<<<<< ours", "  \"sourceLanguage\" : \"de\",", "=======",
                                     "  \"sourceLanguage\" : \"fr\",", ">>>>>>> theirs"]])
    }

    @Test("rule 9: text on one side, variations on the other, both changed: a conflict")
    func rule9() throws {
        let ours = Self.with("Hello", "de", B.text("Hallöchen"))
        let theirs = Self.with("Hello", "de", B.plural([("one", "Hallo"), ("other", "Hallos")]))
        let merge = try MergeCase(Self.base, ours, theirs)
        #expect(merge.conflicts == ["\"Hello\" de"])
        for side in [true, false] {
            #expect(throws: Never.self) { try JSONDocument(parsing: Array(merge.resolved(takingOurs: side).utf8)) }
        }
    }

    @Test("keys are opaque: nothing passes between settings and settings.title, or between languages")
    func rule10() throws {
        let base = B.catalog([("settings", B.entry([("de", B.text("Einstellungen"))]))])
        let ours = B.catalog([("settings", B.entry([("de", B.text("Optionen"))]))])
        let theirs = B.catalog([("settings", B.entry([("de", B.text("Einstellungen"))])),
                                ("settings.title", B.entry([("fr", B.text("Réglages"))]))])
        let merge = try MergeCase(base, ours, theirs)
        let value = try merge.value
        #expect(value[path: "strings", "settings", "localizations"] == .object([("de", B.text("Optionen"))]))
        #expect(value[path: "strings", "settings.title", "localizations"] == .object([("fr", B.text("Réglages"))]))
    }

    @Test("unknown fields and values survive and merge like any value")
    func unknownFields() throws {
        let extra: [(String, JSONValue)] = [("x-tool", .object([("a", .number("1")), ("b", .bool(true))]))]
        let base = B.catalog([("k", B.entry([("de", B.text("x", "vendor_state"))], extra: extra))])
        let ours = B.catalog([("k", B.entry([("de", B.text("x", "vendor_state"))],
                                            extra: [("x-tool", .object([("a", .number("2")), ("b", .bool(true))]))]))])
        let theirs = B.catalog([("k", B.entry([("de", B.text("x", "vendor_state")), ("it", B.text("y"))],
                                              extra: [("x-tool", .object([("a", .number("1")), ("b", .bool(false))]))]))])
        let value = try MergeCase(base, ours, theirs).value
        #expect(value[path: "strings", "k", "x-tool"] == .object([("a", .number("2")), ("b", .bool(false))]))
        #expect(value[path: "strings", "k", "localizations", "de", "stringUnit", "state"] == .string("vendor_state"))
    }
}
