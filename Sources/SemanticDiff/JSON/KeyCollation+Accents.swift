/// Keys that first differ in the accents of a letter (`ấ` against `ầ`,
/// `е` against `ё`) or in its case. Foundation asks ICU about a window of
/// text from the character before the difference on, and widens it while
/// ICU finds no difference at its first level: so the first difference at
/// that level after it decides, wherever it is, when every character up to
/// it weighs one weight of its own there.
extension KeyCollation {
    /// Each Latin, Greek and Cyrillic character's canonical decomposition,
    /// from ``PrimaryOrder/accentRuns``: `count` (bits 0–1) is how many
    /// marks it adds to its first character (3 for three or more), the
    /// first three of them 7 bits each from bit 3 (U+0300 is 1, another
    /// mark 127), and ``single`` whether the character weighs exactly one
    /// weight at ICU's first level, its decomposition's, and is no mark and
    /// no part of a contraction.
    public enum Accents {
        /// The character weighs one weight of its own at the first level.
        public static let single: UInt32 = 4
        static let count: UInt32 = 3

        /// The value of `scalar`, nil outside the table's scripts, for a
        /// digit or an unassigned code point.
        @inline(__always) static func value(of scalar: UInt32) -> UInt32? {
            let index: Int
            if scalar < lowEnd {
                index = Int(scalar)
            } else if scalar &- highStart < highEnd - highStart {
                index = Int(lowEnd + scalar - highStart)
            } else {
                return nil
            }
            let value = values[index]
            return value == PrimaryOrder.unknown ? nil : value
        }

        /// The code points the table covers (`PrimaryOrderGenerator.secondaryRanges`):
        /// below `lowEnd` (from U+0020), and from `highStart` to `highEnd`.
        package static let lowEnd: UInt32 = 0x530, highStart: UInt32 = 0x1E00, highEnd: UInt32 = 0x2000

        // `values` (in BasicPlane+Generated.swift) holds `PrimaryOrder.accentRuns`
        // read out for every code point they cover, 1,840 values: a literal in the
        // program's data, where a table built at first use cost a small merge 13%
        // of its instructions.

        /// Whether the decompositions of two different characters of the
        /// same first weight may be one the start of the other (`o` and
        /// `ồ`, `ạ` and `ậ`, `å` and `Ǻ`, whatever the case of the first):
        /// they add other numbers of marks, and the shorter's marks start
        /// the longer's (two marks both outside U+0300–U+036E may be the
        /// same); or both add three or more.
        static func mayStartAlike(_ x: UInt32, _ y: UInt32) -> Bool {
            let shorter = Swift.min(x & count, y & count)
            guard x & count != y & count, shorter < 3 else { return shorter == 3 }
            for index in 0..<shorter where x >> (3 + 7 * index) & 0x7F != y >> (3 + 7 * index) & 0x7F {
                return false
            }
            return true
        }
    }

    /// Two keys whose bytes are the same before `index` and differ there:
    /// read on from there, character by character, while both have Latin,
    /// Greek or Cyrillic characters of one weight each
    /// (``Accents/single``) and the same first-level weight; the first two
    /// of different weight decide, and a key that runs out before a
    /// character sorts first. Nil when anything else comes first: a digit,
    /// a mark, a character of another script or of several weights, or, as
    /// the first two characters with other accents, two whose
    /// decompositions may be one the start of the other
    /// (``Accents/mayStartAlike(_:_:)``): Foundation's walk, which reads a
    /// character's marks one by one and stops there, then sets its windows
    /// apart on the two sides.
    ///
    /// With `pastStartsAlike`, two such characters do not stop the walk:
    /// it goes on, and only a difference in first weights after them
    /// decides (see ``startsAlikeCompare(_:_:)``).
    static func accentedCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, at index: Int,
                                pastStartsAlike: Bool = false) -> Int? {
        guard fitsInlineBuffer(a), fitsInlineBuffer(b) else { return nil }
        var i = characterStart(a, containing: index), j = i
        // The character before the difference opens Foundation's window: it must weigh on its own too.
        if i > 0 {
            guard let before = Accents.value(of: scalar(a, at: characterStart(a, containing: i - 1))),
                  before & Accents.single != 0 else { return nil }
        }
        func weighs(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
            guard let value = Accents.value(of: scalar(text, at: index)) else { return false }
            return value & Accents.single != 0
        }
        // Foundation's walk stops at the first difference other than case; from there ICU compares windows.
        var walkStopped = false, startedAlike = false
        while i < a.count && j < b.count {
            let x = scalar(a, at: i), y = scalar(b, at: j)
            guard let accentsX = Accents.value(of: x), let accentsY = Accents.value(of: y),
                  accentsX & accentsY & Accents.single != 0,
                  let rankX = PrimaryOrder.rank(PrimaryOrder.value(of: x)),
                  let rankY = PrimaryOrder.rank(PrimaryOrder.value(of: y)) else { return nil }
            if rankX != rankY { return rankX < rankY ? -1 : 1 }
            if x != y && !walkStopped && accentsX != accentsY {
                if Accents.mayStartAlike(accentsX, accentsY) {
                    guard pastStartsAlike else { return nil }
                    startedAlike = true
                }
                walkStopped = true
            }
            i += scalarLength(a[i])
            j += scalarLength(b[j])
        }
        if startedAlike { return nil }
        if i < a.count { return weighs(a, at: i) ? 1 : nil }
        if j < b.count { return weighs(b, at: j) ? -1 : nil }
        return nil
    }

    /// Two keys that first differ in two letters whose decompositions may
    /// be one the start of the other (`a` and `ấ`, `u` and `ư`,
    /// ``Accents/mayStartAlike(_:_:)``), then in first weights, read as
    /// ``accentedCompare(_:_:at:)`` reads them: the order of those weights.
    ///
    /// Not Foundation's answer for every such pair: it says of some that
    /// each key comes first, which is why the fast comparator leaves them
    /// all to it. But for none of them does Foundation, asked both ways
    /// round, put the key this orders second first: a pair of neighbours in
    /// this order is in order as ``misordered(_:asking:)`` reads
    /// Foundation's answers, without asking (`KeyCollationTests.startsAlike`).
    static func startsAlikeCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        let index = commonPrefixCount(a, b)
        guard index < a.count, index < b.count, a[index] >= 0x80 || b[index] >= 0x80 else { return nil }
        return accentedCompare(a, b, at: index, pastStartsAlike: true)
    }

    /// Two keys equal at ICU's first level, character by character, every
    /// character a Latin one of one weight there (``Accents/single``,
    /// ``isPlainLatin(_:)``; `Cài đặt` and `Cái đặt`, `ấn` and `Ẩn`): the
    /// first two characters of different second-level ranks
    /// (``PrimaryOrder/secondaryRank(of:)``, which ignores case) decide,
    /// whatever the case of the characters before. Nil when anything else
    /// comes, when the keys differ at the first level or in length, when
    /// they differ only in case, for a key over 64 UTF-16 units, and where
    /// the two characters' decompositions may be one the start of the other
    /// (``Accents/mayStartAlike(_:_:)``, `e` and `ệ`), as in
    /// ``accentedCompare(_:_:at:)``: Foundation says of some such pairs that
    /// each key comes first.
    ///
    /// A character's accents weigh at ICU's second level, after every first
    /// weight, and its first second-level weight is the common one, the
    /// lightest, whatever its accents: so comparing the whole keys' second
    /// level comes to comparing, at the first character that differs there,
    /// the two characters alone. Foundation gives that answer for every pair
    /// of such characters of one first weight, alone and between others,
    /// and on 260,000 generated pairs of Vietnamese
    /// (`KeyCollationTests.secondLevel`).
    static func secondaryCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        // Keys equal at the first level, character by character, have as many characters.
        guard fitsInlineBuffer(a), fitsInlineBuffer(b), utf16Count(a) == utf16Count(b) else { return nil }
        let start = characterStart(a, containing: commonPrefixCount(a, b))
        guard start < a.count, start < b.count else { return nil }
        // Most pairs that come here are not for this rule: their first different characters tell at once.
        let firstX = scalar(a, at: start), firstY = scalar(b, at: start)
        guard isPlainLatin(firstX), isPlainLatin(firstY), let accentsX = Accents.value(of: firstX),
              let accentsY = Accents.value(of: firstY), accentsX & accentsY & Accents.single != 0,
              PrimaryOrder.rank(PrimaryOrder.value(of: firstX)) == PrimaryOrder.rank(PrimaryOrder.value(of: firstY)),
              !Accents.mayStartAlike(accentsX, accentsY) else { return nil }
        // The same characters before the first difference: each must weigh one weight of its own.
        var i = 0
        while i < start {
            let x = scalar(a, at: i)
            guard isPlainLatin(x), let accents = Accents.value(of: x), accents & Accents.single != 0,
                  PrimaryOrder.rank(PrimaryOrder.value(of: x)) != nil else { return nil }
            i += scalarLength(a[i])
        }
        var j = i
        var decided: Int?
        while i < a.count && j < b.count {
            let x = scalar(a, at: i), y = scalar(b, at: j)
            i += scalarLength(a[i])
            j += scalarLength(b[j])
            guard isPlainLatin(x), isPlainLatin(y), let accentsX = Accents.value(of: x), let accentsY = Accents.value(of: y),
                  accentsX & accentsY & Accents.single != 0,
                  let rankX = PrimaryOrder.rank(PrimaryOrder.value(of: x)),
                  let rankY = PrimaryOrder.rank(PrimaryOrder.value(of: y)), rankX == rankY else { return nil }
            guard decided == nil, x != y else { continue }
            guard let secondX = PrimaryOrder.secondaryRank(of: x), let secondY = PrimaryOrder.secondaryRank(of: y) else { return nil }
            guard secondX != secondY else { continue }
            // Where one's decomposition starts the other's (`e` and `ệ`), Foundation says of some pairs
            // that each key comes first (see ``accentedCompare(_:_:at:)``): those stay its to settle.
            guard !Accents.mayStartAlike(accentsX, accentsY) else { return nil }
            decided = secondX < secondY ? -1 : 1
        }
        guard i == a.count && j == b.count else { return nil }
        return decided
    }

    /// Whether `scalar` is in the Latin blocks ``secondaryCompare(_:_:)``
    /// reads (U+0020–U+024F, U+1E00–U+1EFF), and not one of the letters
    /// there whose case does not map back and forth (`ſ`, whose upper case
    /// is `S`, `ı`, `İ`, `µ`, `ǰ`, `ẖ`–`ẛ`): Foundation folds their case
    /// itself, and orders `ſ` after `ś`, where ICU's second level puts it
    /// first. `KeyCollationTests.secondLevel` checks that list against the
    /// case mappings of every such character.
    @inline(__always) static func isPlainLatin(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xB5, 0x130, 0x131, 0x17F, 0x1F0, 0x1E96...0x1E9B: return false
        case 0x20...0x24F, 0x1E00...0x1EFF: return true
        default: return false
        }
    }

    /// Whether `text` has at most 64 UTF-16 code units. Foundation reads
    /// its windows through a buffer of 64, and past it answers otherwise for
    /// some pairs: `a` × 57, `г`, `a` × 8 against `a` × 57, `ґ`, `a` × 7
    /// (`г` and `ґ` weigh alike) sorts first, though the same pair with 56 or
    /// 58 `a` before sorts second, as the shorter rest says.
    @inline(__always) package static func fitsInlineBuffer(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count <= 64 || utf16Count(text) <= 64
    }
}
