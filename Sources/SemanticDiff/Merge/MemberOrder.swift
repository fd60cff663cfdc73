/// Where members that ours lacks go in a merged object: at their sorted
/// place when ours' object is in Xcode's order, so that a sorted result
/// needs no sorting; otherwise at the end, and the writer puts the whole
/// object in order (``MergedWriter``).
struct MemberOrder {
    let sources: MergeSources
    /// Whether ours' object is in Xcode's order.
    let oursIsSorted: Bool

    func place(_ additions: [MergedMember], into result: inout [MergedMember]) {
        guard oursIsSorted else { return result += additions }
        let added = additions.map { sources.text($0.key) }
        // Ours' keys read in place: a binary search reads a few of them.
        let places = KeyCollation.places(of: added, count: result.count,
                                         withKey: { index, body in sources.withText(result[index].key, body) },
                                         key: { sources.text(result[$0].key) })
        // Additions that fall in one gap of ours' keys, in their own order.
        var gaps: [Int: [Int]] = [:]
        for (index, place) in places.enumerated() { gaps[place, default: []].append(index) }
        var merged: [MergedMember] = []
        merged.reserveCapacity(result.count + additions.count)
        for place in 0...result.count {
            if let gap = gaps[place] {
                let order = gap.count == 1 ? [0] : KeyCollation.order(of: gap.map { added[$0] })
                merged += order.map { additions[gap[$0]] }
            }
            if place < result.count { merged.append(result[place]) }
        }
        result = merged
    }
}
