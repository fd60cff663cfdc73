import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one object read from git's files (inflated, deltas
/// applied), in memory of its own, freed with the last reference.
final class ObjectBuffer: @unchecked Sendable {
    let start: UnsafeMutableRawPointer
    let count: Int

    /// Memory for `count` bytes; nil when it cannot be had.
    init?(count: Int) {
        guard count >= 0, let start = malloc(max(count, 1)) else { return nil }
        self.start = start
        self.count = count
    }

    deinit { free(start) }

    var memory: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: start, count: count) }

    /// The bytes for the reader, kept until the last copy of them goes.
    var bytes: Bytes {
        Bytes.borrowing(UnsafeRawBufferPointer(memory)) { withExtendedLifetime(self) {} }
    }
}
