import TestSupport
import Foundation
import Testing

/// Every input the fuzzer ever found breaking an invariant (scripts/fuzz),
/// kept in Tests/FuzzRegressions and checked again against every invariant.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {

    static let directory = packageRoot.appendingPathComponent("Tests/FuzzRegressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("every saved input holds every invariant", arguments: inputs)
    func input(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        #expect(Invariants.violations(bytes) == [])
    }

    @Test("the lost-translation check finds a one-sided change that a result lacks, and only that")
    func lostCheck() {
        func catalog(_ value: String) -> Leaves {
            Leaves(.object([("strings", .object([("k", .object([("stringUnit", .object([("value", .string(value))]))]))]))]))
        }
        let base = catalog("a"), ours = catalog("b")
        #expect(base.lost(base: base, ours: ours, theirs: base) == ["/strings/k/stringUnit/value"])
        #expect(ours.lost(base: base, ours: ours, theirs: base) == [])
        #expect(catalog("c").lost(base: base, ours: ours, theirs: catalog("c")) == [])
    }
}
