import Foundation

/// The reference order: Foundation's own comparison, as `JSONSerialization`
/// calls it for `.sortedKeys`. Slow (it builds two `String`s and runs ICU),
/// so ``KeyCollation`` calls it only for the pairs it cannot decide alone.
public enum FoundationCollation {
    private static let locale = Locale(identifier: "")

    public static func compare(_ a: String, _ b: String) -> Int {
        a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering],
                  range: a.startIndex..<a.endIndex, locale: locale).rawValue
    }

    public static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        compare(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
    }
}
