import Foundation
import SemanticDiff

/// The reference order: Foundation's own comparison, as `JSONSerialization`
/// calls it for `.sortedKeys`. Slow (it runs ICU). On Linux the keys are
/// compared as CoreFoundation's strings, one call below `String.compare`
/// (``CoreFoundationComparison``), with `String.compare` itself for keys
/// over 64 UTF-16 code units or starting with U+FEFF, and bytes that are
/// not UTF-8.
///
/// It lives outside the library so that `git-xcstrings` does not link
/// Foundation (a millisecond at every start): the tests and benchmarks use it
/// in-process, the tool asks `git-xcstrings-collate`, which wraps it.
public struct FoundationCollation: CollationReference {
    private static let locale = Locale(identifier: "")

    public init() {}

    public static func compare(_ a: String, _ b: String) -> Int {
        a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering],
                  range: a.startIndex..<a.endIndex, locale: locale).rawValue
    }

    public func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        #if os(Linux)
        if let x = CoreFoundationComparison.string(a), let y = CoreFoundationComparison.string(b) {
            return CoreFoundationComparison.compare(x, y)
        }
        #endif
        return FoundationCollation.compare(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
    }

    /// The protocol's order, with each key made a string once.
    public func order(of keys: [[UInt8]]) -> [Int] {
        let strings = keys.map { String(decoding: $0, as: UTF8.self) }
        #if os(Linux)
        let held = keys.map(CoreFoundationComparison.string)
        return KeyCollation.settledOrder(of: keys) { x, y in
            if let a = held[x], let b = held[y] { return CoreFoundationComparison.compare(a, b) }
            return FoundationCollation.compare(strings[x], strings[y])
        }
        #else
        return KeyCollation.settledOrder(of: keys) { x, y in FoundationCollation.compare(strings[x], strings[y]) }
        #endif
    }
}
