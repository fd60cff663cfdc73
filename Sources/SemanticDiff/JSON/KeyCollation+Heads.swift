/// What the first two characters of a key say about its place, worked out
/// once per key before a sort instead of in every comparison.
///
/// Most comparisons of a sort are between keys that differ in their first
/// or second character. Where that character is, on both sides, a letter of
/// another script that weighs one rank of its own and joins no neighbour
/// (``rank(_:_:)``), ``KeyCollation/firstPrimaryCompare(_:_:at:)`` orders
/// the two keys by its rank, after reading it and the character before from
/// the tables. A head
/// holds those ranks, so the sort reads two integers instead; every other
/// pair goes to the comparator, which gives the same answer for these
/// (`KeyCollationTests.heads` holds each answer of a head to the comparator's).
extension KeyCollation {
    struct KeyHead {
        /// Bits 0–19: the second character's rank where it decides and the
        /// first has a value in ``PrimaryOrder`` (it is no digit), else 0.
        /// Bits 20–39: the first character's rank where it decides, else 0.
        /// Bits 40–60: the first character.
        private let bits: UInt64

        private static let rankMask: UInt64 = 0xF_FFFF

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
                }
            }
            self.bits = bits
        }

        /// The rank of a character outside ASCII that decides where two keys
        /// first differ in it: a rank of its own, no flag (no mark, no part of
        /// a contraction, not ``PrimaryOrder/composed``); else 0.
        private static func rank(_ scalar: UInt32, _ value: UInt32) -> UInt32 {
            let flags = PrimaryOrder.combining | PrimaryOrder.continues | PrimaryOrder.continued | PrimaryOrder.composed
            guard scalar >= 0x80, value != PrimaryOrder.unknown, value & flags == 0 else { return 0 }
            // Every combining mark has the flag; the marks ``markedBase(_:_:_:)`` looks at are kept out whatever the table says.
            guard !(0x300...0x362).contains(scalar) else { return 0 }
            return value >> 4
        }

        /// The order of two keys from their heads, when they first differ in
        /// their first character, or in their second after the same first,
        /// and both differing characters decide with different ranks; else nil.
        @inline(__always) static func compare(_ a: KeyHead, _ b: KeyHead) -> Int? {
            let rankA = a.bits >> 20 & rankMask, rankB = b.bits >> 20 & rankMask
            if rankA != 0 && rankB != 0 && rankA != rankB { return rankA < rankB ? -1 : 1 }
            // The same first character, which may stand before a second that decides.
            guard a.bits >> 40 == b.bits >> 40 else { return nil }
            let secondA = a.bits & rankMask, secondB = b.bits & rankMask
            guard secondA != 0, secondB != 0, secondA != secondB else { return nil }
            return secondA < secondB ? -1 : 1
        }

        /// Whether this head can decide anything (a key in ASCII cannot).
        var mayDecide: Bool { bits & (KeyHead.rankMask << 20 | KeyHead.rankMask) != 0 }
    }
}
