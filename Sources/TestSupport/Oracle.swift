import Foundation
import FoundationKeyOrder
import SemanticDiff

/// Foundation's `JSONSerialization`, the byte-exact oracle for Xcode's layout.
public enum Oracle {
    public static func format(_ bytes: [UInt8]) throws -> [UInt8] {
        let object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        let data = try JSONSerialization.data(withJSONObject: object,
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        return [UInt8](data)
    }

    /// Whether Foundation (and so Xcode) reads `bytes` as JSON.
    public static func accepts(_ bytes: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
    }

    public static func format(_ text: String) throws -> String {
        String(decoding: try format(Array(text.utf8)), as: UTF8.self)
    }

    public static func compare(_ a: String, _ b: String) -> Int { FoundationOrder.compare(a, b) }

    /// Whether `a` and `b` first differ right after a run of 60 or more of
    /// one ASCII character that is neither a letter nor a digit, in both.
    static func isUnsettled(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8), b = Array(b.utf8)
        let start = zip(a, b).prefix { $0 == $1 }.count
        guard start >= 60, let last = a[..<start].last, last < 0x80,
              !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last),
              !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(last | 0x20) else { return false }
        return a[(start - 60)..<start].allSatisfy { $0 == last }
    }

    /// Whether every object of `value` lists its keys in an order
    /// Foundation accepts: no two neighbours that Foundation, asked both
    /// ways round, puts the other way. Where Foundation's comparison is not
    /// an order (long runs of punctuation, some precomposed Vietnamese: two
    /// keys that each sort before the other, answers that change from one
    /// process to the next), its own output depends on the order it met the
    /// keys in, and any such order is one of its outputs.
    ///
    /// Two keys that differ only after a long run of one punctuation
    /// character (`"No "` and 64 dots and `"inistrator"` against `"No "` and
    /// 63 dots and `"nd"`; not yet after 60) are in order either way: Foundation's answer for
    /// them changes from one process to the next (each before the other, each
    /// after, or one order), so no order is Foundation's.
    public static func acceptsOrder(of value: JSONValue) -> Bool {
        switch value {
        case .object(let members):
            for (a, b) in zip(members, members.dropFirst())
            where !isUnsettled(a.key, b.key) && compare(a.key, b.key) > 0 && compare(b.key, a.key) < 0 { return false }
            return members.allSatisfy { acceptsOrder(of: $0.value) }
        case .array(let items):
            return items.allSatisfy { acceptsOrder(of: $0) }
        default:
            return true
        }
    }
}
