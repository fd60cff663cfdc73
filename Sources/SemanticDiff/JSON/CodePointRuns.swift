/// Where a code point falls in a generated table of runs (each run from
/// its start to the next run's): a binary search among the runs that
/// cover the code point's block of 256, usually a few, instead of among all
/// of them. Sorting keys looks up two characters for every comparison.
struct CodePointRuns: Sendable {
    /// Each run's first code point, in increasing order.
    private let starts: [UInt32]
    /// For each block of 256 code points of the BMP, the last run that
    /// starts at or before the block's first code point (0 when none does).
    private let blocks: [UInt16]

    init(starts: [UInt32]) {
        precondition(starts.count < Int(UInt16.max), "too many runs for the block index")
        self.starts = starts
        var blocks = [UInt16](repeating: 0, count: 257)
        var run = 0
        for block in 0..<256 {
            let first = UInt32(block) << 8
            while run + 1 < starts.count && starts[run + 1] <= first { run += 1 }
            blocks[block] = UInt16(run)
        }
        blocks[256] = UInt16(starts.count - 1)
        self.blocks = blocks
    }

    /// The index of the run `scalar` is in, nil before the first run.
    @inline(__always) func run(of scalar: UInt32) -> Int? {
        var low = 0, high = starts.count - 1
        if scalar < 0x10000 {
            let block = Int(scalar >> 8)
            low = Int(blocks[block])
            high = Swift.min(Int(blocks[block + 1]) + 1, starts.count - 1)
        }
        // The last run in low...high that starts at or before `scalar`.
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= scalar { low = middle } else { high = middle - 1 }
        }
        return starts[low] <= scalar ? low : nil
    }
}
