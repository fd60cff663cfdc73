/// Foundation's key comparison (see ``KeyCollation``), for the pairs the
/// fast comparator leaves undecided.
public protocol CollationReference: Sendable {
    /// Negative, zero or positive, as Foundation orders two UTF-8 keys.
    func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int
}
