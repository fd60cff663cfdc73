import TestSupport
import Testing
import SemanticDiff

@Suite("JSON reader")
struct JSONReaderTests {

    // MARK: Values

    @Test("a text the same as a rejected one through its error and 64 bytes beyond fails there the same way, whatever follows; other texts are not said to")
    func rejectedPrefix() throws {
        var random = SplitMix64(seed: 5)
        let valid = CatalogGenerator(keys: 12, languages: 4, seed: 5).catalog().xcodeLayout()
        let breakers: [UInt8] = Array("4}],:\"\\x\n".utf8) + [0xC3, 0xFF, 0x01]
        var held = 0
        for _ in 0..<400 {
            var broken = valid
            broken[random.below(broken.count)] = breakers[random.below(breakers.count)]
            if random.below(8) == 0 { broken.removeLast(random.below(broken.count)) }
            // A string left open to the end, or a number too large, said where it starts: the reader read far past that.
            if random.below(10) == 0 { broken += Array("{\"open\" : \"".utf8) + Array(repeating: UInt8(ascii: "a"), count: random.below(300)) }
            if random.below(10) == 0 {
                broken = Array("{\"n\" : 1".utf8) + Array(repeating: UInt8(ascii: "0"), count: 300 + random.below(200)) + Array("e999 }".utf8)
            }
            let error: JSONSyntaxError
            do { _ = try JSONDocument(parsing: broken); continue } catch let thrown { error = thrown }
            for _ in 0..<6 {
                // Another text: a byte changed, bytes added or the end cut, somewhere from the error on.
                var other = broken
                let at = min(other.count, error.offset + random.below(140))
                switch random.below(3) {
                case 0 where at < other.count: other[at] = breakers[random.below(breakers.count)]
                case 1: other.insert(contentsOf: Array("\n  \"x\" : 1,".utf8), at: at)
                default: other.removeLast(other.count - at)
                }
                let holds = other.withUnsafeBufferPointer { text in broken.withUnsafeBufferPointer { error.holds(for: text, sameAs: $0) } }
                guard holds else { continue }
                held += 1
                #expect(throws: error) { try JSONDocument(parsing: other) }
            }
        }
        #expect(held > 200)
    }

    @Test("every escape decodes to its character")
    func escapes() throws {
        let document = try JSONDocument(parsing: bytes(#"["\"", "\\", "\/", "\b", "\f", "\n", "\r", "\t", "\u0041", "\u00e9", "\u00E9", "\ud83d\ude00", "\u0000"]"#))
        let decoded = document.elements(of: 0).map { document.string($0) }
        #expect(decoded == ["\"", "\\", "/", "\u{8}", "\u{C}", "\n", "\r", "\t", "A", "é", "é", "😀", "\u{0}"])
    }

    @Test("strings without escapes are not copied and keep their raw bytes")
    func rawStrings() throws {
        let document = try JSONDocument(parsing: bytes(#"{"key" : "Grüße – 你好 😀"}"#))
        let value = try #require(document.value(forKey: "key", in: 0))
        #expect(document.string(value) == "Grüße – 你好 😀")
        #expect(document[value].flags.contains(.nonASCII))
        #expect(!document[value].flags.contains(.escaped))
    }

    @Test("numbers, booleans and null keep their kinds and text")
    func scalars() throws {
        let document = try JSONDocument(parsing: bytes("[0, -1, 12.5e-3, 1E+2, true, false, null, 123456789012345678901234]"))
        let elements = document.elements(of: 0)
        #expect(elements.map { document.kind($0) } == [.number, .number, .number, .number, .true, .false, .null, .number])
        #expect(elements.map { String(decoding: document.rawBytes($0), as: UTF8.self) } ==
                ["0", "-1", "12.5e-3", "1E+2", "true", "false", "null", "123456789012345678901234"])
    }

    @Test("empty objects and arrays, in every layout")
    func emptyContainers() throws {
        for text in ["{}", "[]", "{ }", "[\n]", "{\n\n}", "{\"a\" : {\n\n  }}"] {
            let document = try JSONDocument(parsing: bytes(text))
            #expect(document.nodes.count >= 1, "\(text)")
        }
        let document = try JSONDocument(parsing: bytes("{\"a\":{},\"b\":[]}"))
        #expect(document[document.value(forKey: "a", in: 0)!].count == 0)
        #expect(document[document.value(forKey: "b", in: 0)!].count == 0)
    }

    @Test("members keep their order, nested values are skipped by `next`")
    func memberOrder() throws {
        let document = try JSONDocument(parsing: bytes(#"{"z": {"x": [1, {"y": 2}]}, "a": 1, "m": "s"}"#))
        let keys = document.members(of: 0).map { document.string($0.key) }
        #expect(keys == ["z", "a", "m"])
    }

    @Test("any whitespace and line ends are accepted; a BOM is skipped")
    func whitespaceAndBOM() throws {
        let crlf = try JSONDocument(parsing: bytes("{\r\n\t\"a\" :\r\n 1 ,\r\n \"b\":[ ]\r\n}\r\n"))
        #expect(crlf.members(of: 0).map { crlf.string($0.key) } == ["a", "b"])
        #expect(crlf.endsWithNewline)
        let bom = try JSONDocument(parsing: [0xEF, 0xBB, 0xBF] + bytes("{\"a\":1}"))
        #expect(bom.hasByteOrderMark)
        #expect(bom.value(forKey: "a", in: 0) != nil)
        #expect(!bom.isInXcodeLayout)
    }

    @Test("nesting up to the limit is read; beyond it is an error, not a crash")
    func deepNesting() throws {
        let limit = JSONReader.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(try JSONDocument(parsing: bytes(deepest)).nodes.count == limit)
        let tooDeep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(syntaxError(tooDeep))
        #expect(error.message.contains("nested more than \(limit)"))
        #expect(error.position == TextPosition(line: 1, column: limit + 1))
        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect(syntaxError(objects) != nil)
    }

    // MARK: Duplicate keys

    @Test("duplicate keys: the last wins, each is reported with its position")
    func duplicateKeys() throws {
        let text = "{\n  \"a\" : 1,\n  \"b\" : 2,\n  \"a\" : 3\n}"
        let document = try JSONDocument(parsing: bytes(text))
        #expect(document.members(of: 0).map { document.string($0.key) } == ["b", "a"])
        let a = try #require(document.value(forKey: "a", in: 0))
        #expect(String(decoding: document.rawBytes(a), as: UTF8.self) == "3")
        #expect(document.warnings.count == 1)
        #expect(document.warnings[0].position == TextPosition(line: 2, column: 3))
        #expect(document.warnings[0].message == "duplicate key \"a\"; the one at 4:3 wins")
        #expect(document[0].flags.contains(.hasDuplicates))
        #expect(!document.isInXcodeLayout)
    }

    @Test("many duplicate keys: each warning has the place one key alone would have, lines, columns and multibyte text")
    func manyDuplicateKeys() throws {
        // Keys repeated in order, one per line or several to a line, some with non-ASCII text before them.
        var text = "{"
        for round in 0..<3 {
            for key in 0..<200 {
                text += key % 7 == 0 ? "\n  " : " "
                text += "\"k\(key)\" : \"é\(round)\","
            }
        }
        text += "\n \"end\" : 0}"
        let data = bytes(text)
        let document = try JSONDocument(parsing: data)
        #expect(document.warnings.count == 400)
        for warning in document.warnings {
            #expect(warning.position == TextPosition(offset: warning.offset, in: data))
            let winner = try #require(warning.message.split(separator: " ").dropFirst(6).first)
            #expect(warning.message.hasPrefix("duplicate key \"k"))
            #expect(winner.contains(":"))
        }
        // The winner named is the key's last occurrence.
        let first = try #require(document.warnings.first { $0.message.hasPrefix("duplicate key \"k5\";") })
        let needle = Array("\"k5\"".utf8)
        let lastOffset = try #require((0...(data.count - needle.count)).last { Array(data[$0..<$0 + needle.count]) == needle })
        #expect(first.message.hasSuffix("the one at \(TextPosition(offset: lastOffset, in: data)) wins"))
    }

    @Test("a duplicate is found in keys in byte order when one is spelled with an escape, and in keys out of order")
    func duplicateKeysInOrder() throws {
        // "\u0061" is "a", and its bytes come before "a"'s: in order by bytes, yet the same key.
        let escaped = try JSONDocument(parsing: bytes(#"{"\u0061":1,"a":2,"b":3}"#))
        #expect(escaped.warnings.map(\.message) == [#"duplicate key "\u0061"; the one at 1:13 wins"#])
        #expect(escaped.members(of: 0).map { escaped.string($0.key) } == ["a", "b"])
        let unordered = try JSONDocument(parsing: bytes(#"{"b":1,"a":2,"b":3}"#))
        #expect(unordered.warnings.count == 1)
        let ordered = try JSONDocument(parsing: bytes(#"{"a":1,"ab":2,"b":3,"ba":4,"zh-Hans":5,"zh-Hant":6,"zh-HK":7}"#))
        #expect(ordered.warnings.isEmpty)
        #expect(!ordered[0].flags.contains(.hasDuplicates))
        // Keys equal but for case are two keys; in order but for case, a duplicate is still found.
        let cased = try JSONDocument(parsing: bytes(#"{"A":1,"a":2,"b":3,"B":4,"b":5}"#))
        #expect(cased.warnings.map(\.message) == [#"duplicate key "b"; the one at 1:26 wins"#])
    }

    @Test("positions of many offsets at once are those of each alone, in the order asked")
    func positionsAtOnce() {
        let data = bytes("ab\nçd\n\nxyz日本\nq")
        let offsets = [14, 0, 3, 20, 5, 6, 7, 11, -1, 3]
        let many = data.withUnsafeBufferPointer { TextPosition.positions(of: offsets, in: $0) }
        #expect(many == offsets.map { TextPosition(offset: $0, in: data) })
    }

    @Test("positions are the lines and columns an editor counts, at every offset of texts with short, long and empty lines")
    func positionsAgainstCounting() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["\n", "\n\n", "a", "bc", "ç", "日本", "😀", "{\n  \"k\" : \"v\"\n}", String(repeating: "x", count: 17)]
        for _ in 0..<40 {
            let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let data = bytes(text)
            // The reference: every byte before the offset, one at a time.
            func counted(_ offset: Int) -> TextPosition {
                var line = 1, column = 1
                for byte in data.prefix(max(0, min(offset, data.count))) {
                    if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
                }
                return TextPosition(line: line, column: column)
            }
            let offsets = Array(-1...(data.count + 1))
            #expect(offsets.map { TextPosition(offset: $0, in: data) } == offsets.map(counted), "\(text.debugDescription)")
            let shuffled = offsets.shuffled(using: &generator)
            #expect(data.withUnsafeBufferPointer { TextPosition.positions(of: shuffled, in: $0) } == shuffled.map(counted))
        }
    }

    @Test("duplicates are found in large objects and through escapes")
    func duplicateKeysLarge() throws {
        var members = (0..<100).map { "\"k\($0)\":\($0)" }
        members.append(#""k\u0037":"last""#) // k7
        let document = try JSONDocument(parsing: bytes("{" + members.joined(separator: ",") + "}"))
        #expect(document.warnings.count == 1)
        #expect(document.members(of: 0).underestimatedCount == 0)
        #expect(Array(document.members(of: 0)).count == 100)
        #expect(document.stringValue(document.value(forKey: "k7", in: 0)) == "last")
    }

    // MARK: Errors and their positions

    @Test("invalid UTF-8 is rejected where it occurs", arguments: [
        ([0xFF], "byte 0xFF"),
        ([0xC3], "byte 0xC3"),                 // truncated two-byte sequence
        ([0xC0, 0xAF], "byte 0xC0"),           // overlong
        ([0xE0, 0x80, 0xAF], "byte 0xE0"),     // overlong three-byte
        ([0xED, 0xA0, 0x80], "byte 0xED"),     // encoded surrogate
        ([0xF4, 0x90, 0x80, 0x80], "byte 0xF4"), // beyond U+10FFFF
        ([0xE2, 0x82], "byte 0xE2"),
    ] as [([UInt8], String)])
    func invalidUTF8(sequence: [UInt8], expected: String) throws {
        let input = bytes("{\n  \"k\" : \"ab") + sequence + bytes("\"\n}")
        let error = try #require(syntaxError(input))
        #expect(error.message == "invalid UTF-8 (\(expected))")
        #expect(error.position == TextPosition(line: 2, column: 12))
    }

    @Test("after a character of three bytes, every three-byte sequence is accepted exactly when it is valid UTF-8, and an invalid one is reported at its lead")
    func threeByteRuns() throws {
        // "中" (E4 B8 AD) first, so that the sequence is read as the next of a run; the second and third bytes at every
        // value and at the edges of the ranges that decide.
        let thirds: [UInt8] = [0x00, 0x1F, 0x22, 0x41, 0x5C, 0x7F, 0x80, 0x8F, 0x9F, 0xA0, 0xBF, 0xC0, 0xE4, 0xFF]
        for lead in UInt8(0xC0)...0xFF {
            for second in UInt8.min...UInt8.max {
                for third in thirds {
                    let sequence = [lead, second, third]
                    let input = bytes("[\"中") + sequence + bytes("中\"]")
                    let content = [0xE4, 0xB8, 0xAD] + sequence
                    // Valid as JSON text: valid UTF-8, and no quote, backslash or control character.
                    let valid = isValidUTF8(content)
                        && !content.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
                    let error = syntaxError(input)
                    #expect((error == nil) == valid, "\(sequence)")
                    // A lead of three or four bytes, or none, fails as a whole sequence: at itself.
                    if let error, !isValidUTF8(content), lead >= 0xE0, sequence.allSatisfy({ $0 >= 0x80 }) {
                        #expect(error.message.hasPrefix("invalid UTF-8") && error.position == TextPosition(line: 1, column: 4), "\(sequence)")
                    }
                }
            }
        }
    }

    @Test("lone surrogates are rejected")
    func loneSurrogates() throws {
        let high = try #require(syntaxError(#"["\ud83d"]"#))
        #expect(high.message.contains("lone surrogate \\uD83D"))
        #expect(high.position == TextPosition(line: 1, column: 3))
        #expect(try #require(syntaxError(#"["\ude00"]"#)).message.contains("low surrogate without a high one"))
        #expect(try #require(syntaxError(#"["\ud83d\u0041"]"#)).message.contains("lone surrogate"))
    }

    @Test("bad escapes, control characters and trailing text", arguments: [
        (#"["\q"]"#, 1, 3, "invalid escape '\\q' in a string"),
        (#"["\u12G4"]"#, 1, 7, "invalid \\u escape: expected four hex digits, found 'G'"),
        ("[\"a\tb\"]", 1, 4, "control character U+0009 must be escaped in a string"),
        ("{\"a\":1} x", 1, 9, "unexpected 'x' after the end of the JSON value"),
        ("{\"a\":1}}", 1, 8, "unexpected '}' after the end of the JSON value"),
        ("[1,,2]", 1, 4, "expected a value, found ','"),
        ("{,}", 1, 2, "expected a key in quotes, found ','"),
        ("[1e999]", 1, 2, "the number is too large for Foundation (and so Xcode) to read"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key, found '1'"),
        ("{\"a\":1 \"b\":2}", 1, 8, "expected ',' or '}' after a member, found '\"'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an element, found '2'"),
        ("{a:1}", 1, 2, "expected a key in quotes, found 'a'"),
        ("[01]", 1, 3, "a number cannot start with 0 followed by digits"),
        ("[1.]", 1, 4, "expected a digit after '.', found ']'"),
        ("[-]", 1, 3, "expected a digit after '-', found ']'"),
        ("[1e]", 1, 4, "expected a digit in the exponent, found ']'"),
        ("[tru]", 1, 5, "expected 'true', found ']'"),
        ("", 1, 1, "the file is empty"),
        ("  \n ", 2, 2, "expected a JSON value, found end of file"),
        ("<<<<<<< HEAD\n{}", 1, 1, "expected a value, found '<'"),
    ] as [(String, Int, Int, String)])
    func errors(input: String, line: Int, column: Int, message: String) throws {
        let error = try #require(syntaxError(input))
        #expect(error.message == message)
        #expect(error.position == TextPosition(line: line, column: column))
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() throws {
        let error = try #require(syntaxError("{\n  \"日本語\" 1}"))
        #expect(error.position == TextPosition(line: 2, column: 9))
    }

    @Test("every truncation of a catalog is an error naming the end of the file")
    func truncatedFiles() throws {
        let full = bytes("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\\\"b\" : {\n\n    },\n    \"n\" : [\n      1.5e3,\n      true\n    ]\n  }\n}")
        #expect(syntaxError(full) == nil)
        for length in 0..<full.count {
            let prefix = Array(full[0..<length])
            guard let error = syntaxError(prefix) else {
                Issue.record("a truncated file of \(length) bytes was accepted")
                continue
            }
            #expect(error.offset <= length, "offset \(error.offset) beyond the end at \(length)")
        }
    }

    @Test("UTF-16 and UTF-32 files are read as Foundation reads them; not in Xcode's layout, so fmt writes UTF-8")
    func utf16() throws {
        let text = #"{"a":"é😀"}"#
        let utf16LE = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for (name, encoded) in [("UTF-16LE with BOM", [0xFF, 0xFE] + utf16LE), ("UTF-16LE", utf16LE)] {
            let document = try JSONDocument(parsing: encoded)
            #expect(document.encoding == .utf16LittleEndian, "\(name)")
            #expect(!document.isInXcodeLayout)
            #expect(try XcodeLayout.format(document) == Oracle.format(encoded), "\(name)")
        }
        let loneSurrogate: [UInt8] = [0xFF, 0xFE, 0x5B, 0x00, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00, 0x5D, 0x00]
        let error = try #require(syntaxError(loneSurrogate))
        #expect(error.message.contains("not valid UTF-16LE"))
        #expect(error.position == TextPosition(line: 1, column: 3))
    }

    // MARK: Layout facts

    @Test("a file as Xcode writes it is recognised as in Xcode's layout; any deviation is not")
    func inXcodeLayout() throws {
        let xcode = "{\n  \"a\" : {\n\n  },\n  \"b\" : [\n    1,\n    \"x\\/\"\n  ]\n}"
        #expect(try !JSONDocument(parsing: bytes(xcode)).isInXcodeLayout) // \/ is not Xcode's
        let good = "{\n  \"a\" : {\n\n  },\n  \"b\" : [\n    1,\n    \"x/\\n\\u001f\"\n  ]\n}"
        #expect(try JSONDocument(parsing: bytes(good)).isInXcodeLayout)
        #expect(try JSONDocument(parsing: bytes(good + "\n")).isInXcodeLayout)
        for variant in [
            good.replacingOccurrences(of: " : ", with: ": "),
            good.replacingOccurrences(of: "\n    1", with: "\n   1"),
            good.replacingOccurrences(of: "{\n\n  }", with: "{}"),
            good.replacingOccurrences(of: "\\u001f", with: "\\u001F"),
            good.replacingOccurrences(of: "1,", with: "1.0,"),
            good + "\n\n",
            " " + good,
        ] {
            #expect(try !JSONDocument(parsing: bytes(variant)).isInXcodeLayout, "\(variant)")
        }
    }

    @Test("the node array of ARCHITECTURE.md's worked example, node by node")
    func workedExample() throws {
        let document = try JSONDocument(parsing: bytes(#"{"strings":{"Hi":{"comment":"x"}},"version":"1.0"}"#))
        let expected: [(JSONKind, UInt32, UInt32, UInt32, UInt32)] = [
            (.object, 0, 50, 9, 2), (.string, 1, 10, 2, 0), (.object, 11, 33, 7, 1), (.string, 12, 16, 4, 0),
            (.object, 17, 32, 7, 1), (.string, 18, 27, 6, 0), (.string, 28, 31, 7, 0), (.string, 34, 43, 8, 0),
            (.string, 44, 49, 9, 0),
        ]
        #expect(document.nodes.count == expected.count)
        for (index, (kind, start, end, next, count)) in expected.enumerated() {
            let node = document.nodes[index]
            #expect((node.kind, node.start, node.end, node.next, node.count) == (kind, start, end, next, count), "node \(index)")
        }
        #expect(document.members(of: 0).map { [$0.key, $0.value] } == [[1, 2], [7, 8]])
    }
}

/// Whether `bytes` are valid UTF-8: decoding replaces nothing (what
/// `String(validating:as:)` says, which needs macOS 15).
private func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
}
