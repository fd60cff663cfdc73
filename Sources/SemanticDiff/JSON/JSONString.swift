/// Decoding and encoding of JSON string literals.
public enum JSONString {
    /// The UTF-8 text of a string token (quotes included) with its escapes
    /// resolved. The token must have passed the reader's validation.
    public static func decode(_ token: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let content = UnsafeBufferPointer(rebasing: token[(token.startIndex + 1)..<(token.endIndex - 1)])
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            let escape = content[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = hexValue(content, at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = hexValue(content, at: index + 2)
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                appendUTF8(scalar, to: &output)
            default: output.append(escape) // \" \\ \/
            }
        }
        return output
    }

    /// Appends `text` (UTF-8) as a quoted string literal, escaped exactly as
    /// Foundation's `JSONSerialization` does with `.withoutEscapingSlashes`.
    static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, to output: inout OutputBuffer) {
        output.append(UInt8(ascii: "\""))
        var runStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            // Eight bytes at a time while none of them is a control character, a quote or a backslash;
            // then straight to the first that is.
            if index &+ 8 <= text.endIndex {
                let flagged = needingEscape(UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self))
                if flagged == 0 {
                    index &+= 8
                    continue
                }
                index &+= UInt64(littleEndian: flagged).trailingZeroBitCount &>> 3
            }
            let byte = text[index]
            index &+= 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            let index = index - 1
            output.append(UnsafeBufferPointer(rebasing: text[runStart..<index]))
            runStart = index + 1
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x09: output.append(UInt8(ascii: "t"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            default:
                let digits = Array("0123456789abcdef".utf8)
                for escaped in [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] {
                    output.append(escaped)
                }
            }
        }
        output.append(UnsafeBufferPointer(rebasing: text[runStart..<text.endIndex]))
        output.append(UInt8(ascii: "\""))
    }

    /// Of eight bytes (in memory order), those that may be a control
    /// character, a quote or a backslash, as each byte's high bit: zero when
    /// none is, and the lowest bit set is always such a byte (a borrow only
    /// flags bytes above the first one).
    @inline(__always) private static func needingEscape(_ bytes: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word }
        let control = (bytes &- ones &* 0x20) & ~bytes
        return (control | zeroBytes(bytes ^ (ones &* 0x22)) | zeroBytes(bytes ^ (ones &* 0x5C))) & highs
    }

    /// `text` (UTF-8) as a quoted, escaped literal.
    public static func quoted(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output = OutputBuffer(capacity: text.count + 2)
        appendQuoted(text, to: &output)
        return output.finish()
    }

    /// `text` as a quoted, escaped literal.
    public static func quoted(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { quoted($0) }
    }

    private static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: digit = byte - UInt8(ascii: "A") + 10
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
