/// How a generated table of runs of code points (each run from its start to
/// the next run's) is read. Sorting keys looks up two or three characters for
/// every comparison, so BMP code points are read from tables of blocks
/// generated from the runs (`BasicPlane+Generated.swift`, in the program's
/// data, with nothing to build at start), and others by binary search.
package enum CodePointRuns {
    /// Code points per block of the BMP tables.
    package static let blockSize = 64

    /// The index of the run `scalar` is in among `count` runs, the run at
    /// index `i` starting at `start(i)` (in increasing order); nil before the first run.
    @inline(__always)
    static func run(of scalar: UInt32, count: Int, start: (Int) -> UInt32) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if start(middle) <= scalar { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// The value of BMP code point `scalar` in a table of blocks: `blocks`
    /// gives each `blockSize` code points' block in `values`.
    @inline(__always)
    static func basicPlaneValue<Value>(of scalar: UInt32, blocks: [UInt16], values: [Value]) -> Value {
        values[Int(blocks[Int(scalar) / blockSize]) * blockSize + Int(scalar) % blockSize]
    }

    /// Every BMP code point's `value(run, code point)`, `outside` before the
    /// first run: one walk over the runs (for the generator of the tables of blocks).
    package static func basicPlane<Value>(starts: [UInt32], outside: Value, _ value: (Int, UInt32) -> Value) -> [Value] {
        var table = [Value](repeating: outside, count: 0x10000)
        for (index, start) in starts.enumerated() where start < 0x10000 {
            let end = Swift.min(index + 1 < starts.count ? starts[index + 1] : 0x10000, 0x10000)
            for code in start..<end { table[Int(code)] = value(index, code) }
        }
        return table
    }

    /// `table` (every BMP code point's value) cut into blocks of `blockSize`,
    /// each different block once: the index of each block's, and the blocks.
    package static func blocks<Value: Hashable>(of table: [Value]) -> (blocks: [UInt16], values: [Value]) {
        var numbers: [ArraySlice<Value>: UInt16] = [:]
        var blocks: [UInt16] = [], values: [Value] = []
        for start in stride(from: 0, to: table.count, by: blockSize) {
            let block = table[start..<start + blockSize]
            if let number = numbers[block] {
                blocks.append(number)
            } else {
                let number = UInt16(numbers.count)
                numbers[block] = number
                blocks.append(number)
                values += block
            }
        }
        return (blocks, values)
    }
}
