import XCStringsCatalog
import XCStringsJSON

/// Compares two versions of a catalog entry by entry and translation by
/// translation. Entries whose bytes are the same on both sides are skipped
/// without being read, so a diff of a large catalog costs about one pass
/// over each file.
public enum CatalogDiff {
    /// The changes from `old` to `new` (nil: the file does not exist on that
    /// side). With `languages`, only translations (and statistics) of those
    /// languages are reported. `coverage` is each side's ``Coverage`` when
    /// the caller has it already (found on the thread that read that side);
    /// else the statistics find it. Without `statistics` (the text form,
    /// which shows none), neither the languages' statistics nor the count
    /// of entries now untranslated is found: each reads every translation
    /// of every changed entry.
    ///
    /// With `secondThread`, a catalog of many entries (or many bytes of
    /// them) is compared in pieces that this thread and that one take in
    /// turns; the changes are the same, in the same order.
    public static func compare(old: Catalog?, new: Catalog?, oldPath: String?, newPath: String?,
                               languages: Set<String> = [], statistics: Bool = true,
                               coverage: (old: Coverage?, new: Coverage?)? = nil,
                               secondThread: (any SecondThread)? = nil, keyOrder: KeyOrder) -> CatalogFileDiff {
        var changes: [CatalogChange] = []
        let wanted: (String) -> Bool = { languages.isEmpty || languages.contains($0) }
        for field in [CatalogField.sourceLanguage, .version] {
            let before = old.flatMap { $0.document.stringValue($0.document.value(field, in: $0.document.root)) }
            let after = new.flatMap { $0.document.stringValue($0.document.value(field, in: $0.document.root)) }
            if !same(before, after) && (old != nil && new != nil) {
                var change = CatalogChange(kind: .catalogChanged, field: field.rawValue, old: before.map(CatalogChange.Value.text),
                                           new: after.map(CatalogChange.Value.text))
                change.normalizationOnly = before == after
                changes.append(change)
            }
        }
        if let old, let new { changes += UnlistedChanges.between(topLevelOf: old, new) }
        var removedTranslations: [String: Int] = [:]
        var entryStatistics = EntryStatistics()
        let source = new?.sourceLanguage ?? old?.sourceLanguage
        let entries = new?.entries ?? []
        // Many entries in pieces taken in turns by this thread and the other: a piece's cost is
        // its changes, which no cut by count or bytes can foresee (a translator's branch changes
        // every entry of a few hundred large ones; a feature branch adds small ones at the end).
        var parts: [EntriesCompared]
        if let secondThread, let old, let new, let pieces = pieces(of: entries, in: new) {
            parts = withRaw(old.document) { oldRaw in
                // The old entries, by key, found once for every piece (no piece outlives this call), the
                // index made before the threads share it.
                let oldEntries = OldEntries(members: oldRaw.flatMap { raw in old.stringsNode.map { ObjectMembers(raw, $0).indexed() } })
                return secondThread.map(pieces) { positions in
                    // Each piece reads both documents through storage of its own: every view it makes
                    // (an entry, a translation) retains its document, and two threads retaining one
                    // reference count at once fight over it.
                    compareEntries(positions, of: entries, old: old.withOwnStorage(), new: new.withOwnStorage(),
                                   oldEntries: oldEntries.members, languages: languages, statistics: statistics, source: source)
                }
            }
        } else {
            parts = [compareEntries(entries.indices, of: entries, old: old, new: new, oldEntries: nil,
                                    languages: languages, statistics: statistics, source: source)]
        }
        var seen = Set<Int>()
        for part in parts {
            seen.formUnion(part.seen)
            entryStatistics.nowUntranslated += part.nowUntranslated
        }
        // The entries new lacks are found first, so that the list of changes has room for theirs: a list
        // one change too small is copied whole to grow.
        let removedEntries = (old?.entries ?? []).filter { !seen.contains($0.node) }
        let total = changes.count + parts.reduce(0) { $0 + $1.changes.count } + removedEntries.count
        for index in parts.indices {
            // The first part's changes are taken, not copied (thousands of changes are megabytes).
            if changes.isEmpty {
                swap(&changes, &parts[index].changes)
                changes.reserveCapacity(total)
            } else {
                changes += parts[index].changes
            }
        }
        for entry in removedEntries {
            var count = 0
            for localization in entry.localizations where wanted(localization.language) {
                // Most localizations are a unit's state and value, one translation: not made into one to be counted.
                let plain = localization.document.withRawDocument { PlainText.parts($0, localization.node) != nil }
                let translations = plain ? 1 : localization.translations.count
                count += translations
                removedTranslations[localization.language, default: 0] += translations
            }
            // With --language, an entry that had nothing in those languages did not matter to them.
            if languages.isEmpty || count > 0 {
                changes.append(CatalogChange(kind: .entryRemoved, key: entry.key, translations: count))
            }
        }
        markNormalizationOnlyKeys(&changes)
        // Each entry's changes are in order already, one run each; a removed entry is one change.
        ChangeOrder.sort(&changes, sourceLanguage: source, entriesInOrder: true, keyOrder: keyOrder)
        let statisticsList = statistics
            ? LanguageStatistics.compute(changes: changes, removedTranslations: removedTranslations, old: old, new: new, languages: languages,
                                         coverage: coverage ?? (old.map(Coverage.init), new.map(Coverage.init)))
            : []
        var fieldsChangedIn: String?
        // By index, each field read in place: a change bound whole is copied, its strings retained and released.
        for index in changes.indices {
            switch changes[index].kind {
            case .entryAdded:
                entryStatistics.added += 1
                if changes[index].normalizationOnly { entryStatistics.renormalized += 1 }
            case .entryRemoved: entryStatistics.removed += 1
            case .entryChanged where changes[index].becameStale:
                entryStatistics.newlyStale += 1
            case .entryChanged:
                // An entry that only became stale is counted as that.
                if let key = changes[index].key, !same(key, fieldsChangedIn) {
                    fieldsChangedIn = key
                    entryStatistics.fieldsChanged += 1
                }
            default: break
            }
        }
        var diff = CatalogFileDiff(oldPath: oldPath, newPath: newPath, changes: changes, statistics: statisticsList)
        diff.entryStatistics = entryStatistics
        if !languages.isEmpty {
            diff.languages = languages.sorted { ChangeOrder.languagePrecedes($0, $1, source: source) }
            diff.languagesPresent = LanguageStatistics.languages(of: [old, new])
        }
        if let old, let new {
            diff.isIdentical = old.document.bytes.withUnsafeBufferPointer { a in new.document.bytes.withUnsafeBufferPointer { b in memcmpEqual(a, b) } }
        }
        return diff
    }

    /// A catalog's entries cut into pieces of about as many bytes each, to
    /// be compared in turns by two threads; nil when there is too little to
    /// share, by entries and by bytes (a catalog of a few hundred keys in
    /// forty languages has entries of kilobytes each).
    static func pieces(of entries: [Entry], in catalog: Catalog) -> [Range<Int>]? {
        guard entries.count >= 2, let first = entries.first, let last = entries.last else { return nil }
        let document = catalog.document
        let start = Int(document[first.keyNode].start), end = Int(document[last.node].end)
        guard entries.count >= 512 || end - start >= piecesFromBytes else { return nil }
        let count = min(pieceCount, entries.count)
        var pieces: [Range<Int>] = []
        var lower = 0
        for piece in 1..<count {
            // The first entry whose key starts at or after this piece's share of the bytes (entries are in file order).
            let target = start + (end - start) / count * piece
            var low = lower + 1, high = entries.count - (count - piece)
            while low < high {
                let probe = (low + high) / 2
                if Int(document[entries[probe].keyNode].start) < target { low = probe + 1 } else { high = probe }
            }
            pieces.append(lower..<low)
            lower = low
        }
        pieces.append(lower..<entries.count)
        return pieces
    }

    /// The size of a catalog's entries from which they are compared in pieces, however few.
    static let piecesFromBytes = 512 << 10
    /// Into how many pieces: enough that one piece more or less evens out two threads' shares.
    static let pieceCount = 8

    /// The old entries by key, read by the pieces on both threads: its
    /// document outlives them, and nothing writes to it.
    private struct OldEntries: @unchecked Sendable {
        let members: ObjectMembers?
    }

    /// What comparing some of a catalog's entries found: their changes in
    /// the entries' order, the old entries they were matched with (nodes),
    /// and how many of them no language but the source has translated now.
    struct EntriesCompared: Sendable {
        var changes: [CatalogChange] = []
        var seen: [Int] = []
        var nowUntranslated = 0
    }

    /// The new entries at `positions` compared with their old versions (an
    /// entry old lacks is added), in their order. `entries` give the
    /// positions' nodes; the views made are of `new`'s document. The old
    /// entries are looked up in `oldEntries`, or in an index made here.
    static func compareEntries(_ positions: Range<Int>, of entries: [Entry], old: Catalog?, new: Catalog?, oldEntries: ObjectMembers?,
                               languages: Set<String>, statistics: Bool, source: String?) -> EntriesCompared {
        let wanted: (String) -> Bool = { languages.isEmpty || languages.contains($0) }
        var found = EntriesCompared()
        var spellings = LanguageSpellings()
        withRaw(old?.document) { oldRaw in
            withRaw(new?.document) { newRaw in
                let oldMembers = oldEntries ?? oldRaw.flatMap { raw in old?.stringsNode.map { ObjectMembers(raw, $0) } }
                for position in positions {
                    guard let new else { break }
                    // Each entry's changes put in their order here, on this thread (the whole order then only places the entries).
                    let start = found.changes.count
                    defer { ChangeOrder.sortEntry(&found.changes, start..<found.changes.count, sourceLanguage: source) }
                    let entry = Entry(document: new.document, keyNode: entries[position].keyNode, node: entries[position].node)
                    guard let old, let oldRaw, let newRaw,
                          let match = oldMembers?.find(newRaw, entry.keyNode, hint: position) else {
                        let translations = entry.localizations.filter { wanted($0.language) }.flatMap(\.translations)
                        let key = entry.key
                        found.changes.append(CatalogChange(kind: .entryAdded, key: key, translations: translations.count))
                        if statistics && isToTranslate(entry) && !isTranslated(entry, besides: source, wanted) { found.nowUntranslated += 1 }
                        for translation in translations {
                            found.changes.append(CatalogChange(kind: .translationAdded, key: key, language: translation.language,
                                                               variant: translation.variant.description, new: translation.changeValue,
                                                               newState: translation.state?.rawValue))
                        }
                        continue
                    }
                    found.seen.append(match.value)
                    if JSONEquality.equal(oldRaw, match.value, newRaw, entry.node) { continue }
                    let previous = Entry(document: old.document, keyNode: match.key, node: match.value)
                    compare(previous, entry, oldRaw: oldRaw, newRaw: newRaw, wanted: wanted, filtering: !languages.isEmpty,
                            spellings: &spellings, into: &found.changes)
                    if statistics && isToTranslate(entry) && isTranslated(previous, besides: source, wanted) && !isTranslated(entry, besides: source, wanted) {
                        found.nowUntranslated += 1
                    }
                }
            }
        }
        return found
    }

    /// Whether an entry is one to translate: not "Don't translate", not stale.
    static func isToTranslate(_ entry: Entry) -> Bool {
        entry.shouldTranslate && entry.extractionState != .stale
    }

    /// Whether some language of `entry` other than the source (among those
    /// wanted) has every text of its localization translated.
    static func isTranslated(_ entry: Entry, besides source: String?, _ wanted: (String) -> Bool) -> Bool {
        let document = entry.document
        guard let node = entry.field(.localizations), document.kind(node) == .object else { return false }
        // Language by language, to the first translated one (most entries have one among their first
        // few): not every language made into a view first, to look at one or two.
        for member in document.members(of: node) {
            let language = document.string(member.key)
            guard language != source, wanted(language) else { continue }
            // Most localizations are a unit's state and value: translated when that state is.
            let plain: Bool? = document.withRawDocument { raw in
                PlainText.parts(raw, member.value).map { raw.keyEquals($0.state, ("translated" as StaticString).utf8Bytes) }
            }
            if let plain {
                if plain { return true }
                continue
            }
            let translations = Localization(document: document, language: language, node: member.value).translations
            if !translations.isEmpty && translations.allSatisfy({ $0.state == .translated }) { return true }
        }
        return false
    }

    /// The changes between two versions of one entry, appended to `changes`.
    static func compare(_ old: Entry, _ new: Entry, oldRaw: RawDocument, newRaw: RawDocument,
                        wanted: (String) -> Bool, filtering: Bool, spellings: inout LanguageSpellings,
                        into changes: inout [CatalogChange]) {
        let key = new.key
        // With --language, the entry's own fields matter when it is translated (or was) in one of those languages.
        let fieldsMatter = !filtering || old.localizations.contains { wanted($0.language) } || new.localizations.contains { wanted($0.language) }
        func field(_ field: CatalogField, _ before: CatalogChange.Value?, _ after: CatalogChange.Value?) {
            guard fieldsMatter, !same(before, after) else { return }
            var change = CatalogChange(kind: .entryChanged, key: key, field: field.rawValue, old: before, new: after)
            change.normalizationOnly = before == after
            changes.append(change)
        }
        field(.comment, old.comment.map(CatalogChange.Value.text), new.comment.map(CatalogChange.Value.text))
        field(.extractionState, old.extractionState.map { .text($0.rawValue) }, new.extractionState.map { .text($0.rawValue) })
        field(.isCommentAutoGenerated, old.literal(.isCommentAutoGenerated), new.literal(.isCommentAutoGenerated))
        field(.shouldTranslate, old.literal(.shouldTranslate), new.literal(.shouldTranslate))

        // Only localizations whose bytes differ are read further.
        let oldMembers = ObjectMembers(oldRaw, old.field(.localizations))
        let newMembers = ObjectMembers(newRaw, new.field(.localizations))
        var matched = [Bool](repeating: false, count: oldMembers.count)
        var differing: [(language: String, old: Localization?, new: Localization?)] = []
        func localization(_ document: JSONDocument, _ raw: RawDocument, _ member: JSONDocument.Member?) -> Localization? {
            member.map { Localization(document: document, language: spellings.name(raw, $0.key), node: $0.value) }
        }
        func collect(_ oldMember: JSONDocument.Member?, _ newMember: JSONDocument.Member?) {
            let before = localization(old.document, oldRaw, oldMember), after = localization(new.document, newRaw, newMember)
            let language = (after ?? before)!.language
            guard wanted(language) else { return }
            differing.append((language, before, after))
        }
        for (position, member) in newMembers.enumerated() {
            var previous: JSONDocument.Member?
            if let match = oldMembers.position(of: newRaw, member.key, hint: position) {
                matched[match] = true
                if JSONEquality.equal(oldRaw, oldMembers[match].value, newRaw, member.value) { continue }
                previous = oldMembers[match]
            }
            collect(previous, member)
        }
        for (position, member) in oldMembers.enumerated() where !matched[position] {
            collect(member, nil)
        }
        // Each language's translations are paired with its own old ones, by
        // where they sit (a variant's names compared as bytes, as keys are)
        // and, where a place holds a unit and a set, by kind.
        var removed: [CatalogChange] = []
        for (_, before, after) in differing {
            // Most localizations are a unit's state and value: their change read from the nodes.
            if plainChange(before, after, key: key, oldRaw: oldRaw, newRaw: newRaw, into: &changes, removed: &removed) { continue }
            let oldTranslations = before?.translations ?? [], newTranslations = after?.translations ?? []
            var places = TranslationPlaces(oldTranslations)
            for (translation, previous) in zip(newTranslations, places.pair(newTranslations)) {
                guard let previous else {
                    changes.append(CatalogChange(kind: .translationAdded, key: key, language: translation.language,
                                                 variant: translation.variant.description,
                                                 new: translation.changeValue, newState: translation.state?.rawValue))
                    continue
                }
                // Two units alike in value (and in every member) change nothing a translation shows.
                if let oldUnit = previous.unitNode, let newUnit = translation.unitNode, JSONEquality.equal(oldRaw, oldUnit, newRaw, newUnit) {
                    continue
                }
                let oldValue = previous.changeValue, newValue = translation.changeValue
                if !same(oldValue, newValue) {
                    var change = CatalogChange(kind: .translationChanged, key: key, language: translation.language,
                                               variant: translation.variant.description, old: oldValue, new: newValue,
                                               oldState: previous.state?.rawValue, newState: translation.state?.rawValue)
                    change.normalizationOnly = oldValue == newValue
                    changes.append(change)
                } else if !same(previous.state?.rawValue, translation.state?.rawValue) {
                    changes.append(CatalogChange(kind: .stateChanged, key: key, language: translation.language,
                                                 variant: translation.variant.description,
                                                 oldState: previous.state?.rawValue, newState: translation.state?.rawValue))
                }
            }
            for (position, translation) in oldTranslations.enumerated() where !places.isPaired(position) {
                removed.append(CatalogChange(kind: .translationRemoved, key: key, language: translation.language,
                                             variant: translation.variant.description, old: translation.changeValue,
                                             oldState: translation.state?.rawValue))
            }
        }
        changes += removed
        // What the typed view does not name (substitutions' arguments, members
        // of other tools) is never hidden.
        changes += UnlistedChanges.between(old, new, localizations: differing)
    }

    /// The change between two versions of a localization (either may be
    /// absent) that are each a unit's state and value and nothing else
    /// (``PlainText``), found from their nodes: what pairing their
    /// translations finds, a change added to `changes` and a removal to
    /// `removed`. False, with nothing added, when either has another shape.
    static func plainChange(_ before: Localization?, _ after: Localization?, key: String, oldRaw: RawDocument, newRaw: RawDocument,
                            into changes: inout [CatalogChange], removed: inout [CatalogChange]) -> Bool {
        let old = before.map { PlainText.parts(oldRaw, $0.node) }, new = after.map { PlainText.parts(newRaw, $0.node) }
        switch (before, old, after, new) {
        case (nil, _, let after?, let new??):
            changes.append(CatalogChange(kind: .translationAdded, key: key, language: after.language,
                                         new: .text(after.document.string(new.value)), newState: after.document.string(new.state)))
        case (let before?, let old??, nil, _):
            removed.append(CatalogChange(kind: .translationRemoved, key: key, language: before.language,
                                         old: .text(before.document.string(old.value)), oldState: before.document.string(old.state)))
        case (let before?, let old??, let after?, let new??):
            // Two units alike in value (and in every member) change nothing a translation shows.
            if JSONEquality.equal(oldRaw, PlainText.unit(of: before.node), newRaw, PlainText.unit(of: after.node)) { return true }
            let oldValue = before.document.string(old.value), newValue = after.document.string(new.value)
            let oldState = before.document.string(old.state), newState = after.document.string(new.state)
            if !same(oldValue, newValue) {
                var change = CatalogChange(kind: .translationChanged, key: key, language: after.language,
                                           old: .text(oldValue), new: .text(newValue), oldState: oldState, newState: newState)
                change.normalizationOnly = oldValue == newValue
                changes.append(change)
            } else if !same(oldState, newState) {
                changes.append(CatalogChange(kind: .stateChanged, key: key, language: after.language, oldState: oldState, newState: newState))
            }
        default:
            return false
        }
        return true
    }

    /// Marks an entry removed and one added whose keys differ only in
    /// Unicode normalization, so that they are not shown as the same key twice.
    static func markNormalizationOnlyKeys(_ changes: inout [CatalogChange]) {
        let removed = changes.indices.filter { changes[$0].kind == .entryRemoved }
        guard !removed.isEmpty else { return }
        var byKey: [String: [Int]] = [:]
        for index in removed { byKey[changes[index].key ?? "", default: []].append(index) }
        for index in changes.indices where changes[index].kind == .entryAdded {
            guard let twins = byKey[changes[index].key ?? ""] else { continue }
            changes[index].normalizationOnly = true
            for twin in twins { changes[twin].normalizationOnly = true }
        }
    }
}

/// Whether two optional values are identical (``same(_:_:)`` for texts).
package func same(_ a: CatalogChange.Value?, _ b: CatalogChange.Value?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (a?, b?): return a.isIdentical(to: b)
    default: return false
    }
}

extension Translation {
    /// The text as a change shows it: a unit's value, or a set's list.
    var changeValue: CatalogChange.Value? {
        switch text {
        case .unit(let unit): return unit.value.map(CatalogChange.Value.text)
        case .set(let set): return .list(set.values)
        }
    }
}

extension Entry {
    /// A member's value as a change shows it (`true`, `false`), nil when absent.
    func literal(_ field: CatalogField) -> CatalogChange.Value? {
        self.field(field).map { .json(JSONValue(document, $0)) }
    }
}

/// Calls `body` with the raw view of `document`, or nil.
func withRaw<R>(_ document: JSONDocument?, _ body: (RawDocument?) -> R) -> R {
    guard let document else { return body(nil) }
    return document.withRawDocument { body($0) }
}

/// One language's old translations by where they sit (a variant's names
/// compared as bytes, as keys are), for its new ones to find the old one
/// each replaces: scanned when there are a few, through a hash index when
/// there are many.
private struct TranslationPlaces {
    private let translations: [Translation]
    private var paired: [Bool]
    private var index: [VariantBytes: [Int]]?

    init(_ translations: [Translation]) {
        self.translations = translations
        paired = [Bool](repeating: false, count: translations.count)
        guard translations.count > 16 else { return }
        var index: [VariantBytes: [Int]] = [:]
        for (position, translation) in translations.enumerated() { index[VariantBytes(translation.variant), default: []].append(position) }
        self.index = index
    }

    /// For each of `new`, the old translation it replaces, nil for one
    /// added: one at the same place and of the same kind (a unit, a set)
    /// first, the last such; then one at the same place of the other kind
    /// (a unit that became a set). Each old translation is replaced at most
    /// once; those none replaces were removed (``isPaired(_:)``).
    mutating func pair(_ new: [Translation]) -> [Translation?] {
        // A language added: nothing to pair (most changes of a translator's branch).
        guard !translations.isEmpty else { return [Translation?](repeating: nil, count: new.count) }
        var result = [Int?](repeating: nil, count: new.count)
        for sameKindOnly in [true, false] {
            for (slot, translation) in new.enumerated() where result[slot] == nil {
                if let position = lastUnpaired(at: translation, sameKindOnly: sameKindOnly) {
                    result[slot] = position
                    paired[position] = true
                }
            }
        }
        return result.map { $0.map { translations[$0] } }
    }

    /// Whether a new translation replaces old translation `position`.
    func isPaired(_ position: Int) -> Bool { paired[position] }

    /// The last old translation where `translation` sits that none replaces
    /// yet, of the same kind (a unit, a set) where `sameKindOnly`.
    private func lastUnpaired(at translation: Translation, sameKindOnly: Bool) -> Int? {
        func free(_ position: Int) -> Bool {
            !paired[position] && (!sameKindOnly || (translations[position].unitNode == nil) == (translation.unitNode == nil))
        }
        if let index { return index[VariantBytes(translation.variant)]?.last(where: free) }
        return translations.indices.last { free($0) && translations[$0].variant.hasSameBytes(as: translation.variant) }
    }

    private struct VariantBytes: Hashable {
        let variant: Variant

        init(_ variant: Variant) { self.variant = variant }

        static func == (a: VariantBytes, b: VariantBytes) -> Bool { a.variant.hasSameBytes(as: b.variant) }

        func hash(into hasher: inout Hasher) {
            hasher.combine(variant.path.count)
            for name in variant.path { KeyBytes(name).hash(into: &hasher) }
        }
    }
}
