#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decoding and encoding of JSON string literals.
public enum JSONString {
    /// The UTF-8 text of a string token (quotes included) with its escapes
    /// resolved. The token must have passed the reader's validation.
    public static func decode(_ token: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(token.count)
        forEachDecodedPiece(token) { output.append(contentsOf: $0) }
        return output
    }

    /// ``keyTextHash(_:)`` of the decoded text of a string token (a key spelled with escapes).
    static func decodedHash(_ token: UnsafeBufferPointer<UInt8>) -> UInt64 {
        decode(token).withUnsafeBufferPointer(keyTextHash)
    }

    /// Calls `piece` with the decoded text of a string token, in order and
    /// in pieces: each run of the token's own bytes between escapes, and
    /// each escape's UTF-8. The token must have passed the reader's validation.
    @inline(__always) static func forEachDecodedPiece(_ token: UnsafeBufferPointer<UInt8>, _ piece: (UnsafeBufferPointer<UInt8>) -> Void) {
        let content = UnsafeBufferPointer(rebasing: token[(token.startIndex + 1)..<(token.endIndex - 1)])
        guard let base = content.baseAddress else { return }
        var index = 0
        while index < content.count {
            // The run up to the next backslash, in place.
            let next = memchr(base + index, Int32(UInt8(ascii: "\\")), content.count - index)
                .map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? content.count
            if next > index { piece(UnsafeBufferPointer(start: base + index, count: next - index)) }
            guard next < content.count else { return }
            let escape = content[next + 1]
            index = next + 2
            var scalar: UInt32
            switch escape {
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "u"):
                scalar = hexValue(content, at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = hexValue(content, at: index + 2)
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
            default: scalar = UInt32(escape) // \" \\ \/
            }
            var utf8: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            let length = encodeUTF8(scalar, into: &utf8)
            withUnsafeBytes(of: &utf8) { piece(UnsafeBufferPointer(start: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: length)) }
        }
    }

    /// `scalar` in UTF-8, in the first bytes of `bytes`; how many.
    @inline(__always) static func encodeUTF8(_ scalar: UInt32, into bytes: inout (UInt8, UInt8, UInt8, UInt8)) -> Int {
        switch scalar {
        case 0..<0x80:
            bytes.0 = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            bytes = (UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F), 0, 0)
            return 2
        case 0x800..<0x10000:
            bytes = (UInt8(0xE0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F), 0)
            return 3
        default:
            bytes = (UInt8(0xF0 | scalar >> 18), UInt8(0x80 | scalar >> 12 & 0x3F), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F))
            return 4
        }
    }

    /// Appends `text` (UTF-8) as a quoted string literal, escaped exactly as
    /// Foundation's `JSONSerialization` does with `.withoutEscapingSlashes`.
    package static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, to output: inout OutputBuffer) {
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
}
