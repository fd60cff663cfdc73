import Foundation
import TestSupport
import Testing

/// `resolve` after git's own line merge of every corpus merge git conflicts
/// on: git's output, made with its default (histogram) diff, is recognised
/// as untouched, never refused as a hand edit.
@Suite("Corpus resolve", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct CorpusResolveTests {

    @Test("resolve takes over from git's conflicted merge of every corpus case git conflicts on")
    func gitConflictedCases() throws {
        let rows = try Corpus.table("merges.tsv").filter {
            Int($0["line_merge_conflicts"]!)! > 0 && $0["base_valid_json"] == "yes" && $0["ours_valid_json"] == "yes"
                && $0["theirs_valid_json"] == "yes" && !$0["base"]!.isEmpty
        }
        #expect(rows.count > 80)
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: rows.count) { index in
            let row = rows[index]
            do {
                let repository = try TestRepository()
                let path = "L.xcstrings"
                try repository.directory.write(path, try Corpus.blob(row["base"]!))
                try repository.commitAll("base")
                try repository.git("checkout", "-q", "-b", "other")
                try repository.directory.write(path, try Corpus.blob(row["theirs"]!))
                try repository.commitAll("theirs")
                try repository.git("checkout", "-q", "main")
                try repository.directory.write(path, try Corpus.blob(row["ours"]!))
                try repository.commitAll("ours")
                guard try repository.git("merge", "-q", "other").status != 0 else { return } // ort merged it cleanly
                let result = try repository.run(["resolve"])
                if result.stderr.contains("edited since") || result.stderr.contains("resolved by hand") || ![0, 1].contains(result.status) {
                    failures.mutate { $0.append("\(row["case_id"]!): exit \(result.status): \(result.stderr.prefix(200))") }
                }
            } catch {
                failures.mutate { $0.append("\(row["case_id"]!): \(error)") }
            }
        }
        #expect(failures.value.isEmpty, "\(failures.value)")
    }
}

/// A value several threads change, under a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.lock()
        body(&stored)
        lock.unlock()
    }
}
