import Foundation
import TestSupport
import Testing
import SemanticDiff

/// A document read by two readers (``JSONSecondHalf``) against the same
/// document read by one: the same nodes, byte for byte, the same warnings,
/// the same flags and the same errors, wherever the cut falls.
@Suite("JSON reader in two halves")
struct SecondHalfTests {
    /// What one read gives: the nodes' bytes, the warnings, the flags; or the error.
    static func reading(_ bytes: [UInt8], cut: Int?) -> String {
        let input = Bytes(bytes)
        do {
            let document = try cut.map { cut in try JSONReader.read(input, cut: cut) { JSONReader.readSecondHalf(input, from: cut) } }
                ?? JSONReader.read(input)
            let nodes = document.nodes.withUnsafeBufferPointer { buffer in
                buffer.map { "\($0.start) \($0.end) \($0.next) \($0.count) \($0.kind) \($0.flags.rawValue)" }.joined(separator: ";")
            }
            return "\(nodes) | \(document.warnings) | \(document.isInXcodeLayout) \(document.endsWithNewline) \(document.hasByteOrderMark)"
        } catch let error as JSONSyntaxError {
            return "error \(error.offset) \(error.message)"
        } catch {
            return "error \(error)"
        }
    }

    /// Every place a second reader could be started: each key after a
    /// comma, a line break and four spaces, and some places that are not
    /// such a key at all (inside a string, a deeper member, the root's).
    static func cuts(_ bytes: [UInt8]) -> [Int] {
        let pattern = Array(",\n    \"".utf8)
        var cuts: [Int] = []
        for index in 0..<max(0, bytes.count - pattern.count) where Array(bytes[index..<index + pattern.count]) == pattern {
            cuts.append(index + pattern.count - 1)
        }
        let others = stride(from: 1, to: bytes.count, by: max(1, bytes.count / 23))
        return cuts + others
    }

    static func check(_ text: String, _ comment: String) -> Int {
        let bytes = Array(text.utf8)
        let whole = reading(bytes, cut: nil)
        var compared = 0
        for cut in cuts(bytes) {
            #expect(reading(bytes, cut: cut) == whole, "\(comment), cut at \(cut)")
            compared += 1
        }
        return compared
    }

    @Test("Xcode's layout, keys duplicated across the cut and inside one half, comments and nested variations")
    func sameDocument() throws {
        let entries = (0..<40).map { index in
            """
                "key \(index % 17)" : {
                  "comment" : "a \\"quoted\\" comment, \\u00e9",
                  "localizations" : {
                    "de" : {
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "\(index) Datei" } },
                          "other" : { "stringUnit" : { "state" : "new", "value" : "\(index) Dateien" } }
                        }
                      }
                    }
                  }
                }
            """
        }
        let xcode = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n") + "\n  },\n  \"version\" : \"1.0\"\n}\n"
        #expect(Self.check(xcode, "entries with duplicates") > 40)
        // Most of those cuts are taken: the second reader read to the end of the strings.
        let input = Bytes(Array(xcode.utf8))
        #expect(Self.cuts(Array(xcode.utf8)).filter { JSONReader.readSecondHalf(input, from: $0) != nil }.count >= 39)
        // In exactly Xcode's layout, and not (a trailing comma, another indent, tabs).
        let generated = CatalogGenerator(keys: 60, languages: 5).bytes()
        #expect(Self.check(text(generated), "generated") > 60)
        #expect(Self.check(xcode.replacingOccurrences(of: "\n  },\n  \"version\"", with: ",\n  },\n  \"version\""), "a trailing comma") > 0)
        #expect(Self.check(xcode.replacingOccurrences(of: "      ", with: "\t"), "tabs") > 0)
        #expect(Self.check("{\n    \"a\" : 1,\n    \"b\" : {\n    \"c\" : 2,\n    \"d\" : 3\n    }\n}", "a root member at four spaces") > 0)
    }

    @Test("an error in either half is the error one reader gives, at the same place")
    func errors() throws {
        let generated = text(CatalogGenerator(keys: 40, languages: 4).bytes())
        let middle = generated.index(generated.startIndex, offsetBy: generated.count * 3 / 4)
        let early = generated.index(generated.startIndex, offsetBy: generated.count / 4)
        for broken in [generated.replacingCharacters(in: middle...middle, with: "\u{01}"),
                       generated.replacingCharacters(in: early...early, with: "]"),
                       String(generated.dropLast(20)),
                       generated + "x"] {
            #expect(Self.reading(Array(broken.utf8), cut: nil).hasPrefix("error"))
            #expect(Self.check(broken, "broken") > 0)
        }
    }

    @Test("the place a second reader starts: after the middle, in a large UTF-8 file only")
    func start() throws {
        let large = CatalogGenerator(keys: 600, languages: 10).bytes()
        #expect(large.count >= JSONReader.secondHalfMinimum)
        let cut = try #require(JSONReader.secondHalfStart(in: Bytes(large)))
        #expect(cut > large.count / 2 && large[cut] == UInt8(ascii: "\"") && Array(large[(cut - 6)..<cut]) == Array(",\n    ".utf8))
        #expect(Self.reading(large, cut: cut) == Self.reading(large, cut: nil))
        #expect(JSONReader.secondHalfStart(in: Bytes(Array(large.prefix(JSONReader.secondHalfMinimum - 1)))) == nil)
        // Compact: no line breaks, no place.
        let compact = CatalogGenerator(keys: 300, languages: 10).catalog().compactText()
        #expect(JSONReader.secondHalfStart(in: Bytes(compact)) == nil)
    }

    @Test("every corpus catalog of 1 MB or more, read in two halves, is the document one reader reads",
          .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func corpus() throws {
        var compared = 0
        for row in try Corpus.table("catalogs.tsv") {
            let bytes = try Corpus.blob(row["blob"]!)
            guard bytes.count >= JSONReader.secondHalfMinimum, let cut = JSONReader.secondHalfStart(in: Bytes(bytes)) else { continue }
            #expect(Self.reading(bytes, cut: cut) == Self.reading(bytes, cut: nil), "\(row["path"] ?? "")")
            compared += 1
        }
        #expect(compared > 0)
    }
}
