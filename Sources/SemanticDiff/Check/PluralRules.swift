import XCStringsCatalog

/// Which plural categories a language selects, from CLDR as the ICU behind
/// Foundation has it (the generated ``PluralRules/table``).
public struct PluralForms: Sendable, Equatable {
    /// Every category the language's rules can select.
    public var categories: PluralCategories
    /// Those a translation must have: the categories CLDR's rules select for
    /// some number below one million written without an exponent, whole or
    /// with one or two decimals. `zero` is never required (Apple's explicit
    /// zero is a choice), and a category that only serves exact millions and
    /// compact exponents (`many` in French, Spanish, Italian, Portuguese,
    /// Catalan: "1 million de") is optional.
    public var required: PluralCategories
    /// The first whole number from 1 each category selects (0 where it
    /// selects 0 alone), by `PluralCategory.allCases`; -1 where it selects none (`many` in Czech
    /// serves fractions only, `other` in Russian too).
    public var firstWhole: [Int16]
    /// The category that selects most whole numbers below 100 (`many` in
    /// Russian and Polish, `other` in English).
    public var mostWhole: PluralCategory?

    public init(categories: PluralCategories, required: PluralCategories, firstWhole: [Int16] = [], mostWhole: PluralCategory? = nil) {
        self.categories = categories
        self.required = required.subtracting([.zero])
        self.firstWhole = firstWhole
        self.mostWhole = mostWhole
    }

    /// The first whole number `category` selects; nil when it serves fractions only.
    public func firstWhole(_ category: PluralCategory) -> Int? {
        guard let index = PluralCategory.allCases.firstIndex(of: category), index < firstWhole.count, firstWhole[index] >= 0 else { return nil }
        return Int(firstWhole[index])
    }
}

/// CLDR's plural categories per language.
public enum PluralRules {
    /// The forms of `language` (a BCP 47 tag as catalogs use them: `ru`,
    /// `pt-PT`, `zh-Hant`), found as ICU finds them: the tag, then the tag
    /// without its last subtag, and so on. Nil for a language CLDR does not
    /// know.
    public static func forms(_ language: String) -> PluralForms? {
        var tag = String(language.lowercased().map { $0 == "_" ? "-" : $0 })
        while !tag.isEmpty {
            if let row = row(tag) {
                return PluralForms(categories: PluralCategories(rawValue: row.categories),
                                   required: PluralCategories(rawValue: row.required), firstWhole: row.firstWhole,
                                   mostWhole: PluralCategories(rawValue: row.mostWhole).first { _ in true })
            }
            guard let dash = tag.lastIndex(of: "-") else { return nil }
            tag = String(tag[..<dash])
        }
        return nil
    }

    /// The generated table's row for `tag`, by binary search: the table is
    /// sorted by tag (a test holds it to that), and searching it builds
    /// nothing, where a dictionary built at first use cost a small merge a
    /// quarter of its time.
    private static func row(_ tag: String) -> (tag: String, categories: UInt8, required: UInt8, firstWhole: [Int16], mostWhole: UInt8)? {
        var low = 0
        var high = table.count
        while low < high {
            let middle = (low + high) / 2
            let row = table[middle]
            if row.tag == tag { return row }
            if row.tag < tag { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
