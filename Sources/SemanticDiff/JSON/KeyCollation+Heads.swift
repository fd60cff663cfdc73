/// What the first two characters of a key say about its place, worked out
/// once per key before a sort instead of in every comparison.
///
/// Most comparisons of a sort are between keys that differ in their first
/// or second character. Where that character weighs one rank of its own and
/// joins no neighbour on both sides (``rank(_:_:)``), and is outside ASCII on
/// at least one, ``KeyCollation/firstPrimaryCompare(_:_:at:)`` orders the
/// two keys by its rank, after reading it and the character before from the
/// tables. (Two ASCII characters are the walk's own to compare.) A head
/// holds those ranks, so the sort reads two integers instead; every other
/// pair goes to the comparator, which gives the same answer for these
/// (`KeyCollationTests.heads` holds each answer of a head to the comparator's).
extension KeyCollation {
    struct KeyHead {
        /// Bits 0–19: the second character's rank where it decides and the
        /// first has a value in ``PrimaryOrder`` (it is no digit), else 0.
        /// Bits 20–39: the first character's rank where it decides, else 0.
        /// Bits 40–60: the first character. Bit 61: the second is in ASCII.
        /// Bit 62: the second character is a combining mark (U+0300–U+036F).
        private let bits: UInt64

        private static let rankMask: UInt64 = 0xF_FFFF
        private static let secondInASCII: UInt64 = 1 << 61
        private static let marked: UInt64 = 1 << 62

        /// How many keys a sort needs before heads save more than they cost.
        static let worthwhileCount = 32

        /// The first character.
        private var first: UInt64 { bits >> 40 & 0x1F_FFFF }

        /// The head of a key.
        init(_ key: UnsafeBufferPointer<UInt8>) {
            guard !key.isEmpty else {
                bits = 0
                return
            }
            let first = scalar(key, at: 0), firstValue = PrimaryOrder.value(of: first)
            var bits = UInt64(first) << 40 | UInt64(KeyHead.rank(first, firstValue)) << 20
            // ``firstPrimaryCompare(_:_:at:)`` decides at the second character only after a first with a value.
            if firstValue != PrimaryOrder.unknown {
                let next = scalarLength(key[0])
                if next < key.count {
                    let second = scalar(key, at: next)
                    bits |= UInt64(KeyHead.rank(second, PrimaryOrder.value(of: second)))
                    if second < 0x80 { bits |= KeyHead.secondInASCII }
                    if (0x300...0x36F).contains(second) { bits |= KeyHead.marked }
                }
            }
            self.bits = bits
        }

        /// The rank of a character that decides where two keys first differ
        /// in it, against one outside ASCII: a rank of its own, no flag (no
        /// mark, no part of a contraction, not ``PrimaryOrder/composed``); else 0.
        private static func rank(_ scalar: UInt32, _ value: UInt32) -> UInt32 {
            let flags = PrimaryOrder.combining | PrimaryOrder.continues | PrimaryOrder.continued | PrimaryOrder.composed
            guard value != PrimaryOrder.unknown, value & flags == 0 else { return 0 }
            // Every combining mark has the flag; the marks ``markedBase(_:_:_:)`` looks at are kept out whatever the table says.
            guard !(0x300...0x362).contains(scalar) else { return 0 }
            // Ranks go to 577,738 in today's table; one that did not fit in its 20 bits would decide nothing.
            guard UInt64(value >> 4) <= rankMask else { return 0 }
            return value >> 4
        }

        /// The order of two keys from their heads, when they first differ in
        /// their first character, or in their second after the same first,
        /// both differing characters decide with different ranks, and one of
        /// them is outside ASCII; else nil.
        @inline(__always) static func compare(_ a: KeyHead, _ b: KeyHead) -> Int? {
            let rankA = a.bits >> 20 & rankMask, rankB = b.bits >> 20 & rankMask
            if rankA != 0 && rankB != 0 && rankA != rankB && (a.first >= 0x80 || b.first >= 0x80) {
                return rankA < rankB ? -1 : 1
            }
            // The same first character, which may stand before a second that decides.
            guard a.first == b.first, a.bits & b.bits & secondInASCII == 0 else { return nil }
            let secondA = a.bits & rankMask, secondB = b.bits & rankMask
            guard secondA != 0, secondB != 0, secondA != secondB else { return nil }
            return secondA < secondB ? -1 : 1
        }

        /// Whether the key starts with a character outside ASCII, or with a
        /// letter and an accent typed as a mark (Vietnamese typed decomposed;
        /// not an English key with one accent further on).
        var isOutsideASCII: Bool { first >= 0x80 || bits & KeyHead.marked != 0 }

        /// Whether this head can decide anything: a key that starts with two
        /// characters in ASCII cannot, against another.
        var mayDecide: Bool {
            first >= 0x80 || (bits & KeyHead.secondInASCII == 0 && bits & KeyHead.rankMask != 0)
        }
    }
}
