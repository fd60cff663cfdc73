/// The name of a git object: the 20 bytes of its SHA-1 (repositories of
/// SHA-256 objects are left to libgit2).
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    /// The 20 bytes, as stored in trees and pack indexes.
    let bytes: [UInt8]

    /// The length of an id in bytes, and in hexadecimal digits.
    static let size = 20
    static let hexSize = 40

    /// The id at the start of `raw` (at least 20 bytes).
    init(raw: UnsafeRawBufferPointer) {
        bytes = Array(raw.prefix(Self.size))
    }

    /// The id spelled by exactly 40 hexadecimal digits (either case); nil otherwise.
    init?(hex: some Collection<UInt8>) {
        guard hex.count == Self.hexSize else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.size)
        var high: UInt8?
        for digit in hex {
            guard let value = Self.value(ofDigit: digit) else { return nil }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        self.bytes = bytes
    }

    init?(hex text: String) {
        self.init(hex: Array(text.utf8))
    }

    /// The value of one hexadecimal digit.
    static func value(ofDigit digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The 40 lower-case hexadecimal digits, as git spells the id.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// A loose object's path under `objects/`: two digits, a slash, 38 digits.
    var loosePath: String {
        let hex = description
        return String(hex.prefix(2)) + "/" + String(hex.dropFirst(2))
    }
}
