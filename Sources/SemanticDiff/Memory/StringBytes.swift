#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Calls `body` with the string's UTF-8, read in place when the string
    /// is stored contiguously (always, for a native string): a mutable copy
    /// for `withUTF8` would retain the string, and a string made on another
    /// thread costs a cache miss to retain.
    /// Whether the two are the same bytes (Swift's `==` is canonical
    /// equivalence, which would take `é` and `e` with a combining accent for
    /// one text); compared in one go, not byte by byte as `elementsEqual` does.
    func hasSameBytes(as other: String) -> Bool {
        #if arch(x86_64) || arch(arm64)
        // Copies of one string (an entry's key, shared by all of its changes) are the same two words: no bytes to read.
        if unsafeBitCast(self, to: (UInt64, UInt64).self) == unsafeBitCast(other, to: (UInt64, UInt64).self) { return true }
        #endif
        guard utf8.count == other.utf8.count else { return false }
        return withUTF8Bytes { a in other.withUTF8Bytes { b in memcmpEqual(a, b) } }
    }

    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether the bytes hold `byte`, searched by the C library (in vector
    /// lanes), not one byte at a time.
    func containsByte(_ byte: UInt8) -> Bool {
        guard let base = baseAddress, count > 0 else { return false }
        return memchr(base, Int32(byte), count) != nil
    }
}

extension StaticString {
    /// The literal's UTF-8, read where the compiler put it.
    var utf8Bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether the bytes are exactly `literal`'s.
    func spells(_ literal: StaticString) -> Bool { memcmpEqual(self, literal.utf8Bytes) }
}

/// A text as its bytes, for dictionaries and sets: two keys (or languages,
/// variants) that differ only in Unicode normalization are two (a `String`
/// would take them for one).
struct KeyBytes: Hashable {
    var key: String

    init(_ key: String) { self.key = key }

    static func == (a: KeyBytes, b: KeyBytes) -> Bool { a.key.hasSameBytes(as: b.key) }

    func hash(into hasher: inout Hasher) {
        key.withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
