#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Foundation's key comparison (see ``KeyCollation``), for the pairs the
/// fast comparator leaves undecided.
///
/// A reference in another process answers many pairs, or a whole sort, in
/// one request (``compare(pairs:)``, ``order(of:)``): keys in Thai, Hindi,
/// Arabic or precomposed Vietnamese leave most pairs undecided, and one
/// round trip per comparison made a sort of 20,000 of them take 20 s.
public protocol CollationReference: Sendable {
    /// Negative, zero or positive, as Foundation orders two UTF-8 keys.
    func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int

    /// ``compare(_:_:)`` of each pair, in order.
    func compare(pairs: [(a: [UInt8], b: [UInt8])]) -> [Int]

    /// The indices of `keys` in ``KeyCollation`` order, equal keys in their
    /// given order: ``KeyCollation/settledOrder(of:undecided:)`` with this
    /// reference's answers.
    func order(of keys: [[UInt8]]) -> [Int]
}

extension CollationReference {
    public func compare(pairs: [(a: [UInt8], b: [UInt8])]) -> [Int] {
        pairs.map { pair in pair.a.withUnsafeBufferPointer { a in pair.b.withUnsafeBufferPointer { b in compare(a, b) } } }
    }

    public func order(of keys: [[UInt8]]) -> [Int] {
        KeyCollation.settledOrder(of: keys) { x, y in
            keys[x].withUnsafeBufferPointer { a in keys[y].withUnsafeBufferPointer { b in compare(a, b) } }
        }
    }
}

/// Keys by their Unicode scalars: the order used when no reference to
/// Foundation was provided (and when its helper fails). Not Xcode's order
/// for the pairs it is asked about.
public struct UnicodeScalarOrder: CollationReference {
    public init() {}

    public func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let left = String(decoding: a, as: UTF8.self), right = String(decoding: b, as: UTF8.self)
        if left.unicodeScalars.elementsEqual(right.unicodeScalars) { return 0 }
        return left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars) ? -1 : 1
    }
}

/// The reference, behind a lock: set once by a program, read by every
/// thread that sorts.
final class LockedReference: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var reference: any CollationReference

    init(_ reference: any CollationReference) {
        self.reference = reference
        pthread_mutex_init(&lock, nil)
    }

    var value: any CollationReference {
        get {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            return reference
        }
        set {
            pthread_mutex_lock(&lock)
            reference = newValue
            pthread_mutex_unlock(&lock)
        }
    }
}
