/// Sorting keys that the fast comparator leaves undecided in many
/// comparisons by their guesses, worked out once per key, and asking the
/// comparator only about the neighbours the sort makes.
///
/// In a sort of keys of another script, with ``compareOrGuess(_:_:guessed:)``
/// in every comparison, most of the time went into the comparator walking
/// both keys and giving up (precomposed Vietnamese: its letters share their
/// base letter's first weight, so the heads decide few pairs), then into the
/// guess walking them again. Sorted by ``guessCompare(_:_:)`` alone, the keys
/// are then checked neighbour by neighbour, as a sort that guessed always was
/// (``confirm(_:of:asking:mending:)``): the fast comparator's answer where it
/// has one, Foundation's for the rest, in one request.
extension KeyCollation {
    /// How many keys an object needs before sorting by guesses pays: each
    /// key is read once, whole, and the neighbours are compared again.
    static let guessedSortCount = 64

    /// Whether an object's keys, of which `heads` are the heads, are sorted
    /// by their guesses: at least ``guessedSortCount`` of them, and a
    /// quarter or more starting outside ASCII or with a letter and an
    /// accent typed as a mark (``KeyHead/isOutsideASCII``). Keys in English, where the
    /// fast comparator decides nearly every pair itself, and small objects
    /// keep the sort with the comparator.
    static func sortsByGuesses(_ heads: [KeyHead]) -> Bool {
        guard heads.count >= guessedSortCount else { return false }
        var outside = 0
        for head in heads where head.isOutsideASCII { outside += 1 }
        return outside * 4 >= heads.count
    }

    /// Whether the fast comparator leaves a quarter or more of an object's
    /// keys undecided, sampled on 64 pairs (each key of the first half
    /// against the one half the object away): the same words typed with
    /// accents as marks and precomposed (`Café` against `Cafe` U+0301) start
    /// in ASCII, so their heads keep the comparator's sort, but most of its
    /// comparisons would end in the guess. Keys in English with an accent
    /// typed as a mark further on differ before it, and keep the comparator.
    static func undecidedOften(_ count: Int, key: (Int) -> [UInt8]) -> Bool {
        guard count >= guessedSortCount else { return false }
        let half = count / 2, samples = 64
        var undecided = 0
        for sample in 0..<samples {
            let index = sample * half / samples
            let a = key(index), b = key(index + half)
            if a.withUnsafeBufferPointer({ a in b.withUnsafeBufferPointer { b in fastCompare(a, b) } }) == nil { undecided += 1 }
        }
        return undecided * 4 >= samples
    }

    /// The order of `keys` as they come, where they are in order, as a
    /// catalog Xcode or this tool wrote is: no neighbour the fast comparator
    /// puts the other way round, the guess going against at most one
    /// neighbour in sixteen of those it cannot tell (where Foundation's
    /// comparison is no order, a mended sort leaves a few so), then the
    /// undecided neighbours asked at once, and a few Foundation finds out of
    /// order mended (``settle(_:of:asking:mending:)``: a key moved or two
    /// swapped). Nil otherwise. Reading every key's guess to sort them again
    /// cost more (6,000 sorted keys with ligatures: 13 → 16 ms), and could
    /// give another order where Foundation's comparison is no order. Keys
    /// out of order stop the walk before anything is asked.
    static func orderAsGiven(_ keys: [[UInt8]], asking reference: any CollationReference) -> [Int]? {
        var against = 0
        for position in keys.indices.dropFirst() {
            let inOrder: Bool? = keys[position - 1].withUnsafeBufferPointer { a in
                keys[position].withUnsafeBufferPointer { b in
                    if let decided = fastCompare(a, b) { return decided < 0 }
                    return guessCompare(a, b) < 0 ? true : nil
                }
            }
            guard let inOrder else {
                against += 1
                if against * 16 > keys.count { return nil }
                continue
            }
            guard inOrder else { return nil }
        }
        var order = Array(keys.indices)
        return settle(&order, of: keys, asking: reference, mending: true) == .inOrder ? order : nil
    }

    /// The indices of `keys` in ``guessCompare(_:_:)``'s order, equal keys
    /// in theirs: an order for the caller to confirm neighbour by neighbour.
    ///
    /// Each key's weights (``GuessedWeights``) are read once; most pairs
    /// differ there, and those compare as two runs of numbers. The others
    /// go on to ``guessCompareAlike(_:_:from:)``, as in ``guessCompare(_:_:)``.
    static func guessedOrder(of keys: [[UInt8]]) -> [Int] {
        guessedOrder(GuessedRuns(keys), of: keys)
    }

    /// ``guessedOrder(of:)`` from the keys' runs, worked out already.
    static func guessedOrder(_ runs: GuessedRuns, of keys: [[UInt8]]) -> [Int] {
        runs.units.withUnsafeBufferPointer { units in
            var entries = runs.entries
            entries.sort { x, y in
                let firstLevel = GuessedRuns.compare(x, y, in: units)
                if firstLevel != 0 { return firstLevel < 0 }
                let order = keys[Int(x.index)].withUnsafeBufferPointer { a in
                    keys[Int(y.index)].withUnsafeBufferPointer { b in guessCompareAlike(a, b, from: guessStart(a, b)) }
                }
                return order < 0 || (order == 0 && x.index < y.index)
            }
            return entries.map { Int($0.index) }
        }
    }

    /// Every key's ``GuessedWeights``, ended with 0, which no weight is: two
    /// keys' runs compare as the first part of their guess does.
    struct GuessedRuns {
        /// A key's run: its first two numbers (`lead`, 0 after the end), and
        /// where the rest is in ``units``.
        struct Entry {
            var lead: UInt64
            var start: UInt32
            var end: UInt32
            var index: UInt32
        }

        private(set) var units: [UInt32] = []
        /// Each key's, in the keys' order.
        private(set) var entries: [Entry] = []

        /// Key `x`'s weights against key `y`'s: -1, 0 (alike) or 1. As
        /// ``guessFirstLevelCompare(_:_:from:)`` compares them from where two
        /// keys differ (``guessStart(_:_:)``), and alike where it finds none: a
        /// key's weights are its characters' one by one (a number's whole), so
        /// the part before that start weighs alike in both.
        func compare(_ x: Int, _ y: Int) -> Int {
            units.withUnsafeBufferPointer { GuessedRuns.compare(entries[x], entries[y], in: $0) }
        }

        /// Two runs' order, the shorter first where one starts the other.
        @inline(__always)
        static func compare(_ x: Entry, _ y: Entry, in units: UnsafeBufferPointer<UInt32>) -> Int {
            if x.lead != y.lead { return x.lead < y.lead ? -1 : 1 }
            var i = Int(x.start), j = Int(y.start)
            let endX = Int(x.end), endY = Int(y.end)
            while i < endX && j < endY {
                if units[i] != units[j] { return units[i] < units[j] ? -1 : 1 }
                i += 1
                j += 1
            }
            if i < endX || j < endY { return j < endY ? -1 : 1 }
            return 0
        }

        init(_ keys: [[UInt8]]) {
            units.reserveCapacity(keys.count * 8)
            entries.reserveCapacity(keys.count)
            var run: [UInt32] = []
            for (index, key) in keys.enumerated() {
                run.removeAll(keepingCapacity: true)
                key.withUnsafeBufferPointer { key in
                    var weights = GuessedWeights(key, from: 0)
                    while let weight = weights.next() { run.append(weight) }
                }
                run.append(0)
                let lead = UInt64(run[0]) << 32 | UInt64(run.count > 1 ? run[1] : 0)
                let start = units.count
                if run.count > 2 { units += run[2...] }
                entries.append(Entry(lead: lead, start: UInt32(start), end: UInt32(units.count), index: UInt32(index)))
            }
        }
    }

    /// A key's weights at the first level as the guess reads them, from a
    /// character on, each at least 1: a character's rank in
    /// ``PrimaryOrder`` (twice it and 2; those without one weigh nothing and
    /// are skipped), a Hangul syllable's letters, an ideograph's rank after
    /// every rank, a code point the table does not know after those; and a
    /// number of ASCII digits whole, as Foundation compares numbers (the
    /// table leaves digits unknown): one weight between the characters ICU
    /// puts before digits and `a`, then the number's value in 64 bits, 22,
    /// 21 and 21 bits to a weight. Foundation's walk compares numbers by that
    /// value, wrapping past 64 bits (``walkCompare(_:_:)``): read whole, 20
    /// digits and more went against it, and an object of such keys failed its
    /// check and was sorted twice.
    struct GuessedWeights {
        private let text: UnsafeBufferPointer<UInt8>
        private var index: Int
        /// Weights read and not yet given, the next first; 0 for none.
        private var pending: (UInt32, UInt32, UInt32) = (0, 0, 0)

        init(_ text: UnsafeBufferPointer<UInt8>, from index: Int) {
            self.text = text
            self.index = index
        }

        /// Odd, between `a`'s weight and the one below it (every rank's weight is even): ICU puts
        /// numbers right before letters.
        private static let numberWeight = (PrimaryOrder.guessRank(PrimaryOrder.value(of: UInt32(UInt8(ascii: "a")))) ?? 0) * 2 + 1

        mutating func next() -> UInt32? {
            if pending.0 != 0 {
                defer { pending = (pending.1, pending.2, 0) }
                return pending.0
            }
            while index < text.count {
                if text[index] &- UInt8(ascii: "0") < 10 {
                    var value: UInt64 = 0
                    while index < text.count, case let digit = text[index] &- UInt8(ascii: "0"), digit < 10 {
                        value = value &* 10 &+ UInt64(digit)
                        index += 1
                    }
                    pending = (UInt32(value >> 42) + 1, UInt32(value >> 21 & 0x1F_FFFF) + 1, UInt32(value & 0x1F_FFFF) + 1)
                    return GuessedWeights.numberWeight
                }
                if text[index] < 0x80 {
                    let weight = GuessedWeights.asciiWeights[Int(text[index])]
                    index += 1
                    if weight != 0 { return weight }
                    continue
                }
                let value = scalar(text, at: index), entry = PrimaryOrder.value(of: value)
                index += scalarLength(text[index])
                if let letters = hangulLetters(value) {
                    pending = (letterWeight(letters.1), letters.2 == 0 ? 0 : letterWeight(letters.2), 0)
                    return letterWeight(letters.0)
                }
                if let rank = hanRank(value) { return 0x2000_0001 + UInt32(rank) }
                if entry == PrimaryOrder.unknown { return 0x4000_0001 + value }
                if let rank = PrimaryOrder.guessRank(entry) { return rank * 2 + 2 }
            }
            return nil
        }

        /// What the long way below gives each ASCII character but the
        /// digits (read above, as numbers), made once: 0 for one that weighs
        /// nothing. Most characters of most keys are ASCII.
        private static let asciiWeights: [UInt32] = (UInt32(0)..<0x80).map { value in
            let entry = PrimaryOrder.value(of: value)
            if entry == PrimaryOrder.unknown { return 0x4000_0001 + value }
            return PrimaryOrder.guessRank(entry).map { $0 * 2 + 2 } ?? 0
        }

        private func letterWeight(_ letter: UInt32) -> UInt32 {
            (PrimaryOrder.guessRank(PrimaryOrder.value(of: letter)) ?? 0) * 2 + 2
        }
    }

    /// A key's accents as the guess reads them at ICU's second level, from a
    /// character on: for each character not a mark the lightest weight, 0,
    /// then its marks' weights, each a mark's rank in
    /// ``PrimaryOrder/secondaryRank(of:)`` and 1, whether typed as marks or
    /// read from a precomposed Latin, Greek or Cyrillic letter's
    /// decomposition (``Accents``). So `ấ` and `a` with U+0302 and U+0301
    /// read alike, and a key with more accents on a letter sorts after.
    struct GuessedAccents {
        private let text: UnsafeBufferPointer<UInt8>
        private var index: Int
        /// A precomposed letter's marks not yet given (``Accents``' 7-bit numbers), the next in bits 0–6.
        private var pending: UInt32 = 0

        init(_ text: UnsafeBufferPointer<UInt8>, from index: Int) {
            self.text = text
            self.index = index
        }

        mutating func next() -> UInt32? {
            if pending != 0 {
                defer { pending >>= 7 }
                let mark = pending & 0x7F
                // 127 stands for any other mark.
                return mark == 0x7F ? 0x3FFF_0000 : GuessedAccents.weight(ofMark: 0x2FF + mark)
            }
            guard index < text.count else { return nil }
            // No ASCII character is a mark or decomposes (`KeyCollationTests.asciiAccents`).
            if text[index] < 0x80 {
                index += 1
                return 0
            }
            let value = scalar(text, at: index)
            index += scalarLength(text[index])
            if PrimaryOrder.isCombining(value) { return GuessedAccents.weight(ofMark: value) }
            if let accents = Accents.value(of: value) { pending = accents >> 3 & 0x1F_FFFF }
            return 0
        }

        private static func weight(ofMark mark: UInt32) -> UInt32 {
            mark &- 0x300 < 0x70 ? diacriticalWeights[Int(mark - 0x300)] : lookedUpWeight(ofMark: mark)
        }

        private static func lookedUpWeight(ofMark mark: UInt32) -> UInt32 {
            (PrimaryOrder.secondaryRank(of: mark) ?? 0x3FFF_0000 + mark) + 1
        }

        /// The weights of U+0300–U+036F, every precomposed letter's marks
        /// among them, looked up once (a search each was a tenth of a sort
        /// of 20,000 keys typed in two normalizations).
        private static let diacriticalWeights: [UInt32] = (UInt32(0x300)..<0x370).map(lookedUpWeight(ofMark:))
    }
}
