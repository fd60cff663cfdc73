import XCStringsJSON
import XCStringsText

/// Keys that differ only in Unicode normalization (`Café` typed with a
/// precomposed é, and with e and a combining accent). The file tells them
/// apart by their bytes, but Swift's strings, and so Xcode, take them for
/// one key, and keep one of the two entries.
public enum EquivalentKeys {
    /// The groups of `keys` (by index, in the order given) that are
    /// canonically equivalent but not byte for byte the same. Only keys
    /// with non-ASCII bytes can be: ASCII text has one form.
    public static func groups(_ keys: [[UInt8]]) -> [[Int]] {
        let candidates = keys.indices.filter { keys[$0].contains(where: { $0 >= 0x80 }) }
        // Two keys in normalization form C that differ in bytes are never equivalent (each is its
        // form's one spelling): when every key is certainly in that form, none needs hashing as a
        // string, which normalizes it as it goes.
        guard !candidates.allSatisfy({ isCertainlyComposed(keys[$0]) }) else { return [] }
        var byText: [String: [Int]] = [:]
        for index in candidates {
            byText[String(decoding: keys[index], as: UTF8.self), default: []].append(index)
        }
        return byText.values.filter { group in group.dropFirst().contains { keys[$0] != keys[group[0]] } }
            .map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// Whether valid UTF-8 `text` is certainly in Unicode normalization
    /// form C: every character is ASCII or in ``composedRanges``. False says
    /// only that it may not be.
    static func isCertainlyComposed(_ text: [UInt8]) -> Bool {
        let ranges = composedRanges
        return text.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                // A scalar of two, three or four bytes (the reader has checked the UTF-8).
                let length = KeyCollation.scalarLength(lead)
                guard index + length <= bytes.count else { return false }
                let scalar = KeyCollation.scalar(bytes, at: index)
                // Han first, without the search: Chinese and Japanese keys are mostly Han.
                guard (0x4E00...0x9FFF).contains(scalar) || isInComposedRanges(scalar, ranges) else { return false }
                index += length
            }
            return true
        }
    }

    /// Whether `scalar` is in one of `ranges` (``composedRanges``, in
    /// order and apart): a binary search, Han being near the end.
    @inline(__always) static func isInComposedRanges(_ scalar: UInt32, _ ranges: [ClosedRange<UInt32>]) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(scalar)
    }

    /// Characters that are their own canonical composition, combine with
    /// no other (canonical combining class 0, and never the second of a
    /// pair that composes), and so leave any text made of them and ASCII in
    /// form C: Latin, Cyrillic, Hebrew, Arabic and Thai letters,
    /// punctuation and symbols, kana, Han, Hangul syllables, full-width
    /// forms and emoji, the blocks a catalog's keys are written in. Proven
    /// character by character against Foundation's normalization in
    /// `EquivalentKeysTests`. In order, and apart.
    static let composedRanges: [ClosedRange<UInt32>] = [
        0x00A0...0x02FF,  // Latin-1, Latin Extended-A and -B, IPA, spacing modifiers
        0x0400...0x0482, 0x048A...0x052F,  // Cyrillic, without its combining marks
        0x05D0...0x05EA,  // Hebrew letters
        0x0620...0x064A,  // Arabic letters
        0x0E01...0x0E30, 0x0E32...0x0E33, 0x0E40...0x0E46,  // Thai letters and vowels that are not marks
        0x1E00...0x1EFF,  // Latin Extended Additional (Vietnamese)
        0x2010...0x2027, 0x2030...0x205E,  // general punctuation
        0x20A0...0x20C0,  // currency
        0x2190...0x2328, 0x232B...0x23FF,  // arrows, mathematical and technical symbols
        0x2460...0x27BF,  // enclosed alphanumerics, box drawing, shapes, symbols, dingbats
        0x3001...0x3029,  // CJK punctuation, without its tone marks
        0x3041...0x3096, 0x30A1...0x30FA,  // hiragana and katakana, without the combining sound marks
        0x3400...0x4DBF, 0x4E00...0x9FFF,  // Han
        0xAC00...0xD7A3,  // Hangul syllables
        0xFF01...0xFF9D,  // full-width and half-width forms
        0x1F300...0x1FAFF,  // emoji and pictographs
    ]

    /// One group in words: `"Café" and "Cafe\u{301}"`, each spelled out.
    public static func names(_ keys: [[UInt8]]) -> String {
        let names = keys.map { QuotedText.quoted(String(decoding: $0, as: UTF8.self), scalars: true) }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
