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
        // Foundation reads a number whose text before any exponent is longer than 17 characters (digits,
        // leading zeros, the minus sign and the point) as a Decimal (checked over random literals in the tests).
        let mantissaLength = parts.digitCount + (parts.negative ? 1 : 0) + (parts.fractionDigits.isEmpty ? 0 : 1)
        if mantissaLength > 17, (-128...127).contains(parts.exponent),
           let decimal = decimalText(parts) {
            return decimal
        }
        guard let double = Double(text), double.isFinite else { return text }
        var description = double.description
        if description.hasSuffix(".0") { description.removeLast(2) }
        return description
    }

    /// Whether a number literal is written back unchanged.
    static func isWrittenBackAsIs(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        foundationText(literal).utf8.elementsEqual(literal)
    }

    /// The pieces of a validated number literal.
    private struct Parts {
        var negative = false
        var integerDigits: [UInt8] = []
        var fractionDigits: [UInt8] = []
        var exponent = 0
        var isInteger = true
        /// Digits as written, as Foundation counts them.
        var digitCount: Int { integerDigits.count + fractionDigits.count }

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
                } else if inFraction {
                    fractionDigits.append(byte)
                } else {
                    integerDigits.append(byte)
                }
                index += 1
            }
        }
    }

    /// The largest mantissa a `Decimal` holds: 2^128 - 1.
    private static let largestMantissa = Array("340282366920938463463374607431768211455".utf8)

    /// `Decimal`'s description of the value, as `Decimal(string:)` reads
    /// it: digits go into a 128-bit mantissa while they fit (the integer
    /// digits after that raise the exponent, the fraction digits after that
    /// are dropped); nil when the exponent leaves -128...127, where
    /// Foundation falls back to `Double`.
    private static func decimalText(_ parts: Parts) -> String? {
        var mantissa: [UInt8] = []
        var exponent = 0
        var full = false
        func take(_ digit: UInt8, inFraction: Bool) {
            if !full {
                if mantissa.isEmpty && digit == UInt8(ascii: "0") {
                    if inFraction { exponent -= 1 }
                    return
                }
                let length = mantissa.count + 1
                let fits = length < largestMantissa.count
                    || (length == largestMantissa.count && !largestMantissa.lexicographicallyPrecedes(mantissa + [digit]))
                if fits {
                    mantissa.append(digit)
                    if inFraction { exponent -= 1 }
                    return
                }
                full = true
            }
            if !inFraction { exponent += 1 }
        }
        for digit in parts.integerDigits { take(digit, inFraction: false) }
        for digit in parts.fractionDigits { take(digit, inFraction: true) }
        exponent += parts.exponent
        guard (-128...127).contains(exponent) else { return nil }
        guard !mantissa.isEmpty else { return "0" }
        // Zeros after the point are not written.
        while exponent < 0, mantissa.count > 1, mantissa.last == UInt8(ascii: "0") {
            mantissa.removeLast()
            exponent += 1
        }
        var text = parts.negative ? "-" : ""
        let digits = String(decoding: mantissa, as: UTF8.self)
        if exponent >= 0 {
            text += digits + String(repeating: "0", count: exponent)
        } else if -exponent >= mantissa.count {
            text += "0." + String(repeating: "0", count: -exponent - mantissa.count) + digits
        } else {
            let point = mantissa.count + exponent
            text += String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        }
        return text
    }
}
