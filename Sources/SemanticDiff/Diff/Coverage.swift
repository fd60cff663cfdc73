import XCStringsCatalog
import XCStringsJSON

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
    /// Of those, the ones with a text to review (`needs_review`, none `new`), by language.
    public var needsReview: [String: Int] = [:]
    /// Of those, the ones with a text still `new` (or in a state Xcode does not name), by language.
    public var new: [String: Int] = [:]

    /// Every language some entry has a localization in (to translate or not).
    public var languages: Set<String> = []

    public init(_ catalog: Catalog) {
        guard let strings = catalog.stringsNode else { return }
        let tally = catalog.document.withRawDocument { CoverageTally(counting: $0, strings: strings) }
        total = tally.total
        // Languages are told apart by their bytes as they are found, and made strings once at the end.
        for (spelling, count) in zip(tally.languages.spellings, tally.counts) {
            let language = String(decoding: spelling, as: UTF8.self)
            languages.insert(language)
            if count.translated > 0 { translated[language, default: 0] += count.translated }
            if count.needsReview > 0 { needsReview[language, default: 0] += count.needsReview }
            if count.new > 0 { new[language, default: 0] += count.new }
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

    /// Entries to translate with no localization in `language`.
    public func missing(_ language: String) -> Int {
        total - (translated[language] ?? 0) - (needsReview[language] ?? 0) - (new[language] ?? 0)
    }

    /// Where a localization stands, from the states of its texts (its unit
    /// or set, and those of every variant the schema names): translated
    /// when all are, else to review when one is and none is new, else new;
    /// nil without any state.
    enum Standing { case translated, needsReview, new }

    static func classify(_ raw: RawDocument, _ localization: Int) -> Standing? {
        var translated = 0, review = 0, other = 0
        // Most localizations are a unit's state and value: counted from the state, without naming the members on the way.
        if let (state, _) = PlainText.parts(raw, localization) {
            countState(raw, state, &translated, &review, &other)
        } else {
            countStates(raw, localization, at: .localization, &translated, &review, &other)
        }
        if translated + review + other == 0 { return nil }
        if other > 0 { return .new }
        return review > 0 ? .needsReview : .translated
    }

    private static func countStates(_ raw: RawDocument, _ object: Int, at level: CatalogLevel,
                                    _ translated: inout Int, _ review: inout Int, _ other: inout Int) {
        guard raw.nodes[object].kind == .object else { return }
        if level == .stringUnit || level == .stringSet {
            if let (state, _) = PlainText.unitParts(raw, object) {
                countState(raw, state, &translated, &review, &other)
                return
            }
            guard let state = raw.member(.state, in: object), raw.nodes[state].kind == .string else { return }
            countState(raw, state, &translated, &review, &other)
            return
        }
        for member in raw.members(of: object) {
            switch raw.withKeyText(member.key, { level.child(utf8: $0) }) {
            case .other: continue
            case let child: countStates(raw, member.value, at: child, &translated, &review, &other)
            }
        }
    }

    /// Counts string node `state`.
    @inline(__always) private static func countState(_ raw: RawDocument, _ state: Int, _ translated: inout Int, _ review: inout Int, _ other: inout Int) {
        // Compared with the literals' bytes in one go (`elementsEqual` on a string's UTF-8 goes byte by byte).
        if raw.keyEquals(state, ("translated" as StaticString).utf8Bytes) { translated += 1 }
        else if raw.keyEquals(state, ("needs_review" as StaticString).utf8Bytes) { review += 1 }
        else { other += 1 }
    }
}

/// One pass over a catalog's entries: the entries to translate, and the
/// standing of their localizations, by language. A type of its own, so
/// that what the pass counts into is its own storage, not variables a
/// closure captures (each of whose changes Swift checks for exclusive
/// access as the program runs).
private struct CoverageTally {
    var total = 0
    var languages = LanguageNumbers()
    var counts: [(translated: Int, needsReview: Int, new: Int)] = []

    init(counting raw: RawDocument, strings: Int) {
        for entry in raw.members(of: strings) where raw.nodes[entry.value].kind == .object {
            count(raw, entry: entry.value)
        }
    }

    private mutating func count(_ raw: RawDocument, entry: Int) {
        let toTranslate = Coverage.isToTranslate(raw, entry)
        if toTranslate { total += 1 }
        guard let localizations = raw.member(.localizations, in: entry), raw.nodes[localizations].kind == .object else { return }
        languages.restart()
        for localization in raw.members(of: localizations) {
            let (language, isNew) = languages.number(raw, localization.key)
            if isNew { counts.append((0, 0, 0)) }
            guard toTranslate else { continue }
            switch Coverage.classify(raw, localization.value) {
            case .translated?: counts[language].translated += 1
            case .needsReview?: counts[language].needsReview += 1
            case .new?: counts[language].new += 1
            case nil: break
            }
        }
    }
}

extension LanguageStatistics {
    /// Every language the catalogs have a localization in.
    static func languages(of catalogs: [Catalog?]) -> Set<String> {
        var found = Set<String>()
        for catalog in catalogs.compactMap({ $0 }) {
            for entry in catalog.entries { for localization in entry.localizations { found.insert(localization.language) } }
        }
        return found
    }

    /// Counts per language from a file's changes, with the coverage of each version.
    static func compute(changes: [CatalogChange], removedTranslations: [String: Int], old: Catalog?, new: Catalog?,
                        languages: Set<String>, coverage: (old: Coverage?, new: Coverage?)) -> [LanguageStatistics] {
        var tally = StatisticsTally()
        // By index, each field read in place: a change bound whole is copied, its strings retained and released.
        for index in changes.indices {
            guard let language = changes[index].language else { continue }
            switch changes[index].kind {
            case .translationAdded: tally.count(language) { $0.added += 1 }
            case .translationRemoved: tally.count(language) { $0.removed += 1 }
            case .translationChanged:
                let stateChanged = changes[index].oldState != changes[index].newState
                tally.count(language) {
                    $0.changed += 1
                    if stateChanged { $0.stateChanges += 1 }
                }
            case .stateChanged: tally.count(language) { $0.stateChanges += 1 }
            case .substitutionChanged: tally.count(language) { $0.changed += 1 }
            default: break
            }
        }
        for (language, count) in removedTranslations { tally.count(language) { $0.removed += count } }
        let table = tally.byLanguage
        let (before, after) = coverage
        var all = Set(table.keys).union(before?.languages ?? []).union(after?.languages ?? [])
        if !languages.isEmpty { all.formIntersection(languages) }
        let source = new?.sourceLanguage ?? old?.sourceLanguage
        func counts(_ coverage: Coverage?, _ language: String) -> CoverageCounts? {
            guard let coverage else { return nil }
            return CoverageCounts(translated: coverage.translated[language] ?? 0, needsReview: coverage.needsReview[language] ?? 0,
                                  new: coverage.new[language] ?? 0, missing: coverage.missing(language))
        }
        return all.sorted { ChangeOrder.languagePrecedes($0, $1, source: source) }.map { language in
            var statistics = table[language] ?? LanguageStatistics(language: language)
            statistics.isSource = language == source
            statistics.coverageBefore = before?.share(language)
            statistics.coverageAfter = after?.share(language)
            statistics.statesBefore = counts(before, language)
            statistics.statesAfter = counts(after, language)
            return statistics
        }
    }
}

/// A diff's counts per language, found for each change: its changes come
/// entry by entry, each entry's by language in order, so the language
/// after the one counted last is looked at first, then that one again,
/// and only then a dictionary (a string's hash costs more than comparing
/// two short ones). Languages are told apart as `String`s, as the
/// statistics always have, not by their bytes as ``LanguageNumbers`` does.
private struct StatisticsTally {
    private var statistics: [LanguageStatistics] = []
    private var slots: [String: Int] = [:]
    private var next = 0

    /// Changes the counts of `language` with `body`.
    mutating func count(_ language: String, _ body: (inout LanguageStatistics) -> Void) {
        body(&statistics[slot(language)])
    }

    private mutating func slot(_ language: String) -> Int {
        if next < statistics.count && statistics[next].language == language {
            next += 1
            return next - 1
        }
        if next > 0 && statistics[next - 1].language == language { return next - 1 }
        if let known = slots[language] {
            next = known + 1
            return known
        }
        statistics.append(LanguageStatistics(language: language))
        slots[language] = statistics.count - 1
        next = statistics.count
        return statistics.count - 1
    }

    var byLanguage: [String: LanguageStatistics] { slots.mapValues { statistics[$0] } }
}
