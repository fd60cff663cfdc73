/// Keys of accented letters, typed precomposed, as a letter and marks, or
/// both (`ấ`, or `a` U+0302 U+0301), at the neighbours of a sort.
///
/// The fast comparator stops at a mark: Foundation's walk reads a
/// character's marks one by one and sets its windows apart there, and for
/// some such pairs it says that each key comes first. So where Vietnamese
/// keys are typed decomposed, most neighbours of a sort were Foundation's to
/// settle (6,800 of 20,000 keys). Read as ICU reads the whole keys, though,
/// Foundation never puts them the other way round.
extension KeyCollation {
    /// Two keys of ASCII digits and of Latin, Greek and Cyrillic characters
    /// of one weight each (``Accents/single``), with combining marks of
    /// U+0300–U+036F: their order as the guess reads them, by first-level
    /// weights (``GuessedWeights``); alike there, by accents as ICU's second
    /// level reads them, then case, then bytes (``guessCompareAlike(_:_:from:)``),
    /// where both keys can be read so (``DecomposedLevels/all``). Nil for two equal
    /// keys, for a key over 64 UTF-16 units, and for anything else in either
    /// key.
    ///
    /// Not Foundation's answer for every such pair: it says of some that
    /// each key comes first, which is why the fast comparator leaves them to
    /// it. But for none of them does Foundation, asked both ways round, put
    /// the key this orders second first: a pair of neighbours in this order
    /// is in order as ``misordered(_:asking:)`` reads Foundation's answers,
    /// without asking (`KeyCollationTests.decomposed`).
    static func decomposedCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        decomposedCompare(a, b, decomposedLevels(a), decomposedLevels(b))
    }

    /// ``decomposedCompare(_:_:)`` of two keys whose ``decomposedLevels(_:)``
    /// are `levelsA` and `levelsB` (read once for a key in two pairs), and
    /// whose first-level weights compare as `firstLevel` where that is known
    /// (``GuessedRuns/compare(_:_:)``: 0 alike).
    static func decomposedCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
                                  _ levelsA: DecomposedLevels?, _ levelsB: DecomposedLevels?, firstLevel: Int? = nil) -> Int? {
        guard let levelsA, let levelsB else { return nil }
        let start = guessStart(a, b)
        if let firstLevel {
            if firstLevel != 0 { return firstLevel }
        } else if let decided = guessFirstLevelCompare(a, b, from: start) {
            return decided
        }
        guard levelsA == .all && levelsB == .all else { return nil }
        let order = guessCompareAlike(a, b, from: start)
        return order == 0 ? nil : order
    }

    /// Which of a key's levels ``decomposedCompare(_:_:)`` reads as ICU
    /// does, nil where it reads none: for a key over 64 UTF-16 units, and
    /// as ``readableLevels(_:)`` says.
    static func decomposedLevels(_ text: UnsafeBufferPointer<UInt8>) -> DecomposedLevels? {
        fitsInlineBuffer(text) ? readableLevels(text) : nil
    }

    /// Which of a key's levels the guess reads as ICU does.
    enum DecomposedLevels {
        /// Every level: the guess's accents and case are ICU's.
        case all
        /// Only the first.
        case first
    }

    /// Whether `text` has only ASCII digits, Latin, Greek and Cyrillic
    /// characters of one weight each (``Accents/single``, with a rank in
    /// ``PrimaryOrder``; `l` and `L` outside a contraction) and combining
    /// marks of U+0300–U+036F that weigh nothing at the first level, and which of
    /// its levels the guess reads as ICU does; nil for anything else.
    ///
    /// Only the first level where a mark has no second-level rank of the
    /// table or a mark is out of canonical order (one of a lower combining
    /// class after another on the same letter, typed or from a precomposed
    /// letter: ICU reads them reordered, the guess as typed); where a letter
    /// does not decompose to an ASCII letter and marks (`đ`, `ø` and `ґ`
    /// weigh more at the second level than their base letters, which the
    /// guess reads as plain); and where a number has a leading zero (ICU
    /// sets `0107` apart from `107` otherwise than the guess). Nil for a
    /// number of more than 18 digits, whose value the guess reads in 64 bits.
    private static func readableLevels(_ text: UnsafeBufferPointer<UInt8>) -> DecomposedLevels? {
        var levels = DecomposedLevels.all
        // The combining class of the last mark on the current letter, typed or precomposed.
        var lastClass: UInt8 = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte &- UInt8(ascii: "0") < 10 {
                // A number whole: a leading zero reads only at the first level, and past 18 digits the guess
                // reads its value in 64 bits, as Foundation's walk does, but not ICU.
                var end = index
                while end < text.count && text[end] &- UInt8(ascii: "0") < 10 { end += 1 }
                if byte == UInt8(ascii: "0") && end - index > 1 { levels = .first }
                guard end - index <= 18 else { return nil }
                lastClass = 0
                index = end
                continue
            }
            let value = scalar(text, at: index)
            index += scalarLength(byte)
            if value &- 0x300 < 0x70 {
                let combiningClass = MarkTable.classes[Int(value - 0x300)]
                guard combiningClass != MarkTable.weighs else { return nil }
                if combiningClass == 0 || combiningClass < lastClass { levels = .first }
                lastClass = combiningClass
                continue
            }
            guard let accents = Accents.value(of: value), accents & Accents.single != 0 || isPlainL(text, value, at: index),
                  let rank = PrimaryOrder.rank(PrimaryOrder.value(of: value)) else { return nil }
            lastClass = 0
            let count = Int(accents & Accents.count)
            guard count > 0 else {
                if value >= 0x80 { levels = .first }
                continue
            }
            // A precomposed letter: an ASCII letter's rank, and the class of its last mark, unless it has three
            // or more, or one outside U+0300–U+036F (127) or not read at the second level.
            if !MarkTable.asciiRanks.contains(rank) || value == 0x1FE || value == 0x1FF || value == 0x1E9B { levels = .first }
            let last = Int(accents >> UInt32(3 + 7 * (count - 1)) & 0x7F)
            lastClass = count < 3 && last - 1 < MarkTable.classes.count ? MarkTable.classes[last - 1] : 0
            if lastClass == 0 { levels = .first }
        }
        return levels
    }

    /// Whether `value`, the character before `next` in `text`, is `l` or
    /// `L` outside a contraction: ICU's root joins them with a middle dot
    /// after (`l·`), and `L` with a character before, which the table marks
    /// (``PrimaryOrder/continues``, ``PrimaryOrder/continued``).
    private static func isPlainL(_ text: UnsafeBufferPointer<UInt8>, _ value: UInt32, at next: Int) -> Bool {
        guard value | 0x20 == UInt32(UInt8(ascii: "l")) else { return false }
        if next < text.count && PrimaryOrder.value(of: scalar(text, at: next)) & PrimaryOrder.continued != 0 { return false }
        let start = next - 1
        guard start > 0 else { return true }
        let before = PrimaryOrder.value(of: scalar(text, at: characterStart(text, containing: start - 1)))
        return before == PrimaryOrder.unknown || before & PrimaryOrder.continues == 0
    }

    /// What ``readableLevels(_:)`` looks up, made at its first use.
    private enum MarkTable {
        static let weighs: UInt8 = .max

        /// The canonical combining class of each mark of U+0300–U+036F;
        /// ``weighs`` for one with a weight at the first level (U+0345, read
        /// as `ι`), 0 for those the second level cannot be read with: no
        /// second-level rank, a class of 0 (U+034F), or read by ICU as other
        /// marks (U+0340, U+0341, U+0343, U+0344).
        static let classes: [UInt8] = (UInt32(0x300)..<0x370).map { mark in
            // The table gives U+0345 no rank: it is a mark, though ICU weighs it as `ι`.
            guard mark != 0x345, PrimaryOrder.guessRank(PrimaryOrder.value(of: mark)) == nil else { return weighs }
            guard PrimaryOrder.secondaryRank(of: mark) != nil, !(0x340...0x344).contains(mark) || mark == 0x342,
                  let scalar = Unicode.Scalar(mark) else { return 0 }
            return scalar.properties.canonicalCombiningClass.rawValue
        }

        /// The first-level ranks of ASCII characters. A precomposed letter
        /// of one of them decomposes to an ASCII letter, but for `Ǿ`, `ǿ`
        /// (`ø`) and `ẛ` (`ſ`) (`KeyCollationTests.decomposed` checks every
        /// one against its decomposition).
        static let asciiRanks: Set<UInt32> = Set((UInt32(0x20)..<0x7F).compactMap { PrimaryOrder.rank(PrimaryOrder.value(of: $0)) })
    }
}
