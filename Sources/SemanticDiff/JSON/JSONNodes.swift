#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The node array of a ``JSONDocument``: one allocation, grown with
/// `realloc` while reading (which moves no bytes for large blocks) and
/// read-only afterwards.
public struct JSONNodes: RandomAccessCollection, Sendable {
    @usableFromInline let storage: Storage

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    @inlinable public subscript(index: Int) -> JSONNode {
        precondition(index >= 0 && index < endIndex, "node index out of range")
        return storage.base[index]
    }

    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<JSONNode>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
        }
    }

    /// The memory behind the nodes; released with the last document using it.
    public final class Storage: @unchecked Sendable {
        @usableFromInline let base: UnsafeMutablePointer<JSONNode>
        @usableFromInline let count: Int
        private let allocation: LargeAllocation

        init(adopting allocation: consuming LargeAllocation, count: Int) {
            base = allocation.base.assumingMemoryBound(to: JSONNode.self)
            self.allocation = allocation
            self.count = count
        }
    }
}

/// Nodes being appended by the reader, in a block grown as needed and
/// handed to a ``JSONNodes/Storage`` when reading ends (or given back when
/// it fails, as the builder goes). It owns its block, so it cannot be copied.
struct NodeBuilder: ~Copyable {
    private var allocation: LargeAllocation
    private(set) var base: UnsafeMutablePointer<JSONNode>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        allocation = LargeAllocation(capacity: Swift.max(capacity, 16) * MemoryLayout<JSONNode>.stride)
        self.capacity = allocation.capacity / MemoryLayout<JSONNode>.stride
        base = allocation.base.assumingMemoryBound(to: JSONNode.self)
    }

    @inline(__always) package mutating func append(_ node: JSONNode) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count &+= 1
    }

    @inline(never) private mutating func grow() {
        allocation.grow(to: (capacity * 2) * MemoryLayout<JSONNode>.stride)
        capacity = allocation.capacity / MemoryLayout<JSONNode>.stride
        base = allocation.base.assumingMemoryBound(to: JSONNode.self)
    }

    /// Appends `nodes`, read by another reader whose first node was to be
    /// this builder's node `shift`: their `next` indices are moved by it.
    package mutating func append(_ nodes: UnsafeBufferPointer<JSONNode>, shiftingNextBy shift: Int) {
        while count + nodes.count > capacity { grow() }
        let delta = UInt32(truncatingIfNeeded: shift)
        for (offset, node) in nodes.enumerated() {
            var moved = node
            moved.next &+= delta
            (base + count + offset).initialize(to: moved)
        }
        count &+= nodes.count
    }

    /// The nodes, now owned by the returned storage.
    consuming func finish() -> JSONNodes {
        JSONNodes(storage: JSONNodes.Storage(adopting: allocation, count: count))
    }
}
