import Foundation
import SemanticDiff
#if canImport(_FoundationICU)
import _FoundationICU
#endif

/// `scripts/generate-collation-table`: where Foundation puts each non-ASCII
/// character relative to the printable ASCII characters, at ICU's first
/// level, found by asking Foundation itself. The result is a Swift source
/// file of runs of code points with the same place.
///
/// A character's place is `2r` when it weighs the same as ASCII rank `r`
/// at the first level (é and e), `2r + 1` when it falls strictly between
/// ranks `r` and `r + 1`, and unknown when the probes do not agree with a
/// single first-level weight (ignorable characters, contractions,
/// characters whose weight depends on their neighbours).
public enum CollationTableGenerator {
    /// One printable ASCII character per first-level rank, in rank order.
    static let representatives: [String] = KeyCollation.asciiOrder.map(String.init)

    static let ranges: [ClosedRange<UInt32>] = [0x80...0xD7FF, 0xE000...0xFFFD, 0x1F000...0x1FAFF]

    /// Blocks left unknown whatever the probes say: scripts with contractions
    /// in the root collation, and marks whose weight comes from the character before.
    static let excluded: [ClosedRange<UInt32>] = [
        0x0E00...0x0EFF, 0x1980...0x19DF, 0xAA80...0xAADF, // Thai, Lao, New Tai Lue, Tai Viet: prevowel contractions
        0x00B7...0x00B7, 0x0387...0x0387, // middle dot: l· is a contraction
        0x3005...0x3005, 0x3031...0x3035, 0x309D...0x309E, 0x30FC...0x30FE, // iteration and prolonged-sound marks
        0xFFF0...0xFFFD,
    ]

    static func compare(_ a: String, _ b: String) -> Int { FoundationCollation.compare(a, b).signum() }

    /// The place of `scalar`, or nil when it has none that can be relied on.
    ///
    /// Against each rank's character `x`: `c` is less when it loses even
    /// followed by the heaviest text against `x` followed by the lightest
    /// (a space), greater when it wins even followed by a space against `x`
    /// followed by the heaviest, and equal at the first level when neither.
    /// An expansion (… as ...) then reads as equal to its first part, as it
    /// should. Two different heavy fillers must agree.
    static func place(of scalar: Unicode.Scalar) -> Int? {
        let character = String(scalar)
        let heavy = ["zzzz", "\u{9FA5}\u{9FA5}"]
        var results: [(less: Bool, equal: Bool)] = []
        for representative in representatives {
            let less = heavy.map { compare(character + $0, representative + " ") < 0 }
            let greater = heavy.map { compare(character + " ", representative + $0) > 0 }
            guard less[0] == less[1], greater[0] == greater[1], !(less[0] && greater[0]) else { return nil }
            results.append((less[0], !less[0] && !greater[0]))
        }
        // Greater than a prefix of the ranks, equal to at most one, less than the rest.
        var index = 0
        while index < results.count && !results[index].less && !results[index].equal { index += 1 }
        var place = 2 * index + 1 // strictly between rank index and index + 1 (1-based ranks)
        if index < results.count && results[index].equal {
            place = 2 * (index + 1)
            index += 1
        }
        while index < results.count {
            guard results[index].less else { return nil }
            index += 1
        }
        return place
    }

    /// Runs of code points with one place, in order; place 255 is unknown.
    public static func runs() -> [(start: UInt32, place: UInt8)] {
        var runs: [(start: UInt32, place: UInt8)] = []
        var current: Int? = -1
        for range in ranges {
            let places = self.places(range)
            for (offset, place) in places.enumerated() {
                let value = range.lowerBound + UInt32(offset)
                if place != current {
                    runs.append((value, UInt8(place ?? 255)))
                    current = place
                }
            }
            // Past the end of a range: unknown.
            runs.append((range.upperBound + 1, 255))
            current = nil
        }
        return runs
    }

    /// The place of every code point of `range`, asked of Foundation on every core.
    static func places(_ range: ClosedRange<UInt32>) -> [Int?] {
        let count = Int(range.upperBound - range.lowerBound) + 1, chunk = 2048
        let results = Places(count: count)
        DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { part in
            for offset in part * chunk..<min(count, (part + 1) * chunk) {
                results.buffer[offset] = place(ofCodePoint: range.lowerBound + UInt32(offset))
            }
        }
        return Array(results.buffer)
    }

    /// Results filled by several threads, each its own slots.
    private final class Places: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Int?>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        deinit { buffer.deallocate() }
    }

    static func place(ofCodePoint value: UInt32) -> Int? {
        let scalar = Unicode.Scalar(value)!
        let isExcluded = excluded.contains { $0.contains(value) }
        // Decimal digits of any script are read as numbers, like ASCII digits.
        if scalar.properties.numericType == .decimal { return 2 * (representatives.firstIndex(of: "0")! + 1) }
        return isExcluded || scalar.properties.generalCategory == .unassigned ? nil : place(of: scalar)
    }

    /// Where the table came from: the toolchain and the ICU behind Foundation.
    public static var provenance: String {
        #if canImport(_FoundationICU)
        let icu = "ICU \(U_ICU_VERSION), Unicode \(U_UNICODE_VERSION)"
        #else
        let icu = "the system's ICU"
        #endif
        #if compiler(>=6.3)
        let swift = "Swift 6.3 or later"
        #elseif compiler(>=6.2)
        let swift = "Swift 6.2"
        #else
        let swift = "Swift 6.1 or earlier"
        #endif
        return "\(swift) toolchain's Foundation on \(icu)"
    }

    /// The Swift source of `SemanticDiff/JSON/CollationTable+Generated.swift`.
    public static func source(_ runs: [(start: UInt32, place: UInt8)]) -> String {
        tableSource(about: """
            // The place at ICU's first level of non-ASCII characters relative to the printable
            // ASCII ranks of KeyCollation (see CollationTableGenerator in FoundationCollation);
            // the collation tests regenerate it and compare.
            """, declaration: """
                /// Runs of code points with one place: each run starts at `start` and lasts to the
                /// next; place 255 means unknown.
                package static let placeRuns: [(start: UInt32, place: UInt8)]
            """, rows: runs.map { ($0.start, Int($0.place)) })
    }

    /// A generated table's Swift source: the header every one has, the
    /// comment lines `about` it, and `declaration` (a static property of
    /// `KeyCollation`, its documentation and type) given one
    /// `(0xSTART, VALUE),` line per row.
    static func tableSource(about: String, declaration: String, rows: [(start: UInt32, value: Int)]) -> String {
        var source = """
            // Generated by scripts/generate-collation-table from Foundation's own comparisons: do
            // not edit. Made with \(provenance).
            \(about)

            extension KeyCollation {
            \(declaration) = [

            """
        for row in rows {
            source += "        (0x\(String(row.start, radix: 16, uppercase: true)), \(row.value)),\n"
        }
        source += "    ]\n}\n"
        return source
    }
}
