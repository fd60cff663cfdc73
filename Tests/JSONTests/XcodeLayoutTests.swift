import TestSupport
import Foundation
import Testing
import SemanticDiff
@testable import XCStringsCheck
@testable import XCStringsJSON
@testable import XCStringsMerge

/// The writer against Foundation's `JSONSerialization`, the oracle for the
/// bytes Xcode writes.
@Suite("Xcode layout writer")
struct XcodeLayoutTests {

    @Test("keys Foundation does not order consistently (precomposed Vietnamese) are written once and then kept: formatting the output again changes nothing")
    func inconsistentOrderSettles() throws {
        var random = SplitMix64(seed: 3)
        let letters = Array("aăâeêioôơuưyđ ấầẩẫậếềểễệốồổỗộớờởỡợứừửữựáàảãạ")
        var keys = DistinctKeys<String>()
        while keys.count < 8_000 { keys.insert(String((0..<(3 + random.below(8))).map { _ in letters[random.below(letters.count)] })) }
        let members = keys.map { "\(String(decoding: JSONString.quoted($0), as: UTF8.self)):{}" }.joined(separator: ",")
        let once = XcodeLayout.format(try JSONDocument(parsing: Array("{\"strings\":{\(members)}}".utf8)))
        let document = try JSONDocument(parsing: once)
        #expect(XcodeLayout.isInLayout(document))
        #expect(XcodeLayout.format(document) == once)
    }

    @Test("escapes are written exactly as Foundation writes them")
    func escapes() throws {
        var scalars = (0..<0x20).map { String(UnicodeScalar($0)!) }
        scalars += ["\"", "\\", "/", "\u{7F}", "é", "\u{2028}", "\u{2029}", "😀", "\u{FEFF}", "\u{0301}"]
        for scalar in scalars {
            let input = String(decoding: JSONString.quoted("a\(scalar)b"), as: UTF8.self)
            let json = "{\"k\(input.dropFirst().dropLast())\" : \(input)}"
            #expect(try formatted(json) == Oracle.format(json), "U+\(String(scalar.unicodeScalars.first!.value, radix: 16))")
        }
        // Escaped input of every kind, including forms Xcode never writes.
        let json = #"["\/", "\u00e9", "\u00E9", "\ud83d\ude00", "\u001F", "\u001f", "\u0008", "\b", "\u2028"]"#
        #expect(try formatted(json) == Oracle.format(json))
    }

    @Test("a character to escape at every place of long texts, among bytes that look like one eight at a time, is written as Foundation writes it")
    func escapesInLongTexts() throws {
        // Bytes next to those to escape (`!`, `#`, `[`, `]`, DEL), and one of several bytes.
        let filler: [UInt8] = Array("ab!#[]~".utf8) + [0x7F] + Array("é€😀".utf8)
        let special: [UInt8] = Array(0..<0x20) + [UInt8(ascii: "\""), UInt8(ascii: "\\")]
        var texts: [String] = []
        for length in [7, 8, 9, 16, 17, 40] {
            let plain = String(decoding: (0..<length).map { filler[$0 % 8] }, as: UTF8.self)
            texts.append(plain)
            for position in 0..<length {
                for byte in special where position % 3 == 0 || byte == 0x0A || byte > 0x1F {
                    var bytes = Array(plain.utf8.prefix(position))
                    bytes.append(byte)
                    bytes += Array(plain.utf8).dropFirst(position)
                    texts.append(String(decoding: bytes, as: UTF8.self))
                }
            }
            texts.append(plain + String(repeating: "é", count: length) + "\"")
        }
        let json = "[" + texts.map { String(decoding: JSONString.quoted($0), as: UTF8.self) }.joined(separator: ",") + "]"
        #expect(try formatted(json) == Oracle.format(json))
        // The quoted texts read back as the texts.
        let parsed = try JSONDocument(parsing: Array(json.utf8))
        #expect(parsed.elements(of: parsed.root).map { parsed.string($0) } == texts)
    }

    @Test("empty objects and arrays at every depth")
    func emptyContainers() throws {
        for json in ["{}", "[]", #"{"a":{}}"#, #"{"a":[]}"#, #"[[],{},[[{}]]]"#, #"{"a":{"b":{"c":{}}}}"#] {
            #expect(try formatted(json) == Oracle.format(json), "\(json)")
        }
    }

    @Test("numbers are written back as Foundation writes them", arguments: [
        "0", "-0", "7", "-12", "1.0", "-0.0", "1.5", "100.0", "1e3", "1E2", "1e-7", "0.1", "0.000001", "1e21", "1e16",
        "0.30000000000000004", "1.7976931348623157e308", "5e-324", "9223372036854775807", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616", "123456789012345678901234",
        "123456789.123456789", "12345678901234567.5", "3.14159", "2.5e-3", "1.25E+2", "99999999999999999999999999999999",
        "0.000000000000000000123456789012345678", "1.000000000000000000", "12345678901234567890.0",
    ])
    func numbers(literal: String) throws {
        let json = "[\(literal)]"
        #expect(try formatted(json) == Oracle.format(json))
    }

    @Test("booleans and null")
    func literals() throws {
        let json = #"{"t":true,"f":false,"n":null,"a":[true,false,null]}"#
        #expect(try formatted(json) == Oracle.format(json))
    }

    @Test("keys are sorted at every depth, whatever the input order")
    func keyOrder() throws {
        let json = #"{"b":1,"B":2,"a":{"z":1,"Z":2,"10":3,"9":4,"":5},"%@ Section":6,"(":7,"•":8,"1":9,"es-ES":10,"es":11,"es-419":12}"#
        #expect(try formatted(json) == Oracle.format(json))
    }

    @Test("which keys sort before the member after them: found by the fast comparator or the reference, never across a duplicate, past an object's last key, or once the object is out of order")
    func keysBeforeTheirNext() throws {
        let json = #"{"a":1,"b":{"x":1,"y":2},"c":3,"e":4,"e":5,"f":6,"Item 9":7,"Item 10":8,"z":{"d":1,"c":2,"e":3}}"#
        let document = try JSONDocument(parsing: bytes(json))
        document.withRawDocument { raw in
            let order = SortedMembers(raw, keyOrder: .foundation)
            func keys(_ object: Int) -> [Int] { raw.cursor.members(of: object, includingShadowed: true).map { $0.key } }
            let root = keys(0), inner = keys(root[1] + 1), last = keys(root[8] + 1)
            #expect(root.map { String(decoding: raw.content($0), as: UTF8.self) } == ["a", "b", "c", "e", "e", "f", "Item 9", "Item 10", "z"])
            #expect(order.sortsBefore(root[0], root[1], in: raw)) // a, b
            #expect(order.sortsBefore(root[1], root[2], in: raw)) // b, c: past b's object
            // The first "e" is overridden by the second: no pair to it or from it.
            #expect(!order.sortsBefore(root[2], root[3], in: raw))
            #expect(!order.sortsBefore(root[3], root[4], in: raw))
            #expect(order.sortsBefore(root[4], root[5], in: raw)) // e, f
            #expect(order.sortsBefore(root[6], root[7], in: raw)) // Item 9, Item 10
            #expect(!order.sortsBefore(root[0], root[2], in: raw)) // not neighbours
            #expect(order.sortsBefore(inner[0], inner[1], in: raw))
            #expect(!order.sortsBefore(inner[1], root[2], in: raw)) // an object's last key
            // d, c out of order: nothing is known in that object from there on.
            #expect(!order.sortsBefore(last[0], last[1], in: raw))
            #expect(!order.sortsBefore(last[1], last[2], in: raw))
            #expect(!order.membersAreSorted(root[8] + 1))
        }
    }

    @Test("a final newline is added only when asked for")
    func finalNewline() throws {
        let document = try JSONDocument(parsing: bytes("{\"a\":1}\n"))
        #expect(text(XcodeLayout.format(document)) == "{\n  \"a\" : 1\n}")
        #expect(text(XcodeLayout.format(document, finalNewline: true)) == "{\n  \"a\" : 1\n}\n")
    }

    @Test("generated catalogs in any input layout come out as the oracle writes them", arguments: [1, 2, 3] as [UInt64])
    func generatedCatalogs(seed: UInt64) throws {
        let catalog = CatalogGenerator(keys: 150, languages: 12, seed: seed).catalog()
        let xcode = catalog.xcodeLayout()
        let oracle = try Oracle.format(xcode)
        #expect(xcode == oracle)
        // The same content written compactly, unsorted, as other tools do.
        let compact = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(xcode)))
        #expect(XcodeLayout.format(try JSONDocument(parsing: [UInt8](compact))) == oracle)
        // Already in layout: the writer must give the bytes back unchanged.
        #expect(XcodeLayout.format(try JSONDocument(parsing: xcode)) == xcode)
    }

    @Test("in pieces: any piece size gives the oracle's bytes, a sink that says stop stops the writing, and the comparison finds the first byte that differs", arguments: [1, 7, 64, 4096] as [Int])
    func streamed(chunk: Int) throws {
        let xcode = CatalogGenerator(keys: 60, languages: 6, seed: 4).catalog().xcodeLayout()
        let compact = [UInt8](try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(xcode))))
        for (input, finalNewline) in [(compact, false), (xcode, false), (xcode, true)] {
            let document = try JSONDocument(parsing: input)
            var pieces: [[UInt8]] = []
            let finished = XcodeLayout.format(document, finalNewline: finalNewline, chunk: chunk) { pieces.append(Array($0)); return true }
            #expect(finished)
            #expect(pieces.joined().elementsEqual(XcodeLayout.format(document, finalNewline: finalNewline)))
            // The pieces are cut between members: about `chunk` bytes, never a piece per byte past it.
            #expect(pieces.count > 1 && pieces.dropLast(2).allSatisfy { $0.count >= chunk })
            var taken = 0
            #expect(!XcodeLayout.format(document, finalNewline: finalNewline, chunk: chunk) { _ in taken += 1; return taken < 2 })
            #expect(taken == 2)
        }
        // Compared with the file's own bytes: the first difference, wherever the pieces are cut.
        let oracle = try Oracle.format(xcode)
        let document = try JSONDocument(parsing: compact)
        var comparison = LayoutComparison(Bytes(compact))
        XcodeLayout.format(document, chunk: chunk) { comparison.compare($0) }
        let expected = (0..<Swift.min(compact.count, oracle.count)).first { compact[$0] != oracle[$0] } ?? Swift.min(compact.count, oracle.count)
        #expect(comparison.firstDifference == expected)
        var same = LayoutComparison(Bytes(oracle))
        XcodeLayout.format(document, chunk: chunk) { same.compare($0) }
        #expect(same.firstDifference == nil && same.matched == oracle.count)
        // A file with more after the formatted bytes differs where they end; one with fewer, where it ends.
        var longer = LayoutComparison(Bytes(oracle + [32, 32]))
        XcodeLayout.format(document, chunk: chunk) { longer.compare($0) }
        #expect(longer.firstDifference == oracle.count)
        var shorter = LayoutComparison(Bytes(Array(oracle.dropLast(3))))
        XcodeLayout.format(document, chunk: chunk) { shorter.compare($0) }
        #expect(shorter.firstDifference == oracle.count - 3)
    }

    @Test("a document with a duplicate key is written with the last one, like Foundation")
    func duplicates() throws {
        let json = "{\n  \"a\" : 1,\n  \"b\" : 2,\n  \"a\" : 3\n}"
        #expect(try formatted(json) == Oracle.format(json))
    }

    @Test("JSONValue writes the same bytes as the document writer")
    func valueWriter() throws {
        let json = #"{"b":[1,{"y":"\n","x":null}],"a":{},"c":"é/\"","d":1.50}"#
        let document = try JSONDocument(parsing: bytes(json))
        #expect(JSONValue(document, 0).xcodeLayout() == XcodeLayout.format(document))
    }
}
