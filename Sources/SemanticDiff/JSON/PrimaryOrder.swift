/// Keys in other scripts (Cyrillic, Greek, Arabic, Hebrew, Devanagari,
/// Thai, Hangul, kana, emoji and more): where two keys first differ in two
/// characters whose first weights at ICU's first level differ, Foundation
/// orders them by those weights, whatever follows, as long as neither
/// character joins a neighbour into one unit. ``PrimaryOrder/runs`` holds
/// each character's rank among those weights, generated from the ICU inside
/// Foundation; the collation tests hold every answer to Foundation's.
///
/// Hangul syllables, weighed as their letters, are compared letter by letter.
/// A first difference between two characters of equal weight (`е` and `ё`,
/// case) is not decided here: Foundation then answers from a window of
/// text around it that this type does not model.
extension KeyCollation {
    /// The rank table's values: `rank << 4 | flags`; rank 0 for a character
    /// with no rank of its own (it weighs nothing, or it is an ideograph).
    public enum PrimaryOrder {
        /// A mark (a combining class other than 0, a mark's category, or a
        /// decomposition that starts with one).
        public static let combining: UInt32 = 1
        /// A contraction or a context goes on from this character to the next.
        public static let continues: UInt32 = 2
        /// A contraction or a context comes to this character from the one before.
        public static let continued: UInt32 = 4
        /// Its weights are not those of its canonical decomposition (`й`):
        /// its rank is only good for a guess (``guessRank(_:)``).
        public static let composed: UInt32 = 8
        /// A digit, an unassigned code point or one outside the table: every flag set.
        public static let unknown: UInt32 = .max

        /// Whether `scalar` is a combining mark (in the table, not unknown).
        @inline(__always) static func isCombining(_ scalar: UInt32) -> Bool {
            let value = value(of: scalar)
            return value != unknown && value & combining != 0
        }

        /// The value of `scalar`.
        @inline(__always) static func value(of scalar: UInt32) -> UInt32 {
            if scalar < 0x10000 { return CodePointRuns.basicPlaneValue(of: scalar, blocks: basicPlaneBlocks, values: basicPlaneValues) }
            guard let index = CodePointRuns.run(of: scalar, count: runs.count, start: { runs[$0].start }) else { return unknown }
            return value(of: scalar, in: runs[index])
        }

        /// The value of `scalar` in the run it is in.
        @inline(__always)
        package static func value(of scalar: UInt32, in run: (start: UInt32, value: UInt32, step: UInt8)) -> UInt32 {
            run.step == 0 ? run.value : run.value + (scalar - run.start) << 4
        }

        /// The rank of `scalar` among single characters at ICU's first and
        /// second levels (Latin, Greek and Cyrillic), nil outside those.
        static func secondaryRank(of scalar: UInt32) -> UInt32? {
            guard let index = CodePointRuns.run(of: scalar, count: secondaryRuns.count, start: { secondaryRuns[$0].start }) else { return nil }
            let value = value(of: scalar, in: secondaryRuns[index])
            return value == unknown ? nil : value >> 4
        }

        /// The rank of the first part of `scalar`, whose value is `value`:
        /// for a ``composed`` character its decomposition's first
        /// character's (``composedBases``), else its own; nil for none.
        static func baseRank(_ scalar: UInt32, _ value: UInt32) -> UInt32? {
            guard value & composed != 0 else { return value >> 4 == 0 ? nil : value >> 4 }
            guard let index = CodePointRuns.run(of: scalar, count: composedBases.count, start: { composedBases[$0].scalar }),
                  composedBases[index].scalar == scalar, composedBases[index].base != 0 else { return nil }
            return composedBases[index].base
        }

        /// The rank in `value`, nil for none, unknown, or only a guess's.
        @inline(__always) static func rank(_ value: UInt32) -> UInt32? {
            value == unknown || value >> 4 == 0 || value & composed != 0 ? nil : value >> 4
        }

        /// The rank in `value` for a guess, nil for none or unknown.
        @inline(__always) static func guessRank(_ value: UInt32) -> UInt32? {
            value == unknown || value >> 4 == 0 ? nil : value >> 4
        }
    }

    /// Two keys whose first different characters have different ranks in
    /// ``PrimaryOrder``: ordered by them when the character before, and
    /// each one's next, cannot form a unit with them (a contraction, a
    /// context, or combining marks that could be reordered), and the one
    /// before is not a digit. A ``PrimaryOrder/composed`` character (`й`,
    /// `أ`) counts only against a character of another first letter
    /// (``PrimaryOrder/baseRank(_:_:)``). Nil otherwise. The keys' bytes
    /// before `index` are the same, and differ there.
    static func firstPrimaryCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index < a.count, index < b.count else { return nil }
        let index = characterStart(a, containing: index)
        let scalarX = scalar(a, at: index), scalarY = scalar(b, at: index)
        let x = PrimaryOrder.value(of: scalarX), y = PrimaryOrder.value(of: scalarY)
        guard let rankX = PrimaryOrder.guessRank(x), let rankY = PrimaryOrder.guessRank(y) else { return nil }
        if (x | y) & PrimaryOrder.composed != 0 {
            // Foundation's walk reads a composed character as its parts: it stops here, on both sides
            // at once, only if the first parts are different letters; then ICU's own weights decide.
            guard rankX != rankY, let baseX = PrimaryOrder.baseRank(scalarX, x), let baseY = PrimaryOrder.baseRank(scalarY, y),
                  baseX != baseY else { return nil }
        }
        guard let order = rankX != rankY ? (rankX < rankY ? -1 : 1) : syllableCompare(scalarX, scalarY) else { return nil }
        // A combining mark weighs here only after a character it does not join.
        if (x | y) & PrimaryOrder.combining != 0 && index == 0 { return nil }
        if index > 0 {
            let before = PrimaryOrder.value(of: scalar(a, at: characterStart(a, containing: index - 1)))
            guard before != PrimaryOrder.unknown, !mayJoinBefore(a, index, x | y) else { return nil }
            if before & PrimaryOrder.combining != 0 && (x | y) & PrimaryOrder.combining != 0 { return nil }
        }
        guard standsAlone(x, in: a, at: index), standsAlone(y, in: b, at: index) else { return nil }
        return order
    }

    /// Two Hangul syllables with the same first letter: ICU weighs a
    /// syllable as its letters (jamo), so the first letter that differs
    /// decides, when both syllables have one there. Nil otherwise.
    static func syllableCompare(_ x: UInt32, _ y: UInt32) -> Int? {
        guard let lettersX = hangulLetters(x), let lettersY = hangulLetters(y) else { return nil }
        // Nil where the letters are alike or either has none (a syllable without a last letter).
        func letterCompare(_ letterX: UInt32, _ letterY: UInt32) -> Int? {
            guard letterX != letterY, letterX != 0, letterY != 0,
                  let rankX = PrimaryOrder.rank(PrimaryOrder.value(of: letterX)),
                  let rankY = PrimaryOrder.rank(PrimaryOrder.value(of: letterY)), rankX != rankY else { return nil }
            return rankX < rankY ? -1 : 1
        }
        if lettersX.0 != lettersY.0 { return letterCompare(lettersX.0, lettersY.0) }
        if lettersX.1 != lettersY.1 { return letterCompare(lettersX.1, lettersY.1) }
        return letterCompare(lettersX.2, lettersY.2)
    }

    /// Whether a contraction could take a character with `flags` at
    /// `index` of `text` into those before it: a mark, or a contraction's
    /// later part, right after a character a contraction goes on from, or
    /// after marks that follow one (`и`, U+1DCA, U+0306 reads as `й`).
    static func mayJoinBefore(_ text: UnsafeBufferPointer<UInt8>, _ index: Int, _ flags: UInt32) -> Bool {
        guard flags & (PrimaryOrder.continued | PrimaryOrder.combining) != 0 else { return false }
        var end = index
        while end > 0 {
            let start = characterStart(text, containing: end - 1)
            let value = PrimaryOrder.value(of: scalar(text, at: start))
            if value & PrimaryOrder.continues != 0 { return true }
            guard value & PrimaryOrder.combining != 0 else { return false }
            end = start
        }
        return false
    }

    /// Whether the character with `value` at `index` of `text` forms no
    /// unit with the next one.
    @inline(__always)
    private static func standsAlone(_ value: UInt32, in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard value & (PrimaryOrder.continues | PrimaryOrder.combining) != 0 else { return true }
        let next = index + scalarLength(text[index])
        guard next < text.count else { return true }
        let following = PrimaryOrder.value(of: scalar(text, at: next))
        if value & PrimaryOrder.continues != 0 && following & (PrimaryOrder.continued | PrimaryOrder.combining) != 0 { return false }
        return value & PrimaryOrder.combining == 0 || following & PrimaryOrder.combining == 0
    }

    /// The letters (conjoining jamo) of a Hangul syllable, the last 0 when
    /// it has two; nil for any other character.
    @inline(__always) static func hangulLetters(_ scalar: UInt32) -> (UInt32, UInt32, UInt32)? {
        let syllables: ClosedRange<UInt32> = 0xAC00...0xD7A3
        guard syllables.contains(scalar) else { return nil }
        let index = scalar - syllables.lowerBound, trailing = index % 28
        return (0x1100 + index / (21 * 28), 0x1161 + (index % (21 * 28)) / 28, trailing == 0 ? 0 : 0x11A7 + trailing)
    }
}
