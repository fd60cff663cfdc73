import Foundation
import TestSupport
import Testing
import SemanticDiff

/// A catalog with one entry `key` whose localizations are `localizations`
/// (JSON members: `"ru" : {…}, "en" : {…}`), source English unless said.
private func catalog(_ localizations: String) -> String { catalog("%lld files", localizations) }

private func catalog(_ key: String, _ localizations: String, source: String = "en", entryFields: String = "") -> String {
    """
    {"sourceLanguage" : "\(source)", "strings" : {"\(key)" : {\(entryFields)"localizations" : {\(localizations)}}}, "version" : "1.0"}
    """
}

private func unit(_ value: String, _ state: String = "translated") -> String {
    "{\"stringUnit\" : {\"state\" : \"\(state)\", \"value\" : \"\(value)\"}}"
}

private func plural(_ cases: [(String, String)]) -> String {
    "{\"variations\" : {\"plural\" : {" + cases.map { "\"\($0.0)\" : \(unit($0.1))" }.joined(separator: ", ") + "}}}"
}

private let english = "\"en\" : " + plural([("one", "%lld file"), ("other", "%lld files")])

/// The findings of `rule` in `json`.
private func findings(_ json: String, _ rule: CheckRule) throws -> [Finding] {
    try CatalogCheck.findings(Catalog(parsing: Array(json.utf8))).filter { $0.rule == rule }
}

/// A fixture per rule, and its near misses, which must not be flagged.
@Suite("Check rules")
struct CheckRulesTests {
    @Test("json: keys that differ only in Unicode normalization, which Xcode reads as one; near misses: different keys, ASCII keys")
    func equivalentKeys() throws {
        let twins = #"{"sourceLanguage" : "en", "strings" : {"Caf\u00e9" : {}, "Tea" : {}, "Cafe\u0301" : {}}, "version" : "1.0"}"#
        let found = try findings(twins, .json)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.hasPrefix(#"keys "Caf\u{e9}" and "Cafe\u{301}" differ only in Unicode normalization"#) == true, "\(found)")
        #expect(found.first?.key == "Cafe\u{301}")
        let near = #"{"sourceLanguage" : "en", "strings" : {"Caf\u00e9" : {}, "Cafe" : {}, "cafe" : {}, "Caf\u00c9" : {}}, "version" : "1.0"}"#
        #expect(try findings(near, .json).isEmpty)
    }

    @Test("plural-missing-category: Russian with only one and other lacks few and many, at the plural's line")
    func missingCategory() throws {
        let json = catalog("\(english), \"ru\" : \(plural([("one", "%lld файл"), ("other", "%lld файла")]))")
        let found = try findings(json, .pluralMissingCategory)
        #expect(found.count == 1)
        #expect(found.first?.languages == ["ru"])
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.contains("lacks few, many") == true)
        #expect(found.first?.position.line == 1)
        let complete = catalog("\(english), \"ru\" : \(plural([("one", "%lld файл"), ("few", "%lld файла"), ("many", "%lld файлов"), ("other", "%lld файла")]))")
        #expect(try findings(complete, .pluralMissingCategory).isEmpty)
    }

    @Test("plural-missing-category by consequence: an error where whole numbers read a wrong form, a warning where they read right or can; the fallback named")
    func missingCategoryConsequence() throws {
        func found(_ language: String, _ cases: [(String, String)]) throws -> [Finding] {
            try findings(catalog("\(english), \"\(language)\" : \(plural(cases))"), .pluralMissingCategory)
        }
        // few missing: 2 reads the many-form.
        let few = try found("ru", [("one", "%lld файл"), ("many", "%lld файлов"), ("other", "%lld файла")])
        #expect(few.map(\.severity) == [.error])
        #expect(few.first?.message == #"ru plural lacks few: 2 → other: "%lld файла"; add it (CLDR's categories for ru: one, few, many, other)"#)
        // many missing, other holding its form: whole numbers read right.
        let many = try found("ru", [("one", "%lld файл"), ("few", "%lld файла"), ("other", "%lld файлов")])
        #expect(many.map(\.severity) == [.warning])
        #expect(many.first?.message.contains(#"lacks many: 5 → other: "%lld файлов""#) == true, "\(many.map(\.message))")
        // many missing, other a copy of few: 5 reads "5 файла".
        #expect(try found("ru", [("one", "%lld файл"), ("few", "%lld файла"), ("other", "%lld файла")]).map(\.severity) == [.error])
        // Polish alike.
        #expect(try found("pl", [("one", "%lld plik"), ("few", "%lld pliki"), ("other", "%lld plików")]).map(\.severity) == [.warning])
        // Czech many serves fractions only.
        let czech = try found("cs", [("one", "%lld soubor"), ("few", "%lld soubory"), ("other", "%lld souborů")])
        #expect(czech.map(\.severity) == [.warning] && czech.first?.message.contains("lacks many: fractions → other") == true, "\(czech.map(\.message))")
        // A word after the number is bound to it: "Удалено: 2 файлов" is wrong.
        #expect(try found("ru", [("one", "Удалено: %lld файл"), ("other", "Удалено: %lld файлов")]).map(\.severity) == [.error])
        // French, like German, without one: "1 fichiers" may be right or not; a warning either way.
        #expect(try found("fr", [("other", "%lld fichiers")]).map(\.severity) == [.warning])
        // A number apart from the words reads right in any form.
        let apart = try found("cs", [("other", "Nahrazeno: %lld")])
        #expect(apart.map(\.severity) == [.warning] && apart.first?.message.contains("where the number stands apart") == true, "\(apart.map(\.message))")
        #expect(try found("cs", [("one", "Chyba"), ("other", "Chyby (celkem %lld)")]).map(\.severity) == [.warning])
        // One and other only: "1 dosya" may be right; said with the text, as a warning.
        let turkish = try found("tr", [("other", "%lld dosya")])
        #expect(turkish.map(\.severity) == [.warning] && turkish.first?.message.contains(#"1 → other: "%lld dosya""#) == true)
    }

    @Test("near misses of plural-missing-category: French without many, English without zero, Japanese with only other")
    func missingCategoryNearMisses() throws {
        let json = catalog("\(english), \"fr\" : \(plural([("one", "%lld fichier"), ("other", "%lld fichiers")])), \"ja\" : \(plural([("other", "%lld ファイル")]))")
        #expect(try findings(json, .pluralMissingCategory).isEmpty)
        #expect(try findings(json, .pluralExtraCategory).isEmpty)
    }

    @Test("plural-missing-category inside a device variant and inside a substitution")
    func missingCategoryNested() throws {
        let device = "{\"variations\" : {\"device\" : {\"iphone\" : \(plural([("one", "%lld файл"), ("other", "%lld файла")]))}}}"
        let substitution = """
            {"stringUnit" : {"state" : "translated", "value" : "%#@files@"}, "substitutions" : {"files" : {"argNum" : 1, "formatSpecifier" : "lld", "variations" : {"plural" : {"one" : \(unit("%arg файл")), "other" : \(unit("%arg файла"))}}}}}
            """
        let found = try findings(catalog("\"ru\" : \(device), \"uk\" : \(substitution)"), .pluralMissingCategory)
        #expect(found.map(\.languages) == [["ru"], ["uk"]])
        #expect(found.last?.message.contains("substitution files") == true)
    }

    @Test("plural-extra-category: one in Japanese, Korean, Chinese, Vietnamese is a warning; zero is allowed everywhere")
    func extraCategory() throws {
        let languages = ["ja", "ko", "zh-Hans", "vi"]
        let json = catalog(english + ", " + languages.map { "\"\($0)\" : \(plural([("one", "%lld x"), ("other", "%lld x")]))" }.joined(separator: ", "))
        let found = try findings(json, .pluralExtraCategory)
        #expect(Set(found.flatMap(\.languages)) == Set(languages))
        #expect(found.allSatisfy { $0.severity == .warning })
        let zero = catalog("\(english), \"ja\" : \(plural([("zero", "なし"), ("other", "%lld x")])), \"en-GB\" : \(plural([("zero", "No files"), ("one", "%lld file"), ("other", "%lld files")]))")
        #expect(try findings(zero, .pluralExtraCategory).isEmpty)
        #expect(try findings(zero, .pluralMissingCategory).isEmpty)
    }

    @Test("plural-not-in-source: a translation varies by plural where the source has one text, or the reverse; not a one-form language")
    func pluralNotInSource() throws {
        let plainSource = "\"en\" : \(unit("%lld files"))"
        let found = try findings(catalog("\(plainSource), \"de\" : \(plural([("one", "%lld Datei"), ("other", "%lld Dateien")]))"), .pluralNotInSource)
        #expect(found.map(\.languages) == [["de"]])
        // Varying by plural where the source has a number is Vary by Plural's purpose: a hint about the source only.
        #expect(found.map(\.severity) == [.info])
        // Where the source has no number, only other's text is ever shown: a warning.
        let noNumber = try findings(catalog("Files", "\"en\" : \(unit("Files")), \"de\" : \(plural([("one", "Datei"), ("other", "Dateien")]))"), .pluralNotInSource)
        #expect(noNumber.map(\.severity) == [.warning])
        let reverse = try findings(catalog("\(english), \"de\" : \(unit("%lld Dateien"))"), .pluralNotInSource)
        #expect(reverse.map(\.languages) == [["de"]])
        // One text where 2 and 5 need other forms than 1: an error; German's one and other, a warning.
        #expect(reverse.map(\.severity) == [.warning])
        #expect(try findings(catalog("\(english), \"ru\" : \(unit("%lld файлов"))"), .pluralNotInSource).map(\.severity) == [.error])
        // Japanese has one form: its single text is right whatever the source does.
        #expect(try findings(catalog("\(english), \"ja\" : \(unit("%lld ファイル"))"), .pluralNotInSource).isEmpty)
        // Keys are opaque: "settings" and "settings.title" say nothing about plurals.
        #expect(try findings(catalog("settings.title", "\"en\" : \(unit("Settings")), \"de\" : \(unit("Einstellungen"))"), .pluralNotInSource).isEmpty)
    }

    @Test("placeholder-mismatch: a dropped argument, an added one, %@ for %lld are errors; %d for %lld a warning")
    func placeholders() throws {
        let source = "\"en\" : \(unit("%1$@ has %2$lld files"))"
        func found(_ translation: String) throws -> [Finding] {
            try findings(catalog("files", "\(source), \"de\" : \(unit(translation))"), .placeholderMismatch)
        }
        #expect(try found("%1$@ hat Dateien").map(\.severity) == [.error])
        #expect(try found("%1$@ hat %2$lld Dateien %3$@").map(\.severity) == [.error])
        #expect(try found("%1$@ hat %2$@ Dateien").map(\.severity) == [.error])
        #expect(try found("%1$@ hat %2$d Dateien").map(\.severity) == [.warning])
        #expect(try found("%1$@ hat %2$lld Dateien").isEmpty)
        // Reordered, positional: fine.
        #expect(try found("%2$lld Dateien hat %1$@").isEmpty)
        // Reordered without positions: the first argument would be read as a number.
        #expect(try found("%lld Dateien hat %@").map(\.message) == [
            "de reads argument 1 as %lld where the source has %1$@: use the source's (and 1 more in this text)"])
        // %% is no argument; precision does not matter.
        let percent = try findings(catalog("p", "\"en\" : \(unit("%.2f%% done")), \"fr\" : \(unit("%f %% terminé"))"), .placeholderMismatch)
        #expect(percent.isEmpty)
    }

    @Test("placeholder-mismatch in plurals: one may leave the number out, other may not")
    func placeholdersInPlurals() throws {
        let omitted = catalog("\(english), \"de\" : \(plural([("one", "Eine Datei"), ("other", "%lld Dateien")]))")
        #expect(try findings(omitted, .placeholderMismatch).isEmpty)
        let dropped = catalog("\(english), \"de\" : \(plural([("one", "%lld Datei"), ("other", "Dateien")]))")
        #expect(try findings(dropped, .placeholderMismatch).map(\.variant) == ["plural.other"])
    }

    @Test("placeholder-mismatch against the key when there is no source localization, only if the key has specifiers")
    func placeholdersAgainstKey() throws {
        #expect(try findings(catalog("%@ items", "\"de\" : \(unit("Elemente"))"), .placeholderMismatch).count == 1)
        #expect(try findings(catalog("items.count", "\"de\" : \(unit("%@ Elemente"))"), .placeholderMismatch).isEmpty)
    }

    @Test("an empty source text is no source: the key is compared with instead (seen in a real catalog)")
    func emptySource() throws {
        let source = "\"en\" : \(unit(""))"
        #expect(try findings(catalog("Version %@ (%@)", "\(source), \"es\" : \(unit("Versión %@ (%@)"))"), .placeholderMismatch).isEmpty)
        #expect(try findings(catalog("Version %@ (%@)", "\(source), \"es\" : \(unit("Versión %@"))"), .placeholderMismatch).count == 1)
    }

    @Test("substitution-mismatch: another argNum or formatSpecifier than the source's, and %#@NAME@ without its substitution")
    func substitutions() throws {
        func localization(_ argNum: Int, _ specifier: String, name: String = "files") -> String {
            """
            {"stringUnit" : {"state" : "translated", "value" : "%#@files@"}, "substitutions" : {"\(name)" : {"argNum" : \(argNum), "formatSpecifier" : "\(specifier)", "variations" : {"plural" : {"one" : \(unit("%arg file")), "other" : \(unit("%arg files"))}}}}}
            """
        }
        let source = "\"en\" : \(localization(1, "lld"))"
        #expect(try findings(catalog("f", "\(source), \"de\" : \(localization(1, "lld"))"), .substitutionMismatch).isEmpty)
        #expect(try findings(catalog("f", "\(source), \"de\" : \(localization(2, "lld"))"), .substitutionMismatch).map(\.severity) == [.error])
        #expect(try findings(catalog("f", "\(source), \"de\" : \(localization(1, "@"))"), .substitutionMismatch).map(\.severity) == [.error])
        #expect(try findings(catalog("f", "\(source), \"de\" : \(localization(1, "d"))"), .substitutionMismatch).map(\.severity) == [.warning])
        let unnamed = try findings(catalog("f", "\(source), \"de\" : \(localization(1, "lld", name: "dateien"))"), .substitutionMismatch)
        #expect(unnamed.count == 1 && unnamed[0].message.contains("%#@files@"))
    }

    @Test("language-code: zh-CN, zh-TW, zh and a malformed tag are errors with the code to use; zh-HK, zh-Hans, pt-BR are not")
    func languageCodes() throws {
        let json = catalog("k", ["zh-CN", "zh-TW", "zh", "en_US", "zh-HK", "zh-Hans", "zh-Hant", "pt-BR", "sr-Latn"]
            .map { "\"\($0)\" : \(unit("x"))" }.joined(separator: ", "))
        let found = try findings(json, .languageCode)
        #expect(Set(found.flatMap(\.languages)) == ["zh-CN", "zh-TW", "zh", "en_US"])
        let messages = Dictionary(uniqueKeysWithValues: found.map { ($0.languages[0], $0.message) })
        #expect(messages["zh-CN"]?.hasSuffix("use zh-Hans") == true)
        #expect(messages["zh-TW"]?.hasSuffix("use zh-Hant") == true)
        #expect(messages["en_US"]?.hasSuffix("use en-US") == true)
        #expect(try findings(catalog("k", "\"zh-Hans\" : \(unit("x"))", source: "zh-CN"), .languageCode).first?.message.hasPrefix("sourceLanguage zh-CN") == true)
        // The fix for zh_CN is zh-Hans, not zh-CN (itself an error); tags BCP 47 keeps from before it are well formed.
        let underscored = try findings(catalog("k", ["zh_CN", "zh_TW", "i-klingon", "en-GB-oed", "sgn-BE-FR"].map { "\"\($0)\" : \(unit("x"))" }.joined(separator: ", ")), .languageCode)
        #expect(Set(underscored.flatMap(\.languages)) == ["zh_CN", "zh_TW"])
        #expect(Set(underscored.map { $0.message.components(separatedBy: ": ").last! }) == ["use zh-Hans", "use zh-Hant"])
        // A code with a line break or a space is quoted whole, and the text report keeps each finding on one line.
        let odd = try findings(catalog("k", "\"de\\n\" : \(unit("x")), \" fr\" : \(unit("x"))"), .languageCode)
        #expect(odd.count == 2 && odd.contains { $0.message.hasPrefix("\"de\\n\" is not") } && odd.contains { $0.message.hasPrefix("\" fr\" is not") })
        let report = String(decoding: CheckReport.textBytes([CheckedFile(path: "a\u{1B}[31m\nb.xcstrings", repositoryPath: "x", findings: odd)], color: false), as: UTF8.self)
        #expect(report.split(separator: "\n").count == odd.count + 1)
        #expect(report.hasPrefix("a\\u001b[31m\\nb.xcstrings:") && !report.contains("\u{1B}"))
        // C1 controls, DEL, the line and paragraph separators and bidi overrides too.
        let spelled = String(decoding: CheckReport.textBytes([CheckedFile(path: "a\u{85}b\u{7F}c\u{9B}d\u{2028}e\u{202E}f", repositoryPath: "x", findings: [])], color: false), as: UTF8.self)
        #expect(spelled == "a\\u0085b\\u007fc\\u009bd\\u2028e\\u202ef: no findings\n")
        // The bidi marks, in a finding's quoted key as in its message; and in the --summary table's languages.
        let key = "K\u{202E}exe\u{9B}31m\u{7F}\u{2028}\u{200F}\u{200E}\u{61C}K"
        let marked = Finding(rule: .state, message: "m\u{200E}", key: key, offset: 0)
        let keyed = String(decoding: CheckReport.textBytes([CheckedFile(path: "p", repositoryPath: "p", findings: [marked])], color: false), as: UTF8.self)
        #expect(keyed.hasPrefix("p:0:0: error: \"K\\u202eexe\\u009b31m\\u007f\\u2028\\u200f\\u200e\\u061cK\": m\\u200e [state]\n"), "\(keyed)")
        #expect(VisibleText.of("zh-Hans") == "zh-Hans" && VisibleText.of("d\u{1B}[2J\n\u{202E}") == "d\\u001b[2J\\n\\u202e")
    }

    @Test("state: empty in any state and untranslated copies are errors; new and needs_review texts ship and are not findings")
    func states() throws {
        let json = catalog("Open", """
            "en" : \(unit("Open")), "de" : \(unit("", "translated")), "fr" : \(unit("Open", "new")), "it" : \(unit("Apri", "needs_review")), \
            "nl" : \(unit("Open", "translated")), "es" : \(unit("", "needs_review")), "pt" : \(unit("Abrir", "new"))
            """)
        let found = try findings(json, .state)
        #expect(found.contains { $0.languages == ["de"] && $0.severity == .error && $0.message == "de is empty (translated): users see no text; translate it" })
        // Empty in needs_review ships empty too.
        #expect(found.contains { $0.languages == ["es"] && $0.severity == .error && $0.message.contains("is empty (needs_review)") })
        #expect(found.contains { $0.languages == ["fr"] && $0.severity == .error && $0.message.hasPrefix("fr: \"Open\" is the source text, not marked translated: users see it untranslated") })
        // A real translation in new or needs_review ships as it is: nothing to say.
        #expect(!found.contains { $0.languages == ["it"] || $0.languages == ["pt"] })
        // "Open" in Dutch, marked translated, is a translation.
        #expect(!found.contains { $0.languages == ["nl"] })
        #expect(found.count == 3, "\(found.map(\.message))")
        // An empty source may be translated as empty.
        #expect(try findings(catalog("Copyright", "\"en\" : \(unit("")), \"de\" : \(unit(""))"), .state).isEmpty)
        // A number or a symbol left empty ships empty too; an Interface Builder label left empty is often one the code fills.
        #expect(try findings(catalog("12", "\"en\" : \(unit("12")), \"de\" : \(unit(""))"), .state).map(\.severity) == [.error])
        #expect(try findings(catalog("Pre-op-day.title", "\"en\" : \(unit("Day")), \"de\" : \(unit(""))"), .state).map(\.severity) == [.error])
        let builder = try findings(catalog("Rqy-Su-cwW.title", "\"en\" : \(unit("FONT NAME")), \"de\" : \(unit(""))"), .state)
        #expect(builder.map(\.severity) == [.warning] && builder.first?.message == "de is empty (translated): users see no text unless the code sets it; translate it")
        // A copy is the source's text byte for byte, escapes decoded: the same text in another normalization is not one.
        let escaped = catalog("Café", "\"en\" : \(unit("Café")), \"fr\" : \(unit("Caf\\u00e9", "new")), \"de\" : \(unit("Cafe\u{301}", "new"))")
        let copies = try findings(escaped, .state).filter { $0.message.contains("source text") }
        #expect(copies.map(\.languages) == [["fr"]])
    }

    @Test("state: no copy is reported where the text has no letters, or most other languages keep it too; one finding per language, counting the others")
    func copiesThatAreRight() throws {
        // A format with no words, and a substitution alone: the same in every language.
        #expect(try findings(catalog("%@ – %@", "\"en\" : \(unit("%1$@ – %2$@")), \"de\" : \(unit("%1$@ – %2$@", "new"))"), .state).isEmpty)
        #expect(try findings(catalog("%#@comments@", "\"en\" : \(unit("%#@comments@")), \"de\" : \(unit("%#@comments@", "new"))"), .state).isEmpty)
        // "URL" kept by French and Italian too: a word every language keeps.
        let url = catalog("URL", "\"en\" : \(unit("URL")), \"de\" : \(unit("URL", "new")), \"fr\" : \(unit("URL")), \"it\" : \(unit("URL")), \"ja\" : \(unit("URL"))")
        #expect(try findings(url, .state).isEmpty)
        // Copies everywhere, none marked translated (a translation platform's export): each ships untranslated.
        let exported = catalog("Delete this file?", "\"en\" : \(unit("Delete this file?")), \"de\" : \(unit("Delete this file?", "new")), \"fr\" : \(unit("Delete this file?", "new")), \"es\" : \(unit("Delete this file?", "needs_review"))")
        #expect(try findings(exported, .state).count == 3)
        // "Settings" translated elsewhere: German's copy ships in English.
        let settings = catalog("Settings", "\"en\" : \(unit("Settings")), \"de\" : \(unit("Settings", "new")), \"fr\" : \(unit("Réglages")), \"it\" : \(unit("Impostazioni"))")
        #expect(try findings(settings, .state).map(\.languages) == [["de"]])
        #expect(try findings(catalog("%lld%%", "\"en\" : \(unit("%1$lld%%")), \"de\" : \(unit("%1$lld%%", "new"))"), .state).isEmpty)
        #expect(try findings(catalog("%.2f €", "\"en\" : \(unit("%.2f €")), \"de\" : \(unit("%.2f €", "new"))"), .state).isEmpty)
        // A letter after the specifiers is a word: "%@ items" copied is untranslated.
        #expect(try findings(catalog("%@ items", "\"en\" : \(unit("%@ items")), \"de\" : \(unit("%@ items", "new"))"), .state).count == 1)
    }

    @Test("a check cut into parts finds what the whole check finds, counts and first places included")
    func parts() throws {
        var entries: [String] = []
        for index in 0..<12 {
            let state = ["new", "needs_review", "translated"][index % 3]
            entries.append("""
                "%lld item\(index)" : {"localizations" : {"en" : \(plural([("one", "%lld item"), ("other", "%lld items")])), \
                "ru" : \(plural([("one", "%lld штука"), ("other", "%lld штук")])), "zh-CN" : \(unit("%lld item\(index)", state)), \
                "de" : \(unit("%@ Dinge", state))}}
                """)
        }
        let json = "{\"sourceLanguage\" : \"en\", \"strings\" : {\(entries.joined(separator: ", "))}, \"version\" : \"1.0\"}"
        let catalog = try Catalog(parsing: Array(json.utf8))
        let whole = CatalogCheck.findings(catalog)
        #expect(whole.contains { $0.rule == .languageCode } && whole.contains { $0.rule == .placeholderMismatch })
        for count in [2, 3, 5, 12, 40] {
            let ranges = CatalogCheck.entryRanges(catalog, shares: Array(repeating: 1, count: count))
            #expect(ranges.count >= 2 && ranges.count <= min(count, 12) && ranges.first?.lowerBound == 0 && ranges.last?.upperBound == 12)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
            let parts = ranges.enumerated().map { index, range in
                CatalogCheck.part(catalog, entries: range, layout: index == ranges.count - 1)
            }
            #expect(CatalogCheck.findings(catalog, options: CheckOptions(), parts: parts) == whole)
        }
        // Each part places its own findings; the lines and columns are those a plain count from the start gives,
        // on one line (each part starting mid-line), in Xcode's layout, and after a byte order mark.
        let pretty = XcodeLayout.format(catalog.document, finalNewline: true)
        for text in [Array(json.utf8), pretty, [0xEF, 0xBB, 0xBF] + pretty] {
            let catalog = try Catalog(parsing: text)
            let ranges = CatalogCheck.entryRanges(catalog, shares: [1, 1, 1, 1, 1])
            let parts = ranges.enumerated().map { index, range in
                CatalogCheck.part(catalog, entries: range, layout: index == 0)
            }
            let found = CatalogCheck.findings(catalog, options: CheckOptions(), parts: parts)
            #expect(!found.isEmpty && found.allSatisfy { $0.position.line > 0 })
            for finding in found {
                // (A place inside the byte order mark, where the file leaves Xcode's layout, is 1:1.)
                let before = text[(text.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, finding.offset) : 0)..<finding.offset]
                let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
                let expected = TextPosition(line: 1 + before.filter { $0 == UInt8(ascii: "\n") }.count,
                                            column: 1 + text[lineStart..<finding.offset].filter { $0 & 0xC0 != 0x80 }.count)
                #expect(finding.position == expected, "\(finding.rule) at \(finding.offset)")
            }
            #expect(CatalogCheck.findings(catalog) == found)
        }
        // Unequal shares: the first part takes more of the entries.
        let unequal = CatalogCheck.entryRanges(catalog, shares: [3, 1])
        #expect(unequal.count == 2 && unequal[0].count > unequal[1].count && unequal[1].upperBound == 12)
        #expect(CatalogCheck.entryRanges(catalog, shares: [1]) == [0..<12])
    }

    @Test("a percent sign written as the escape \\u0025 is a percent sign, on either side")
    func escapedPercent() throws {
        func found(_ source: String, _ translation: String, _ rule: CheckRule = .placeholderMismatch) throws -> [String] {
            try findings(catalog("k", "\"en\" : \(unit(source)), \"de\" : \(unit(translation))"), rule).map(\.message)
        }
        #expect(try found("%@ files", "\\u0025@ Dateien").isEmpty)
        #expect(try found("\\u0025@ files", "\\u0025@ Dateien").isEmpty)
        #expect(try found("\\u0025@ files", "Dateien").first?.contains("drops %@") == true)
        #expect(try found("100% sure", "100 Prozent \\u0025@").first?.contains("has %@") == true)
        #expect(try found("%@ x", "\\u0025#@n@", .substitutionMismatch).first?.contains("names %#@n@") == true)
    }

    @Test("%arg is a substitution's number in a device variant's substitutions too, which its texts may name")
    func deviceSubstitutions() throws {
        func substitution(_ one: String, _ other: String) -> String {
            """
            "substitutions" : {"n" : {"argNum" : 1, "formatSpecifier" : "lld", "variations" : {"plural" : {"one" : \(unit(one)), "other" : \(unit(other))}}}}
            """
        }
        let json = catalog("k", """
            "en" : {"stringUnit" : {"state" : "translated", "value" : "%#@n@"}, \(substitution("%arg file", "%arg files"))},
            "de" : {"variations" : {"device" : {"iphone" : {"stringUnit" : {"state" : "translated", "value" : "%#@n@"}, \(substitution("%arg Datei", "%arg Dateien"))}}}}
            """)
        #expect(try findings(json, .placeholderMismatch).isEmpty)
        #expect(try findings(json, .substitutionMismatch).isEmpty)
        // A device variant's substitution is held to the source's argNum and formatSpecifier.
        let renumbered = json.replacingOccurrences(of: "\"iphone\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%#@n@\"}, \"substitutions\" : {\"n\" : {\"argNum\" : 1, \"formatSpecifier\" : \"lld\"",
                                                   with: "\"iphone\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%#@n@\"}, \"substitutions\" : {\"n\" : {\"argNum\" : 2, \"formatSpecifier\" : \"@\"")
        #expect(renumbered != json)
        #expect(try findings(renumbered, .substitutionMismatch).map(\.message) == [
            "de (device.iphone) substitution n has argNum 2, the source's has 1: use 1",
            "de (device.iphone) substitution n has formatSpecifier @, the source's has lld: use lld",
        ])
        // %a typed for %arg in every category: one finding, the fix that fits.
        let typed = catalog("k", """
            "en" : {"stringUnit" : {"state" : "translated", "value" : "%#@n@"}, \(substitution("%arg file", "%arg files"))},
            "de" : {"stringUnit" : {"state" : "translated", "value" : "%#@n@"}, \(substitution("%a Datei", "%a Dateien"))}
            """)
        let slip = try findings(typed, .placeholderMismatch)
        #expect(slip.count == 1 && slip.first?.message.contains("has %a where the source") == true && slip.first?.message.contains("write %arg (and 1 more in de") == true,
                "\(slip.map(\.message))")
        // A translation that reads the substitution's argument itself shows the number: not a dropped substitution.
        let direct = catalog("k", """
            "en" : {"stringUnit" : {"state" : "translated", "value" : "%#@n@"}, \(substitution("%arg file", "%arg files"))},
            "zh-Hans" : \(unit("%lld 个文件")), "ja" : \(unit("ファイル"))
            """)
        #expect(try findings(direct, .placeholderMismatch).map(\.languages) == [["ja"]])
        // Without %arg in the device's substitution, the number is dropped.
        let dropped = json.replacingOccurrences(of: "%arg Dateien", with: "Dateien")
        #expect(try findings(dropped, .placeholderMismatch).map(\.message) == ["de (device.iphone.substitutions.n.plural.other) drops %arg, the substitution's number: add it"])
    }

    @Test("a translation without devices is compared with the other device's text of a source that varies by device only")
    func deviceOnlySource() throws {
        let source = """
            "en" : {"variations" : {"device" : {"iphone" : \(unit("Tap %@")), "other" : \(unit("Click %@"))}}}
            """
        #expect(try findings(catalog("k", "\(source), \"fr\" : \(unit("Cliquez %@"))"), .placeholderMismatch).isEmpty)
        #expect(try findings(catalog("k", "\(source), \"fr\" : \(unit("Cliquez %d"))"), .placeholderMismatch).map(\.message)
                == ["fr reads argument 1 as %d where the source has %@: use the source's"])
        #expect(try findings(catalog("k", "\(source), \"fr\" : \(unit("Touchez %@ %@"))"), .placeholderMismatch).count == 1)
        let plural = "{\"variations\" : {\"plural\" : {\"one\" : \(unit("%d fichier")), \"other\" : \(unit("%d fichiers"))}}}"
        // The same slip in both categories: one finding, at the first, naming the other.
        let slips = try findings(catalog("k", "\(source), \"fr\" : \(plural)"), .placeholderMismatch)
        #expect(slips.map(\.variant) == ["plural.one"])
        #expect(slips.first?.message.hasSuffix(" (and 1 more in fr: plural.other)") == true, "\(slips.map(\.message))")
    }

    @Test("json: a member the schema names with a value of another kind is an error at its line; null and other tools' members are not")
    func schema() throws {
        let wrong = """
            {"sourceLanguage" : 5, "strings" : {"a" : 5, "b" : {"localizations" : {
            "de" : {"stringUnit" : {"state" : 5, "value" : {"one" : "x"}}}, "fr" : [],
            "es" : {"substitutions" : {"n" : {"argNum" : "1", "formatSpecifier" : "lld"}}, "variations" : {"plural" : {"one" : 3}}}},
            "shouldTranslate" : "no"}}, "version" : "1.0"}
            """
        let found = try findings(wrong, .json)
        #expect(found.map(\.message) == [
            "sourceLanguage is a number where a catalog has a string: Xcode cannot open the file; write a string",
            "the entry is a number where a catalog has an object: Xcode cannot open the file; write an object",
            "de stringUnit.state is a number where a catalog has a string: Xcode cannot open the file; write a string",
            "de stringUnit.value is an object where a catalog has a string: Xcode cannot open the file; write a string",
            "fr is an array where a catalog has an object: Xcode cannot open the file; write an object",
            "es substitutions.n.argNum is a string where a catalog has a number: Xcode cannot open the file; write a number",
            "es variations.plural.one is a number where a catalog has an object: Xcode cannot open the file; write an object",
            "shouldTranslate is a string where a catalog has true or false: Xcode cannot open the file; write true or false",
        ])
        #expect(found.map(\.position.line) == [1, 1, 2, 2, 2, 3, 3, 4])
        #expect(found.allSatisfy { $0.severity == .error })
        // A file Xcode cannot open is broken in every language: --language keeps these.
        var german = CheckOptions()
        german.languages = ["de"]
        #expect(try CatalogCheck.findings(Catalog(parsing: Array(wrong.utf8)), options: german).filter { $0.rule == .json }.count == found.count)
        // Near misses: null (an absent member to a decoder), another tool's members, argNum 1.0.
        let fine = """
            {"sourceLanguage" : "en", "x-tool" : 5, "strings" : {"b" : {"comment" : null, "mine" : [1], "localizations" : {
            "de" : {"stringUnit" : {"state" : "new", "value" : "x", "extra" : 1}, "other" : 2},
            "es" : {"substitutions" : {"n" : {"argNum" : 1.0, "formatSpecifier" : "lld"}}, "stringSet" : {"state" : "new", "values" : ["a"]}}}}},
            "version" : "1.0"}
            """
        #expect(try findings(fine, .json).isEmpty)
    }

    @Test("against a source that varies by device only: substitutions are held to the other device's, and an empty other device's text may be translated as empty")
    func deviceOnlySourceSubstitutionsAndStates() throws {
        func substitution(_ argNum: Int, _ specifier: String) -> String {
            "\"substitutions\" : {\"a\" : {\"argNum\" : \(argNum), \"formatSpecifier\" : \"\(specifier)\", \"variations\" : {\"plural\" : {\"one\" : \(unit("%arg file")), \"other\" : \(unit("%arg files"))}}}}"
        }
        let source = "\"en\" : {\"variations\" : {\"device\" : {\"iphone\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%#@a@ phone\"}, \(substitution(1, "lld"))}, \"other\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%#@a@\"}, \(substitution(1, "lld"))}}}}"
        let plain = "\"it\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%#@a@\"}, \(substitution(2, "lld"))}"
        #expect(try findings(catalog("k", "\(source), \(plain)"), .substitutionMismatch).map(\.message) == ["it substitution a has argNum 2, the source's has 1: use 1"])
        let mac = "\"es\" : {\"variations\" : {\"device\" : {\"mac\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%#@a@\"}, \(substitution(1, "@"))}}}}"
        #expect(try findings(catalog("k", "\(source), \(mac)"), .substitutionMismatch).map(\.message) == ["es (device.mac) substitution a has formatSpecifier @, the source's has lld: use lld"])
        let empty = "\"en\" : {\"variations\" : {\"device\" : {\"iphone\" : \(unit("Tap")), \"other\" : \(unit(""))}}}, \"it\" : \(unit(""))"
        #expect(try findings(catalog("k", empty), .state).filter { $0.message.contains("empty") }.isEmpty)
    }

    @Test("rules are listed in the order of allCases at one place")
    func ruleOrder() {
        #expect(CheckRule.allCases.map(\.order) == Array(CheckRule.allCases.indices))
    }

    @Test("stale-with-translations and should-not-translate name the languages; without translations, nothing")
    func entryFlags() throws {
        let stale = catalog("Old", "\"en\" : \(unit("Old")), \"de\" : \(unit("Alt"))", entryFields: "\"extractionState\" : \"stale\", ")
        #expect(try findings(stale, .staleWithTranslations).map(\.languages) == [["de"]])
        #expect(try findings(stale, .staleWithTranslations).first?.severity == .info)
        let keep = catalog("Brand", "\"en\" : \(unit("Brand")), \"fr\" : \(unit("Marque"))", entryFields: "\"shouldTranslate\" : false, ")
        #expect(try findings(keep, .shouldNotTranslate).map(\.languages) == [["fr"]])
        let alone = catalog("Brand", "\"en\" : \(unit("Brand"))", entryFields: "\"shouldTranslate\" : false, \"extractionState\" : \"stale\", ")
        #expect(try findings(alone, .shouldNotTranslate).isEmpty)
        #expect(try findings(alone, .staleWithTranslations).isEmpty)
    }

    @Test("positions: the line and column (in characters) of every finding, counted from the text itself, over lines of every length")
    func positionsOverManyLines() throws {
        // Entries whose extractionState key sits after text of varying length, with characters of 1 to 4 bytes,
        // and blank lines of varying count between them: line breaks before, inside and after 32-byte blocks.
        var members: [String] = []
        for index in 0..<300 {
            let padding = String(repeating: ["a", "é", "…", "😀"][index % 4], count: index % 47)
            let breaks = String(repeating: "\n", count: index % 5)
            members.append("\"k\(index)\" : {\"comment\" : \"\(padding)\",\(breaks) \"extractionState\" : \"stale\", "
                + "\"localizations\" : {\"en\" : \(unit("x")),\n\"de\" : \(unit("y"))}}")
        }
        let json = "{\"sourceLanguage\" : \"en\", \"strings\" : {\n" + members.joined(separator: ",\n") + "}, \"version\" : \"1.0\"}"
        let found = try findings(json, .staleWithTranslations)
        // The oracle: each "extractionState" key's line and column, found by splitting the text into lines.
        var expected: [TextPosition] = []
        for (number, line) in json.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let range = rest.range(of: "\"extractionState\"") {
                expected.append(TextPosition(line: number + 1, column: line.unicodeScalars[..<range.lowerBound].count + 1))
                rest = rest[range.upperBound...]
            }
        }
        #expect(found.count == 300)
        #expect(found.map(\.position) == expected)
        // A byte order mark is not a column of the first line.
        let oneLine = catalog("k", "\"zh-CN\" : \(unit("x"))")
        let plain = try findings(oneLine, .languageCode), marked = try findings("\u{FEFF}" + oneLine, .languageCode)
        #expect(plain.map(\.position) == marked.map(\.position) && plain.count == 1)
    }

    @Test("the text report escapes only what it must: text of other scripts and punctuation beside the escaped ranges stays as written")
    func reportKeepsOtherText() {
        // Beside each escaped range: U+00A0 (after C1), U+2027 and U+202F (around the separators and overrides), U+2065 and U+206A (around the isolates).
        let text = "é “quoted” … \u{A0} \u{2027} \u{202F} \u{2065} \u{206A} 😀 ÿ"
        let report = String(decoding: CheckReport.textBytes([CheckedFile(path: text, repositoryPath: "x", findings: [])], color: false), as: UTF8.self)
        #expect(report == text + ": no findings\n")
    }

    @Test("device-unknown: a device Xcode never writes is flagged with the fix; Xcode's eight are not")
    func unknownDevice() throws {
        func devices(_ names: [String]) -> String {
            "{\"variations\" : {\"device\" : {" + names.map { "\"\($0)\" : \(unit("Tap"))" }.joined(separator: ", ") + "}}}"
        }
        let json = catalog("Tap", "\"en\" : \(unit("Tap")), \"de\" : \(devices(["iPhone", "watch", "ipad"]))")
        let found = try findings(json, .deviceUnknown)
        #expect(found.map(\.variant) == ["device.iPhone", "device.watch"])
        #expect(found.first?.message.contains("use iphone") == true)
        #expect(found.last?.message.contains("use one of iphone, ipad, ipod, mac, applewatch, appletv, applevision, other") == true)
        #expect(found.first?.severity == .warning)
        let known = catalog("Tap", "\"en\" : \(devices(Device.allCases.map(\.rawValue)))")
        #expect(try findings(known, .deviceUnknown).isEmpty)
    }

    @Test("layout: where a file first leaves Xcode's layout, and each duplicate key; a file as Xcode writes it has none")
    func layout() throws {
        let compact = catalog("Tap", "\"en\" : \(unit("Tap"))")
        let found = try findings(compact, .layout)
        #expect(found.count == 1)
        #expect(found.first?.position == TextPosition(line: 1, column: 2))
        #expect(found.first?.severity == .info)
        // Foundation's writer is the oracle for Xcode's layout.
        let value = try JSONSerialization.jsonObject(with: Data(compact.utf8))
        let asXcode = try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(try CatalogCheck.findings(Catalog(parsing: Array(asXcode))).filter { $0.rule == .layout }.isEmpty)
        var lines = String(decoding: asXcode, as: UTF8.self).components(separatedBy: "\n")
        let version = lines.firstIndex { $0.contains("\"version\"") }!
        lines.insert("  \"version\" : \"0.9\",", at: version)
        let twice = try CatalogCheck.findings(Catalog(parsing: Array(lines.joined(separator: "\n").utf8))).filter { $0.rule == .layout }
        // The duplicate, and the layout left there (fmt drops the first).
        #expect(twice.map(\.position.line) == [version + 1, version + 1])
        #expect(twice.contains { $0.message.contains("duplicate key \"version\"") })
    }

    @Test("json: a file that does not parse is one error at the reader's position")
    func invalidJSON() throws {
        let broken = "{\n  \"sourceLanguage\" : \"en\"\n  \"strings\" : {}\n}"
        let error = try #require(throws: CatalogError.self) { try Catalog(parsing: Array(broken.utf8)) }
        let finding = try #require(CatalogCheck.finding(for: error))
        #expect(finding.rule == .json && finding.severity == .error)
        #expect(finding.position.line == 3)
        var options = CheckOptions()
        options.rules.remove(.json)
        #expect(CatalogCheck.finding(for: error, options: options) == nil)
    }

    @Test("options: only some rules, other severities, only some languages")
    func options() throws {
        let json = catalog("\(english), \"ru\" : \(plural([("one", "%lld файл"), ("other", "%lld файла")])), \"ja\" : \(plural([("one", "x %lld"), ("other", "%lld")]))")
        let catalog = try Catalog(parsing: Array(json.utf8))
        var options = CheckOptions()
        options.rules = [.pluralExtraCategory]
        #expect(CatalogCheck.findings(catalog, options: options).map(\.rule) == [.pluralExtraCategory])
        options = CheckOptions()
        options.severities[.pluralMissingCategory] = .info
        #expect(CatalogCheck.findings(catalog, options: options).first { $0.rule == .pluralMissingCategory }?.severity == .info)
        options = CheckOptions()
        options.languages = ["ja"]
        #expect(CatalogCheck.findings(catalog, options: options).allSatisfy { $0.languages.contains("ja") })
        #expect(!CatalogCheck.findings(catalog, options: options).isEmpty)
    }
}

/// The shortcut for plain translated texts (`PlainText`) against the rules
/// themselves: each catalog is checked as it is, and with a member no rule
/// reads added to the translation, which makes it take the full path; the
/// findings must be the same, positions included.
@Suite("Check shortcut for plain texts")
struct PlainTextShortcutTests {
    static let sources: [(key: String, english: String?)] = [
        ("Hello", "\"en\" : \(unit("Hello"))"),
        ("Hello %@", "\"en\" : \(unit("Hello %@"))"),
        ("%lld files", english),
        ("Hello", nil),
        ("Files %lld", nil),
        ("Hello", "\"en\" : \(unit(""))"),
    ]
    static let values = ["Hallo", "", "Hallo %@", "Hallo \\u0025@", "Hallo \\u00e9", "Hallo\\nWelt", "100\\u0025", "\\\\u0025", "Hello", "%lld Dateien"]
    static let states = ["translated", "new", "needs_review", "tr\\u0061nslated", "stale"]

    @Test("every source, value and state: the same findings with and without the shortcut")
    func sameFindings() throws {
        var compared = 0, found = 0
        for (key, english) in Self.sources {
            for value in Self.values {
                for state in Self.states {
                    let translation = "\"de\" : {\"stringUnit\" : {\"state\" : \"\(state)\", \"value\" : \"\(value)\"}"
                    let localizations = [english, translation + "}"].compactMap { $0 }.joined(separator: ", ")
                    let slow = [english, translation + ", \"x-tool-note\" : 1}"].compactMap { $0 }.joined(separator: ", ")
                    let shortcut = CatalogCheck.findings(try Catalog(parsing: Array(catalog(key, localizations).utf8)))
                    let full = CatalogCheck.findings(try Catalog(parsing: Array(catalog(key, slow).utf8)))
                    #expect(shortcut == full, "\(key) / \(value) / \(state)")
                    compared += 1
                    found += shortcut.count
                }
            }
        }
        #expect(compared == 300)
        // Not a table of silent cases: the rules have things to say about many of them.
        #expect(found > 100)
    }

    @Test("a % spelled as an escape is still a placeholder the source does not have")
    func escapedPercent() throws {
        let json = catalog("Hello", "\"en\" : \(unit("Hello")), \"de\" : \(unit("Hallo \\u0025@"))")
        #expect(try findings(json, .placeholderMismatch).map(\.languages) == [["de"]])
    }

    @Test("a plain text whose state or value is not a string is still a json finding")
    func schemaOfPlainShape() throws {
        let json = catalog("Hello", "\"en\" : \(unit("Hello")), \"de\" : {\"stringUnit\" : {\"state\" : 5, \"value\" : \"Hallo\"}}")
        #expect(try findings(json, .json).map(\.message) == ["de stringUnit.state is a number where a catalog has a string: Xcode cannot open the file; write a string"])
    }
}
