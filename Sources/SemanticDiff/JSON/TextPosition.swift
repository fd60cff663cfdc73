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
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.init(line: line, column: column)
    }

    public init(offset: Int, in bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { TextPosition(offset: offset, in: $0) }
    }

    /// The positions of several offsets in `bytes`, in the order given,
    /// found in one pass over the bytes up to the last of them.
    public static func positions(of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [TextPosition] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var positions = [TextPosition](repeating: TextPosition(line: 1, column: 1), count: offsets.count)
        var line = 1, column = 1, index = 0
        for number in order {
            let end = min(max(offsets[number], 0), bytes.count)
            while index < end {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if bytes[index] & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            positions[number] = TextPosition(line: line, column: column)
        }
        return positions
    }

    public var description: String { "\(line):\(column)" }
}
