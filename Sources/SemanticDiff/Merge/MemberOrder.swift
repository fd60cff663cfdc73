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
        for addition in additions {
            let key = sources.text(addition.key)
            var low = 0, high = result.count
            while low < high {
                let middle = (low + high) / 2
                if KeyCollation.compare(sources.text(result[middle].key), key) < 0 { low = middle + 1 } else { high = middle }
            }
            result.insert(addition, at: low)
        }
    }
}
