#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for the big buffers of a run (nodes of a catalog, the merged
/// output, a git object inflated): on Linux, large blocks are mapped
/// directly and marked for transparent huge pages, so that filling them
/// costs one page fault per 2 MB instead of one per 4 KB. Memory a process
/// touches for the first time is what costs: on this project's machine
/// (a virtual machine, whose host backs a page only when the guest first
/// writes it) about 1.5 µs per 4 KB page and 185 µs per 2 MB page, so a
/// huge page pays once some 500 KB of it are written. Callers reserve
/// generously (pages never touched cost nothing), so growing, which
/// copies, is rare. Smaller blocks come from `malloc`.
///
/// It owns its block: it cannot be copied, and the block is given back when
/// it goes (or when it is moved into a bigger one by ``grow(to:)``).
public struct LargeAllocation: ~Copyable {
    public private(set) var base: UnsafeMutableRawPointer
    public private(set) var capacity: Int
    private var mapped: Bool

    private static let hugePage = 2 << 20

    /// The size from which a reservation is mapped in huge pages: a block
    /// reserved generously is filled to well under its size.
    public static let reservedMappingThreshold = hugePage / 2

    /// The size from which a block that will be written whole (an object
    /// inflated into it) is mapped in huge pages.
    public static let filledMappingThreshold = 512 << 10

    /// A block of at least `capacity` bytes, in huge pages from `threshold`
    /// bytes on (rounded up to a whole huge page).
    public init(capacity: Int, mappedFrom threshold: Int = reservedMappingThreshold) {
        guard let block = LargeAllocation(orNil: capacity, mappedFrom: threshold) else {
            fatalError("out of memory: \(capacity) bytes")
        }
        self = block
    }

    /// The same, or nil when the memory cannot be had (a size read from a
    /// damaged file).
    public init?(orNil capacity: Int, mappedFrom threshold: Int) {
        guard capacity >= 0, capacity <= Int.max / 2 else { return nil }
        var size = max(capacity, 64)
        #if os(Linux)
        if size >= threshold {
            size = LargeAllocation.roundUp(size)
            if let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
               address != MAP_FAILED {
                madvise(address, size, MADV_HUGEPAGE)
                self.init(base: address, capacity: size, mapped: true)
                return
            }
        }
        #endif
        guard let block = malloc(size) else { return nil }
        self.init(base: block, capacity: size, mapped: false)
    }

    private init(base: UnsafeMutableRawPointer, capacity: Int, mapped: Bool) {
        self.base = base
        self.capacity = capacity
        self.mapped = mapped
    }

    private static func roundUp(_ size: Int) -> Int {
        (size + hugePage - 1) / hugePage * hugePage
    }

    /// Grows the block to at least `needed` bytes, keeping its contents.
    public mutating func grow(to needed: Int) {
        var size = capacity
        while size < needed { size *= 2 }
        #if os(Linux)
        if mapped || size >= LargeAllocation.hugePage {
            let bigger = LargeAllocation(capacity: size)
            memcpy(bigger.base, base, capacity)
            self = bigger // the old block goes with the old value
            return
        }
        #endif
        base = realloc(base, size)!
        capacity = size
    }

    deinit {
        #if os(Linux)
        if mapped {
            munmap(base, capacity)
            return
        }
        #endif
        free(base)
    }
}
