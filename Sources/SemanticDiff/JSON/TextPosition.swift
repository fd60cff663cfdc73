/// A place in a text file as an editor shows it: 1-based line and column,
/// columns counted in Unicode scalars.
public struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of byte `offset` in `bytes`.
    public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        self = TextPosition.positions(of: [offset], in: bytes)[0]
    }

    public init(offset: Int, in bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { TextPosition(offset: offset, in: $0) }
    }

    /// The positions of several offsets in `bytes`, in the order given,
    /// found in one pass over the bytes up to the last of them: lines
    /// counted eight bytes at a time, and columns from each offset's own
    /// line start (an error at the end of a 100 KB catalog was a tenth of
    /// the merge that reported it, a byte at a time).
    public static func positions(of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [TextPosition] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var positions = [TextPosition](repeating: TextPosition(line: 1, column: 1), count: offsets.count)
        var line = 1, column = 1, index = 0
        for number in order {
            let end = min(max(offsets[number], 0), bytes.count)
            var lineStart = end
            while lineStart > index && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            if lineStart > index {
                line += newlines(in: bytes, from: index, to: lineStart)
                column = 1
            }
            column += scalarStarts(in: bytes, from: lineStart, to: end)
            index = end
            positions[number] = TextPosition(line: line, column: column)
        }
        return positions
    }

    /// How many bytes of `bytes[start..<end]` are `\n`, eight at a time.
    static func newlines(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        var count = 0, index = start
        while index &+ 8 <= end {
            // A byte of `word` is zero where the text has a newline; `zeros` has the high bit of each such byte, and no other bit.
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ newlines
            let zeros = ~(((word & lows) &+ lows) | word | lows)
            count &+= zeros.nonzeroBitCount
            index &+= 8
        }
        while index < end {
            if base[index] == UInt8(ascii: "\n") { count &+= 1 }
            index &+= 1
        }
        return count
    }

    /// How many Unicode scalars start in `bytes[start..<end]` (UTF-8 bytes that are not continuations).
    static func scalarStarts(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        for index in start..<max(start, end) where bytes[index] & 0xC0 != 0x80 { count &+= 1 }
        return count
    }

    public var description: String { "\(line):\(column)" }
}
