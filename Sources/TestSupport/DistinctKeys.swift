/// Keys without repeats, in the order they were first inserted.
///
/// Tests that build random keys collect them here rather than in a `Set`:
/// a `Set`'s order depends on a hash seed chosen anew by every process, so
/// the same seed would give another list (and, where Foundation's
/// comparison is not an order, another sort) on every run.
public struct DistinctKeys<Key: Hashable>: Sequence {
    private var seen = Set<Key>()
    /// The keys, first inserted first.
    public private(set) var list: [Key] = []

    public init() {}

    public var count: Int { list.count }

    /// Adds `key` unless it is already there; says whether it was added.
    @discardableResult
    public mutating func insert(_ key: Key) -> (inserted: Bool, memberAfterInsert: Key) {
        guard seen.insert(key).inserted else { return (false, key) }
        list.append(key)
        return (true, key)
    }

    public func contains(_ key: Key) -> Bool { seen.contains(key) }

    public func randomElement<Random: RandomNumberGenerator>(using random: inout Random) -> Key? {
        list.randomElement(using: &random)
    }

    public func makeIterator() -> IndexingIterator<[Key]> { list.makeIterator() }
}
