/// Han ideographs among keys: ICU's root collation gives each ideograph of
/// CJK Unified Ideographs and Extension A a first-level weight of its own,
/// in radical and stroke order (``hanRuns``, generated from Foundation), and
/// none of them forms a unit with a neighbour. So where two keys first
/// differ in two such ideographs, after the same characters, their order
/// decides: Chinese and Japanese keys need no helper.
extension KeyCollation {
    /// CJK Unified Ideographs.
    public static let hanUnified: ClosedRange<UInt32> = 0x4E00...0x9FFF
    /// CJK Unified Ideographs Extension A.
    public static let hanExtensionA: ClosedRange<UInt32> = 0x3400...0x4DBF

    /// The first code point of the rank table.
    private static let hanFirst: UInt32 = 0x3400

    /// Each ideograph's position in Foundation's order, by code point from
    /// ``hanFirst``; `UInt16.max` for code points that are not in the table.
    /// Filled in place, run by run: made the first time Chinese or Japanese
    /// keys are compared, it was 7 % of such a merge (c0380, 68 KB) filled
    /// element by element.
    private static let hanRanks: [UInt16] = {
        let count = Int(hanUnified.upperBound - hanFirst) + 1
        var rank: UInt16 = 0
        return [UInt16](unsafeUninitializedCapacity: count) { ranks, initialized in
            ranks.initialize(repeating: .max)
            for run in hanRuns {
                let start = Int(run.start &- hanFirst), end = start + Int(run.count)
                precondition(start >= 0 && end <= count, "a run of the Han table lies outside it")
                for index in start..<end {
                    ranks[index] = rank
                    rank &+= 1
                }
            }
            initialized = count
        }
    }()

    /// The position of `scalar` in Foundation's order of the ideographs,
    /// nil when it is not one of the table's.
    @inline(__always) static func hanRank(_ scalar: UInt32) -> UInt16? {
        guard scalar &- hanFirst <= hanUnified.upperBound - hanFirst else { return nil }
        let rank = hanRanks[Int(scalar - hanFirst)]
        return rank == .max ? nil : rank
    }
}
