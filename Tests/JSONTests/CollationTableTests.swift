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

    @Test("PrimaryOrder+Generated.swift is what scripts/generate-collation-table writes now from the ICU inside Foundation")
    func freshPrimaryOrder() {
        Self.expectSame(PrimaryOrderGenerator.runs().map { [$0.start, $0.value, UInt32($0.step)] },
                        KeyCollation.PrimaryOrder.runs.map { [$0.start, $0.value, UInt32($0.step)] })
    }

    @Test("a code point's run is found through its block as by a walk over every run, for every code point of both tables")
    func runsByBlock() {
        func walk<Run>(_ runs: [Run], _ start: (Run) -> UInt32, _ scalar: UInt32) -> Int? {
            runs.lastIndex { start($0) <= scalar }
        }
        let places = CodePointRuns(starts: KeyCollation.placeRuns.map(\.start))
        let primaries = CodePointRuns(starts: KeyCollation.PrimaryOrder.runs.map(\.start))
        var mismatches: [UInt32] = []
        for scalar in UInt32(0)...0x20000 where mismatches.count < 10 {
            if places.run(of: scalar) != walk(KeyCollation.placeRuns, \.start, scalar)
                || primaries.run(of: scalar) != walk(KeyCollation.PrimaryOrder.runs, \.start, scalar) {
                mismatches.append(scalar)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // Runs that start on block boundaries, and one before any block.
        let edges = CodePointRuns(starts: [0x100, 0x1FF, 0x200, 0x201, 0x10000])
        #expect(edges.run(of: 0xFF) == nil)
        #expect(edges.run(of: 0x100) == 0)
        #expect(edges.run(of: 0x1FE) == 0)
        #expect(edges.run(of: 0x1FF) == 1)
        #expect(edges.run(of: 0x200) == 2)
        #expect(edges.run(of: 0x2FF) == 3)
        #expect(edges.run(of: 0xFFFF) == 3)
        #expect(edges.run(of: 0x10400) == 4)
    }

    /// The generator's runs now against the table's, each run as its fields.
    static func expectSame(_ runs: [[UInt32]], _ table: [[UInt32]]) {
        #expect(runs.count == table.count, "run \(runs.count) against \(table.count): regenerate with scripts/generate-collation-table")
        let differing = zip(runs, table).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(differing == nil, "first difference at run \(differing?.offset ?? 0): regenerate with scripts/generate-collation-table")
    }
}
