import Foundation
import Testing
import SemanticDiff
@testable import XCStringsCatalog

/// Keys that differ only in Unicode normalization, and the shortcut that
/// spares keys certainly in form C from being hashed as strings.
@Suite("Equivalent keys")
struct EquivalentKeysTests {
    /// Every scalar of `EquivalentKeys.composedRanges`, and ASCII, is one a
    /// text in normalization form C may hold anywhere: combining class 0,
    /// its own composition (Foundation's), and never a scalar that a
    /// canonical decomposition puts after the first (so never one that
    /// composes with what comes before it).
    @Test("every character the shortcut takes for composed is: combining class 0, its own composition, never composed with the one before")
    func composedRangesAreComposed() {
        // What can compose with a preceding character: any scalar after the first in a canonical decomposition.
        var seconds = Set<UInt32>()
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let decomposed = String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars
            for later in decomposed.dropFirst() { seconds.insert(later.value) }
        }
        #expect(seconds.contains(0x0301) && seconds.contains(0x3099) && seconds.contains(0x1161) && seconds.contains(0x11A8))
        var checked = 0, failures: [String] = []
        for range in [0...0x7F] + EquivalentKeys.composedRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { failures.append("U+\(String(value, radix: 16)) is not a scalar"); continue }
                checked += 1
                let text = String(Character(scalar))
                if scalar.properties.canonicalCombiningClass != .notReordered { failures.append("U+\(String(value, radix: 16)) combines") }
                if !text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual([scalar]) {
                    failures.append("U+\(String(value, radix: 16)) is not its own composition")
                }
                if seconds.contains(value) { failures.append("U+\(String(value, radix: 16)) composes with the character before") }
            }
        }
        #expect(checked > 40_000)
        #expect(failures.isEmpty, "\(failures.prefix(20))")
    }

    @Test("certainly composed: ASCII and the listed blocks; not: combining marks, decomposed text, characters outside the list")
    func certainlyComposed() {
        for text in ["Café", "设置7:40而非9:00", "“开局干员”", "★ ５", "Привет", "Tiếng Việt", "안녕하세요", "カタカナ", "😀", "plain"] {
            #expect(EquivalentKeys.isCertainlyComposed(Array(text.utf8)), "\(text)")
        }
        for text in ["Cafe\u{301}", "\u{212B}", "\u{1100}\u{1161}", "\u{304B}\u{3099}", "\u{0E48}", "\u{2000}", "Ω\u{2126}", "\u{0344}"] {
            #expect(!EquivalentKeys.isCertainlyComposed(Array(text.utf8)), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // The ranges are searched by halves: in order and apart, and every scalar up to U+1FFFF found
        // in them exactly when one of them holds it.
        let ranges = EquivalentKeys.composedRanges
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
        let misplaced = (UInt32(0)...0x1FFFF).filter { scalar in
            EquivalentKeys.isInComposedRanges(scalar, ranges) != ranges.contains { $0.contains(scalar) }
        }
        #expect(misplaced.isEmpty, "\(misplaced.prefix(5))")
    }

    @Test("groups: equivalent spellings found whether or not some keys are certainly composed; none among composed keys")
    func groups() {
        func bytes(_ texts: [String]) -> [[UInt8]] { texts.map { Array($0.utf8) } }
        #expect(EquivalentKeys.groups(bytes(["Café", "Cafe\u{301}", "设置", "plain"])) == [[0, 1]])
        #expect(EquivalentKeys.groups(bytes(["设置", "Å", "A\u{30A}", "\u{212B}", "x"])) == [[1, 2, 3]])
        #expect(EquivalentKeys.groups(bytes(["Café", "设置", "“开局”", "Привет"])).isEmpty)
        #expect(EquivalentKeys.groups(bytes(["Café", "Café"])).isEmpty)  // the same bytes: one key, not two spellings
    }
}
