import Foundation
import FoundationPlurals
import Testing
import SemanticDiff
@testable import XCStringsCheck
@testable import XCStringsDiff
@testable import XCStringsJSON

/// The generated plural table is what its generator makes from this
/// toolchain's ICU today, agrees with CLDR's own plurals.xml, and says
/// what the README says for the languages people ask about.
@Suite("Plural rules")
struct PluralRulesTests {
    @Test("PluralRules+Generated.swift is what scripts/generate-plural-rules writes now",
          .enabled(if: PluralRulesGenerator.cldrMajorVersion > 0, "no ICU to read: Apple's Foundation keeps its ICU private"))
    func fresh() {
        let rows = PluralRulesGenerator.rows()
        #expect(rows.count == PluralRules.table.count, "regenerate with scripts/generate-plural-rules")
        let differing = zip(rows, PluralRules.table).first { $0.0 != $0.1 }
        #expect(differing == nil, "\(differing.map { "\($0.0) against \($0.1)" } ?? ""): regenerate with scripts/generate-plural-rules")
        #expect(PluralRules.source == PluralRulesGenerator.provenance)
    }

    @Test("every row of the table is found by its tag (the search needs it sorted)")
    func everyRowFound() {
        #expect(PluralRules.table.map { $0.tag } == PluralRules.table.map { $0.tag }.sorted())
        for row in PluralRules.table {
            let forms = PluralRules.forms(row.tag)
            #expect(forms?.categories.rawValue == row.categories, "\(row.tag)")
        }
        #expect(PluralRules.forms("xx") == nil)
        #expect(PluralRules.forms("") == nil)
    }

    @Test("languages as CLDR has them", arguments: [
        ("ru", "one, few, many, other", "one, few, many, other"),
        ("uk", "one, few, many, other", "one, few, many, other"),
        ("pl", "one, few, many, other", "one, few, many, other"),
        ("cs", "one, few, many, other", "one, few, many, other"),
        ("ja", "other", "other"), ("ko", "other", "other"), ("zh-Hans", "other", "other"), ("vi", "other", "other"),
        ("en", "one, other", "one, other"), ("de-CH", "one, other", "one, other"),
        ("fr", "one, many, other", "one, other"), ("es", "one, many, other", "one, other"),
        ("pt-BR", "one, many, other", "one, other"), ("pt-PT", "one, many, other", "one, other"),
        ("it", "one, many, other", "one, other"), ("ca", "one, many, other", "one, other"),
        ("ar", "zero, one, two, few, many, other", "one, two, few, many, other"),
        ("cy", "zero, one, two, few, many, other", "one, two, few, many, other"),
        ("lv", "zero, one, other", "one, other"),
    ])
    func language(_ tag: String, _ categories: String, _ required: String) throws {
        let forms = try #require(PluralRules.forms(tag))
        #expect(forms.categories.list == categories)
        #expect(forms.required.list == required)
    }

    @Test("a language CLDR does not know has no forms")
    func unknown() {
        #expect(PluralRules.forms("qaa") == nil)
        #expect(PluralRules.forms("") == nil)
    }

    /// Debian's unicode-cldr-core (scripts/install-dependencies installs it).
    static let pluralsXML = "/usr/share/unicode/cldr/common/supplemental/plurals.xml"
    static let ldmlDTD = "/usr/share/unicode/cldr/common/dtd/ldml.dtd"

    @Test("every language of CLDR's plurals.xml has the categories ICU has, and the same required ones from its samples")
    func agreesWithCLDR() throws {
        guard let data = FileManager.default.contents(atPath: Self.pluralsXML) else {
            print("skipped: \(Self.pluralsXML) is missing (apt-get install unicode-cldr-core)")
            return
        }
        let cldr = try CLDRPlurals(data)
        #expect(cldr.languages.count > 200)
        // Languages whose rules changed between the CLDR of the XML and ICU's.
        var differing: [String] = []
        for (language, forms) in cldr.languages {
            guard let ours = PluralRules.forms(language) else {
                // A language with only `other` that ICU has no locale for is not told from one it does not know.
                if forms.categories != [.other] { differing.append("\(language): not in the table") }
                continue
            }
            if ours.categories != forms.categories || ours.required != forms.required { differing.append("\(language): CLDR \(cldr.version) \(forms.categories.list) / \(forms.required.list), table \(ours.categories.list) / \(ours.required.list)") }
        }
        if PluralRulesGenerator.cldrMajorVersion != cldr.version {
            differing.removeAll { Self.changedAfter41.contains(String($0.prefix { $0 != ":" })) }
        }
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
    }

    /// Languages whose plural rules CLDR changed after version 41 (Debian
    /// 12's unicode-cldr-core), per CLDR 42's release notes: Catalan and
    /// Sicilian gained `many` (for millions), Hebrew lost `many`, Maltese
    /// gained `two`.
    static let changedAfter41: Set<String> = ["ca", "scn", "he", "iw", "mt"]
}

/// CLDR's `plurals.xml`: per language, the categories and those whose
/// samples hold a number below a million without an exponent.
struct CLDRPlurals {
    var version = 0
    var languages: [String: PluralForms] = [:]

    init(_ data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        // The release is in the DTD: `cldrVersion CDATA #FIXED "41"`.
        let dtd = (try? String(contentsOfFile: PluralRulesTests.ldmlDTD, encoding: .utf8)) ?? ""
        if let range = dtd.range(of: "cldrVersion CDATA #FIXED \""), let end = dtd[range.upperBound...].firstIndex(of: "\"") {
            version = Int(dtd[range.upperBound..<end].split(separator: ".").first ?? "") ?? 0
        }
        for block in text.components(separatedBy: "<pluralRules locales=\"").dropFirst() {
            let locales = block.prefix { $0 != "\"" }.split(separator: " ").map(String.init)
            let body = block.components(separatedBy: "</pluralRules>")[0]
            var categories = PluralCategories(), required = PluralCategories()
            for rule in body.components(separatedBy: "<pluralRule count=\"").dropFirst() {
                guard let category = PluralCategory(rawValue: String(rule.prefix { $0 != "\"" })) else { continue }
                categories.insert(category)
                let samples = rule.components(separatedBy: ">").dropFirst().first?.components(separatedBy: "</pluralRule")[0] ?? ""
                if Self.hasEverydaySample(samples) { required.insert(category) }
            }
            if categories.isEmpty { categories.insert(.other); required.insert(.other) }
            for locale in locales { languages[locale.replacingOccurrences(of: "_", with: "-")] = PluralForms(categories: categories, required: required) }
        }
    }

    /// Whether `@integer … @decimal …` samples hold a number below one
    /// million written without an exponent, with at most two decimals.
    static func hasEverydaySample(_ rule: String) -> Bool {
        var samples = rule.components(separatedBy: "@integer").dropFirst().joined(separator: ",")
        samples += "," + rule.components(separatedBy: "@decimal").dropFirst().joined(separator: ",")
        samples = samples.components(separatedBy: "@integer").joined(separator: ",")
        for sample in samples.split(whereSeparator: { $0 == "," || $0 == "~" || $0 == " " }) {
            let text = sample.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.contains("c"), !text.contains("e"), !text.contains("…"), let number = Double(text) else { continue }
            let decimals = text.split(separator: ".").dropFirst().first?.count ?? 0
            if number < 1_000_000 && decimals <= 2 { return true }
        }
        return false
    }
}
