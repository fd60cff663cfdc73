import XCStringsJSON

/// Numbers for the languages of localizations, told apart by the bytes of
/// their keys and numbered in the order they are first met. Entries name
/// the same few languages, mostly in the same (sorted) order, some leaving
/// one out: the languages just after the last one asked for are looked at
/// first, then the last one again (the old and then the new version of a
/// localization), then a table by hash. A spelling of up to 7 bytes (`en`,
/// `zh-Hans`) is compared as one word.
struct LanguageNumbers {
    /// The languages' keys as written, by number.
    private(set) var spellings: [[UInt8]] = []
    /// ``word(_:)`` of each spelling, by number.
    private var words: [UInt64] = []
    /// Open addressing by a hash of the spelling: number + 1 in each used
    /// slot; a power of two, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)
    /// Just after the language asked for last.
    private var next = 0

    /// How many languages after the last one are looked at before the table.
    static let lookahead = 3

    /// Looks first at the first language again: for each entry's localizations, in order.
    mutating func restart() { next = 0 }

    /// The number of the language spelled `text`; `isNew` the first time.
    mutating func number(_ text: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        let word = LanguageNumbers.word(text)
        let count = spellings.count
        var candidate = next
        while candidate < Swift.min(next + LanguageNumbers.lookahead, count) {
            if equal(candidate, text, word) { return found(candidate) }
            candidate += 1
        }
        if next > 0 && next <= count && equal(next - 1, text, word) { return found(next - 1) }
        let mask = slots.count - 1
        var slot = LanguageNumbers.hash(text, word) & mask
        while slots[slot] != 0 {
            let known = Int(slots[slot]) - 1
            if equal(known, text, word) { return found(known) }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(truncatingIfNeeded: count + 1)
        spellings.append(Array(text))
        words.append(word)
        if spellings.count * 2 > slots.count { grow() }
        next = count + 1
        return (count, true)
    }

    /// The number of the language named by key node `key` of `raw`.
    mutating func number(_ raw: RawDocument, _ key: Int) -> (number: Int, isNew: Bool) {
        raw.withKeyText(key) { number($0) }
    }

    /// A spelling of 1 to 7 bytes as one word (its bytes and its length); 0 for any other.
    @inline(__always) static func word(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard text.count > 0 && text.count < 8 else { return 0 }
        var word = UInt64(text.count) << 56
        for index in 0..<text.count { word |= UInt64(text[index]) << (8 * UInt64(index)) }
        return word
    }

    @inline(__always) private static func hash(_ text: UnsafeBufferPointer<UInt8>, _ word: UInt64) -> Int {
        Int(truncatingIfNeeded: word != 0 ? (word &* 0x9E37_79B9_7F4A_7C15) >> 32 : fnv1a(text))
    }

    @inline(__always) private func equal(_ known: Int, _ text: UnsafeBufferPointer<UInt8>, _ word: UInt64) -> Bool {
        if word != 0 || words[known] != 0 { return words[known] == word }
        return spellings[known].withUnsafeBufferPointer { memcmpEqual($0, text) }
    }

    @inline(__always) private mutating func found(_ known: Int) -> (number: Int, isNew: Bool) {
        next = known + 1
        return (known, false)
    }

    /// Twice the slots, every language placed again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, spelling) in spellings.enumerated() {
            var slot = spelling.withUnsafeBufferPointer { LanguageNumbers.hash($0, words[number]) } & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: number + 1)
        }
    }
}
