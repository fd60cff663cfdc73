import TestSupport
import Foundation
import Testing
import SemanticDiff

/// Every real catalog of the corpus through the reader and the writer.
@Suite("Corpus layout", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct CorpusLayoutTests {

    @Test("catalogs Xcode wrote come back byte for byte; the rest as the Foundation oracle writes them")
    func roundTrip() throws {
        var xcode = 0, other = 0
        var failures: [String] = []
        for row in try Corpus.table("catalogs.tsv") {
            let blob = row["blob"]!, layout = row["layout"]!
            let bytes = try Corpus.blob(blob)
            guard let document = try? JSONDocument(parsing: bytes) else {
                if layout != "parse-fail" { failures.append("\(blob) (\(layout)) does not parse") }
                continue
            }
            let output = XcodeLayout.format(document, finalNewline: document.endsWithNewline)
            switch layout {
            case "xcode", "xcode+newline":
                xcode += 1
                if output != bytes { failures.append("\(blob) (\(layout)) changed") }
            default:
                other += 1
                let expected = try Oracle.format(bytes) + (document.endsWithNewline ? [UInt8(ascii: "\n")] : [])
                if output != expected { failures.append("\(blob) (\(layout)) differs from the oracle") }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(xcode == 411)
        #expect(other == 53)
    }

    @Test("the reader accepts exactly the merge inputs and results the corpus marks as valid JSON")
    func validity() throws {
        for row in try Corpus.table("merges.tsv") {
            for column in ["base", "ours", "theirs", "result"] {
                let valid = syntaxError(try Corpus.blob(row[column]!)) == nil
                #expect(valid == (row["\(column)_valid_json"] == "yes"), "\(row["case_id"]!) \(column)")
            }
        }
    }
}
