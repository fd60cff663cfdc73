import XCStringsJSON

/// The languages of the localizations a diff compares, each made a string
/// once: entries name the same few languages, mostly in the same order,
/// and a string made from a key's bytes each time would be allocated again.
struct LanguageSpellings {
    private var numbers = LanguageNumbers()
    private var names: [String] = []

    /// The language named by key node `key` of `raw`.
    package mutating func name(_ raw: RawDocument, _ key: Int) -> String {
        let (number, isNew) = numbers.number(raw, key)
        if isNew { names.append(String(decoding: numbers.spellings[number], as: UTF8.self)) }
        return names[number]
    }
}
