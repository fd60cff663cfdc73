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
            for entry in ObjectMembers(raw, strings) {
                guard raw.nodes[entry.value].kind == .object, Coverage.isToTranslate(raw, entry.value) else { continue }
                total += 1
                guard let localizations = Coverage.member(raw, entry.value, "localizations"),
                      raw.nodes[localizations].kind == .object else { continue }
                for localization in ObjectMembers(raw, localizations) where Coverage.isTranslated(raw, localization.value) {
                    translated[String(decoding: raw.decodedKey(localization.key), as: UTF8.self), default: 0] += 1
                }
            }
        }
    }

    /// The share translated in `language`; nil for a catalog with nothing to translate.
    public func share(_ language: String) -> Double? {
        total == 0 ? nil : Double(translated[language] ?? 0) / Double(total)
    }

    static func member(_ raw: RawDocument, _ object: Int, _ name: StaticString) -> Int? {
        let text = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        var key = object + 1
        var found: Int?
        for _ in 0..<Int(raw.nodes[object].count) {
            if !raw.nodes[key].flags.contains(.shadowed) && raw.keyEquals(key, text) { found = key + 1 }
            key = Int(raw.nodes[key + 1].next)
        }
        return found
    }

    static func isToTranslate(_ raw: RawDocument, _ entry: Int) -> Bool {
        if let flag = member(raw, entry, "shouldTranslate"), raw.nodes[flag].kind == .false { return false }
        if let state = member(raw, entry, "extractionState"), raw.nodes[state].kind == .string,
           raw.decodedKey(state) == Array("stale".utf8) { return false }
        return true
    }

    /// Whether every `state` in a localization's subtree is `translated` (and there is one).
    static func isTranslated(_ raw: RawDocument, _ localization: Int) -> Bool {
        var states = 0
        return allTranslated(raw, localization, &states) && states > 0
    }

    private static func allTranslated(_ raw: RawDocument, _ object: Int, _ states: inout Int) -> Bool {
        guard raw.nodes[object].kind == .object else { return true }
        let state = Array("state".utf8), translated = Array("translated".utf8)
        var key = object + 1
        for _ in 0..<Int(raw.nodes[object].count) {
            let value = key + 1
            if !raw.nodes[key].flags.contains(.shadowed) {
                if state.withUnsafeBufferPointer({ raw.keyEquals(key, $0) }) && raw.nodes[value].kind == .string {
                    guard translated.withUnsafeBufferPointer({ raw.keyEquals(value, $0) }) else { return false }
                    states += 1
                } else if !allTranslated(raw, value, &states) {
                    return false
                }
            }
            key = Int(raw.nodes[value].next)
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
