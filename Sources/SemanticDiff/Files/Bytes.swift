#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a file or of an array, read-only. A file is mapped into
/// memory rather than copied: reading three 25 MB catalogs then costs a
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
            if let mapped = storage.mapped {
                return try body(UnsafeBufferPointer(start: mapped, count: storage.count))
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
    public var array: [UInt8] { storage.mapped == nil ? storage.array : withUnsafeBufferPointer { Array($0) } }

    /// The contents of the file at `path`, mapped (see ``TruncationGuard``
    /// for what happens if another program truncates it meanwhile).
    public static func mapping(_ path: String) throws(FileError) -> Bytes {
        let (descriptor, info) = try FileBytes.openForReading(path)
        defer { close(descriptor) }
        let size = Int(info.st_size)
        // Pipes, small files and anything that will not map are read instead.
        guard (info.st_mode & S_IFMT) == S_IFREG, size >= 1 << 16 else { return Bytes(try FileBytes.read(path)) }
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let address = mmap(nil, size, PROT_READ, flags, descriptor, 0), address != MAP_FAILED else {
            return Bytes(try FileBytes.read(path))
        }
        TruncationGuard.mapped(path, at: address, count: size)
        return Bytes(storage: Storage(mapped: address.assumingMemoryBound(to: UInt8.self), count: size))
    }

    /// Memory that belongs to someone else (a blob of libgit2), used in
    /// place; `release` gives it back once the last copy of these bytes goes.
    public static func borrowing(_ memory: UnsafeRawBufferPointer, release: @escaping @Sendable () -> Void) -> Bytes {
        guard let start = memory.baseAddress, memory.count > 0 else {
            release()
            return Bytes([])
        }
        let pointer = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: UInt8.self))
        return Bytes(storage: Storage(mapped: pointer, count: memory.count, release: release))
    }

    private final class Storage: @unchecked Sendable {
        let array: [UInt8]
        let mapped: UnsafeMutablePointer<UInt8>?
        let count: Int
        /// Gives back borrowed memory; nil for a mapping of our own.
        let release: (@Sendable () -> Void)?

        init(array: [UInt8]) {
            self.array = array
            mapped = nil
            count = array.count
            release = nil
        }

        init(mapped: UnsafeMutablePointer<UInt8>, count: Int, release: (@Sendable () -> Void)? = nil) {
            array = []
            self.mapped = mapped
            self.count = count
            self.release = release
        }

        deinit {
            if let release {
                release()
            } else if let mapped {
                TruncationGuard.unmapped(mapped)
                munmap(mapped, count)
            }
        }
    }
}
