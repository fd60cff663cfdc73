import Foundation
import FoundationCollation

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
}
