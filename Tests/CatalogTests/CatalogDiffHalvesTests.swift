import PlatformLayer
import TestSupport
import Testing
import SemanticDiff
@testable import XCStringsCheck
@testable import XCStringsDiff
@testable import XCStringsMerge

/// A large catalog's entries compared in two halves, the second on another
/// thread, give what one pass gives.
@Suite("Catalog diff in two halves")
struct CatalogDiffHalvesTests {

    /// The tool's worker thread, counting the halves handed to it.
    final class CountingThread: SecondThread, @unchecked Sendable {
        private let workers = Workers(1)
        private(set) var calls = 0

        func alongside<S: Sendable, T>(_ side: @escaping @Sendable () -> S, _ main: (_ result: () -> S?) -> T) -> T {
            calls += 1
            return workers.alongside(side, main)
        }

        func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
            calls += 1
            return workers.map(items, transform)
        }
    }

    /// Keys removed and added in both halves, translations and states
    /// edited, comments changed.
    static func versions(keys: Int) throws -> (old: Catalog, new: Catalog) {
        let base = CatalogGenerator(keys: keys, languages: 6, seed: 31).catalog()
        var edited = CatalogEditor(seed: 32, edits: keys / 2).apply(to: base)
        let entries = try #require(edited["strings"]).members
        // Every 37th key removed, wherever it is.
        edited["strings"] = .object(entries.enumerated().filter { $0.offset % 37 != 5 }.map(\.element))
        return (try Catalog(parsing: base.xcodeLayout()), try Catalog(parsing: edited.xcodeLayout()))
    }

    @Test("the same changes in the same order, the same statistics, with and without --language; small catalogs in one pass")
    func sameAsOnePass() throws {
        let (old, new) = try Self.versions(keys: 1_500)
        for languages: Set<String> in [[], ["de", "fr"]] {
            let whole = CatalogDiff.compare(old: old, new: new, oldPath: "L.xcstrings", newPath: "L.xcstrings", languages: languages)
            let thread = CountingThread()
            let halves = CatalogDiff.compare(old: old, new: new, oldPath: "L.xcstrings", newPath: "L.xcstrings", languages: languages,
                                             secondThread: thread)
            #expect(thread.calls == 1)
            // Every kind the halves must join: keys added, removed (their old entries unmatched in both halves), changed.
            let kinds = Set(whole.changes.map(\.kind))
            #expect(kinds.isSuperset(of: [.entryAdded, .entryRemoved, .entryChanged, .translationChanged, .stateChanged]), "\(kinds)")
            #expect(whole.changes.count > 200)
            #expect(halves.changes == whole.changes)
            #expect(halves.statistics == whole.statistics)
            #expect(halves.entryStatistics == whole.entryStatistics)
            #expect(whole.entryStatistics.removed > 30)
        }
        let (smallOld, smallNew) = try Self.versions(keys: 300)
        let thread = CountingThread()
        _ = CatalogDiff.compare(old: smallOld, new: smallNew, oldPath: "L.xcstrings", newPath: "L.xcstrings", secondThread: thread)
        #expect(thread.calls == 0)
    }

    @Test("a few hundred entries of many bytes are compared in pieces of about as many bytes each, giving what one pass gives")
    func fewLargeEntries() throws {
        let base = CatalogGenerator(keys: 150, languages: 40, seed: 41).catalog()
        let edited = CatalogEditor(seed: 42, edits: 600).apply(to: base)
        let (old, new) = (try Catalog(parsing: base.xcodeLayout()), try Catalog(parsing: edited.xcodeLayout()))
        let entries = new.entries
        #expect(entries.count < 512)
        let document = new.document
        let bytes = Int(document[entries.last!.node].end) - Int(document[entries[0].keyNode].start)
        #expect(bytes >= CatalogDiff.piecesFromBytes)
        // Every entry in one piece, in order; each piece about its share of the bytes, give or take an entry.
        let pieces = try #require(CatalogDiff.pieces(of: entries, in: new))
        #expect(pieces.count == CatalogDiff.pieceCount)
        #expect(pieces.first?.lowerBound == 0 && pieces.last?.upperBound == entries.count)
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
        let largest = entries.map { Int(document[$0.node].end) - Int(document[$0.keyNode].start) }.max()!
        for piece in pieces {
            let size = Int(document[entries[piece.upperBound - 1].node].end) - Int(document[entries[piece.lowerBound].keyNode].start)
            #expect(abs(size - bytes / pieces.count) <= 2 * largest, "\(piece): \(size) bytes of \(bytes)")
        }
        let whole = CatalogDiff.compare(old: old, new: new, oldPath: "L.xcstrings", newPath: "L.xcstrings")
        let thread = CountingThread()
        let inPieces = CatalogDiff.compare(old: old, new: new, oldPath: "L.xcstrings", newPath: "L.xcstrings", secondThread: thread)
        #expect(thread.calls == 1)
        #expect(whole.changes.count > 400)
        #expect(inPieces.changes == whole.changes)
        #expect(inPieces.statistics == whole.statistics)
        #expect(inPieces.entryStatistics == whole.entryStatistics)
        // Two entries are two pieces; one is none.
        #expect(CatalogDiff.pieces(of: Array(entries.prefix(2)), in: new) == nil || CatalogDiff.pieces(of: Array(entries.prefix(2)), in: new)?.count == 2)
        #expect(CatalogDiff.pieces(of: Array(entries.prefix(1)), in: new) == nil)
    }

    @Test("the text of thousands of changes written in two halves is the same bytes, cut between two entries; a few hundred in one pass")
    func textInHalves() throws {
        let (old, new) = try Self.versions(keys: 6_000)
        let diff = CatalogDiff.compare(old: old, new: new, oldPath: "L.xcstrings", newPath: "L.xcstrings")
        #expect(diff.changes.count >= DiffRenderer.halvesFrom)
        for color in [false, true] {
            let whole = DiffRenderer.textOutput([diff, diff], color: color).array
            let thread = CountingThread()
            let output = DiffRenderer.textOutput([diff, diff], color: color, secondThread: thread)
            let halves = output.array
            #expect(thread.calls == 2)
            #expect(halves == whole)
            // Each file's second half left in its own block: the first file's header and first half, its
            // second half, the second file's header and first half, its second half; none empty.
            var parts: [[UInt8]] = []
            output.forEachPart { parts.append(Array($0)) }
            #expect(parts.count == 4 && parts.allSatisfy { !$0.isEmpty })
            #expect(parts.flatMap { $0 } == whole && output.count == whole.count)
        }
        let json = CountingThread()
        let jsonOutput = DiffRenderer.jsonOutput([diff, diff], secondThread: json)
        #expect(jsonOutput.array == DiffRenderer.jsonOutput([diff, diff]).array)
        #expect(jsonOutput.withUnsafeBufferPointer { Array($0) } == jsonOutput.array)
        #expect(json.calls == 2)
        // The cut is where an entry's changes begin right after another's.
        let cut = try #require(DiffRenderer.entryBoundary(in: diff.changes, near: diff.changes.count / 2))
        #expect(cut >= diff.changes.count / 2)
        #expect(diff.changes[cut].key != diff.changes[cut - 1].key)
        #expect(DiffRenderer.entryBoundary(in: Array(repeating: diff.changes[cut], count: 10), near: 5) == nil)
        let (smallOld, smallNew) = try Self.versions(keys: 200)
        let small = CatalogDiff.compare(old: smallOld, new: smallNew, oldPath: "L.xcstrings", newPath: "L.xcstrings")
        let thread = CountingThread()
        #expect(DiffRenderer.textOutput([small], color: false, secondThread: thread).array == DiffRenderer.textOutput([small], color: false).array)
        #expect(thread.calls == 0)
    }
}
