/// A generated table of runs of code points (each run from its start to
/// the next run's), and how it is read: through a table of every BMP code
/// point made at first use (sorting keys looks up two or three characters
/// for every comparison), and by binary search beyond.
struct CodePointRuns: Sendable {
    /// Each run's first code point, in increasing order.
    private let starts: [UInt32]

    init(starts: [UInt32]) { self.starts = starts }

    /// The index of the run `scalar` is in, nil before the first run.
    func run(of scalar: UInt32) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= scalar { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// Every BMP code point's `value(run, code point)`, `outside` before the
    /// first run: one walk over the runs.
    func basicPlane<Value>(outside: Value, _ value: (Int, UInt32) -> Value) -> [Value] {
        var table = [Value](repeating: outside, count: 0x10000)
        for (index, start) in starts.enumerated() where start < 0x10000 {
            let end = Swift.min(index + 1 < starts.count ? starts[index + 1] : 0x10000, 0x10000)
            for code in start..<end { table[Int(code)] = value(index, code) }
        }
        return table
    }
}
