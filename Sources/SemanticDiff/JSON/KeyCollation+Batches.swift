/// Sorting and order checks over many keys: the fast comparator first, and
/// what it leaves undecided asked of ``KeyCollation/reference`` in one
/// request, never one pair at a time.
extension KeyCollation {
    /// The indices of `keys` in Xcode's order; equal keys keep theirs.
    public static func order(of keys: [[UInt8]]) -> [Int] {
        sorted(Array(keys.indices), fast: { x, y in
            keys[x].withUnsafeBufferPointer { a in keys[y].withUnsafeBufferPointer { b in fastCompare(a, b) } }
        }, key: { keys[$0] })
    }

    /// `items` in the order of their keys (stable): sorted with `fast`, the
    /// fast comparator over two items' keys, when it decides every pair it
    /// meets; else by the reference, given every item's `key` at once.
    static func sorted<Item>(_ items: [Item], fast: (Item, Item) -> Int?, key: (Item) -> [UInt8]) -> [Item] {
        let decided = try? items.indices.sorted { x, y in
            guard let order = fast(items[x], items[y]) else { throw UndecidedPair() }
            return order < 0 || (order == 0 && x < y)
        }
        return (decided ?? reference.order(of: items.map(key))).map { items[$0] }
    }

    /// The indices of `keys` in Xcode's order as a reference gives it: a
    /// stable sort with the fast comparator, and `undecided` (the
    /// reference's answer for two indices) where it cannot tell, then
    /// neighbours settled.
    ///
    /// Foundation's comparison is not an order for some keys (precomposed
    /// Vietnamese, Thai): it is not transitive, so a sort can leave
    /// neighbours it would swap, and for a few pairs it says each key sorts
    /// before (or each after) the other. Without care `fmt` would change its
    /// own output at every run. So an insertion pass over the sorted keys
    /// moves a key before its neighbour only where both answers agree that
    /// it comes first: then every pair of neighbours is in order as
    /// ``neighboursInOrder(_:)`` reads it, in about n more comparisons.
    /// Every reference's ``CollationReference/order(of:)`` is this.
    public static func settledOrder(of keys: [[UInt8]], undecided: (Int, Int) -> Int) -> [Int] {
        func precedes(_ x: Int, _ y: Int) -> Bool {
            let order = keys[x].withUnsafeBufferPointer { a in
                keys[y].withUnsafeBufferPointer { b in fastCompare(a, b) }
            } ?? undecided(x, y)
            return order < 0 || (order == 0 && x < y)
        }
        var indices = Array(keys.indices)
        indices.sort(by: precedes)
        guard indices.count > 1 else { return indices }
        for next in 1..<indices.count {
            var position = next
            while position > 0 && precedes(indices[position], indices[position - 1])
                    && !precedes(indices[position - 1], indices[position]) {
                indices.swapAt(position, position - 1)
                position -= 1
            }
        }
        return indices
    }

    /// Whether each pair (an earlier key, the key after it) is in order by
    /// the reference, asked in one request: out of order only where
    /// Foundation says, both ways round, that the later key sorts first.
    static func neighboursInOrder(_ pairs: [(a: [UInt8], b: [UInt8])]) -> Bool {
        let answers = reference.compare(pairs: pairs.flatMap { [($0.a, $0.b), ($0.b, $0.a)] })
        return stride(from: 0, to: answers.count, by: 2).allSatisfy { !(answers[$0] > 0 && answers[$0 + 1] < 0) }
    }

    public static func order(of keys: [String]) -> [Int] {
        order(of: keys.map { Array($0.utf8) })
    }

    /// `values` sorted by the key of each, in Xcode's order (stable).
    public static func sorted<Value>(_ values: [Value], by key: (Value) -> String) -> [Value] {
        order(of: values.map { Array(key($0).utf8) }).map { values[$0] }
    }

    /// Whether every key sorts before the next (as ``neighboursInOrder(_:)``
    /// reads Foundation's answers, asked once for every pair the fast
    /// comparator cannot order).
    public static func isStrictlyOrdered(_ keys: [[UInt8]]) -> Bool {
        var undecided: [(a: [UInt8], b: [UInt8])] = []
        for index in keys.indices.dropFirst() {
            let order = keys[index - 1].withUnsafeBufferPointer { a in
                keys[index].withUnsafeBufferPointer { b in fastCompare(a, b) }
            }
            if let order {
                if order >= 0 { return false }
            } else {
                undecided.append((keys[index - 1], keys[index]))
            }
        }
        return undecided.isEmpty || neighboursInOrder(undecided)
    }

    public static func isStrictlyOrdered(_ keys: [String]) -> Bool {
        isStrictlyOrdered(keys.map { Array($0.utf8) })
    }
}

/// Thrown out of a sort by a pair the fast comparator cannot order.
private struct UndecidedPair: Error {}
