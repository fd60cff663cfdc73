/// Foundation's comparison of two keys, for the pairs
/// ``KeyCollation/walkCompare(_:_:)`` cannot decide. The program provides
/// it: `git-xcstrings` asks Foundation in process; the programs git starts
/// once per file hand the whole job to `git-xcstrings` instead; tests ask
/// Foundation too.
public protocol KeyReference: Sendable {
    /// Negative, zero or positive, as Foundation orders two UTF-8 keys.
    func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int

    /// The indices of `keys` in Xcode's order, equal keys in their given
    /// order: ``KeyOrder/settledOrder(of:compare:)`` with this reference's
    /// answers (a reference may make each key its own kind of string once).
    func order(of keys: [[UInt8]]) -> [Int]
}

extension KeyReference {
    public func order(of keys: [[UInt8]]) -> [Int] {
        KeyOrder.settledOrder(of: keys) { x, y in
            keys[x].withUnsafeBufferPointer { a in keys[y].withUnsafeBufferPointer { b in compare(a, b) } }
        }
    }
}

/// Keys by their Unicode scalars: no reference to Foundation. Not Xcode's
/// order for the pairs it is asked about; for tests of keys the walk
/// decides, and for programs that have no Foundation to ask.
public struct UnicodeScalarOrder: KeyReference {
    public init() {}

    public func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let left = String(decoding: a, as: UTF8.self), right = String(decoding: b, as: UTF8.self)
        if left.unicodeScalars.elementsEqual(right.unicodeScalars) { return 0 }
        return left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars) ? -1 : 1
    }
}

/// The order Xcode writes keys in, as a value the core is handed: the walk
/// (``KeyCollation/walkCompare(_:_:)``) for the pairs it decides, which are
/// nearly all keys in ASCII, and `reference`, Foundation, for the rest.
public struct KeyOrder: Sendable {
    public let reference: any KeyReference

    public init(_ reference: any KeyReference) {
        self.reference = reference
    }

    /// The walk, and Unicode scalars where it cannot tell (see ``UnicodeScalarOrder``).
    public static let scalars = KeyOrder(UnicodeScalarOrder())

    /// Negative, zero or positive as `a` sorts before, with, or after `b`.
    @inline(__always)
    public func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        KeyCollation.walkCompare(a, b) ?? reference.compare(a, b)
    }

    public func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in compare(a, b) } }
    }

    public func compare(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { a in b.withUTF8 { b in compare(a, b) } }
    }

    /// Whether `a` sorts before `b`.
    public func precedes(_ a: String, _ b: String) -> Bool { compare(a, b) < 0 }

    /// Whether `b` may follow `a` in a sorted object: the walk puts `a`
    /// first, or Foundation does not put `b` first both ways round.
    /// Foundation's comparison is not an order for some keys (Thai,
    /// precomposed Vietnamese): for a few pairs it says each key sorts
    /// before, or each after, the other, and either order is one of its
    /// outputs.
    public func inOrder(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if let decided = KeyCollation.walkCompare(a, b) { return decided < 0 }
        return reference.compare(a, b) <= 0 || reference.compare(b, a) >= 0
    }

    /// The indices of `keys` in Xcode's order; equal keys keep theirs. The
    /// walk sorts; if it meets a pair it cannot tell, the reference sorts
    /// them all (each key made Foundation's string once).
    public func order(of keys: [[UInt8]]) -> [Int] {
        var undecided = false
        let order = keys.indices.sorted { x, y in
            let decided = keys[x].withUnsafeBufferPointer { a in
                keys[y].withUnsafeBufferPointer { b in KeyCollation.walkCompare(a, b) }
            }
            guard let decided else {
                undecided = true
                return x < y
            }
            return decided < 0 || (decided == 0 && x < y)
        }
        return undecided ? reference.order(of: keys) : order
    }

    public func order(of keys: [String]) -> [Int] {
        order(of: keys.map { Array($0.utf8) })
    }

    /// `values` sorted by the key of each, in Xcode's order (stable).
    public func sorted<Value>(_ values: [Value], by key: (Value) -> String) -> [Value] {
        order(of: values.map { Array(key($0).utf8) }).map { values[$0] }
    }

    /// Whether every key sorts strictly before the next (see ``inOrder(_:_:)``
    /// for pairs Foundation puts both ways).
    public func isStrictlyOrdered(_ keys: [[UInt8]]) -> Bool {
        for (a, b) in zip(keys, keys.dropFirst()) {
            let ordered = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in inOrder(a, b) } }
            if !ordered { return false }
        }
        return true
    }

    public func isStrictlyOrdered(_ keys: [String]) -> Bool {
        isStrictlyOrdered(keys.map { Array($0.utf8) })
    }

    /// The number of `count` sorted keys, read through `withKey`, that sort
    /// before `key`: a binary search.
    public func place(of key: UnsafeBufferPointer<UInt8>, count: Int,
                      withKey: (Int, (UnsafeBufferPointer<UInt8>) -> Int) -> Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if withKey(middle, { compare($0, key) }) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The indices of `keys` sorted with `compare` (the reference's answer
    /// for two indices) where the walk cannot tell, then neighbours settled.
    ///
    /// Foundation's comparison is not transitive for some keys, so a sort
    /// can leave neighbours it would swap, and `fmt` would change its own
    /// output at every run. So an insertion pass over the sorted keys moves
    /// a key before its neighbour only where both answers agree that it
    /// comes first: then every pair of neighbours is in order as
    /// ``inOrder(_:_:)`` reads it, in about n more comparisons. Every
    /// reference's ``KeyReference/order(of:)`` is this.
    public static func settledOrder(of keys: [[UInt8]], compare: (Int, Int) -> Int) -> [Int] {
        func precedes(_ x: Int, _ y: Int) -> Bool {
            let order = keys[x].withUnsafeBufferPointer { a in
                keys[y].withUnsafeBufferPointer { b in KeyCollation.walkCompare(a, b) }
            } ?? compare(x, y)
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
}
