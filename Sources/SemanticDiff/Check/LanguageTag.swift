/// Language tags as Apple's bundles resolve them: BCP 47 (RFC 5646), with
/// Chinese keyed by script.
public enum LanguageTag {
    /// The tag to use instead of `tag` when Apple's bundles would not
    /// resolve `tag`: Chinese by region (`zh-CN`, `zh-TW`, as translation
    /// tools write it) or bare `zh`, which Xcode ignores; `zh-HK` is valid.
    /// Nil for a tag that needs no replacement (malformed tags aside: see
    /// ``isWellFormed(_:)``).
    public static func replacement(for tag: String) -> String? {
        let subtags = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard subtags.first == "zh" else { return nil }
        switch Array(subtags.dropFirst()) {
        case []: return "zh-Hans"
        case ["cn"], ["sg"], ["my"]: return "zh-Hans"
        case ["tw"], ["mo"]: return "zh-Hant"
        default: return nil
        }
    }

    /// Whether `tag` is a well-formed BCP 47 language tag: a language (2–3
    /// letters with up to three extensions, or 4–8 letters), then an
    /// optional script (4 letters), region (2 letters or 3 digits),
    /// variants, extensions and a private use part, separated by `-`; or a
    /// private use tag (`x-…`); or one of the tags BCP 47 keeps from
    /// before it (`i-klingon`, `en-GB-oed`), which the syntax does not allow.
    public static func isWellFormed(_ tag: String) -> Bool {
        if grandfathered.contains(tag.lowercased()) { return true }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map { Array($0.utf8) }
        guard subtags.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy(isAlphanumeric) }) else { return false }
        var index = 0
        func at(_ test: ([UInt8]) -> Bool) -> Bool {
            guard index < subtags.count, test(subtags[index]) else { return false }
            index += 1
            return true
        }
        if at({ $0 == [UInt8(ascii: "x")] || $0 == [UInt8(ascii: "X")] }) { return privateUse(subtags[index...]) }
        guard at({ $0.count >= 2 && $0.allSatisfy(isLetter) }) else { return false }
        if subtags[0].count <= 3 {
            var extensions = 0
            while extensions < 3, at({ $0.count == 3 && $0.allSatisfy(isLetter) }) { extensions += 1 }
        }
        _ = at { $0.count == 4 && $0.allSatisfy(isLetter) }
        _ = at { ($0.count == 2 && $0.allSatisfy(isLetter)) || ($0.count == 3 && $0.allSatisfy(isDigit)) }
        while at({ $0.count >= 5 || ($0.count == 4 && isDigit($0[0])) }) {}
        while index < subtags.count, subtags[index].count == 1, subtags[index] != [UInt8(ascii: "x")], subtags[index] != [UInt8(ascii: "X")] {
            index += 1
            var parts = 0
            while at({ $0.count >= 2 }) { parts += 1 }
            guard parts > 0 else { return false }
        }
        if index == subtags.count { return true }
        guard at({ $0 == [UInt8(ascii: "x")] || $0 == [UInt8(ascii: "X")] }) else { return false }
        return privateUse(subtags[index...])
    }

    /// Whether `tag` has the shape most catalogs' languages have: a
    /// language of two or three lowercase letters other than `zh`, then
    /// perhaps a script (`Latn`), then perhaps a region (`BR`, `419`):
    /// `de`, `pt-BR`, `sr-Latn-RS`, `es-419`. Such a tag is well formed and
    /// needs no ``replacement(for:)``. Read byte by byte, where those two
    /// split and copy the tag (the check after a merge asks it of every
    /// language of every changed entry).
    public static func isPlainlyWellFormed(_ tag: String) -> Bool {
        tag.utf8.withContiguousStorageIfAvailable { bytes in
            func all(_ range: Range<Int>, _ test: (UInt8) -> Bool) -> Bool { range.allSatisfy { test(bytes[$0]) } }
            let lower = { (byte: UInt8) in (97...122).contains(byte) }, upper = { (byte: UInt8) in (65...90).contains(byte) }
            var start = 0
            var end = bytes.firstIndex(of: UInt8(ascii: "-")) ?? bytes.count
            guard (2...3).contains(end), all(0..<end, lower), !(end == 2 && bytes[0] == UInt8(ascii: "z") && bytes[1] == UInt8(ascii: "h"))
            else { return false }
            func next() -> Bool {
                guard end < bytes.count else { return false }
                start = end + 1
                end = bytes[start...].firstIndex(of: UInt8(ascii: "-")) ?? bytes.count
                return true
            }
            guard next() else { return true }
            if end - start == 4, upper(bytes[start]), all(start + 1..<end, lower) {
                guard next() else { return true }
            }
            let region = (end - start == 2 && all(start..<end, upper)) || (end - start == 3 && all(start..<end, isDigit))
            return region && end == bytes.count
        } ?? false
    }

    /// RFC 5646's irregular grandfathered tags (its regular ones, such as
    /// `art-lojban`, fit the syntax).
    private static let grandfathered: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo", "i-navajo",
        "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de",
    ]

    private static func privateUse(_ subtags: ArraySlice<[UInt8]>) -> Bool { !subtags.isEmpty }

    private static func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
}
