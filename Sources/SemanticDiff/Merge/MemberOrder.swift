import XCStringsJSON

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
        // Each addition's place among ours' members: a binary search that reads their keys in place.
        let places = additions.map { addition in
            sources.withText(addition.key) { added in
                sources.keyOrder.place(of: added, count: result.count) { index, compare in sources.withText(result[index].key, compare) }
            }
        }
        if additions.count == 1 { return result.insert(additions[0], at: places[0]) }
        // Additions that fall in one gap of ours' members, in their own order.
        var gaps: [Int: [Int]] = [:]
        for (index, place) in places.enumerated() { gaps[place, default: []].append(index) }
        var merged: [MergedMember] = []
        merged.reserveCapacity(result.count + additions.count)
        for place in 0...result.count {
            if let gap = gaps[place] {
                let order = gap.count == 1 ? [0] : sources.keyOrder.order(of: gap.map { sources.text(additions[$0].key) })
                merged += order.map { additions[gap[$0]] }
            }
            if place < result.count { merged.append(result[place]) }
        }
        result = merged
    }
}
