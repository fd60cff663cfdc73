/// A small open-addressing hash table from a key's hash to node indices, for
/// finding members of large objects without building `String`s.
///
/// It stores only the hash and the index; callers confirm a candidate with
/// their own equality test, so collisions cost a comparison, never a wrong
/// answer.
struct KeyIndex {
    private var hashes: [UInt64]
    private var values: [Int32]
    private let mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        hashes = Array(repeating: 0, count: size)
        values = Array(repeating: -1, count: size)
        mask = size - 1
    }

    mutating func insert(_ value: Int, hash: UInt64) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while values[slot] >= 0 { slot = (slot + 1) & mask }
        hashes[slot] = hash
        values[slot] = Int32(truncatingIfNeeded: value)
    }

    /// The first stored value with this hash that `matches` accepts.
    func first(hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while values[slot] >= 0 {
            if hashes[slot] == hash, matches(Int(values[slot])) { return Int(values[slot]) }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
