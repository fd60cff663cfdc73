import Foundation
import FoundationCollation
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

    public static func compare(_ a: String, _ b: String) -> Int { FoundationCollation.compare(a, b) }

    /// Whether every object of `value` lists its keys in an order
    /// Foundation accepts: no two neighbours that Foundation, asked both
    /// ways round, puts the other way. Where Foundation's comparison is not
    /// an order (long runs of punctuation, some precomposed Vietnamese: two
    /// keys that each sort before the other, answers that change from one
    /// process to the next), its own output depends on the order it met the
    /// keys in, and any such order is one of its outputs.
    public static func acceptsOrder(of value: JSONValue) -> Bool {
        switch value {
        case .object(let members):
            for (a, b) in zip(members, members.dropFirst()) where compare(a.key, b.key) > 0 && compare(b.key, a.key) < 0 { return false }
            return members.allSatisfy { acceptsOrder(of: $0.value) }
        case .array(let items):
            return items.allSatisfy { acceptsOrder(of: $0) }
        default:
            return true
        }
    }
}
