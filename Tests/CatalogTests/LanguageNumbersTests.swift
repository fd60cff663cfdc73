import Testing
import TestSupport
import SemanticDiff
@testable import XCStringsDiff

/// The numbering of localization languages by their keys' bytes, which the
/// coverage and the diff use to make each language a string once.
@Suite("Language numbers")
struct LanguageNumbersTests {
    /// Spellings that share starts, lengths and words: 1 to 7 bytes are
    /// compared as one word, longer ones byte by byte; `é` precomposed and
    /// decomposed are two languages (their bytes differ), and so is the
    /// empty key.
    static let pool = ["de", "de-AT", "de-CH", "en", "en-GB", "zh-Hans", "zh-Hant", "zh-HK", "abcdefg", "abcdefgh", "abcdefgi",
                       "x-\u{E9}", "x-e\u{301}", "", "a", "b", "pt-BR", "pt-PT", "sr-Latn-RS", "sr-Cyrl-RS"]

    @Test("every spelling numbered in the order first met, the same number each time, whatever way it is found: after the last, the last again, or by hash, past a table's growth")
    func numbersAsFirstMet() {
        var random = SplitMix64(seed: 12)
        // The pool, and enough more to make the table grow twice.
        let spellings = Self.pool + (0..<150).map { "l\($0)" }
        var numbers = LanguageNumbers()
        var expected: [[UInt8]: Int] = [:]
        var asked = 0
        for _ in 0..<400 {
            // An entry: a sorted run with some left out, now and then the same one twice or out of order.
            var entry = spellings.filter { _ in random.below(3) == 0 }.sorted()
            if random.below(4) == 0, let any = entry.randomElement(using: &random) { entry.append(any) }
            if random.below(4) == 0 { entry.shuffle(using: &random) }
            if random.below(2) == 0 { numbers.restart() }
            for spelling in entry {
                let bytes = Array(spelling.utf8)
                let (number, isNew) = bytes.withUnsafeBufferPointer { numbers.number($0) }
                if let known = expected[bytes] {
                    #expect(number == known && !isNew, "\(spelling.debugDescription)")
                } else {
                    #expect(number == expected.count && isNew, "\(spelling.debugDescription)")
                    expected[bytes] = number
                }
                asked += 1
            }
        }
        #expect(expected.count == spellings.count)
        #expect(numbers.spellings.count == spellings.count)
        for (bytes, number) in expected { #expect(numbers.spellings[number] == bytes) }
        #expect(asked > 10_000)
    }

    @Test("a spelling of 1 to 7 bytes is one word that holds its length: no two such spellings share one")
    func words() {
        #expect(LanguageNumbers.word(UnsafeBufferPointer(start: nil, count: 0)) == 0)
        for long in ["abcdefgh", "sr-Latn-RS"] {
            #expect(Array(long.utf8).withUnsafeBufferPointer { LanguageNumbers.word($0) } == 0)
        }
        // A spelling and the same with NUL bytes after it would be one word without the length.
        let short = ["a", "a\u{0}", "a\u{0}\u{0}", "de", "zh-Hans", "zh-Han", "\u{0}"]
        let words = short.map { Array($0.utf8).withUnsafeBufferPointer { LanguageNumbers.word($0) } }
        #expect(Set(words).count == short.count && !words.contains(0))
    }
}
