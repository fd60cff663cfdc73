import XCStringsJSON

/// Text from a catalog (a key, a language, a path) as a terminal or a log
/// may show it: on one line, and with nothing a terminal would obey or that
/// would turn the line around. C0 controls and DEL, the C1 controls
/// (U+0080–U+009F), the line and paragraph separators, the bidi marks,
/// embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069), and the characters that show as nothing at all (U+200B
/// zero width space, U+2060–U+2064, U+FEFF), which would make a changed text
/// look unchanged, are spelled as escapes (`\n`, `\u001b`, `\u202e`); every
/// other byte is copied as it is (the joiners U+200C and U+200D too: emoji
/// and several scripts need them).
public enum VisibleText {
    /// `text` with what a terminal would obey escaped; with
    /// `keepingLineBreaks`, its line breaks are kept (a message of several
    /// lines), everything else is escaped.
    public static func of(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var text = text
        if keepingLineBreaks ? text.utf8.allSatisfy({ !mayEscape[Int($0)] || $0 == 0x0A }) : text.withUTF8Bytes(mayBeShownAsIs) {
            return text
        }
        var output = OutputBuffer(capacity: text.utf8.count + 16)
        text.withUTF8 { append($0, to: &output, keepingLineBreaks: keepingLineBreaks) }
        return String(decoding: output.finish(), as: UTF8.self)
    }

    /// Whether `bytes` hold no byte that may start what is escaped: then
    /// ``of(_:keepingLineBreaks:)`` leaves them as they are.
    static func mayBeShownAsIs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = firstMayEscape(bytes, from: 0)
        while index < bytes.count {
            if mayEscape[Int(bytes[index])] { return false }
            index += 1
        }
        return true
    }

    /// ``of(_:keepingLineBreaks:)`` of `text`, appended to `output`.
    package static func append(_ text: String, to output: inout OutputBuffer) {
        text.withUTF8Bytes { append($0, to: &output) }
    }

    /// ``of(_:keepingLineBreaks:)`` of the UTF-8 bytes `bytes`, appended to
    /// `output` (valid UTF-8: a lead byte's continuation bytes follow it).
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout OutputBuffer, keepingLineBreaks: Bool = false) {
        mayEscape.withUnsafeBufferPointer { mayEscape in
            var copied = 0, index = 0
            while index < bytes.count {
                // The bytes that may start something to escape: the rest is copied in one go.
                index = firstMayEscape(bytes, from: index)
                while index < bytes.count, !mayEscape[Int(bytes[index])] { index += 1 }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                var escaped: UInt32? = nil, length = 1
                if byte == 0x0A && keepingLineBreaks {
                    escaped = nil
                } else if byte < 0x20 || byte == 0x7F {
                    escaped = UInt32(byte)
                } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                    escaped = UInt32(bytes[index + 1]); length = 2
                } else if byte == 0xD8, index + 1 < bytes.count, bytes[index + 1] == 0x9C {
                    escaped = 0x061C; length = 2
                } else if byte == 0xE2, index + 2 < bytes.count {
                    let scalar = 0x2000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    if scalar == 0x200B || (0x200E...0x200F).contains(scalar) || (0x2028...0x202E).contains(scalar)
                        || (0x2060...0x2064).contains(scalar) || (0x2066...0x2069).contains(scalar) {
                        escaped = scalar; length = 3
                    }
                } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
                    escaped = 0xFEFF; length = 3
                }
                guard let scalar = escaped else { index += 1; continue }
                output.append(UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                switch scalar {
                case 0x0A: output.append("\\n")
                case 0x09: output.append("\\t")
                case 0x0D: output.append("\\r")
                default:
                    output.append("\\u")
                    for shift in [12, 8, 4, 0] { output.append(hexDigits[Int((scalar >> UInt32(shift)) & 15)]) }
                }
                index += length
                copied = index
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
    }

    /// The start of the first block of 16 bytes from `index` holding a byte
    /// that may start what is escaped (``mayEscape``), tested in vector
    /// lanes; the start of the last bytes, fewer than 16, when none does.
    private static func firstMayEscape(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        guard let base = bytes.baseAddress else { return index }
        let raw = UnsafeRawPointer(base)
        var index = index
        // Vectors spelled out, masks read as words: comparisons with scalars and `any` compile to loops over the lanes.
        let space = SIMD16<UInt8>(repeating: 0x20), delete = SIMD16<UInt8>(repeating: 0x7F)
        let c2 = SIMD16<UInt8>(repeating: 0xC2), d8 = SIMD16<UInt8>(repeating: 0xD8)
        let e2 = SIMD16<UInt8>(repeating: 0xE2), ef = SIMD16<UInt8>(repeating: 0xEF)
        while index + 16 <= bytes.count {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let lanes = unsafeBitCast(block .< space, to: SIMD16<UInt8>.self) | unsafeBitCast(block .== delete, to: SIMD16<UInt8>.self)
                | unsafeBitCast(block .== c2, to: SIMD16<UInt8>.self) | unsafeBitCast(block .== d8, to: SIMD16<UInt8>.self)
                | unsafeBitCast(block .== e2, to: SIMD16<UInt8>.self) | unsafeBitCast(block .== ef, to: SIMD16<UInt8>.self)
            let words = unsafeBitCast(lanes, to: (UInt64, UInt64).self)
            if words.0 | words.1 != 0 { return index }
            index += 16
        }
        return index
    }

    /// Whether `scalar` is one of those spelled as an escape (the set the
    /// byte-level ``of(_:keepingLineBreaks:)`` finds).
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200B, 0x200E...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The bytes that may start what is escaped.
    private static let mayEscape: [Bool] = (0...255).map { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 || $0 == 0xEF }
}
