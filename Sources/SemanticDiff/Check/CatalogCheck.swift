#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCStringsCatalog
import XCStringsJSON

/// Which findings a check reports, and how severe each rule is.
public struct CheckOptions: Sendable {
    /// The rules to run (all by default).
    public var rules: Set<CheckRule> = Set(CheckRule.allCases)
    /// Severities that replace the rules' defaults.
    public var severities: [CheckRule: Severity] = [:]
    /// Only findings about these languages (and those about no language in
    /// particular are dropped); empty for every language.
    public var languages: Set<String> = []
    /// The order keys must be in (the `layout` rule).
    public var keyOrder: KeyOrder

    public init(keyOrder: KeyOrder) {
        self.keyOrder = keyOrder
    }
}

/// What would ship broken in a catalog: the rules of ``CheckRule``, as
/// pure functions over the catalog's typed view.
public enum CatalogCheck {
    /// The findings for `catalog`, in the file's order, positions set; of
    /// the entries whose keys are in `keys` only, when given (languages
    /// included: only those these entries use are looked at).
    public static func findings(_ catalog: Catalog, options: CheckOptions, keys: Set<String>? = nil) -> [Finding] {
        let all = part(catalog, entries: nil, options: options, keys: keys, layout: keys == nil, positioned: true)
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
        let all = part(catalog, entries: nil, options: options, keys: keys, layout: keys == nil, positioned: false)
        return findings(catalog, options: options, parts: [all], positioned: false)
    }

    /// What checking some of a catalog's entries found: their findings, and
    /// what they add to the findings about the whole file (the first place
    /// of each language, the counts of states). Parts of one catalog can be
    /// checked at once, on several threads, and then put together by
    /// ``findings(_:options:parts:)``.
    public struct Part: Sendable {
        fileprivate var tally = CheckTally()
        /// Findings about the whole file (its layout), wherever they are.
        fileprivate var fileFindings: [Finding] = []
        /// The bytes of the file the part's entries cover, from its first
        /// entry's key (the file's start for the first part) to the next
        /// part's; nil for a part without entries, or not positioned.
        fileprivate var span: Range<Int>?
        /// Where the span ends, counted as the positions of the part's
        /// findings are: as if the span were a file of its own.
        fileprivate var end = TextPosition(line: 1, column: 1)
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
    public static func part(_ catalog: Catalog, entries: Range<Int>?, options: CheckOptions,
                            keys: Set<String>? = nil, layout: Bool = false) -> Part {
        part(catalog, entries: entries, options: options, keys: keys, layout: layout, positioned: true)
    }

    /// ``part(_:entries:options:keys:layout:)``; with `positioned`, its
    /// findings sorted and placed in its span, so that putting parts
    /// together counts each line break of the file once, on the threads
    /// that checked them.
    static func part(_ catalog: Catalog, entries: Range<Int>?, options: CheckOptions, keys: Set<String>?,
                     layout: Bool, positioned: Bool) -> Part {
        // Parts are checked at once: each reads the document through storage of its own.
        let catalog = entries == nil ? catalog : catalog.withOwnStorage()
        let sourceLanguage = catalog.sourceLanguage
        var part = Part()
        var plurals = PluralFormsCache()
        var languageNames = LanguageNames()
        let rules = RuleGroups(options.rules)
        // Only this part's entries are made views of (each holds the document).
        let document = catalog.document
        var span: Range<Int>? = entries == nil ? 0..<document.bytes.count : nil
        if let strings = catalog.stringsNode {
            for (position, member) in document.members(of: strings).enumerated() {
                if let entries {
                    guard position >= entries.lowerBound else { continue }
                    guard position < entries.upperBound else {
                        span = span.map { $0.lowerBound..<Int(document[member.key].start) }
                        break
                    }
                    if position == entries.lowerBound {
                        span = (position == 0 ? 0 : Int(document[member.key].start))..<document.bytes.count
                    }
                }
                let entry = Entry(document: document, keyNode: member.key, node: member.value)
                if let keys, !keys.contains(entry.key) { continue }
                check(entry, sourceLanguage: sourceLanguage, rules: rules, languages: options.languages, plurals: &plurals,
                      names: &languageNames, into: &part.tally)
            }
        }
        // Only when the rule is run: a file not in Xcode's layout is formatted to find where it differs.
        if layout && options.rules.contains(.layout) { part.fileFindings = layoutFindings(catalog.document, keyOrder: options.keyOrder) }
        if positioned, let span {
            part.tally.findings.sortInFileOrder()
            document.bytes.withUnsafeBufferPointer { text in
                var cursor = span.lowerBound == 0
                    ? TextCursor(startOf: text) : TextCursor(text, at: span.lowerBound, position: TextPosition(line: 1, column: 1))
                for index in part.tally.findings.indices {
                    part.tally.findings[index].position = cursor.move(to: part.tally.findings[index].offset)
                }
                part.end = cursor.move(to: span.upperBound)
            }
            part.span = span
        }
        return part
    }

    /// The findings of `parts` (in the file's order) put together, in the
    /// file's order, positions set.
    public static func findings(_ catalog: Catalog, options: CheckOptions, parts: consuming [Part]) -> [Finding] {
        findings(catalog, options: options, parts: parts, positioned: true)
    }

    static func findings(_ catalog: Catalog, options: CheckOptions, parts: consuming [Part], positioned: Bool) -> [Finding] {
        let document = catalog.document
        var whole = CheckTally()
        if options.rules.contains(.languageCode), let node = document.value(.sourceLanguage, in: document.root),
           let sourceLanguage = catalog.sourceLanguage {
            whole.languages.note(sourceLanguage, offset: Int(document[node - 1].start), isSource: true)
        }
        // The findings about the file as a whole, and where each part's own are.
        var fileFindings: [Finding] = []
        var placed: [(span: Range<Int>, findings: Range<Int>, end: TextPosition)] = []
        var first = 0
        for index in parts.indices {
            let part = parts[index]
            whole.absorbCounts(part.tally)
            fileFindings += part.fileFindings
            let count = part.tally.findings.count
            if let span = part.span { placed.append((span, first..<(first + count), part.end)) }
            first += count
        }
        if options.rules.contains(.json) {
            fileFindings += SchemaCheck.check(root: document)
            // Commas before an end: Xcode reads the file, other tools do not. One finding, at the first.
            let commas = document.warnings.filter { $0.kind == .trailingComma }
            if let first = commas.first {
                let more = commas.count > 1 ? " (and \(commas.count - 1) more)" : ""
                fileFindings.append(Finding(rule: .json, severity: .warning, message: "\(first.message): remove it, as git xcstrings fmt does\(more)",
                                            key: nil, offset: first.offset))
            }
            fileFindings += equivalentKeys(catalog)
        }
        fileFindings += whole.languages.findings()
        fileFindings += whole.states.findings()
        var findings = moveFindings(&parts, room: fileFindings.count)
        // Parts that cover the file from its start, one after the other, placed their own findings.
        var tiled = positioned && !placed.isEmpty, next = 0
        for part in placed {
            if part.span.lowerBound != next { tiled = false }
            next = part.span.upperBound
        }
        if tiled { document.bytes.withUnsafeBufferPointer { place(&findings, &fileFindings, parts: placed, in: $0) } }
        findings += fileFindings
        select(&findings, options)
        findings.sortInFileOrder()
        collapseRepeats(&findings)
        if positioned && !tiled { findings.setPositions(in: document) }
        return findings
    }

    static func isTypeMismatch(_ finding: Finding) -> Bool {
        finding.message.contains(" reads argument ") && !finding.message.contains("another integer size")
    }

    /// One finding per problem: a translation's placeholder findings after
    /// its first (in its other plural and device variants, most often the
    /// same slip) are counted in the first, which names where they are.
    static func collapseRepeats(_ findings: inout [Finding]) {
        struct Translation: Hashable {
            let key: String
            let language: String
        }
        var first: [Translation: Int] = [:]
        var others: [Int: [String]] = [:]
        var kept: [Finding] = []
        kept.reserveCapacity(findings.count)
        for finding in findings {
            guard finding.rule == .placeholderMismatch, let key = finding.key, finding.languages.count == 1 else {
                kept.append(finding)
                continue
            }
            let translation = Translation(key: key, language: finding.languages[0])
            if let index = first[translation] {
                // The worst leads: a specifier read as another type (a crash, garbled text) before the rest.
                if isTypeMismatch(finding), !isTypeMismatch(kept[index]) {
                    others[index, default: []].append(kept[index].variant)
                    kept[index] = finding
                } else {
                    others[index, default: []].append(finding.variant)
                }
            } else {
                first[translation] = kept.count
                kept.append(finding)
            }
        }
        for (index, places) in others {
            let elsewhere = places.filter { $0 != kept[index].variant && !$0.isEmpty }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let listed = elsewhere.count <= 4 ? elsewhere.joined(separator: ", ") : elsewhere.prefix(4).joined(separator: ", ") + "…"
            kept[index].message += elsewhere.isEmpty
                ? " (and \(places.count) more in this text)"
                : " (and \(places.count) more in \(kept[index].languages[0]): \(listed))"
        }
        findings = kept
    }

    /// The parts' own findings one after the other, moved out of them, not
    /// copied: there can be tens of thousands, each of five strings and
    /// arrays a copy would retain and the part's going would release.
    /// `room` is kept for the findings appended next.
    private static func moveFindings(_ parts: inout [Part], room: Int) -> [Finding] {
        let total = parts.reduce(0) { $0 + $1.tally.findings.count }
        // What the places moved from hold until their parts go: findings with nothing to release.
        let blank = Finding(rule: .json, message: "", key: nil, offset: 0)
        return [Finding](unsafeUninitializedCapacity: total + room) { buffer, initialized in
            for index in parts.indices where !parts[index].tally.findings.isEmpty {
                parts[index].tally.findings.withUnsafeMutableBufferPointer { moved in
                    (buffer.baseAddress! + initialized).moveInitialize(from: moved.baseAddress!, count: moved.count)
                    moved.baseAddress!.initialize(repeating: blank, count: moved.count)
                    initialized += moved.count
                }
            }
        }
    }

    /// Sets the positions in `text` of parts' findings, placed in their
    /// spans as if each span were a file, and of `others`, by the spans
    /// they fall in: each line break counted once.
    private static func place(_ findings: inout [Finding], _ others: inout [Finding],
                              parts: [(span: Range<Int>, findings: Range<Int>, end: TextPosition)],
                              in text: UnsafeBufferPointer<UInt8>) {
        // Where each span starts in the file.
        var starts: [TextPosition] = []
        var start = TextPosition(line: 1, column: 1)
        for part in parts {
            starts.append(start)
            for index in part.findings { findings[index].position = start.moved(by: findings[index].position) }
            start = start.moved(by: part.end)
        }
        others.sort { $0.offset < $1.offset }
        var cursor: TextCursor?, spanIndex = -1
        for index in others.indices {
            let offset = Swift.min(Swift.max(others[index].offset, 0), text.count)
            // The last span starting at or before the offset.
            var found = spanIndex < 0 ? 0 : spanIndex
            while found + 1 < parts.count && parts[found + 1].span.lowerBound <= offset { found += 1 }
            if found != spanIndex || cursor == nil {
                spanIndex = found
                cursor = parts[found].span.lowerBound == 0
                    ? TextCursor(startOf: text) : TextCursor(text, at: parts[found].span.lowerBound, position: starts[found])
            }
            others[index].position = cursor!.move(to: offset)
        }
    }

    /// The findings of one entry; of the localizations in `languages` only, when given (the
    /// others' findings would be dropped).
    private static func check(_ entry: Entry, sourceLanguage: String?, rules: RuleGroups, languages: Set<String>,
                              plurals: inout PluralFormsCache, names: inout LanguageNames, into tally: inout CheckTally) {
        let context = EntryContext(entry: entry, sourceLanguage: sourceLanguage)
        let (localizations, numbers) = names.localizations(of: entry)
        // The shape of each localization, looked at once for the rules and the schema.
        let shapes = entry.document.withRawDocument { raw in localizations.map { PlainText.shape(raw, $0.node) } }
        // A translated text without format specifiers, of a source without any that does not vary by plural:
        // no rule has anything to say about it (PlainText), and its views are not built.
        let plainTextsPass = !context.sourceVaries && !context.placeholderSources.mayHaveFormats
        var texts: [Translation] = []
        texts.reserveCapacity(8)
        for (position, localization) in localizations.enumerated() where languages.isEmpty || languages.contains(localization.language) {
            let (forms, seen) = plurals.forms(localization.language, number: numbers[position])
            if rules.languages && !seen { tally.languages.note(localization.language, offset: context.offset(ofKeyOf: localization.node)) }
            if plainTextsPass && localization.language != sourceLanguage && shapes[position] == .translatedWithoutFormats {
                continue
            }
            // A plain unit's one part is known from its shape: its members are not looked through again.
            let parts = shapes[position] == .other ? localization.parts : Localization.Parts(stringUnit: PlainText.unit(of: localization.node))
            if rules.plurals, parts.variations != nil || parts.substitutions != nil, let forms {
                PluralCheck.check(localization, parts, forms, context, into: &tally.findings)
            }
            if rules.devices { DeviceCheck.check(localization, parts, context, into: &tally.findings) }
            if localization.language != sourceLanguage && (rules.placeholders || rules.states) {
                // One array for every localization's texts (most have one): not one made and freed for each.
                texts.removeAll(keepingCapacity: true)
                localization.collect(into: &texts, variant: Variant(), parts: parts)
                if rules.placeholders { PlaceholderCheck.check(localization, parts, texts, context, plurals: &plurals, into: &tally.findings) }
                if rules.states { StateCheck.check(localization, texts, context, counts: &tally.states, into: &tally.findings) }
            }
        }
        if rules.flags { EntryCheck.check(context, languages: localizations.map(\.language), into: &tally.findings) }
        if rules.schema {
            SchemaCheck.check(context, shapes: entry.field(.localizations).map { ($0, shapes) }, into: &tally.findings)
        }
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
    static func layoutFindings(_ document: JSONDocument, keyOrder: KeyOrder) -> [Finding] {
        var findings = document.warnings.filter { $0.kind == .duplicateKey }.map {
            Finding(rule: .layout, message: "\($0.message): remove one (git xcstrings fmt keeps the later)", key: nil, offset: $0.offset)
        }
        if let offset = XcodeLayout.firstDifference(in: document, keyOrder: keyOrder) {
            findings.append(Finding(rule: .layout, message: notInLayout, key: nil, offset: offset))
        }
        return findings
    }

    /// The message of the `layout` finding at the first place a file leaves Xcode's layout.
    public static let notInLayout = "not in Xcode's layout from here: run git xcstrings fmt"

    /// `json`: a file that is not valid JSON or not a catalog, as a finding
    /// at the place the reader stopped (nil when the rule is not run).
    public static func finding(for error: CatalogError, options: CheckOptions) -> Finding? {
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

    func finding(_ rule: CheckRule, _ message: FindingMessage, severity: Severity? = nil, languages: [String] = [],
                 variant: Variant = Variant(), at node: Int? = nil) -> Finding {
        Finding(rule: rule, severity: severity, messageUTF8: message.bytes, key: key, languages: languages,
                variant: variant.description, offset: node.map(offset(ofKeyOf:)) ?? keyOffset)
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
        // Rules that find nothing this severe are not run, nor `layout`: a merge writes Xcode's layout and order.
        var options = CheckOptions(keyOrder: .scalars)
        options.rules = options.rules.filter { $0.defaultSeverity >= severity && $0 != .layout }
        let found = unpositioned(merged, options: options, keys: keys).filter { $0.severity >= severity }
        guard !found.isEmpty else { return [] }
        // Only the entries with such findings need checking in the sides; a finding about the catalog as a whole
        // (a language code, said once wherever it is) may come from any entry looked at, so then all of those are.
        let sideKeys = found.contains { $0.key == nil } ? keys ?? Set(merged.entries.map(\.key)) : Set(found.compactMap(\.key))
        let before = Set(sides.flatMap { unpositioned($0, options: options, keys: sideKeys).map(\.identity) })
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

    /// Adds the counts and first places of a tally of later entries (its
    /// findings are moved, not copied: ``CatalogCheck``'s `moveFindings`).
    mutating func absorbCounts(_ later: CheckTally) {
        languages.absorb(later.languages)
        states.absorb(later.states)
    }
}

/// The languages of entries' localizations, each made a string and given
/// a number once per run: a catalog has a localization per entry and
/// language, and entries mostly list the same languages, in the same
/// (sorted) order, some leaving one out.
struct LanguageNames {
    /// The languages by number.
    private(set) var names: [String] = []
    private var numbers: [String: Int] = [:]
    /// The numbers of the languages of the entry looked at last, in order.
    private var previous: [Int] = []

    /// The localizations of `entry`, in the file's order, and the number of each one's language.
    mutating func localizations(of entry: Entry) -> (localizations: [Localization], numbers: [Int]) {
        let document = entry.document
        guard let node = entry.field(.localizations), document.kind(node) == .object else { return ([], []) }
        var localizations: [Localization] = [], found: [Int] = []
        localizations.reserveCapacity(Int(document[node].count))
        found.reserveCapacity(Int(document[node].count))
        // Where in the previous entry's languages this one's are looked for: a few ahead of the last found.
        var hint = 0
        for member in document.members(of: node) {
            var number: Int?
            var candidate = hint
            while candidate < Swift.min(hint + 4, previous.count) {
                if document.keyEquals(member.key, names[previous[candidate]]) {
                    number = previous[candidate]
                    hint = candidate + 1
                    break
                }
                candidate += 1
            }
            if number == nil {
                let language = document.string(member.key)
                if let known = numbers[language] {
                    number = known
                } else {
                    number = names.count
                    numbers[language] = names.count
                    names.append(language)
                }
            }
            found.append(number!)
            localizations.append(Localization(document: document, language: names[number!], node: member.value))
        }
        previous = found
        return (localizations, found)
    }
}

/// ``PluralRules/forms(_:)`` once per language of a run.
struct PluralFormsCache {
    private var known: [String: PluralForms?] = [:]
    /// By the languages' numbers (``LanguageNames``): looked up, and first seen.
    private var numbered: [PluralForms??] = []

    /// ``forms(_:)`` of `language`, numbered `number` by ``LanguageNames``;
    /// `seen` when it was asked for before.
    mutating func forms(_ language: String, number: Int) -> (forms: PluralForms?, seen: Bool) {
        if number < numbered.count, let forms = numbered[number] { return (forms, true) }
        if number >= numbered.count { numbered += Array(repeating: nil, count: number + 1 - numbered.count) }
        let forms = self.forms(language)
        numbered[number] = .some(forms)
        return (forms, false)
    }

    mutating func forms(_ language: String) -> PluralForms? {
        if let found = known[language] { return found }
        let forms = PluralRules.forms(language)
        known[language] = forms
        return forms
    }
}
