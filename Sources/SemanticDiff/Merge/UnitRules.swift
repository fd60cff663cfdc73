import XCStringsCatalog
import XCStringsJSON

/// The rules for translations: a localization's shape (rule 9), deletion
/// against change (rule 6), and `stringUnit` / `stringSet` as units of text
/// and state (rules 1–3), with rule 4's review mark.
extension MergeEngine {
    /// A localization (or a plural or device variant) both sides changed.
    mutating func mergeLocalization(_ level: MergeLevel, _ name: String,
                                    _ base: SideValue, _ ours: SideValue, _ theirs: SideValue) -> Merged? {
        let record = level.conflict(member: name)
        if ours.node == nil || theirs.node == nil {
            let kept = ours.node == nil ? theirs : ours
            report.decide(record, "kept \(kept.side.name)' changes to a \(level.kind == .localizations ? "language" : "variant") \(kept.side.other.name) deleted")
            return take(level, name, kept, base: base)
        }
        guard kind(ours) == .object, kind(theirs) == .object else { return conflict(record, base, ours, theirs) }
        // Rule 9: one side turned the text into variations while the other edited it (or the reverse).
        let oursShape = shape(ours), theirsShape = shape(theirs)
        if oursShape != theirsShape && oursShape != .other && theirsShape != .other {
            return conflict(record, base, ours, theirs)
        }
        return mergeObject(level.child(name), base, ours, theirs)
    }

    enum LocalizationShape { case text, variations, other }

    func shape(_ localization: SideValue) -> LocalizationShape {
        let hasText = member(localization, .stringUnit).node != nil || member(localization, .stringSet).node != nil
        let hasVariations = member(localization, .variations).node != nil
        if hasText && !hasVariations { return .text }
        if hasVariations && !hasText { return .variations }
        return .other
    }

    /// A `stringUnit` or `stringSet` both sides changed.
    mutating func mergeUnit(_ level: MergeLevel, _ name: String,
                            _ base: SideValue, _ ours: SideValue, _ theirs: SideValue) -> Merged? {
        let record = level.conflict(member: name)
        // Rule 6 for translations: a translation one side removed and the other changed survives.
        if ours.node == nil || theirs.node == nil {
            let kept = ours.node == nil ? theirs : ours
            report.decide(record, "kept \(kept.side.name)' changed translation, which \(kept.side.other.name) removed")
            return chosen(level, name, kept, base: base)
        }
        guard kind(ours) == .object, kind(theirs) == .object else { return conflict(record, base, ours, theirs) }
        let field: CatalogField = level.kind.child(name) == .stringSet ? .values : .value
        let baseText = member(base, field), oursText = member(ours, field), theirsText = member(theirs, field)
        let oursState = state(ours), theirsState = state(theirs)
        if equal(oursText, theirsText) {
            // Rule 3: the same text in two states: translated > needs_review > new > anything else.
            guard oursState != theirsState else { return mergeObject(level.child(name), base, ours, theirs) }
            let oursRank = oursState?.precedence ?? -1, theirsRank = theirsState?.precedence ?? -1
            guard oursRank != theirsRank else { return conflict(record, base, ours, theirs) }
            let winner = oursRank > theirsRank ? ours : theirs
            report.statesByPrecedence += 1
            report.decide(record, "state \(describe(state(winner))) by precedence over \(describe(winner.side == .ours ? theirsState : oursState))")
            return chosen(level, name, winner, base: base)
        }
        let oursChangedText = !equal(oursText, baseText), theirsChangedText = !equal(theirsText, baseText)
        if oursChangedText != theirsChangedText {
            // Rule 1: only one side changed the text: its whole unit wins, state included.
            let winner = oursChangedText ? ours : theirs
            report.decide(record, "\(winner.side.name)' new text wins with its state; \(winner.side.other.name) changed only the state")
            return chosen(level, name, winner, base: base)
        }
        // Rule 2: both changed the text: a placeholder loses (a copy of the source first, then any `new`).
        let oursRank = placeholderRank(level, oursText, oursState), theirsRank = placeholderRank(level, theirsText, theirsState)
        if oursRank != theirsRank {
            let winner = oursRank > theirsRank ? ours : theirs
            let loser = min(oursRank, theirsRank), loserState = describe(winner.side == .ours ? theirsState : oursState)
            let loserText = winner.side == .ours ? theirsText : oursText
            let copiesKey = level.key.map { key in string(loserText)?.utf8.elementsEqual(key.utf8) == true } ?? false
            let copied = copiesKey ? "the key" : "the source text"
            let what = loser == .copy ? "a copy of \(copied), state \(loserState)" : "state new"
            report.decide(record, "\(winner.side.name)' translation wins over \(winner.side.other.name)' placeholder (\(what))")
            if loser == .copy { report.copiesReplaced += 1 }
            report.placeholdersReplaced += 1
            return chosen(level, name, winner, base: base)
        }
        return conflict(record, base, ours, theirs)
    }

    /// How much a changed text is a translation, for rule 2: a placeholder
    /// that copies the source (`new` or `needs_review`, the same bytes as
    /// the entry's key or its source text), any other `new`, or a translation.
    enum PlaceholderRank: Int, Comparable {
        case copy, new, translation
        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    func placeholderRank(_ level: MergeLevel, _ text: SideValue, _ state: TranslationState?) -> PlaceholderRank {
        guard state == .new || state == .needsReview else { return .translation }
        if level.language != level.sourceLanguage, let value = string(text), isCopyOfSource(value, level, side: text.side) {
            return .copy
        }
        return state == .new ? .new : .translation
    }

    /// Whether `value` is the entry's key, or its source text at the same
    /// variant (or the plain source text) on `side` or in base.
    func isCopyOfSource(_ value: String, _ level: MergeLevel, side: Side) -> Bool {
        if let key = level.key, value.utf8.elementsEqual(key.utf8) { return true }
        guard let language = level.sourceLanguage, entryVersions.count == 3 else { return false }
        for entry in [entryVersions[side.rawValue], entryVersions[Side.base.rawValue]] {
            let source = member(member(entry, .localizations), named: language)
            var variant = source
            var path = level.variant[...]
            while path.count >= 2 {
                let kind = path.removeFirst(), name = path.removeFirst()
                variant = kind == CatalogField.substitutions.rawValue
                    ? member(member(variant, .substitutions), named: name)
                    : member(member(member(variant, .variations), named: kind), named: name)
            }
            for candidate in [variant, source] {
                if let text = string(member(member(candidate, .stringUnit), .value)), text.utf8.elementsEqual(value.utf8) { return true }
            }
        }
        return false
    }

    func state(_ unit: SideValue) -> TranslationState? {
        string(member(unit, .state)).map(TranslationState.init(rawValue:))
    }

    func describe(_ state: TranslationState?) -> String { state?.rawValue ?? "(none)" }

    /// The unit a rule chose, marked for review if rule 4 applies to it.
    mutating func chosen(_ level: MergeLevel, _ name: String, _ unit: SideValue, base: SideValue) -> Merged? {
        guard let node = unit.node else { return nil }
        if level.reviewSide == unit.side && !equal(unit, base) {
            return reviewedUnit(level, unit) ?? .copy(unit.side, node)
        }
        return .copy(unit.side, node)
    }

    // MARK: Rule 4

    /// A copy of `value` (a localization, or anything inside one) from the
    /// side whose translations need review, with every unit it changed
    /// (against `base`) set to `needs_review`, unless it is `new`.
    mutating func reviewCopy(_ level: MergeLevel, _ value: SideValue, base: SideValue) -> Merged? {
        guard let node = value.node else { return nil }
        if equal(value, base) { return .copy(value.side, node) }
        if level.kind == .stringUnit || level.kind == .stringSet {
            return reviewedUnit(level, value) ?? .copy(value.side, node)
        }
        guard kind(value) == .object else { return .copy(value.side, node) }
        let members = ObjectMembers(sources[value.side], node)
        var result: [MergedMember] = []
        for member in members {
            let name = keyName(value.side, member.key)
            let inner = reviewCopy(level.child(name), SideValue(side: value.side, node: member.value),
                                   base: self.member(base, named: name))
            if let inner { result.append(MergedMember(key: .node(value.side, member.key), value: inner)) }
        }
        return .object(result)
    }

    /// `unit` with its state set to `needs_review`; nil when it stays as it is.
    mutating func reviewedUnit(_ level: MergeLevel, _ unit: SideValue) -> Merged? {
        guard let node = unit.node, kind(unit) == .object else { return nil }
        let current = state(unit)
        guard current != .new && current != .needsReview else { return nil }
        report.reviewMarks += 1
        report.decide(CatalogLocation(key: level.key, language: level.language, variant: level.variant.joined(separator: ".")),
                      "needs_review: \(unit.side.name) translated it while \(unit.side.other.name) changed the source text")
        return markedForReview(.copy(unit.side, node), level: .stringUnit)
    }

    package func name(of key: MergedKey) -> String {
        switch key {
        case .node(let side, let node): return keyName(side, node)
        case .name(let name): return name
        }
    }

    /// `value` (at `level`) with every unit in it, or itself when it is a
    /// unit, set to `needs_review`; a placeholder (`new`) stays as it is.
    func markedForReview(_ value: Merged, level: CatalogLevel) -> Merged {
        let members: [MergedMember]
        switch value {
        case .object(let list):
            members = list
        case .copy(let side, let node) where sources[side].nodes[node].kind == .object:
            members = ObjectMembers(sources[side], node).map {
                MergedMember(key: .node(side, $0.key), value: .copy(side, $0.value))
            }
        default:
            return value
        }
        guard level == .stringUnit || level == .stringSet else {
            return .object(members.map { MergedMember(key: $0.key, value: markedForReview($0.value, level: level.child(self.name(of: $0.key)))) })
        }
        var result = members
        let field = CatalogField.state.rawValue
        if let state = result.firstIndex(where: { self.name(of: $0.key) == field }) {
            if case .copy(let side, let node) = result[state].value,
               string(SideValue(side: side, node: node)) == TranslationState.new.rawValue {
                return .object(result)
            }
            result[state].value = .string(TranslationState.needsReview.rawValue)
        } else {
            result.insert(MergedMember(key: .name(field), value: .string(TranslationState.needsReview.rawValue)), at: 0)
        }
        return .object(result)
    }
}
