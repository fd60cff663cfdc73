import TestSupport
import Testing
import SemanticDiff

/// Every real merge of the corpus through the merge engine.
@Suite("Corpus merges", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct CorpusMergeTests {

    @Test("no invalid output, no lost one-sided translation, valid hunks, and at least 97% of merges clean (90% where git conflicts)")
    func replay() throws {
        var validCases = 0, clean = 0, gitConflicts = 0, cleanWhereGitConflicts = 0
        var failures: [String] = []
        for row in try Corpus.table("merges.tsv") {
            let id = row["case_id"]!
            let blobs = try ["base", "ours", "theirs"].map { try Corpus.blob(row[$0]!) }
            guard let documents = try? blobs.enumerated().map({ index, bytes -> JSONDocument? in
                index == 0 && bytes.isEmpty ? nil : try JSONDocument(parsing: bytes)
            }) else { continue }
            validCases += 1
            let gitConflicted = Int(row["line_merge_conflicts"]!)! > 0
            if gitConflicted { gitConflicts += 1 }
            let result = try CatalogMerge.merge(base: documents[0], ours: documents[1]!, theirs: documents[2]!)
            let text = String(decoding: result.bytes(), as: UTF8.self)
            let values = documents.map { $0.map { JSONValue($0, $0.root) } ?? .object([]) }
            let leaves = values.map(Leaves.init)
            if result.conflicts.isEmpty {
                clean += 1
                if gitConflicted { cleanWhereGitConflicts += 1 }
                guard let merged = try? JSONDocument(parsing: Array(text.utf8)) else {
                    failures.append("\(id): clean output is not valid JSON")
                    continue
                }
                if text.contains("\n<<<<<<< ") { failures.append("\(id): markers in a clean output") }
                let lost = Leaves(JSONValue(merged, merged.root)).lost(base: leaves[0], ours: leaves[1], theirs: leaves[2])
                if !lost.isEmpty { failures.append("\(id): lost \(lost.prefix(3))") }
            } else {
                let merge = MergeText(text: text)
                for side in [true, false] where (try? JSONDocument(parsing: Array(merge.resolved(takingOurs: side).utf8))) == nil {
                    failures.append("\(id): one side of the hunks is not valid JSON")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(validCases == 253)
        #expect(Double(clean) >= 0.97 * Double(validCases), "clean \(clean) of \(validCases)")
        #expect(Double(cleanWhereGitConflicts) >= 0.90 * Double(gitConflicts), "clean \(cleanWhereGitConflicts) of \(gitConflicts) git conflicts")
    }
}
