#if os(Linux)
import CoreFoundation
import Foundation
import SemanticDiff

/// The call `String.compare(_:options:range:locale:)` ends in on Linux
/// (swift-corelibs-foundation's `NSString.compare`), made directly:
/// `CFStringCompareWithOptionsAndLocale` over the whole first string, with
/// the options' flags and `kCFCompareNonliteral` (which `NSString` adds
/// unless asked for a literal search), and the root locale.
///
/// A Swift `String` handed to Foundation is read by CoreFoundation through
/// callbacks into the Swift object; strings CoreFoundation holds itself are
/// read in place. On 260,000 pairs of the benchmark's Arabic, Devanagari and
/// Vietnamese keys that is 0.77 µs a pair against 1.72, with the same
/// answers; `FoundationCollationTests` hold every answer to `String.compare`'s.
///
/// Only for keys of at most 64 UTF-16 code units, not starting with U+FEFF
/// (see ``string(_:)``). Past 64 units, Foundation's
/// answer for some pairs depends on how the strings are stored (it reads
/// them through a buffer of 64 units, see ``KeyCollation``): `kアH2` against
/// a key of 120 units that starts with `kｱ9` is "after" for a Swift string
/// and "before" for CoreFoundation's own.
enum CoreFoundationComparison {
    private static let flags: CFStringCompareFlags = [.compareCaseInsensitive, .compareNumerically, .compareForcedOrdering,
                                                      .compareNonliteral]

    /// `Locale(identifier: "")` as CoreFoundation's (immutable, so safe to share between threads).
    nonisolated(unsafe) private static let rootLocale = CFLocaleCreate(kCFAllocatorSystemDefault, string(identifier: ""))

    private static let utf8 = CFStringBuiltInEncodings.UTF8.rawValue

    private static func string(identifier: StaticString) -> CFString {
        identifier.withUTF8Buffer { CFStringCreateWithBytes(kCFAllocatorSystemDefault, $0.baseAddress, $0.count, utf8, false)! }
    }

    /// The key as CoreFoundation's string; nil when `bytes` are not UTF-8,
    /// make more than 64 UTF-16 code units, or start with U+FEFF, which
    /// `CFStringCreateWithBytes` takes for a byte order mark and drops
    /// (`"\u{FEFF}x1"` would be compared as `"x1"`).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> CFString? {
        guard KeyCollation.fitsInlineBuffer(bytes), !bytes.starts(with: [0xEF, 0xBB, 0xBF]),
              let string = CFStringCreateWithBytes(kCFAllocatorSystemDefault, bytes.baseAddress, bytes.count, utf8, false) else { return nil }
        return string
    }

    static func string(_ bytes: [UInt8]) -> CFString? {
        bytes.withUnsafeBufferPointer { string($0) }
    }

    /// Negative, zero or positive, as Foundation orders `a` and `b`.
    static func compare(_ a: CFString, _ b: CFString) -> Int {
        CFStringCompareWithOptionsAndLocale(a, b, CFRangeMake(0, CFStringGetLength(a)), flags, rootLocale).rawValue
    }
}
#endif
