import Testing
import TestSupport
import SemanticDiff
@testable import XCStringsCheck

/// The order and the text of a check's report, put together from parts.
@Suite struct FindingOrderTests {
    /// Findings with many ties: few offsets, two rules, a few messages, in a random order.
    func shuffled(_ count: Int, seed: UInt64) -> [Finding] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            Finding(rule: random.next() % 2 == 0 ? .state : .placeholderMismatch,
                    message: ["b", "a", "ab", "é", "e\u{301}"][Int(random.next() % 5)] + (index % 7 == 0 ? "" : " \(index % 3)"),
                    key: "k\(index)", offset: Int(random.next() % 40))
        }
    }

    /// The order the report is in, by Swift's own stable sort.
    func byStableSort(_ findings: [Finding]) -> [Finding] {
        findings.enumerated().sorted { x, y in
            if x.element.offset != y.element.offset { return x.element.offset < y.element.offset }
            if x.element.rule.order != y.element.rule.order { return x.element.rule.order < y.element.rule.order }
            if x.element.message != y.element.message { return x.element.message < y.element.message }
            return x.offset < y.offset
        }.map(\.element)
    }

    @Test("findings are sorted as a stable sort would, whether in order, nearly in order or not at all")
    func sortedAsStable() {
        for (index, count) in [0, 1, 2, 3, 17, 500].enumerated() {
            let random = shuffled(count, seed: UInt64(index))
            var sorted = random
            sorted.sortInFileOrder()
            #expect(sorted == byStableSort(random))
            // In order already, then with a few out of place at the end (a whole file's findings after the parts').
            var again = sorted
            again.sortInFileOrder()
            #expect(again == sorted)
            var tail = sorted + shuffled(count / 10 + 1, seed: 99)
            let expected = byStableSort(tail)
            tail.sortInFileOrder()
            #expect(tail == expected)
        }
    }

    @Test("the text report written in pieces is the report written whole")
    func textPieces() {
        let files = [CheckedFile(path: "a.xcstrings", repositoryPath: "a", findings: shuffled(25, seed: 1)),
                     CheckedFile(path: "empty.xcstrings", repositoryPath: "e", findings: []),
                     CheckedFile(path: "b.xcstrings", repositoryPath: "b", findings: shuffled(7, seed: 2))]
        let whole = CheckReport.textBytes(files, color: false)
        #expect(String(decoding: whole, as: UTF8.self).components(separatedBy: "\n").count == 25 + 7 + 3 + 1)
        for size in [1, 3, 7, 10, 100] {
            let pieces = CheckReport.textPieces(files, findingsEach: size)
            #expect(pieces.allSatisfy { $0.findings.count <= size })
            #expect(pieces.filter(\.endsFile).count == files.count)
            #expect(pieces.flatMap { CheckReport.text($0, of: files, color: false) } == whole)
        }
    }
}

/// Line breaks counted in vector lanes, against a plain count.
@Suite struct LineBreakTests {
    @Test("line breaks are counted over any range: short, unaligned, and longer than a lane can count")
    func againstPlainCount() {
        var random = SplitMix64(seed: 7)
        let choices: [UInt8] = [UInt8(ascii: "\n"), UInt8(ascii: "a"), 0xC3, 0xA9, 0x8A]
        let bytes: [UInt8] = (0..<20_000).map { _ in choices[Int(random.next() % 5)] }
        bytes.withUnsafeBufferPointer { text in
            for range in [0..<0, 0..<1, 3..<35, 1..<20_000, 0..<20_000, 17..<9_000, 8_159..<16_321, 19_990..<20_000] {
                #expect(lineBreaks(text, range) == bytes[range].filter { $0 == UInt8(ascii: "\n") }.count, "\(range)")
            }
        }
        // All line breaks: every lane counts 255 blocks and more.
        let breaks = [UInt8](repeating: UInt8(ascii: "\n"), count: 32 * 600 + 5)
        breaks.withUnsafeBufferPointer { #expect(lineBreaks($0, 0..<breaks.count) == breaks.count) }
    }
}
