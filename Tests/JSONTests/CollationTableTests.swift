import FoundationCollation
import TestSupport
import Testing
@testable import SemanticDiff

/// The generated collation table is what its generator makes from this
/// toolchain's Foundation today (swift-format's GeneratedFilesValidityTests
/// are the model): a Swift or ICU update that moves a character fails here,
/// and `scripts/generate-collation-table` brings the table up to date.
@Suite("Generated collation table")
struct CollationTableTests {
    init() { FoundationOrder.use() }

    @Test("CollationTable+Generated.swift is what scripts/generate-collation-table writes now")
    func fresh() {
        Self.expectSame(CollationTableGenerator.runs().map { [$0.start, UInt32($0.place)] },
                        KeyCollation.placeRuns.map { [$0.start, UInt32($0.place)] })
    }

    @Test("HanOrder+Generated.swift is Foundation's order of the ideographs now, and Foundation orders every two of them strictly")
    func freshHanOrder() {
        let table = KeyCollation.hanRuns
        Self.expectSame(HanOrderGenerator.runs().map { [$0.start, UInt32($0.count)] }, table.map { [$0.start, UInt32($0.count)] })
        #expect(HanOrderGenerator.ties(table) == 0)
        // Every ideograph of both blocks once.
        #expect(table.reduce(0) { $0 + Int($1.count) } == (KeyCollation.hanUnified.count + KeyCollation.hanExtensionA.count))
    }

    /// The generator's runs now against the table's, each run as its fields.
    static func expectSame(_ runs: [[UInt32]], _ table: [[UInt32]]) {
        #expect(runs.count == table.count, "run \(runs.count) against \(table.count): regenerate with scripts/generate-collation-table")
        let differing = zip(runs, table).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(differing == nil, "first difference at run \(differing?.offset ?? 0): regenerate with scripts/generate-collation-table")
    }
}
