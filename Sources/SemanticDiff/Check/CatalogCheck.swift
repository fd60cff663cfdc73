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
        let entries = catalog.entries
        let sourceLanguage = catalog.sourceLanguage
        var whole = CheckTally()
        if let node = catalog.document.value(.sourceLanguage, in: catalog.document.root), let sourceLanguage {
            whole.languages.note(sourceLanguage, offset: Int(catalog.document[node - 1].start), isSource: true)
        }
        var plurals = PluralFormsCache()
        for entry in entries {
            if let keys, !keys.contains(entry.key) { continue }
            check(entry, sourceLanguage: sourceLanguage, plurals: &plurals, into: &whole)
        }
        var findings = whole.findings
        findings += whole.languages.findings()
        findings += whole.states.findings()
        // Only when the rule is run: a file not in Xcode's layout is formatted to find where it differs.
        if keys == nil && options.rules.contains(.layout) { findings += layoutFindings(catalog.document) }
        findings = select(findings, options)
        let order = findings.indices.sorted { a, b in
            let x = findings[a], y = findings[b]
            if x.offset != y.offset { return x.offset < y.offset }
            if x.rule.order != y.rule.order { return x.rule.order < y.rule.order }
            return x.message < y.message
        }
        return order.map { findings[$0] }.withPositions(in: catalog.document)
    }

    private static func check(_ entry: Entry, sourceLanguage: String?, plurals: inout PluralFormsCache, into tally: inout CheckTally) {
        let context = EntryContext(entry: entry, sourceLanguage: sourceLanguage)
        let localizations = entry.localizations
        for localization in localizations {
            tally.languages.note(localization.language, offset: context.offset(ofKeyOf: localization.node))
            let forms = plurals.forms(localization.language)
            if let forms { PluralCheck.check(localization, forms, context, into: &tally.findings) }
            DeviceCheck.check(localization, context, into: &tally.findings)
            if localization.language != sourceLanguage {
                let texts = localization.translations
                PlaceholderCheck.check(localization, texts, context, plurals: &plurals, into: &tally.findings)
                StateCheck.check(localization, texts, context, counts: &tally.states, into: &tally.findings)
            }
        }
        EntryCheck.check(context, languages: localizations.map(\.language), into: &tally.findings)
    }

    /// `layout`: where the file first differs from Xcode's layout, and each key an object gives twice.
    static func layoutFindings(_ document: JSONDocument) -> [Finding] {
        var findings = document.warnings.map {
            Finding(rule: .layout, message: "\($0.message): remove one (git xcstrings fmt keeps the later)", key: nil, offset: $0.offset)
        }
        if let offset = XcodeLayout.firstDifference(in: document) {
            findings.append(Finding(rule: .layout, message: "not in Xcode's layout from here: run git xcstrings fmt", key: nil, offset: offset))
        }
        return findings
    }

    /// `json`: a file that is not valid JSON or not a catalog, as a finding
    /// at the place the reader stopped (nil when the rule is not run).
    public static func finding(for error: CatalogError, options: CheckOptions = CheckOptions()) -> Finding? {
        guard options.rules.contains(.json) else { return nil }
        var placed = Finding(rule: .json, severity: options.severities[.json], message: error.message, key: nil, offset: 0)
        placed.position = error.position ?? TextPosition(line: 1, column: 1)
        return placed
    }

    static func select(_ findings: [Finding], _ options: CheckOptions) -> [Finding] {
        findings.compactMap { finding in
            guard options.rules.contains(finding.rule) else { return nil }
            if !options.languages.isEmpty && !finding.languages.contains(where: options.languages.contains) { return nil }
            var finding = finding
            if let severity = options.severities[finding.rule] { finding.severity = severity }
            return finding
        }
    }
}

extension Array where Element == Finding {
    /// The findings, sorted by offset, with their lines and columns in
    /// `document`: one walk up to the last of them, counting line breaks.
    func withPositions(in document: JSONDocument) -> [Finding] {
        document.bytes.withUnsafeBufferPointer { bytes in
            var line = 1, lineStart = 0, scanned = 0
            return map { finding in
                let offset = Swift.min(Swift.max(finding.offset, 0), bytes.count)
                if offset < scanned { line = 1; lineStart = 0; scanned = 0 }
                while scanned < offset, let found = memchr(bytes.baseAddress! + scanned, Int32(UInt8(ascii: "\n")), offset - scanned) {
                    scanned = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress! + 1
                    line += 1
                    lineStart = scanned
                }
                scanned = offset
                var column = 1
                for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
                var finding = finding
                finding.position = TextPosition(line: line, column: column)
                return finding
            }
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
    /// Whether translators are to translate it: not "Don't translate", not stale.
    let isToTranslate: Bool
    /// The source's texts by variant (its string units' values).
    let sourceTexts: SourceTexts

    init(entry: Entry, sourceLanguage: String?) {
        self.entry = entry
        key = entry.key
        self.sourceLanguage = sourceLanguage
        source = sourceLanguage.flatMap { entry.localization($0) }
        isToTranslate = entry.shouldTranslate && entry.extractionState != .stale
        sourceTranslations = source?.translations ?? []
        sourceTexts = SourceTexts(sourceTranslations)
    }

    /// Every text of the source localization.
    let sourceTranslations: [Translation]

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
    public static func newFindings(in merged: Catalog, comparedWith sides: [Catalog], atLeast severity: Severity = .error,
                                   keys: Set<String>? = nil) -> [Finding] {
        let found = findings(merged, keys: keys).filter { $0.severity >= severity }
        guard !found.isEmpty else { return [] }
        // Only the entries with such findings need checking in the sides.
        let keys = Set(found.compactMap(\.key))
        let before = Set(sides.flatMap { findings($0, keys: keys).map(\.identity) })
        return found.filter { !before.contains($0.identity) }
    }
}

/// The texts of a source localization, looked up by variant (a few per
/// entry: a scan beats hashing their paths).
struct SourceTexts {
    private var texts: [(variant: Variant, value: String)] = []

    /// The variants whose source text is empty.
    private(set) var emptyVariants: [Variant] = []

    /// Whether some text holds a `%`, so may have format specifiers.
    private(set) var mayHaveFormats = false

    init(_ translations: [Translation]) {
        for translation in translations {
            // An empty source text says nothing about arguments (the key shows instead).
            guard case .unit(let unit) = translation.text, let node = unit.valueNode else { continue }
            if unit.document.isEmptyString(node) { emptyVariants.append(translation.variant); continue }
            texts.append((translation.variant, unit.document.string(node)))
            if unit.document.rawBytesContain(node, UInt8(ascii: "%")) { mayHaveFormats = true }
        }
    }

    var isEmpty: Bool { texts.isEmpty }

    subscript(variant: Variant) -> String? {
        get { texts.first { $0.variant == variant }?.value }
        set {
            texts.removeAll { $0.variant == variant }
            if let newValue {
                texts.append((variant, newValue))
                if newValue.utf8.contains(UInt8(ascii: "%")) { mayHaveFormats = true }
            }
        }
    }
}

/// What a check found so far: the entries' own findings, and the counts
/// and first places that become findings about the whole catalog.
struct CheckTally {
    var findings: [Finding] = []
    var languages = LanguageOccurrences()
    var states = StateCounts()
}

/// ``PluralRules/forms(_:)`` once per language of a run.
struct PluralFormsCache {
    private var known: [String: PluralForms?] = [:]

    mutating func forms(_ language: String) -> PluralForms? {
        if let found = known[language] { return found }
        let forms = PluralRules.forms(language)
        known[language] = forms
        return forms
    }
}
