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
        Self.expectSame(PrimaryOrderGenerator.secondaryRuns().map { [$0.start, $0.value, UInt32($0.step)] },
                        KeyCollation.PrimaryOrder.secondaryRuns.map { [$0.start, $0.value, UInt32($0.step)] })
        Self.expectSame(PrimaryOrderGenerator.accentRuns().map { [$0.start, $0.value, UInt32($0.step)] },
                        KeyCollation.PrimaryOrder.accentRuns.map { [$0.start, $0.value, UInt32($0.step)] })
    }

    @Test("a code point's run is found as by a walk over every run, for every code point of both tables, and the BMP's tables of blocks hold each run's value")
    func runLookup() {
        func walk<Run>(_ runs: [Run], _ start: (Run) -> UInt32, _ scalar: UInt32) -> Int? {
            runs.lastIndex { start($0) <= scalar }
        }
        let places = KeyCollation.placeRuns, primaries = KeyCollation.PrimaryOrder.runs
        var mismatches: [UInt32] = []
        for scalar in UInt32(0)...0x20000 where mismatches.count < 10 {
            if CodePointRuns.run(of: scalar, count: places.count, start: { places[$0].start }) != walk(places, \.start, scalar)
                || CodePointRuns.run(of: scalar, count: primaries.count, start: { primaries[$0].start }) != walk(primaries, \.start, scalar) {
                mismatches.append(scalar)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // The tables of blocks the comparator reads hold the value of each code point's run.
        var wrongValues: [UInt32] = []
        for scalar in UInt32(0x80)..<0x10000 where wrongValues.count < 10 {
            let place = walk(places, \.start, scalar).map { places[$0].place } ?? 255
            let value = walk(primaries, \.start, scalar).map { index in
                let run = primaries[index]
                return run.step == 0 ? run.value : run.value + (scalar - run.start) << 4
            } ?? KeyCollation.PrimaryOrder.unknown
            if KeyCollation.place(of: scalar) != place || KeyCollation.PrimaryOrder.value(of: scalar) != value { wrongValues.append(scalar) }
        }
        #expect(wrongValues.isEmpty, "first code points whose value is not their run's: \(wrongValues); regenerate with scripts/generate-collation-table")
        // The accents, read out whole for the code points they cover, nil elsewhere.
        let accents = KeyCollation.PrimaryOrder.accentRuns
        var wrongAccents: [UInt32] = []
        for scalar in UInt32(0)..<0x10000 where wrongAccents.count < 10 {
            let value = walk(accents, \.start, scalar).map { KeyCollation.PrimaryOrder.value(of: scalar, in: accents[$0]) }
            let expected = value == KeyCollation.PrimaryOrder.unknown ? nil : value
            if KeyCollation.Accents.value(of: scalar) != expected { wrongAccents.append(scalar) }
        }
        #expect(wrongAccents.isEmpty, "first code points whose accents are not their run's: \(wrongAccents)")
        // Runs one code point long, at and around block boundaries, and before the first.
        let starts: [UInt32] = [0x100, 0x1FF, 0x200, 0x201, 0x10000]
        let edge = { (scalar: UInt32) in CodePointRuns.run(of: scalar, count: starts.count, start: { starts[$0] }) }
        #expect([edge(0xFF), edge(0x100), edge(0x1FE), edge(0x1FF), edge(0x200), edge(0x2FF), edge(0xFFFF), edge(0x10400)]
                == [nil, 0, 0, 1, 2, 3, 3, 4])
        let table = CodePointRuns.basicPlane(starts: starts, outside: -1) { run, _ in run }
        #expect([table[0xFF], table[0x100], table[0x1FE], table[0x1FF], table[0x200], table[0x201], table[0xFFFF]] == [-1, 0, 0, 1, 2, 3, 3])
        // Cut into blocks, each different block once, and read back whole.
        let (blocks, values) = CodePointRuns.blocks(of: table)
        #expect(blocks.count == 0x10000 / CodePointRuns.blockSize)
        #expect(Set(blocks).count * CodePointRuns.blockSize == values.count)
        #expect(values.count < table.count / 100)
        #expect((0..<0x10000).allSatisfy { CodePointRuns.basicPlaneValue(of: UInt32($0), blocks: blocks, values: values) == table[$0] })
    }

    /// The generator's runs now against the table's, each run as its fields.
    static func expectSame(_ runs: [[UInt32]], _ table: [[UInt32]]) {
        #expect(runs.count == table.count, "run \(runs.count) against \(table.count): regenerate with scripts/generate-collation-table")
        let differing = zip(runs, table).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(differing == nil, "first difference at run \(differing?.offset ?? 0): regenerate with scripts/generate-collation-table")
    }
}
