import SemanticDiff

/// `scripts/generate-collation-table`, second part: the order Foundation
/// gives the Han ideographs of the CJK Unified Ideographs block and its
/// Extension A. ICU's root collation sorts them by radical and stroke count,
/// not by code point (the block's later additions, and Extension A, fall
/// among the others), each with a first-level weight of its own. The result
/// is a Swift source file of runs of consecutive code points that follow
/// each other in that order.
public enum HanOrderGenerator {
    /// The blocks whose order is generated.
    static let blocks: [ClosedRange<UInt32>] = [KeyCollation.hanUnified, KeyCollation.hanExtensionA]

    /// Every ideograph of the blocks in Foundation's order, as runs of
    /// consecutive code points: `count` of them from `start` on.
    public static func runs() -> [(start: UInt32, count: UInt16)] {
        let ideographs = blocks.flatMap { block in block.filter { Unicode.Scalar($0)?.properties.isUnifiedIdeograph == true } }
        let strings = ideographs.map { String(Unicode.Scalar($0)!) }
        let order = ideographs.indices.sorted { FoundationCollation.compare(strings[$0], strings[$1]) < 0 }
        var runs: [(start: UInt32, count: UInt16)] = []
        for index in order {
            let value = ideographs[index]
            if let last = runs.last, last.start + UInt32(last.count) == value {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((value, 1))
            }
        }
        return runs
    }

    /// Pairs of neighbours in ``runs()``'s order that Foundation does not
    /// put strictly in that order: none, or the order is no order.
    public static func ties(_ runs: [(start: UInt32, count: UInt16)]) -> Int {
        let ideographs = runs.flatMap { run in (0..<UInt32(run.count)).map { String(Unicode.Scalar(run.start + $0)!) } }
        return zip(ideographs, ideographs.dropFirst()).filter { FoundationCollation.compare($0, $1) >= 0 }.count
    }

    /// The Swift source of `SemanticDiff/JSON/HanOrder+Generated.swift`.
    public static func source(_ runs: [(start: UInt32, count: UInt16)]) -> String {
        CollationTableGenerator.tableSource(about: """
            // The Han ideographs of CJK Unified Ideographs and Extension A in Foundation's order
            // (radical and stroke count; see HanOrderGenerator in FoundationCollation); the
            // collation tests regenerate it and compare.
            """, declaration: """
                /// Runs of consecutive code points in Foundation's order: `count` ideographs from
                /// `start` on, each run after the one before.
                static let hanRuns: [(start: UInt32, count: UInt16)]
            """, rows: runs.map { ($0.start, Int($0.count)) })
    }
}
