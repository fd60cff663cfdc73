/// Settling the conflicts a merge left by taking one side (`resolve --ours`
/// or `--theirs`): each conflicted value becomes that side's version, and
/// every translation so chosen is marked `needs_review`, so that Xcode shows
/// it to a translator. Everything the merge decided stays as it is.
extension MergeEngine {
    /// `merged` with every conflict settled by taking `side`'s version.
    mutating func settle(_ merged: Merged, taking side: Side) -> Merged {
        let settled = settled(merged, taking: side, level: .root).value ?? merged
        report.settled = report.conflicts
        report.settledWith = side
        report.conflicts = []
        return settled
    }

    /// The settled value of a member at `level`; nil when the chosen side
    /// has no such member; `changed` when a conflict was settled inside.
    private func settled(_ value: Merged, taking side: Side, level: CatalogLevel) -> (value: Merged?, changed: Bool) {
        switch value {
        case .copy, .string:
            return (value, false)
        case .conflict(let conflict):
            guard let chosen = conflict.value(on: side) else { return (nil, true) }
            return (markedForReview(chosen, level: level), true)
        case .object(let members):
            var result: [MergedMember] = []
            var changed = false
            for member in members {
                let memberLevel = level.child(self.name(of: member.key))
                let (inner, innerChanged) = settled(member.value, taking: side, level: memberLevel)
                guard let inner else {
                    changed = true
                    continue
                }
                // A conflict settled inside a unit (its value, say) makes the whole unit one to review.
                let isUnit = memberLevel == .stringUnit || memberLevel == .stringSet
                let reviewed = innerChanged && isUnit ? markedForReview(inner, level: memberLevel) : inner
                result.append(MergedMember(key: member.key, value: reviewed))
                changed = changed || innerChanged
            }
            return (.object(result), changed)
        }
    }
}
