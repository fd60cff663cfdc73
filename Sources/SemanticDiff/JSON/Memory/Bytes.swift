#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes to read: an array, or memory that belongs to someone else (a file
/// mapped by `PlatformLayer`, a blob libgit2 keeps) used in place and given
/// back when the last copy goes. Reading three 25 MB catalogs then costs a
/// few page-table entries instead of 75 MB of copying into fresh pages.
public struct Bytes: RandomAccessCollection, Sendable {
    private let storage: Storage

    public init(_ array: [UInt8]) {
        storage = Storage(array: array)
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < storage.count, "byte index out of range")
        return withUnsafeBufferPointer { $0[position] }
    }

    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) {
            if let borrowed = storage.borrowed {
                return try body(UnsafeBufferPointer(start: borrowed, count: storage.count))
            }
            return try storage.array.withUnsafeBufferPointer(body)
        }
    }

    /// Whether these are exactly the bytes of `other` (compared in place).
    public func equals(_ other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in count == 0 || memcmp(mine.baseAddress!, theirs.baseAddress!, count) == 0 }
        }
    }

    /// Whether a NUL byte is among them (what makes git call a file binary).
    public var containsNUL: Bool {
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, 0, buffer.count) != nil
        }
    }

    /// A copy as an array.
    public var array: [UInt8] { storage.borrowed == nil ? storage.array : withUnsafeBufferPointer { Array($0) } }

    /// Memory that belongs to someone else (a mapped file, a blob of
    /// libgit2), used in place; `release` gives it back once the last copy
    /// of these bytes goes.
    public static func borrowing(_ memory: UnsafeRawBufferPointer, release: @escaping @Sendable () -> Void) -> Bytes {
        guard let start = memory.baseAddress, memory.count > 0 else {
            release()
            return Bytes([])
        }
        let pointer = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: UInt8.self))
        return Bytes(storage: Storage(borrowed: pointer, count: memory.count, release: release))
    }

    private final class Storage: @unchecked Sendable {
        let array: [UInt8]
        let borrowed: UnsafeMutablePointer<UInt8>?
        let count: Int
        /// Gives back borrowed memory.
        let release: (@Sendable () -> Void)?

        init(array: [UInt8]) {
            self.array = array
            borrowed = nil
            count = array.count
            release = nil
        }

        init(borrowed: UnsafeMutablePointer<UInt8>, count: Int, release: @escaping @Sendable () -> Void) {
            array = []
            self.borrowed = borrowed
            self.count = count
            self.release = release
        }

        deinit { release?() }
    }
}
