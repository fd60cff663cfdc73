/// Keys that differ only in Unicode normalization (`Café` typed with a
/// precomposed é, and with e and a combining accent). The file tells them
/// apart by their bytes, but Swift's strings, and so Xcode, take them for
/// one key, and keep one of the two entries.
public enum EquivalentKeys {
    /// The groups of `keys` (by index, in the order given) that are
    /// canonically equivalent but not byte for byte the same. Only keys
    /// with non-ASCII bytes can be: ASCII text has one form.
    public static func groups(_ keys: [[UInt8]]) -> [[Int]] {
        var byText: [String: [Int]] = [:]
        for (index, key) in keys.enumerated() where key.contains(where: { $0 >= 0x80 }) {
            byText[String(decoding: key, as: UTF8.self), default: []].append(index)
        }
        return byText.values.filter { group in group.dropFirst().contains { keys[$0] != keys[group[0]] } }
            .map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// One group in words: `"Café" and "Cafe\u{301}"`, each spelled out.
    public static func names(_ keys: [[UInt8]]) -> String {
        let names = keys.map { DiffRenderer.shown(.text(String(decoding: $0, as: UTF8.self)), scalars: true) }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
