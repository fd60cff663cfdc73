#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for the big buffers of a run (nodes of a 25 MB catalog, the
/// merged output): on Linux, blocks of 2 MB and more are mapped directly and
/// marked for transparent huge pages, so that filling them costs one page
/// fault per 2 MB instead of one per 4 KB. Callers reserve generously (pages
/// never touched cost nothing), so growing, which copies, is rare. Smaller
/// blocks come from `malloc`.
///
/// It owns its block: it cannot be copied, and the block is given back when
/// it goes (or when it is moved into a bigger one by ``grow(to:)``).
struct LargeAllocation: ~Copyable {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var capacity: Int
    private var mapped: Bool

    private static let hugePage = 2 << 20

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        #if os(Linux)
        if self.capacity >= LargeAllocation.hugePage {
            self.capacity = LargeAllocation.roundUp(self.capacity)
            if let address = mmap(nil, self.capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
               address != MAP_FAILED {
                madvise(address, self.capacity, MADV_HUGEPAGE)
                base = address
                mapped = true
                return
            }
        }
        #endif
        base = malloc(self.capacity)!
        mapped = false
    }

    private static func roundUp(_ size: Int) -> Int {
        (size + hugePage - 1) / hugePage * hugePage
    }

    /// Grows the block to at least `needed` bytes, keeping its contents.
    mutating func grow(to needed: Int) {
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
