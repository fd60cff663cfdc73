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

    public init(categories: PluralCategories, required: PluralCategories) {
        self.categories = categories
        self.required = required.subtracting([.zero])
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
                                   required: PluralCategories(rawValue: row.required))
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
    private static func row(_ tag: String) -> (tag: String, categories: UInt8, required: UInt8)? {
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
