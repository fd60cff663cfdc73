import Foundation
import PlatformLayer
import SemanticDiff

/// Foundation's own comparison of two keys, as `JSONSerialization` makes it
/// for `.sortedKeys`:
///
/// ```swift
/// a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering],
///           range: a.startIndex..<a.endIndex, locale: Locale(identifier: ""))
/// ```
///
/// On a Mac this is Xcode's answer. On Linux it is swift-corelibs-foundation's,
/// which for some pairs of keys over 64 UTF-16 units answers differently from
/// one process to the next; those pairs are ordered by a fixed rule instead
/// (``LongKeys``), so that `fmt` gives the same bytes at every run and
/// `check` agrees with it.
public struct FoundationOrder: KeyReference {
    public init() {}

    private static let locale = Locale(identifier: "")

    /// Foundation's answer for two strings: negative, zero or positive.
    public static func compare(_ a: String, _ b: String, caseInsensitiveOnly: Bool = false) -> Int {
        let options: String.CompareOptions = caseInsensitiveOnly ? [.numeric, .caseInsensitive]
            : [.numeric, .caseInsensitive, .forcedOrdering]
        return a.compare(b, options: options, range: a.startIndex..<a.endIndex, locale: locale).rawValue
    }

    public func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        Self.ordered(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
    }

    /// The keys' order with each made a string once.
    public func order(of keys: [[UInt8]]) -> [Int] {
        let strings = keys.map { String(decoding: $0, as: UTF8.self) }
        return KeyOrder.settledOrder(of: keys) { x, y in Self.ordered(strings[x], strings[y]) }
    }

    /// Foundation's answer, or on Linux, for pairs it does not answer the
    /// same at every run, the fixed rule's.
    static func ordered(_ a: String, _ b: String) -> Int {
        Platform.hasAppleFoundation ? compare(a, b) : LongKeys.compare(a, b) ?? compare(a, b)
    }
}
