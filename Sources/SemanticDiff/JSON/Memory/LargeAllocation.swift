#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for the big buffers of a run (nodes of a catalog, the merged
/// output), from `malloc`: callers reserve generously (pages never touched
/// cost nothing), so growing, which copies, is rare.
///
/// It owns its block: it cannot be copied, and the block is given back when
/// it goes.
public struct LargeAllocation: ~Copyable {
    public private(set) var base: UnsafeMutableRawPointer
    public private(set) var capacity: Int

    /// A block of at least `capacity` bytes.
    public init(capacity: Int) {
        guard capacity >= 0, capacity <= Int.max / 2, let block = malloc(max(capacity, 64)) else {
            fatalError("out of memory: \(capacity) bytes")
        }
        base = block
        self.capacity = max(capacity, 64)
    }

    /// Grows the block to at least `needed` bytes, keeping its contents.
    public mutating func grow(to needed: Int) {
        var size = capacity
        while size < needed { size *= 2 }
        guard let bigger = realloc(base, size) else { fatalError("out of memory: \(size) bytes") }
        base = bigger
        capacity = size
    }

    deinit {
        free(base)
    }
}
