/// How much of a catalog is translated, per language.
///
/// The entries that count are those to translate: not marked "Don't
/// translate" (`shouldTranslate: false`) and not `stale`. An entry counts as
/// translated in a language when every text of its localization there (the
/// plain one, or every plural, device and substitution variant) is in state
/// `translated`.
public struct Coverage: Sendable, Equatable {
    /// Entries to translate.
    public var total = 0
    /// Of those, the ones translated, by language.
    public var translated: [String: Int] = [:]

    public init(_ catalog: Catalog) {
        guard let strings = catalog.stringsNode else { return }
        let document = catalog.document
        document.withRawDocument { raw in
            for entry in raw.members(of: strings) {
                guard raw.nodes[entry.value].kind == .object, Coverage.isToTranslate(raw, entry.value) else { continue }
                total += 1
                guard let localizations = raw.member(.localizations, in: entry.value) else { continue }
                for localization in raw.members(of: localizations) where Coverage.isTranslated(raw, localization.value) {
                    translated[String(decoding: raw.decodedKey(localization.key), as: UTF8.self), default: 0] += 1
                }
            }
        }
    }

    /// The share translated in `language`; nil for a catalog with nothing to translate.
    public func share(_ language: String) -> Double? {
        total == 0 ? nil : Double(translated[language] ?? 0) / Double(total)
    }

    static func isToTranslate(_ raw: RawDocument, _ entry: Int) -> Bool {
        if let flag = raw.member(.shouldTranslate, in: entry), raw.nodes[flag].kind == .false { return false }
        if let state = raw.member(.extractionState, in: entry), raw.nodes[state].kind == .string,
           raw.decodedKey(state) == Array(ExtractionState.stale.rawValue.utf8) { return false }
        return true
    }

    /// Whether every translation of a localization (its unit or set, and
    /// those of every variant the schema names) is `translated`, and there is one.
    static func isTranslated(_ raw: RawDocument, _ localization: Int) -> Bool {
        var states = 0
        return allTranslated(raw, localization, at: .localization, &states) && states > 0
    }

    private static func allTranslated(_ raw: RawDocument, _ object: Int, at level: CatalogLevel, _ states: inout Int) -> Bool {
        guard raw.nodes[object].kind == .object else { return true }
        if level == .stringUnit || level == .stringSet {
            guard let state = raw.member(.state, in: object), raw.nodes[state].kind == .string else { return true }
            states += 1
            var translated = TranslationState.translated.rawValue
            return translated.withUTF8 { raw.keyEquals(state, $0) }
        }
        for member in raw.members(of: object) {
            switch raw.withKeyText(member.key, { level.child(utf8: $0) }) {
            case .other: continue
            case let child: if !allTranslated(raw, member.value, at: child, &states) { return false }
            }
        }
        return true
    }
}

extension LanguageStatistics {
    /// Counts per language from a file's changes, with the coverage of each version.
    static func compute(changes: [CatalogChange], removedTranslations: [String: Int], old: Catalog?, new: Catalog?,
                        languages: Set<String>) -> [LanguageStatistics] {
        var table: [String: LanguageStatistics] = [:]
        func update(_ language: String, _ body: (inout LanguageStatistics) -> Void) {
            var statistics = table[language] ?? LanguageStatistics(language: language)
            body(&statistics)
            table[language] = statistics
        }
        for change in changes {
            guard let language = change.language else { continue }
            switch change.kind {
            case .translationAdded: update(language) { $0.added += 1 }
            case .translationRemoved: update(language) { $0.removed += 1 }
            case .translationChanged:
                update(language) {
                    $0.changed += 1
                    if change.oldState != change.newState { $0.stateChanges += 1 }
                }
            case .stateChanged: update(language) { $0.stateChanges += 1 }
            default: break
            }
        }
        for (language, count) in removedTranslations { update(language) { $0.removed += count } }
        let before = old.map(Coverage.init), after = new.map(Coverage.init)
        var all = Set(table.keys)
        all.formUnion(before?.translated.keys ?? [:].keys)
        all.formUnion(after?.translated.keys ?? [:].keys)
        for catalog in [old, new].compactMap({ $0 }) {
            for entry in catalog.entries { for localization in entry.localizations { all.insert(localization.language) } }
        }
        if !languages.isEmpty { all.formIntersection(languages) }
        return all.sorted(by: KeyCollation.precedes).map { language in
            var statistics = table[language] ?? LanguageStatistics(language: language)
            statistics.coverageBefore = before?.share(language)
            statistics.coverageAfter = after?.share(language)
            return statistics
        }
    }
}
