/// Numbers as Foundation's `JSONSerialization` writes them back.
///
/// Xcode writes only small integers (`argNum`), and those round-trip digit
/// for digit. Other writers may leave `1.0`, `1e3` or `-0`; Foundation reads
/// integers as `Int64`/`UInt64`, long mantissas as `Decimal` and everything
/// else as `Double`, and writes each with its `description` (a `Double`
/// without its `.0`). This reproduces that, so that `fmt` writes what Xcode
/// would.
public enum JSONNumber {
    /// The text Foundation writes for the number literal `literal`.
    public static func foundationText(_ literal: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: literal, as: UTF8.self)
        let parts = Parts(literal)
        if parts.isInteger {
            if parts.negative, parts.digitCount <= 19, let value = Int64(text) { return String(value) }
            if !parts.negative, parts.digitCount <= 20, let value = UInt64(text) { return String(value) }
        }
        if parts.digitCount > 17, (-128...127).contains(parts.exponent),
           let decimal = decimalText(parts) {
            return decimal
        }
        guard let double = Double(text), double.isFinite else { return text }
        var description = double.description
        if description.hasSuffix(".0") { description.removeLast(2) }
        return description
    }

    /// Whether an integer literal is written back unchanged.
    static func isCanonicalInteger(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        foundationText(literal).utf8.elementsEqual(literal)
    }

    /// The pieces of a validated number literal.
    private struct Parts {
        var negative = false
        var digits: [UInt8] = []       // integer and fraction digits, without leading zeros
        var fractionDigits = 0
        var exponent = 0
        var isInteger = true
        var digitCount = 0             // digits as written, as Foundation counts them

        init(_ literal: UnsafeBufferPointer<UInt8>) {
            var index = literal.startIndex
            if literal[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            var inFraction = false
            while index < literal.endIndex {
                let byte = literal[index]
                if byte == UInt8(ascii: ".") {
                    inFraction = true
                    isInteger = false
                } else if byte | 0x20 == UInt8(ascii: "e") {
                    isInteger = false
                    index += 1
                    var sign = 1
                    if literal[index] == UInt8(ascii: "-") { sign = -1; index += 1 }
                    else if literal[index] == UInt8(ascii: "+") { index += 1 }
                    var value = 0
                    while index < literal.endIndex {
                        value = min(value * 10 + Int(literal[index] - UInt8(ascii: "0")), 100_000)
                        index += 1
                    }
                    exponent = sign * value
                    break
                } else {
                    digitCount += 1
                    if inFraction { fractionDigits += 1 }
                    // Leading zeros carry no value; after the point they still count in the scale.
                    if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte) }
                }
                index += 1
            }
        }
    }

    /// `Decimal`'s description of the value: plain notation, no exponent.
    private static func decimalText(_ parts: Parts) -> String? {
        // Significant digits with trailing zeros removed, and the power of ten of the last one.
        var digits = parts.digits
        var scale = parts.exponent - parts.fractionDigits
        guard !digits.isEmpty else { return "0" }
        while digits.count > 1, digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            scale += 1
        }
        guard digits.count <= 38 else { return nil }
        var text = parts.negative ? "-" : ""
        let digitText = String(decoding: digits, as: UTF8.self)
        if scale >= 0 {
            text += digitText + String(repeating: "0", count: scale)
        } else if -scale >= digits.count {
            text += "0." + String(repeating: "0", count: -scale - digits.count) + digitText
        } else {
            let point = digits.count + scale
            text += String(digitText.prefix(point)) + "." + String(digitText.dropFirst(point))
        }
        return text
    }
}
