/// Where each line of a text starts, for turning many byte offsets into
/// ``TextPosition``s without rescanning the text for each.
public struct LineIndex: Sendable {
    private let starts: [Int]

    /// The line starts of `bytes`.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var starts = [0]
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
        self.starts = starts
    }

    /// The position of byte `offset` of `bytes` (the text this index was made from).
    public func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for index in starts[low]..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return TextPosition(line: low + 1, column: column)
    }
}
