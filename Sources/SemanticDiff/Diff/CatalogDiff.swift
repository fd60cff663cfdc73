/// Compares two versions of a catalog entry by entry and translation by
/// translation. Entries whose bytes are the same on both sides are skipped
/// without being read, so a diff of a large catalog costs about one pass
/// over each file.
public enum CatalogDiff {
    /// The changes from `old` to `new` (nil: the file does not exist on that
    /// side). With `languages`, only translations (and statistics) of those
    /// languages are reported.
    public static func compare(old: Catalog?, new: Catalog?, oldPath: String?, newPath: String?,
                               languages: Set<String> = [], statistics: Bool = true) -> CatalogFileDiff {
        var changes: [CatalogChange] = []
        let wanted: (String) -> Bool = { languages.isEmpty || languages.contains($0) }
        for field in ["sourceLanguage", "version"] {
            let before = old.flatMap { $0.document.stringValue($0.document.value(forKey: field, in: $0.document.root)) }
            let after = new.flatMap { $0.document.stringValue($0.document.value(forKey: field, in: $0.document.root)) }
            if before != after && (old != nil && new != nil) {
                changes.append(CatalogChange(kind: .catalogChanged, field: field, old: before, new: after))
            }
        }
        var removedTranslations: [String: Int] = [:]
        withRaw(old?.document) { oldRaw in
            withRaw(new?.document) { newRaw in
                let oldMembers = oldRaw.flatMap { raw in old?.stringsNode.map { ObjectMembers(raw, $0) } }
                var seen = Set<Int>()
                for (position, entry) in (new?.entries ?? []).enumerated() {
                    guard let old, let oldRaw, let newRaw,
                          let match = oldMembers?.find(newRaw, entry.keyNode, hint: position) else {
                        let translations = entry.localizations.filter { wanted($0.language) }.flatMap(\.translations)
                        changes.append(CatalogChange(kind: .entryAdded, key: entry.key, translations: translations.count))
                        for translation in translations {
                            changes.append(CatalogChange(kind: .translationAdded, key: entry.key, language: translation.language,
                                                         variant: translation.variant.description, new: translation.value,
                                                         newState: translation.state?.rawValue))
                        }
                        continue
                    }
                    seen.insert(match.value)
                    if JSONEquality.equal(oldRaw, match.value, newRaw, entry.node) { continue }
                    changes += compare(Entry(document: old.document, keyNode: match.key, node: match.value), entry,
                                       oldRaw: oldRaw, newRaw: newRaw, wanted: wanted)
                }
                for entry in old?.entries ?? [] where !seen.contains(entry.node) {
                    var count = 0
                    for localization in entry.localizations where wanted(localization.language) {
                        let translations = localization.translations.count
                        count += translations
                        removedTranslations[localization.language, default: 0] += translations
                    }
                    changes.append(CatalogChange(kind: .entryRemoved, key: entry.key, translations: count))
                }
            }
        }
        let statisticsList = statistics
            ? LanguageStatistics.compute(changes: changes, removedTranslations: removedTranslations, old: old, new: new, languages: languages)
            : []
        return CatalogFileDiff(oldPath: oldPath, newPath: newPath, changes: changes, statistics: statisticsList)
    }

    /// The changes between two versions of one entry.
    static func compare(_ old: Entry, _ new: Entry, oldRaw: RawDocument, newRaw: RawDocument,
                        wanted: (String) -> Bool) -> [CatalogChange] {
        var changes: [CatalogChange] = []
        let key = new.key
        func field(_ name: String, _ before: String?, _ after: String?) {
            if before != after { changes.append(CatalogChange(kind: .entryChanged, key: key, field: name, old: before, new: after)) }
        }
        field("comment", old.comment, new.comment)
        field("extractionState", old.extractionState?.rawValue, new.extractionState?.rawValue)
        field("shouldTranslate", old.shouldTranslate ? nil : "false", new.shouldTranslate ? nil : "false")

        // Only localizations whose bytes differ are read further.
        var oldLocalizations: [Localization] = [], newLocalizations: [Localization] = []
        let oldMembers = ObjectMembers(oldRaw, old.field("localizations"))
        let newMembers = ObjectMembers(newRaw, new.field("localizations"))
        var matched = [Bool](repeating: false, count: oldMembers.count)
        func collect(_ document: JSONDocument, _ member: JSONDocument.Member, into list: inout [Localization]) {
            let language = document.string(member.key)
            if wanted(language) { list.append(Localization(document: document, language: language, node: member.value)) }
        }
        for (position, member) in newMembers.enumerated() {
            if let match = oldMembers.position(of: newRaw, member.key, hint: position) {
                matched[match] = true
                if JSONEquality.equal(oldRaw, oldMembers[match].value, newRaw, member.value) { continue }
                collect(old.document, oldMembers[match], into: &oldLocalizations)
            }
            collect(new.document, member, into: &newLocalizations)
        }
        for (position, member) in oldMembers.enumerated() where !matched[position] {
            collect(old.document, member, into: &oldLocalizations)
        }
        struct Place: Hashable { var language: String; var variant: Variant }
        var before: [Place: Translation] = [:]
        for translation in oldLocalizations.flatMap(\.translations) {
            before[Place(language: translation.language, variant: translation.variant)] = translation
        }
        var after = Set<Place>()
        for translation in newLocalizations.flatMap(\.translations) {
            let place = Place(language: translation.language, variant: translation.variant)
            after.insert(place)
            let variant = translation.variant.description
            guard let previous = before[place] else {
                changes.append(CatalogChange(kind: .translationAdded, key: key, language: place.language, variant: variant,
                                             new: translation.value, newState: translation.state?.rawValue))
                continue
            }
            if previous.value != translation.value {
                changes.append(CatalogChange(kind: .translationChanged, key: key, language: place.language, variant: variant,
                                             old: previous.value, new: translation.value,
                                             oldState: previous.state?.rawValue, newState: translation.state?.rawValue))
            } else if previous.state != translation.state {
                changes.append(CatalogChange(kind: .stateChanged, key: key, language: place.language, variant: variant,
                                             oldState: previous.state?.rawValue, newState: translation.state?.rawValue))
            }
        }
        for translation in oldLocalizations.flatMap(\.translations)
        where !after.contains(Place(language: translation.language, variant: translation.variant)) {
            changes.append(CatalogChange(kind: .translationRemoved, key: key, language: translation.language,
                                         variant: translation.variant.description, old: translation.value,
                                         oldState: translation.state?.rawValue))
        }
        return changes
    }
}

/// Calls `body` with the raw view of `document`, or nil.
func withRaw<R>(_ document: JSONDocument?, _ body: (RawDocument?) -> R) -> R {
    guard let document else { return body(nil) }
    return document.withRawDocument { body($0) }
}
