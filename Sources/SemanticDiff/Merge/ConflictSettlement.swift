import XCStringsCatalog
import XCStringsJSON

/// Settling the conflicts a merge left by taking one side (`resolve --ours`
/// or `--theirs`): each conflicted value becomes that side's version, and
/// every translation so chosen is marked `needs_review` (a `new` one stays
/// `new`), so that Xcode shows it to a translator. Everything the merge
/// decided stays as it is.
extension MergeEngine {
    /// `merged` with every conflict settled by taking `side`'s version.
    mutating func settle(_ merged: Merged, taking side: Side) -> Merged {
        var outcomes: [Int: SettledConflict] = [:]
        let settled = settled(merged, taking: side, level: .root, outcomes: &outcomes).value ?? merged
        report.settled = report.conflicts.indices.map { index in
            var outcome = outcomes[index] ?? SettledConflict(location: report.conflicts[index], side: side, removed: false, states: [])
            outcome.location = report.conflicts[index]
            return outcome
        }
        report.conflicts = []
        return settled
    }

    /// The settled value of a member at `level`; nil when the chosen side
    /// has no such member; `changed` when a conflict was settled inside.
    /// What each conflict became goes into `outcomes`, by its index.
    private func settled(_ value: Merged, taking side: Side, level: CatalogLevel,
                         outcomes: inout [Int: SettledConflict]) -> (value: Merged?, changed: Bool) {
        switch value {
        case .copy, .string:
            return (value, false)
        case .conflict(let conflict):
            let placeholder = CatalogLocation(key: nil, language: nil)
            guard let chosen = conflict.value(on: side) else {
                outcomes[conflict.index] = SettledConflict(location: placeholder, side: side, removed: true, states: [])
                return (nil, true)
            }
            let reviewed = markedForReview(chosen, level: level)
            outcomes[conflict.index] = SettledConflict(location: placeholder, side: side, removed: false,
                                                       states: states(in: reviewed, level: level))
            return (reviewed, true)
        case .object(let members):
            var result: [MergedMember] = []
            var changed = false
            for member in members {
                let memberLevel = level.child(self.name(of: member.key))
                let before = Set(outcomes.keys)
                let (inner, innerChanged) = settled(member.value, taking: side, level: memberLevel, outcomes: &outcomes)
                guard let inner else {
                    changed = true
                    continue
                }
                // A conflict settled inside a unit (its value, say) makes the whole unit one to review.
                let isUnit = memberLevel == .stringUnit || memberLevel == .stringSet
                let reviewed = innerChanged && isUnit ? markedForReview(inner, level: memberLevel) : inner
                if innerChanged && isUnit {
                    for index in outcomes.keys where !before.contains(index) {
                        outcomes[index]?.states = states(in: reviewed, level: memberLevel)
                    }
                }
                result.append(MergedMember(key: member.key, value: reviewed))
                changed = changed || innerChanged
            }
            return (.object(result), changed)
        }
    }

    /// The states of the units in `value` (at `level`), each once, in order.
    private func states(in value: Merged, level: CatalogLevel) -> [String] {
        var found: [String] = []
        func visit(_ value: Merged, _ level: CatalogLevel) {
            let members: [(name: String, value: Merged)]
            switch value {
            case .object(let list):
                members = list.map { (self.name(of: $0.key), $0.value) }
            case .copy(let side, let node) where sources[side].nodes[node].kind == .object:
                members = ObjectMembers(sources[side], node).map { (keyName(side, $0.key), .copy(side, $0.value)) }
            default:
                return
            }
            if level == .stringUnit || level == .stringSet {
                var state = "no state"
                if let member = members.first(where: { $0.name == CatalogField.state.rawValue }) {
                    switch member.value {
                    case .string(let text): state = text
                    case .copy(let side, let node): state = string(SideValue(side: side, node: node)) ?? state
                    default: break
                    }
                }
                if !found.contains(state) { found.append(state) }
                return
            }
            for member in members { visit(member.value, level.child(member.name)) }
        }
        visit(value, level)
        return found
    }
}

/// One conflict `resolve --ours` or `--theirs` settled: what was taken,
/// and the state its translations have now.
public struct SettledConflict: Sendable, Equatable, CustomStringConvertible {
    public var location: CatalogLocation
    /// The side taken.
    public var side: Side
    /// Whether that side had deleted it, so it is gone.
    public var removed: Bool
    /// The states of the translations taken (`needs_review`, `new`); empty
    /// for what has none (a comment, an extraction state).
    public var states: [String]

    /// `"Save" fr: ours' text, now needs_review`, `"Save" comment: ours'`,
    /// `"Old" de: removed, as ours has it`.
    public var description: String {
        if removed { return "\(location): removed, as \(side.name) has it" }
        guard !states.isEmpty else { return "\(location): \(side.name)'" }
        let now = states.map { $0 == TranslationState.needsReview.rawValue ? "now needs_review" : "still \($0)" }
        return "\(location): \(side.name)' text, \(now.joined(separator: " / "))"
    }
}
