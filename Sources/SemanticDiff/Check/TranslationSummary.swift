import XCStringsCatalog
import XCStringsJSON

/// Where a language stands in a catalog (`check --summary`).
///
/// Of the entries to translate (not "Don't translate", not stale), each
/// counts once per language: translated when every text of its
/// localization is `translated` (as ``Coverage`` counts), else
/// needs_review when a text is `needs_review`, else new when it has any
/// text, else missing. Stale counts the stale entries translated in the
/// language.
public struct LanguageSummary: Sendable, Equatable {
    public var language: String
    public var translated = 0
    public var needsReview = 0
    public var new = 0
    public var missing = 0
    public var stale = 0
    /// Entries to translate.
    public var total = 0

    /// The share translated; nil when there is nothing to translate.
    public var share: Double? { total == 0 ? nil : Double(translated) / Double(total) }

    /// Every language of `catalog` but the source, in `keyOrder`.
    public static func languages(of catalog: Catalog, keyOrder: KeyOrder) -> [LanguageSummary] {
        var table: [String: LanguageSummary] = [:]
        var total = 0
        var entries: [(toTranslate: Bool, localizations: [String: Localization])] = []
        for entry in catalog.entries {
            let toTranslate = entry.shouldTranslate && entry.extractionState != .stale
            if toTranslate { total += 1 }
            guard entry.shouldTranslate else { continue }
            var localizations: [String: Localization] = [:]
            for localization in entry.localizations where localization.language != catalog.sourceLanguage {
                localizations[localization.language] = localization
                if table[localization.language] == nil { table[localization.language] = LanguageSummary(language: localization.language) }
            }
            entries.append((toTranslate, localizations))
        }
        for language in table.keys { table[language]!.total = total }
        for entry in entries {
            for language in table.keys {
                guard let localization = entry.localizations[language] else {
                    if entry.toTranslate { table[language]!.missing += 1 }
                    continue
                }
                guard entry.toTranslate else { table[language]!.stale += 1; continue }
                let states = localization.translations.map(\.state)
                if states.isEmpty {
                    table[language]!.missing += 1
                } else if states.allSatisfy({ $0 == .translated }) {
                    table[language]!.translated += 1
                } else if states.contains(.needsReview) {
                    table[language]!.needsReview += 1
                } else {
                    table[language]!.new += 1
                }
            }
        }
        return table.values.sorted { keyOrder.precedes($0.language, $1.language) }
    }
}
