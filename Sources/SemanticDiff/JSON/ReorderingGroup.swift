/// ICU's reordering groups, in the order its root collation puts them at
/// the first level: every space before every punctuation mark, then
/// symbols, currency signs, digits, Latin letters and the letters of the
/// other scripts. Where the first difference between two keys is between
/// characters of two groups, the groups decide
/// (``KeyCollation/typographicCompare(_:_:_:_:)``): `Made with ♥` sorts
/// before `Made with love`, `%@` before `🤠`, `godapp.jp` before `会えば`.
///
/// A character outside ASCII and ``KeyCollation/firstLevelOrder`` is placed
/// by its Unicode properties, as the standard library has them, and only
/// where that is certain:
///
/// - assigned in Unicode 14 or earlier, which the ICU of every Foundation
///   the tool runs on knows (macOS 13's is Unicode 14);
/// - its own compatibility form (NFKC): `①`, `ﬁ`, `Ａ`, `™` and `²` weigh
///   as the characters they stand for, and are left to Foundation;
/// - a space, punctuation mark, symbol or currency sign, or a letter of a
///   script other than Latin, and not one of the few characters root
///   collation weighs as something else (``exceptions``). Modifier letters
///   (length and iteration marks) and digits outside ASCII (compared by
///   value, `.numeric`) are left to Foundation.
///
/// The tests check every character so placed against Foundation, beside
/// the first and last ASCII character of every other group.
enum ReorderingGroup: Int, Comparable {
    case space, punctuation, symbol, currency, digit, latin, otherScript

    static func < (a: ReorderingGroup, b: ReorderingGroup) -> Bool { a.rawValue < b.rawValue }

    /// Whether no character that follows one of this group forms one unit
    /// with it in root collation (letters take accents and contractions).
    var isJoinless: Bool { self < .digit }

    /// The group of a character outside ASCII and
    /// ``KeyCollation/firstLevelOrder``, where it is certain.
    init?(_ scalar: Unicode.Scalar) {
        let properties = scalar.properties
        guard let age = properties.age, age.major < 14 || (age.major == 14 && age.minor == 0),
              !ReorderingGroup.exceptions.contains(where: { $0.contains(scalar.value) }) else { return nil }
        if properties.changesWhenNFKCCaseFolded {
            // An upper-case letter whose lower case is its own form (`Α`, `Ж`) is a letter like it.
            let lower = properties.lowercaseMapping.unicodeScalars
            guard properties.isUppercase, lower.count == 1, let first = lower.first,
                  !first.properties.changesWhenNFKCCaseFolded else { return nil }
        }
        switch properties.generalCategory {
        case .spaceSeparator:
            self = .space
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation:
            self = .punctuation
        case .mathSymbol, .modifierSymbol, .otherSymbol:
            self = .symbol
        case .currencySymbol:
            self = .currency
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter:
            guard !ReorderingGroup.latinBlocks.contains(where: { $0.contains(scalar.value) }) else { return nil }
            self = .otherScript
        default:
            return nil
        }
    }

    /// Blocks that hold Latin letters (below U+0370: Basic Latin to IPA),
    /// which sort among the ASCII letters.
    static let latinBlocks: [ClosedRange<UInt32>] = [
        0x0000...0x036F, 0x1D00...0x1EFF, 0x2100...0x218F, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F,
        0xFB00...0xFB4F, 0xFF00...0xFFEF, 0x10780...0x107BF, 0x1D400...0x1D7FF, 0x1DF00...0x1DFFF,
    ]

    /// Characters whose category says one group and root collation another:
    /// signs weighed as the letters or ideographs they stand for (CJK
    /// radicals, `₧`, `⅍`, enclosed Latin capitals), script marks weighed
    /// as letters or as nothing, and U+FFFD, which sorts last.
    static let exceptions: [ClosedRange<UInt32>] = [
        0x06FD...0x06FE, 0x180A...0x180A, 0x19DE...0x19DF, 0x1CD3...0x1CD3, 0x1CF2...0x1CF3, 0x20A7...0x20A7,
        0x214D...0x214D, 0x2E80...0x2EFF, 0xFE73...0xFE73, 0xFFFD...0xFFFD, 0x10AC8...0x10AC8, 0x1F100...0x1F1FF,
    ]

    /// Runs of symbols that root collation orders as their code points, each
    /// one weight: most of the miscellaneous symbols and dingbats (`⚙`
    /// before `⚠`), and the emoji of the pictograph, emoticon and
    /// supplemental symbol blocks (`🤠` before `🦄`). (Not Hangul: a
    /// syllable weighs as its letters, and `돼` sorts after `됂` when what
    /// follows it weighs more than the last letter of `됂`.)
    static let codePointOrdered: [ClosedRange<UInt32>] = [
        0x2690...0x2767, 0x2794...0x27BF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
    ]
}

extension KeyCollation {
    /// Characters of distinct weights at ICU's first level, in root order:
    /// printable ASCII (`0` stands for every digit, a lower-case letter for
    /// both cases) and, among it, the typographic characters of UI text
    /// (curly quotes, dashes, the ellipsis, bullets, arrows, the
    /// punctuation of Chinese and Japanese, currency signs). Characters in
    /// one string weigh the same there: `'` and `’`, `,` and `，`; `…`
    /// weighs as `.` and then more.
    public static let firstLevelOrder: [String] = [
        " \u{A0}\u{2009}\u{3000}", "_", "-", "–", "—", "・", ",，", "、", ";", ":：", "!！", "¡", "?？", "¿", ".…", "。", "·",
        "'‘’‚", "‹", "›", "\"“”„", "«", "»", "(（", ")）", "[", "]", "{", "}", "〈", "〉", "《", "》", "「", "」", "『", "』", "【",
        "】", "§", "¶", "@", "*", "/", "\\", "&", "#", "%", "‰", "†", "‡", "•", "′″", "`", "^", "°", "©", "®", "←", "→", "↑",
        "↓", "⇧", "+", "±", "÷", "×", "<", "=≠", ">", "|", "~～", "√", "∞", "≤", "≥", "⌃", "⌘", "⌥", "▶", "►", "◦", "★", "☆",
        "♥", "✓", "✔", "$", "£", "¥", "€", "0",
    ] + "abcdefghijklmnopqrstuvwxyz".map { String($0) }

    /// The characters of ``firstLevelOrder`` that weigh as more than one
    /// there (`…` as three `.`, `″` as two `′`): only their first weight is known.
    static let expansions: Set<UInt32> = [0x2026, 0x2033]

    /// 1-based places in ``firstLevelOrder`` of its characters outside ASCII.
    static let typographicRank: [UInt32: UInt8] = {
        var ranks: [UInt32: UInt8] = [:]
        for (rank, characters) in firstLevelOrder.enumerated() {
            for scalar in characters.unicodeScalars where scalar.value >= 0x80 { ranks[scalar.value] = UInt8(rank + 1) }
        }
        return ranks
    }()

    /// The reordering group of the characters at a place in ``firstLevelOrder``.
    static func group(ofRank rank: UInt8) -> ReorderingGroup {
        if rank < asciiRank[Int(UInt8(ascii: "_"))] { return .space }
        if rank < asciiRank[Int(UInt8(ascii: "`"))] { return .punctuation }
        if rank < asciiRank[Int(UInt8(ascii: "$"))] { return .symbol }
        if rank < asciiRank[Int(UInt8(ascii: "0"))] { return .currency }
        return rank == asciiRank[Int(UInt8(ascii: "0"))] ? .digit : .latin
    }

    /// What is known of a character's first-level weight: its place in
    /// ``firstLevelOrder``, or else its reordering group.
    private struct Weight {
        var rank: UInt8?
        var group: ReorderingGroup?
        let scalar: Unicode.Scalar

        init?(_ text: UnsafeBufferPointer<UInt8>, at index: Int) {
            guard index < text.count, text[index] & 0xC0 != 0x80, index + scalarLength(text[index]) <= text.count,
                  let scalar = Unicode.Scalar(KeyCollation.scalar(text, at: index)) else { return nil }
            self.scalar = scalar
            let rank = scalar.value < 0x80 ? asciiRank[Int(scalar.value)] : typographicRank[scalar.value] ?? 0
            if rank != 0 {
                self.rank = rank
                group = KeyCollation.group(ofRank: rank)
            } else {
                group = scalar.value < 0x80 ? nil : ReorderingGroup(scalar)
            }
        }
    }

    /// The place in ``firstLevelOrder`` of the character at `index` and its
    /// length in bytes, where it weighs as one character there; nil else.
    static func singleWeightRank(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (rank: UInt8, length: Int)? {
        let lead = text[index]
        if lead < 0x80 { return asciiRank[Int(lead)] == 0 ? nil : (asciiRank[Int(lead)], 1) }
        let length = scalarLength(lead)
        guard index + length <= text.count else { return nil }
        let value = scalar(text, at: index)
        guard !expansions.contains(value), !joinsPrevious(text, at: index), let rank = typographicRank[value] else { return nil }
        return (rank, length)
    }

    /// Whether the character at `index` forms one unit with the one before:
    /// root collation reads `l·` and `L·` (U+00B7, Catalan's *ela
    /// geminada*) as one, the only such pair of an ASCII character and
    /// one of ``firstLevelOrder``.
    static func joinsPrevious(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index > 0 && index + 1 < text.count && text[index] == 0xC2 && text[index + 1] == 0xB7 && text[index - 1] | 0x20 == UInt8(ascii: "l")
    }

    /// Whether the character before `index` (if any) forms no unit with
    /// what follows it: ASCII, or a space, punctuation mark, symbol or
    /// currency sign whose weight is known.
    static func isJoinless(before index: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index > 0 else { return true }
        if text[index - 1] < 0x80 { return true }
        return Weight(text, at: characterStart(text, containing: index - 1))?.group?.isJoinless ?? false
    }

    /// The walk's answer where the keys first differ at a character outside
    /// ASCII on either side (at `i` in `a`, `j` in `b`; inside a character
    /// when the bytes before are the same), after characters that form no
    /// unit with it: the places of both in ``firstLevelOrder`` where both
    /// have one, else their reordering groups where those differ, else
    /// their code points in a block ordered so. Nil otherwise.
    static func typographicCompare(_ a: UnsafeBufferPointer<UInt8>, _ i: Int, _ b: UnsafeBufferPointer<UInt8>, _ j: Int) -> Int? {
        // Inside a character, the bytes of it before are the same on both sides: back to its start on each.
        let i = characterStart(a, containing: i), j = characterStart(b, containing: j)
        guard isJoinless(before: i, in: a), isJoinless(before: j, in: b), !joinsPrevious(a, at: i), !joinsPrevious(b, at: j),
              let x = Weight(a, at: i), let y = Weight(b, at: j) else { return nil }
        if let rankX = x.rank, let rankY = y.rank {
            if rankX != rankY { return rankX < rankY ? -1 : 1 }
            // Alike at the first level (`'` and `’`): a difference further on there decides first.
            return fitsInlineBuffer(a) && fitsInlineBuffer(b) ? primaryCompare(a, b) : nil
        }
        if let groupX = x.group, let groupY = y.group, groupX != groupY {
            return groupX < groupY ? -1 : 1
        }
        if x.scalar != y.scalar, x.group != nil, y.group != nil,
           ReorderingGroup.codePointOrdered.contains(where: { $0.contains(x.scalar.value) && $0.contains(y.scalar.value) }) {
            return x.scalar.value < y.scalar.value ? -1 : 1
        }
        return nil
    }
}
