import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one object read from git's files (inflated, deltas
/// applied), in memory of its own, freed with the last reference.
/// A large object is inflated into huge pages (``LargeAllocation``): a
/// 1.3 MB catalog took 311 page faults of 4 KB, two thirds of a quiet
/// `diff`'s.
final class ObjectBuffer: @unchecked Sendable {
    let start: UnsafeMutableRawPointer
    let count: Int
    private let allocation: LargeAllocation
    private let leading: Int

    /// Memory for `count` bytes, after `leading` bytes that are not the
    /// object's (a loose object's header, inflated with it); nil when it
    /// cannot be had.
    init?(count: Int, leading: Int = 0) {
        guard count >= 0, leading >= 0, count < Int.max / 2 - leading,
              let allocation = LargeAllocation(orNil: leading + count, mappedFrom: LargeAllocation.filledMappingThreshold) else {
            return nil
        }
        start = allocation.base + leading
        self.allocation = allocation
        self.count = count
        self.leading = leading
    }

    /// The object's bytes.
    var memory: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: start, count: count) }

    /// The leading bytes and the object's.
    var withLeading: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: start - leading, count: leading + count) }

    /// The bytes for the reader, kept until the last copy of them goes.
    var bytes: Bytes {
        Bytes.borrowing(UnsafeRawBufferPointer(memory)) { withExtendedLifetime(self) {} }
    }
}
