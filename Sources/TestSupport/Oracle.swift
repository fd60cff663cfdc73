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

    /// Whether Foundation's key order is a function of the keys in every
    /// object of `value`. It is not when two keys of one object each sort
    /// before (or each after) the other, as long runs of punctuation do
    /// (`"…" + 120 dots + "x"` against `"…" + 103 dots + "nd"`), or when
    /// `JSONSerialization` itself writes `bytes` differently from one run to
    /// the next (an order that is not transitive). Foundation's output then
    /// depends on the order it happened to meet the keys in; ours is one of
    /// its outputs, the same at every run, and only that can be checked.
    public static func ordersConsistently(_ value: JSONValue, _ bytes: [UInt8]) -> Bool {
        func consistent(_ value: JSONValue) -> Bool {
            switch value {
            case .object(let members):
                let keys = members.map(\.key)
                for i in keys.indices {
                    for j in keys.indices where j > i && keys[i] != keys[j] {
                        if compare(keys[i], keys[j]) == compare(keys[j], keys[i]) { return false }
                    }
                }
                return members.allSatisfy { consistent($0.value) }
            case .array(let items):
                return items.allSatisfy(consistent)
            default:
                return true
            }
        }
        guard consistent(value), let first = try? format(bytes) else { return false }
        return (0..<4).allSatisfy { _ in (try? format(bytes)) == first }
    }
}
