#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether the two are the same bytes (Swift's `==` is canonical
    /// equivalence, which would take `é` and `e` with a combining accent for
    /// one text); compared in one go, not byte by byte as `elementsEqual` does.
    package func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return withUTF8Bytes { a in other.withUTF8Bytes { b in memcmpEqual(a, b) } }
    }

    /// Calls `body` with the string's UTF-8, read in place when the string
    /// is stored contiguously (always, for a native string): a mutable copy
    /// for `withUTF8` would retain the string.
    package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether the bytes hold `byte`, searched by the C library (in vector
    /// lanes), not one byte at a time.
    package func containsByte(_ byte: UInt8) -> Bool {
        guard let base = baseAddress, count > 0 else { return false }
        return memchr(base, Int32(byte), count) != nil
    }
}

extension StaticString {
    /// The literal's UTF-8, read where the compiler put it.
    package var utf8Bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether the bytes are exactly `literal`'s.
    package func spells(_ literal: StaticString) -> Bool { memcmpEqual(self, literal.utf8Bytes) }
}

/// A text as its bytes, for dictionaries and sets: two keys (or languages,
/// variants) that differ only in Unicode normalization are two (a `String`
/// would take them for one).
package struct KeyBytes: Hashable {
    var key: String

    package init(_ key: String) { self.key = key }

    package static func == (a: KeyBytes, b: KeyBytes) -> Bool { a.key.hasSameBytes(as: b.key) }

    package func hash(into hasher: inout Hasher) {
        key.withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Whether two optional texts are the same bytes (Swift's `==` on strings
/// is canonical equivalence, which would hide a change of normalization).
package func same(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (a?, b?): return a.hasSameBytes(as: b)
    default: return false
    }
}
