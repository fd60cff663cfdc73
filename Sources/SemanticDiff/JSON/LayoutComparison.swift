#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Formatted bytes, as a writer hands them on piece by piece, against the
/// file's own bytes: where the two first differ, without the formatted
/// copy ever being whole in memory.
public struct LayoutComparison {
    private let original: Bytes
    /// How many bytes matched, in the pieces compared before the first that differs.
    public private(set) var matched = 0
    /// The offset of the first byte that differs, once a piece differed.
    public private(set) var difference: Int?

    public init(_ original: Bytes) {
        self.original = original
    }

    /// Compares the next piece with the original's bytes at the same place;
    /// false once they differ (a piece that runs past the original's end differs there).
    public mutating func compare(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        guard difference == nil else { return false }
        guard piece.count > 0 else { return true }
        let start = matched
        let found: Int? = original.withUnsafeBufferPointer { bytes in
            let common = Swift.min(piece.count, bytes.count - start)
            if common > 0, memcmp(piece.baseAddress!, bytes.baseAddress! + start, common) != 0 {
                return (0..<common).first { piece[$0] != bytes[start + $0] }.map { start + $0 }
            }
            return common < piece.count ? bytes.count : nil
        }
        if let found {
            difference = found
            return false
        }
        matched += piece.count
        return true
    }

    /// Where the formatted bytes first differ from the original's, once
    /// every piece was compared (ending early counts, at the formatted end);
    /// nil when they are the same bytes.
    public var firstDifference: Int? {
        difference ?? (matched == original.count ? nil : matched)
    }
}
