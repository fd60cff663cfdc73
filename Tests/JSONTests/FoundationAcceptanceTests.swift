import TestSupport
import Foundation
import Testing
import SemanticDiff

/// Xcode reads catalogs with Foundation's `JSONSerialization`: the reader
/// must accept exactly what it accepts and refuse what it refuses, and
/// write what it would write for every file it accepts.
@Suite("JSON reader against Foundation")
struct FoundationAcceptanceTests {

    static func utf16(_ text: String, bigEndian: Bool = false, mark: Bool = false) -> [UInt8] {
        let units = text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        return (mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []) + units
    }

    static func utf32(_ text: String, bigEndian: Bool = false, mark: Bool = false) -> [UInt8] {
        let units = text.unicodeScalars.flatMap { scalar -> [UInt8] in
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
            return bigEndian ? bytes.reversed() : bytes
        }
        return (mark ? (bigEndian ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]) : []) + units
    }

    static let cases: [(String, [UInt8])] = [
        ("trailing comma in an object", bytes(#"{"a":1,}"#)),
        ("trailing comma in an array", bytes("[1,2,]")),
        ("trailing commas, nested, with whitespace", bytes("{\"a\":[1 ,\n],\"b\":{\"c\":2,\n  },\n}")),
        ("double comma in an object", bytes(#"{"a":1,,"b":2}"#)),
        ("double comma in an array", bytes("[1,,2]")),
        ("a lone comma in an object", bytes("{,}")),
        ("a lone comma in an array", bytes("[,]")),
        ("two trailing commas", bytes("[1,,]")),
        ("comma after a colon", bytes(#"{"a":,1}"#)),
        ("line comment", bytes("{\"a\":1 // x\n}")),
        ("block comment", bytes(#"{"a":/* x */1}"#)),
        ("NaN", bytes(#"{"a":NaN}"#)),
        ("Infinity", bytes(#"{"a":Infinity}"#)),
        ("leading zero", bytes(#"{"a":01}"#)),
        ("negative leading zero", bytes(#"{"a":-01}"#)),
        ("minus zero", bytes(#"{"a":-0}"#)),
        ("plus sign", bytes(#"{"a":+1}"#)),
        ("leading point", bytes(#"{"a":.5}"#)),
        ("trailing point", bytes(#"{"a":5.}"#)),
        ("point then exponent", bytes(#"{"a":1.e5}"#)),
        ("exponent without digits", bytes(#"{"a":1e}"#)),
        ("exponent sign without digits", bytes(#"{"a":1e+}"#)),
        ("hexadecimal", bytes(#"{"a":0x10}"#)),
        ("1e999", bytes(#"{"a":1e999}"#)),
        ("-1e999", bytes(#"{"a":-1e999}"#)),
        ("1e-999 (underflows to zero)", bytes(#"{"a":1e-999}"#)),
        ("largest double", bytes(#"{"a":1.7976931348623157e308}"#)),
        ("just beyond the largest double", bytes(#"{"a":1.7976931348623159e308}"#)),
        ("0e99999", bytes(#"{"a":0e99999}"#)),
        ("10e307", bytes(#"{"a":10e307}"#)),
        ("0.1e310", bytes(#"{"a":0.1e310}"#)),
        ("40-digit integer", bytes(#"{"a":1234567890123456789012345678901234567890}"#)),
        ("400-digit integer", bytes("{\"a\":" + String(repeating: "9", count: 400) + "}")),
        ("308-digit integer", bytes("{\"a\":1" + String(repeating: "0", count: 307) + "}")),
        ("309-digit integer", bytes("{\"a\":1" + String(repeating: "0", count: 308) + "}")),
        ("UInt64 max and beyond", bytes("[18446744073709551615,18446744073709551616,-9223372036854775809]")),
        ("fractions", bytes("[1.0,1.5,0.1,-0.0,1e0,0.000001,1e-7,5e-324,1e22,1E5,1e+5]")),
        ("raw tab in a string", bytes("[\"x\ty\"]")),
        ("raw line break in a string", bytes("[\"x\ny\"]")),
        ("raw DEL in a string", bytes("[\"x\u{7F}y\"]")),
        ("raw NUL in a string", [0x5B, 0x22, 0x00, 0x22, 0x5D]),
        ("NUL after the value", bytes("{}") + [0]),
        ("NUL before the value", [0] + bytes("{}")),
        ("UTF-8 byte order mark", [0xEF, 0xBB, 0xBF] + bytes(#"{"a":1}"#)),
        ("UTF-16LE with a mark", utf16(#"{"a":"é"}"#, mark: true)),
        ("UTF-16BE with a mark", utf16(#"{"a":"é"}"#, bigEndian: true, mark: true)),
        ("UTF-16LE without a mark", utf16(#"{"a":"😀"}"#)),
        ("UTF-16BE without a mark", utf16(#"{"a":1}"#, bigEndian: true)),
        ("UTF-32LE with a mark", utf32(#"{"a":"é"}"#, mark: true)),
        ("UTF-32BE with a mark", utf32(#"{"a":"😀"}"#, bigEndian: true, mark: true)),
        ("UTF-32LE without a mark", utf32(#"{"a":1}"#)),
        ("UTF-16LE with an odd byte at the end", utf16("{}") + [0x20]),
        ("UTF-16LE with a trailing comma", utf16(#"{"a":1,}"#)),
        ("UTF-16LE with 1e999", utf16("[1e999]")),
        ("UTF-16LE lone surrogate", [0x5B, 0x00, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00, 0x5D, 0x00]),
        // Foundation reads UTF-16 by the zeros of the first two units: a string whose second unit has none is UTF-8.
        ("UTF-16LE pattern in the first unit only", [0x22, 0x00, 0xC0, 0x22, 0x22, 0x00]),
        ("UTF-16LE pattern in both units", [0x22, 0x00, 0x41, 0x00, 0x22, 0x00]),
        ("UTF-16BE pattern in both units", [0x00, 0x31, 0x00, 0x32]),
        ("zeros in the middle", [0x00, 0x31, 0x31, 0x00]),
        ("four zeros", [0x00, 0x00, 0x00, 0x00]),
        ("UTF-32LE by its zeros", [0x31, 0x00, 0x00, 0x00]),
        ("UTF-16BE of two bytes", [0x00, 0x31]),
        ("UTF-16LE of three bytes", [0x31, 0x00, 0x20]),
        ("UTF-16 mark before UTF-8 text", [0xFF, 0xFE] + bytes("{}")),
        ("escaped lone high surrogate", bytes(#"["\ud800"]"#)),
        ("escaped lone low surrogate", bytes(#"["\udc00"]"#)),
        ("escaped surrogate pair", bytes(#"["\ud83d\ude00"]"#)),
        ("high surrogate then a letter", bytes(#"["\ud800\u0041"]"#)),
        ("truncated UTF-8", [0x5B, 0x22, 0xC3, 0x22, 0x5D]),
        ("overlong UTF-8", [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D]),
        ("UTF-8 encoded surrogate", [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D]),
        ("a noncharacter", bytes("[\"\u{FFFF}\"]")),
        ("U+2028 raw", bytes("[\"\u{2028}\"]")),
        ("escaped NUL", bytes(#"["\u0000"]"#)),
        ("escaped slash and uppercase hex", bytes(#"["\/\u00E9"]"#)),
        ("invalid escape", bytes(#"["\x41"]"#)),
        ("single quotes", bytes("{'a':1}")),
        ("unquoted key", bytes("{a:1}")),
        ("True", bytes("[True]")),
        ("nul", bytes("[nul]")),
        ("a number at the top", bytes("1")),
        ("a string at the top", bytes("\"x\"")),
        ("empty", []),
        ("whitespace only", bytes("  ")),
        ("text after the value", bytes(#"{"a":1}x"#)),
        ("two values", bytes("{}{}")),
        ("form feed as whitespace", bytes("{\u{0C}}")),
        ("vertical tab as whitespace", bytes("{\u{0B}}")),
        ("no-break space as whitespace", bytes("{\u{A0}}")),
        ("carriage returns as line ends", bytes("{\r\"a\":1\r}")),
        ("duplicate keys", bytes(#"{"a":1,"a":2}"#)),
        ("512 levels", bytes(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))),
        ("513 levels", bytes(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))),
    ]

    static func foundationAccepts(_ input: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])) != nil
    }

    @Test("accepts what Foundation accepts, refuses what it refuses", arguments: cases.indices)
    func sameDecision(_ index: Int) throws {
        let (name, input) = Self.cases[index]
        let foundation = Self.foundationAccepts(input)
        let ours = Result { try JSONDocument(parsing: input) }
        switch ours {
        case .success(let document):
            #expect(foundation, "\(name): accepted here, refused by Foundation")
            if foundation {
                #expect(try text(XcodeLayout.format(document)) == text(Oracle.format(input)), "\(name)")
            }
        case .failure(let error):
            #expect(!foundation, "\(name): refused here (\(error)), accepted by Foundation")
        }
    }

    @Test("a trailing comma is dropped on write, and the file is not in Xcode's layout")
    func trailingCommaDropped() throws {
        let document = try JSONDocument(parsing: bytes("{\n  \"a\" : 1,\n}"))
        #expect(!document.isInXcodeLayout)
        #expect(text(XcodeLayout.format(document)) == "{\n  \"a\" : 1\n}")
    }
}

extension FoundationAcceptanceTests {
    /// Numbers other writers leave, with Foundation's own reading of them as the expectation.
    static let numbers = [
        "1234567890123456789012345678901234567890", "12345678901234567890123456789012345678901",
        "340282366920938463463374607431768211455", "340282366920938463463374607431768211456",
        "3402823669209384634633746074317682114559", "1.23456789012345678901234567890123456789012345",
        "123456789012345678e100", "123456789012345678e120", "123456789012345678e-100", "123456789012345678e-10",
        "-123456789012345678.25e-2", "12345678901234567.50", "12345678901234567890.0", "0.000000000000000000001",
        "100000000000000000000000000000000000000000000000000.000000000000000000000000001",
        "12345678901234567890e-128", "12345678901234567890e-130", "1234567890123456789012345678901234567890e-128",
        "1" + String(repeating: "0", count: 165), "1" + String(repeating: "0", count: 166),
        "1" + String(repeating: "0", count: 307), "0." + String(repeating: "0", count: 124) + "123456789012345678",
        "-0.000000000000000000000", "1e308", "-1e-7", "0.1", "2.5e-3", "9007199254740993",
    ]

    @Test("numbers are written back as Foundation writes them", arguments: numbers)
    func numberText(_ literal: String) throws {
        let input = bytes("[" + literal + "]")
        #expect(try text(XcodeLayout.format(JSONDocument(parsing: input))) == text(Oracle.format(input)))
    }

    @Test("5,000 random number literals (signs, leading zeros, 1 to 25 digits, fractions, exponents) are written back as Foundation writes them, and again unchanged")
    func randomNumbers() throws {
        var random = SplitMix64(seed: 7)
        var failures: [String] = []
        for _ in 0..<5_000 {
            var literal = random.below(2) == 0 ? "-" : ""
            let integer = 1 + random.below(18), fraction = random.below(3) == 0 ? 0 : 1 + random.below(20)
            literal += random.below(4) == 0 ? "0" : String(1 + random.below(9))
            if !literal.hasSuffix("0") { for _ in 1..<integer { literal += String(random.below(10)) } }
            if fraction > 0 {
                literal += "."
                for _ in 0..<fraction { literal += String(random.below(random.below(3) == 0 ? 1 : 10)) }
            }
            if random.below(5) == 0 { literal += "e" + ["", "+", "-"][random.below(3)] + String(random.below(40)) }
            let input = bytes("[" + literal + "]")
            let ours = try text(XcodeLayout.format(JSONDocument(parsing: input))), foundation = try text(Oracle.format(input))
            if ours != foundation { failures.append("\(literal): \(ours) against \(foundation)") }
            // Read and written again, as Foundation would again (which turns -0 into 0).
            let again = try text(XcodeLayout.format(JSONDocument(parsing: bytes(ours))))
            if again != (try text(Oracle.format(bytes(ours)))) { failures.append("\(literal): \(ours) again is \(again)") }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20))")
    }
}
