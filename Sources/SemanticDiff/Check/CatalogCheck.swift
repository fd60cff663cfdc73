#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which findings a check reports, and how severe each rule is.
public struct CheckOptions: Sendable {
    /// The rules to run (all by default).
    public var rules: Set<CheckRule> = Set(CheckRule.allCases)
    /// Severities that replace the rules' defaults.
    public var severities: [CheckRule: Severity] = [:]
    /// Only findings about these languages (and those about no language in
    /// particular are dropped); empty for every language.
    public var languages: Set<String> = []

    public init() {}
}

/// What would ship broken in a catalog: the rules of ``CheckRule``, as
/// pure functions over the catalog's typed view.
public enum CatalogCheck {
    /// The findings for `catalog`, in the file's order, positions set; of
    /// the entries whose keys are in `keys` only, when given (languages
    /// included: only those these entries use are looked at).
    public static func findings(_ catalog: Catalog, options: CheckOptions = CheckOptions(), keys: Set<String>? = nil) -> [Finding] {
        let all = part(catalog, entries: nil, options: options, keys: keys, layout: keys == nil)
        return findings(catalog, options: options, parts: [all])
    }

    /// `json`: keys that differ only in Unicode normalization, which Xcode
    /// reads as one (keeping one of the entries); at the second of them.
    static func equivalentKeys(_ catalog: Catalog) -> [Finding] {
        let document = catalog.document
        guard let strings = catalog.stringsNode else { return [] }
        // Only keys with non-ASCII text or escapes can have another form: the others are not decoded.
        var nodes: [Int] = []
        for member in document.members(of: strings) where !document[member.key].flags.isDisjoint(with: [.nonASCII, .escaped]) {
            nodes.append(member.key)
        }
        guard nodes.count > 1 else { return [] }
        let keys = nodes.map { document.stringBytes($0) }
        return EquivalentKeys.groups(keys).map { group in
            Finding(rule: .json, message: "keys \(EquivalentKeys.names(group.map { keys[$0] })) differ only in Unicode normalization: "
                        + "Xcode reads them as one key and keeps one of the entries; make them one",
                    key: document.string(nodes[group[1]]), offset: Int(document[nodes[group[1]]].start))
        }
    }

    /// ``findings(_:options:keys:)`` without lines and columns.
    static func unpositioned(_ catalog: Catalog, options: CheckOptions, keys: Set<String>?) -> [Finding] {
        let all = part(catalog, entries: nil, options: options, keys: keys, layout: keys == nil)
        return findings(catalog, options: options, parts: [all], positioned: false)
    }

    /// What checking some of a catalog's entries found: their findings, and
    /// what they add to the findings about the whole file (the first place
    /// of each language, the counts of states). Parts of one catalog can be
    /// checked at once, on several threads, and then put together by
    /// ``findings(_:options:parts:)``.
    public struct Part: Sendable {
        fileprivate var tally = CheckTally()
    }

    /// The entries of `catalog` cut into at most `shares.count` ranges, in
    /// the file's order, each with about its share of the bytes (a part that
    /// also checks the layout can take less).
    public static func entryRanges(_ catalog: Catalog, shares: [Int]) -> [Range<Int>] {
        let entries = catalog.entries
        let total = shares.reduce(0, +)
        guard shares.count > 1, total > 0, entries.count > 1 else { return [0..<entries.count] }
        let document = catalog.document
        let first = Int(document[entries[0].node].start), end = Int(document[entries[entries.count - 1].node].end)
        var ranges: [Range<Int>] = [], start = 0, before = 0
        // Each cut leaves at least one entry after it.
        for share in shares.dropLast() where start < entries.count - 1 {
            before += share
            let wanted = first + (end - first) * before / total
            var index = start
            while index < entries.count - 2 && Int(document[entries[index].node].end) < wanted { index += 1 }
            ranges.append(start..<(index + 1))
            start = index + 1
        }
        ranges.append(start..<entries.count)
        return ranges
    }

    /// Checks the entries at `entries` (every one when nil), of the keys in
    /// `keys` only when given; with `layout`, the file's layout too (in one
    /// part of a catalog's).
    public static func part(_ catalog: Catalog, entries: Range<Int>?, options: CheckOptions = CheckOptions(),
                            keys: Set<String>? = nil, layout: Bool = false) -> Part {
        // Parts are checked at once: each reads the document through storage of its own.
        let catalog = entries == nil ? catalog : catalog.withOwnStorage()
        let sourceLanguage = catalog.sourceLanguage
        var part = Part()
        var plurals = PluralFormsCache()
        let rules = RuleGroups(options.rules)
        // Only this part's entries are made views of (each holds the document).
        let document = catalog.document
        if let strings = catalog.stringsNode {
            for (position, member) in document.members(of: strings).enumerated() {
                if let entries {
                    guard position >= entries.lowerBound else { continue }
                    guard position < entries.upperBound else { break }
                }
                let entry = Entry(document: document, keyNode: member.key, node: member.value)
                if let keys, !keys.contains(entry.key) { continue }
                check(entry, sourceLanguage: sourceLanguage, rules: rules, languages: options.languages, plurals: &plurals, into: &part.tally)
            }
        }
        // Only when the rule is run: a file not in Xcode's layout is formatted to find where it differs.
        if layout && options.rules.contains(.layout) { part.tally.findings += layoutFindings(catalog.document) }
        return part
    }

    /// The findings of `parts` (in the file's order) put together, in the
    /// file's order, positions set.
    public static func findings(_ catalog: Catalog, options: CheckOptions, parts: [Part]) -> [Finding] {
        findings(catalog, options: options, parts: parts, positioned: true)
    }

    static func findings(_ catalog: Catalog, options: CheckOptions, parts: [Part], positioned: Bool) -> [Finding] {
        var whole = CheckTally()
        if options.rules.contains(.languageCode), let node = catalog.document.value(.sourceLanguage, in: catalog.document.root),
           let sourceLanguage = catalog.sourceLanguage {
            whole.languages.note(sourceLanguage, offset: Int(catalog.document[node - 1].start), isSource: true)
        }
        // Reserved once: there can be tens of thousands of findings.
        whole.findings.reserveCapacity(parts.reduce(0) { $0 + $1.tally.findings.count } + 16)
        for part in parts { whole.absorb(part.tally) }
        if options.rules.contains(.json) {
            whole.findings += SchemaCheck.check(root: catalog.document)
            whole.findings += equivalentKeys(catalog)
        }
        var findings = whole.findings
        findings += whole.languages.findings()
        findings += whole.states.findings()
        select(&findings, options)
        // In place: a finding holds five strings and arrays, and there can be tens of thousands.
        findings.sort { x, y in
            if x.offset != y.offset { return x.offset < y.offset }
            if x.rule.order != y.rule.order { return x.rule.order < y.rule.order }
            return x.message < y.message
        }
        if positioned { findings.setPositions(in: catalog.document) }
        return findings
    }

    /// The findings of one entry; of the localizations in `languages` only, when given (the
    /// others' findings would be dropped).
    private static func check(_ entry: Entry, sourceLanguage: String?, rules: RuleGroups, languages: Set<String>,
                              plurals: inout PluralFormsCache, into tally: inout CheckTally) {
        let context = EntryContext(entry: entry, sourceLanguage: sourceLanguage)
        let localizations = entry.localizations
        // A translated text without format specifiers, of a source without any that does not vary by plural:
        // no rule has anything to say about it (PlainText), and its views are not built.
        let plainTextsPass = !context.sourceVaries && !context.placeholderSources.mayHaveFormats
        for (position, localization) in localizations.enumerated() where languages.isEmpty || languages.contains(localization.language) {
            let (forms, seen) = plurals.forms(localization.language, at: position)
            if rules.languages && !seen { tally.languages.note(localization.language, offset: context.offset(ofKeyOf: localization.node)) }
            if plainTextsPass && localization.language != sourceLanguage
                && entry.document.withRawDocument({ PlainText.shape($0, localization.node) }) == .translatedWithoutFormats {
                continue
            }
            let parts = localization.parts
            if rules.plurals, parts.variations != nil || parts.substitutions != nil, let forms {
                PluralCheck.check(localization, parts, forms, context, into: &tally.findings)
            }
            if rules.devices { DeviceCheck.check(localization, parts, context, into: &tally.findings) }
            if localization.language != sourceLanguage && (rules.placeholders || rules.states) {
                let texts = localization.translations(parts)
                if rules.placeholders { PlaceholderCheck.check(localization, parts, texts, context, plurals: &plurals, into: &tally.findings) }
                if rules.states { StateCheck.check(localization, texts, context, counts: &tally.states, into: &tally.findings) }
            }
        }
        if rules.flags { EntryCheck.check(context, languages: localizations.map(\.language), into: &tally.findings) }
        if rules.schema { SchemaCheck.check(context, into: &tally.findings) }
    }

    /// Which of the rules' walks a run needs: a rule left out is not computed.
    private struct RuleGroups {
        let languages, plurals, devices, placeholders, states, flags, schema: Bool

        init(_ rules: Set<CheckRule>) {
            languages = rules.contains(.languageCode)
            plurals = rules.contains(.pluralMissingCategory) || rules.contains(.pluralExtraCategory)
            devices = rules.contains(.deviceUnknown)
            placeholders = rules.contains(.placeholderMismatch) || rules.contains(.substitutionMismatch) || rules.contains(.pluralNotInSource)
            states = rules.contains(.state)
            flags = rules.contains(.staleWithTranslations) || rules.contains(.shouldNotTranslate)
            schema = rules.contains(.json)
        }
    }

    /// `layout`: where the file first differs from Xcode's layout, and each key an object gives twice.
    static func layoutFindings(_ document: JSONDocument) -> [Finding] {
        var findings = document.warnings.map {
            Finding(rule: .layout, message: "\($0.message): remove one (git xcstrings fmt keeps the later)", key: nil, offset: $0.offset)
        }
        if let offset = XcodeLayout.firstDifference(in: document) {
            findings.append(Finding(rule: .layout, message: notInLayout, key: nil, offset: offset))
        }
        return findings
    }

    /// The message of the `layout` finding at the first place a file leaves Xcode's layout.
    public static let notInLayout = "not in Xcode's layout from here: run git xcstrings fmt"

    /// `json`: a file that is not valid JSON or not a catalog, as a finding
    /// at the place the reader stopped (nil when the rule is not run).
    public static func finding(for error: CatalogError, options: CheckOptions = CheckOptions()) -> Finding? {
        guard options.rules.contains(.json) else { return nil }
        var placed = Finding(rule: .json, severity: options.severities[.json], message: error.message, key: nil, offset: 0)
        placed.position = error.position ?? TextPosition(line: 1, column: 1)
        return placed
    }

    /// Keeps the findings of the rules and languages `options` asks for, with their severities.
    static func select(_ findings: inout [Finding], _ options: CheckOptions) {
        var running = [Bool](repeating: false, count: CheckRule.allCases.count)
        for rule in options.rules { running[rule.order] = true }
        // A file Xcode cannot open is broken for every language: json findings stay whatever --language says.
        findings.removeAll { finding in
            !running[finding.rule.order]
                || (!options.languages.isEmpty && finding.rule != .json && !finding.languages.contains(where: options.languages.contains))
        }
        guard !options.severities.isEmpty else { return }
        for index in findings.indices {
            if let severity = options.severities[findings[index].rule] { findings[index].severity = severity }
        }
    }
}

extension Array where Element == Finding {
    /// Sets the lines and columns of the findings, sorted by offset, in
    /// `document`: one walk up to the last of them, counting line breaks.
    mutating func setPositions(in document: JSONDocument) {
        document.bytes.withUnsafeBufferPointer { setPositions(inText: $0) }
    }

    /// ``setPositions(in:)`` in the text `bytes`.
    mutating func setPositions(inText bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.baseAddress != nil else { return }
        // A byte order mark is no column of the first line.
        let textStart = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var line = 1, lineStart = textStart, scanned = 0
        for index in indices {
            let offset = Swift.min(Swift.max(self[index].offset, 0), bytes.count)
            if offset < scanned { line = 1; lineStart = textStart; scanned = 0 }
            if offset > scanned {
                let breaks = lineBreaks(bytes, scanned..<offset)
                if breaks > 0 {
                    line += breaks
                    var last = offset - 1
                    while bytes[last] != UInt8(ascii: "\n") { last -= 1 }
                    lineStart = last + 1
                }
            }
            scanned = offset
            var column = 1
            // (A place inside the byte order mark, where a file first leaves Xcode's layout, is column 1.)
            for byte in Swift.min(lineStart, offset)..<offset where bytes[byte] & 0xC0 != 0x80 { column += 1 }
            self[index].position = TextPosition(line: line, column: column)
        }
    }
}

/// The line breaks in `range` of `bytes`, counted 32 bytes at a time (a
/// catalog's lines are short: one search per line would cost a call per line).
func lineBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    // The high bit of each byte of `word` that is a line break (exact: no carry crosses bytes).
    @inline(__always) func breaks(_ offset: Int) -> Int {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ newlines
        return (~(((word & lows) &+ lows) | word | lows)).nonzeroBitCount
    }
    var count = 0, index = range.lowerBound
    while index + 32 <= range.upperBound {
        count &+= breaks(index) &+ breaks(index + 8) &+ breaks(index + 16) &+ breaks(index + 24)
        index += 32
    }
    while index + 8 <= range.upperBound {
        count &+= breaks(index)
        index += 8
    }
    while index < range.upperBound {
        if bytes[index] == UInt8(ascii: "\n") { count += 1 }
        index += 1
    }
    return count
}

/// An entry being checked, with its source text.
struct EntryContext {
    let entry: Entry
    let key: String
    let sourceLanguage: String?
    /// The source language's localization, when the entry has one.
    let source: Localization?
    /// Whether its extraction state is `stale` (no longer in the code).
    let isStale: Bool
    /// False when it is marked "Don't translate".
    let shouldTranslate: Bool
    /// Whether translators are to translate it: not "Don't translate", not stale.
    var isToTranslate: Bool { shouldTranslate && !isStale }
    /// The source's texts by variant (its string units' values).
    let sourceTexts: SourceTexts

    init(entry: Entry, sourceLanguage: String?) {
        self.entry = entry
        key = entry.key
        self.sourceLanguage = sourceLanguage
        source = sourceLanguage.flatMap { entry.localization($0) }
        isStale = entry.extractionState == .stale
        shouldTranslate = entry.shouldTranslate
        sourceTranslations = source?.translations ?? []
        sourceVaries = PlaceholderCheck.varies(sourceTranslations)
        sourceSubstitutions = source?.substitutions ?? []
        sourceTexts = SourceTexts(sourceTranslations)
        var placeholderSources = sourceTexts
        if placeholderSources.isEmpty && !FormatString(key).isEmpty { placeholderSources.add(Variant(), key) }
        self.placeholderSources = placeholderSources
    }

    /// What translations' placeholders are compared with: ``sourceTexts``,
    /// or the key when they are empty and it has format specifiers (Xcode's
    /// keys for interpolated strings).
    let placeholderSources: SourceTexts

    /// Every text of the source localization.
    let sourceTranslations: [Translation]
    /// Whether the source varies by plural anywhere.
    let sourceVaries: Bool
    /// The source's substitutions.
    let sourceSubstitutions: [Substitution]

    var keyOffset: Int { Int(entry.document[entry.keyNode].start) }

    /// The offset of the key of the member whose value is `node`.
    func offset(ofKeyOf node: Int) -> Int { Int(entry.document[node - 1].start) }

    func finding(_ rule: CheckRule, _ message: String, languages: [String] = [], variant: Variant = Variant(), at node: Int? = nil) -> Finding {
        Finding(rule: rule, message: message, key: key, languages: languages, variant: variant.description,
                offset: node.map(offset(ofKeyOf:)) ?? keyOffset)
    }
}

extension CatalogCheck {
    /// The findings of `merged` at or above `severity` that none of
    /// `sides` has (the same rule, entry, languages and message, wherever
    /// they sit): what a merge brought in.
    /// With `keys`, only the entries of those keys are looked at (those a
    /// merge changed: the others are as they were on both sides).
    /// ``newFindings(in:comparedWith:atLeast:keys:)`` of a merge, checked
    /// in `changed`, the merged catalog with only the entries either side
    /// changed (``CatalogMergeResult/changedEntries``), and positioned in
    /// `merged`, the whole result, where each entry has the same bytes:
    /// the result is not read again.
    public static func newFindings(inChangedEntries changed: Catalog, of merged: UnsafeBufferPointer<UInt8>,
                                   comparedWith sides: [Catalog]) -> [Finding] {
        var found = newFindings(in: changed, comparedWith: sides)
        guard !found.isEmpty else { return [] }
        let document = changed.document
        // What each finding sits in: an entry (at the strings' indent) or a member of the catalog itself.
        var anchors: [(start: Int, end: Int, key: Int, indent: Int)] = changed.entries.map {
            (Int(document[$0.keyNode].start), Int(document[$0.node].end), $0.keyNode, 4)
        }
        for member in document.members(of: document.root) where document.field(member.key) != .strings {
            anchors.append((Int(document[member.key].start), Int(document[member.value].end), member.key, 2))
        }
        document.bytes.withUnsafeBufferPointer { text in
            for index in found.indices {
                let offset = found[index].offset
                guard let anchor = anchors.first(where: { $0.start <= offset && offset < $0.end }) else { found[index].offset = 0; continue }
                // `\n` + the indent + the key as written + ` : `, as the merged file has it.
                var line: [UInt8] = [UInt8(ascii: "\n")] + [UInt8](repeating: UInt8(ascii: " "), count: anchor.indent)
                line += UnsafeBufferPointer(rebasing: text[anchor.start..<Int(document[anchor.key].end)])
                line += Array(" : ".utf8)
                guard let at = firstRange(of: line, in: merged) else { found[index].offset = 0; continue }
                found[index].offset = at + 1 + anchor.indent + (offset - anchor.start)
            }
        }
        found.sort { $0.offset < $1.offset }
        found.setPositions(inText: merged)
        return found
    }

    /// Where `needle` first occurs in `haystack`.
    static func firstRange(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = haystack.baseAddress, !needle.isEmpty, needle.count <= haystack.count else { return nil }
        return needle.withUnsafeBytes { wanted -> Int? in
            var at = 0
            let last = haystack.count - needle.count
            while at <= last {
                guard let found = memchr(base + at, Int32(needle[0]), last - at + 1) else { return nil }
                at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                if memcmp(base + at, wanted.baseAddress!, needle.count) == 0 { return at }
                at += 1
            }
            return nil
        }
    }

    public static func newFindings(in merged: Catalog, comparedWith sides: [Catalog], atLeast severity: Severity = .error,
                                   keys: Set<String>? = nil) -> [Finding] {
        // Rules that find nothing this severe are not run.
        var options = CheckOptions()
        options.rules = options.rules.filter { $0.defaultSeverity >= severity }
        let found = unpositioned(merged, options: options, keys: keys).filter { $0.severity >= severity }
        guard !found.isEmpty else { return [] }
        // Only the entries with such findings need checking in the sides.
        let keys = Set(found.compactMap(\.key))
        let before = Set(sides.flatMap { unpositioned($0, options: options, keys: keys).map(\.identity) })
        var new = found.filter { !before.contains($0.identity) }
        new.setPositions(in: merged.document)
        return new
    }
}

/// What a check found so far: the entries' own findings, and the counts
/// and first places that become findings about the whole catalog.
struct CheckTally: Sendable {
    var findings: [Finding] = []
    var languages = LanguageOccurrences()
    var states = StateCounts()

    /// Adds what a tally of later entries found.
    mutating func absorb(_ later: CheckTally) {
        findings += later.findings
        languages.absorb(later.languages)
        states.absorb(later.states)
    }
}

/// ``PluralRules/forms(_:)`` once per language of a run.
struct PluralFormsCache {
    private var known: [String: PluralForms?] = [:]
    /// The languages of the entry looked at last, by position: entries
    /// mostly list the same languages, so most are found here without hashing.
    private var recent: [(language: String, forms: PluralForms?)] = []

    /// ``forms(_:)`` of the language of the localization at `position` in
    /// its entry; `seen` when the entry looked at before had it there too.
    mutating func forms(_ language: String, at position: Int) -> (forms: PluralForms?, seen: Bool) {
        if position < recent.count && recent[position].language == language { return (recent[position].forms, true) }
        let found = forms(language)
        if position < recent.count {
            recent[position] = (language, found)
        } else if position == recent.count {
            recent.append((language, found))
        }
        return (found, false)
    }

    mutating func forms(_ language: String) -> PluralForms? {
        if let found = known[language] { return found }
        let forms = PluralRules.forms(language)
        known[language] = forms
        return forms
    }
}
