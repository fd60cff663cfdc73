import XCStringsJSON

/// The result of a merge, before it is written: mostly references to
/// subtrees of the inputs (copied as they are), objects whose members were
/// merged one by one, the few values a rule wrote itself, and conflicts.
indirect enum Merged {
    /// The value of `node` in `side`'s document.
    case copy(Side, Int)
    /// An object with these members, in this order.
    case object([MergedMember])
    /// A string a rule wrote (`needs_review`, `stale`).
    case string(String)
    /// Both sides changed this value differently and no rule decides.
    case conflict(MergeConflictValue)
}

/// A member of a merged object: its key (a key node of one side, or a name
/// a rule added) and its merged value.
struct MergedMember {
    var key: MergedKey
    var value: Merged
}

enum MergedKey {
    case node(Side, Int)
    case name(String)
}

/// The three versions of a conflicted value; nil where a side has none.
/// Written as git-style markers around the lines where ours and theirs differ.
struct MergeConflictValue {
    var ours: Merged?
    var theirs: Merged?
    var base: Merged?
    /// Which conflict of the summary this is.
    var index: Int

    /// Whether a side lacks the member, so the object around it must be
    /// shown whole on each side of the markers.
    var hasAbsentSide: Bool { ours == nil || theirs == nil }

    func value(on side: Side) -> Merged? {
        switch side {
        case .base: return base
        case .ours: return ours
        case .theirs: return theirs
        }
    }
}
