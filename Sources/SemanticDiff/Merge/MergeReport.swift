import XCStringsCatalog
import XCStringsJSON

/// What a merge did, for the one-line summary and `-v`.
struct MergeReport: Sendable {
    var conflicts: [CatalogLocation] = []
    /// Conflicts settled by taking one side (`resolve --ours` / `--theirs`), and how.
    var settled: [SettledConflict] = []
    /// Every decision a rule made, in words.
    var decisions: [String] = []
    /// Entries at least one side changed.
    var keys = 0
    /// Their keys.
    var changedKeys: [String] = []
    /// Translations (a language's text, or one of its variants) that only
    /// ours changed, only theirs, and both (the same way or not).
    var translations = TranslationChanges()
    /// Same text in two states, decided by precedence.
    var statesByPrecedence = 0
    /// Placeholders copying the source that lost to a translation (rule 2).
    var copiesReplaced = 0
    /// Placeholders (`new`, or copies of the source) that lost to a translation (rule 2).
    var placeholdersReplaced = 0
    /// Translations marked `needs_review` because the other side changed the source (rule 4).
    var reviewMarks = 0

    mutating func decide(_ place: CatalogLocation, _ decision: String) {
        decisions.append("\(place): \(decision)")
    }

    /// Counts an entry one side or both changed (its translations are
    /// counted into ``translations`` by ``MergeEngine/countTranslations(inEntry:_:_:into:)``).
    mutating func noteEntry(name: String) {
        keys += 1
        changedKeys.append(name)
    }
}

/// How many translations each side changed, for the merge's summary.
public struct TranslationChanges: Sendable, Equatable {
    /// Changed by ours only: taken from ours.
    public var ours = 0
    /// Changed by theirs only: taken from theirs.
    public var theirs = 0
    /// Changed by both, the same way or not (a rule or a conflict decided).
    public var both = 0

    public init(ours: Int = 0, theirs: Int = 0, both: Int = 0) {
        self.ours = ours
        self.theirs = theirs
        self.both = both
    }

    /// Every translation either side changed.
    public var total: Int { ours + theirs + both }
}

extension MergeEngine {
    /// Counts the translations ours or theirs changed in three versions of an entry.
    func countTranslations(inEntry base: SideValue, _ ours: SideValue, _ theirs: SideValue, into counts: inout TranslationChanges) {
        countTranslations(member(base, .localizations), member(ours, .localizations), member(theirs, .localizations),
                          cases: false, into: &counts)
    }

    /// Counts the translations (a language's text, or one of its variants)
    /// ours or theirs changed, in three versions of an object whose members
    /// are localizations (or, with `cases`, variants).
    func countTranslations(_ base: SideValue, _ ours: SideValue, _ theirs: SideValue, cases: Bool,
                           into counts: inout TranslationChanges) {
        forEachMember(base, ours, theirs) { base, ours, theirs in
            countTranslationsInLocalization(base, ours, theirs, into: &counts)
        }
    }

    func countTranslationsInLocalization(_ base: SideValue, _ ours: SideValue, _ theirs: SideValue,
                                         into counts: inout TranslationChanges) {
        if knownEqual(ours, base) && knownEqual(theirs, base) { return }
        for field: CatalogField in [.stringUnit, .stringSet] {
            let b = member(base, field), o = member(ours, field), t = member(theirs, field)
            let oursChanged = !knownEqual(o, b), theirsChanged = !knownEqual(t, b)
            switch (oursChanged, theirsChanged) {
            case (true, false): counts.ours += 1
            case (false, true): counts.theirs += 1
            case (true, true): counts.both += 1
            case (false, false): break
            }
        }
        // Three values at a time, not arrays of them: this runs for every localization an entry changed.
        let variations = (member(base, .variations), member(ours, .variations), member(theirs, .variations))
        for kind: CatalogField in [.plural, .device] {
            countTranslations(member(variations.0, kind), member(variations.1, kind), member(variations.2, kind), cases: true, into: &counts)
        }
        forEachMember(member(base, .substitutions), member(ours, .substitutions), member(theirs, .substitutions)) { base, ours, theirs in
            func plural(_ value: SideValue) -> SideValue { member(member(value, .variations), .plural) }
            countTranslations(plural(base), plural(ours), plural(theirs), cases: true, into: &counts)
        }
    }

    /// Calls `body` with the three versions of every member any side has.
    func forEachMember(_ base: SideValue, _ ours: SideValue, _ theirs: SideValue,
                       _ body: (SideValue, SideValue, SideValue) -> Void) {
        func members(_ value: SideValue) -> ObjectMembers? {
            guard let node = value.node, kind(value) == .object else { return nil }
            return ObjectMembers(sources[value.side], node)
        }
        let b = members(base), o = members(ours), t = members(theirs)
        func lookup(_ object: ObjectMembers?, _ side: Side, in raw: RawDocument, _ key: Int, hint: Int) -> SideValue {
            SideValue(side: side, node: object?.find(raw, key, hint: hint)?.value)
        }
        if let o {
            for position in 0..<o.count {
                let member = o[position]
                body(lookup(b, .base, in: sources.ours, member.key, hint: position),
                     SideValue(side: .ours, node: member.value),
                     lookup(t, .theirs, in: sources.ours, member.key, hint: position))
            }
        }
        if let t {
            for position in 0..<t.count {
                let member = t[position]
                guard o?.find(sources.theirs, member.key, hint: position) == nil else { continue }
                body(lookup(b, .base, in: sources.theirs, member.key, hint: position), .absent(.ours),
                     SideValue(side: .theirs, node: member.value))
            }
        }
        if let b {
            for position in 0..<b.count {
                let member = b[position]
                guard o?.find(sources.base!, member.key, hint: position) == nil,
                      t?.find(sources.base!, member.key, hint: position) == nil else { continue }
                body(SideValue(side: .base, node: member.value), .absent(.ours), .absent(.theirs))
            }
        }
    }
}
