import XCStringsJSON

/// A place in a text moved forward through it, keeping its line and
/// column: positions of many places, in order, for one pass over the text.
struct TextCursor {
    let text: UnsafeBufferPointer<UInt8>
    /// The byte the cursor is at, and its line and column there.
    private(set) var offset: Int
    package private(set) var position: TextPosition

    /// A cursor at `offset`, said to be at `position`.
    init(_ text: UnsafeBufferPointer<UInt8>, at offset: Int, position: TextPosition) {
        self.text = text
        self.offset = offset
        self.position = position
    }

    /// A cursor at the start of `text`: line 1, column 1, after any byte
    /// order mark (no column of the first line).
    init(startOf text: UnsafeBufferPointer<UInt8>) {
        let hasMark = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF
        self.init(text, at: hasMark ? 3 : 0, position: TextPosition(line: 1, column: 1))
    }

    /// Moves to `target` (clamped to the text) and returns its position; a
    /// target behind the cursor (inside a byte order mark) is where the cursor is.
    mutating func move(to target: Int) -> TextPosition {
        let target = Swift.min(target, text.count)
        guard target > offset else { return position }
        let breaks = lineBreaks(text, offset..<target)
        if breaks > 0 {
            var lineStart = target - 1
            while text[lineStart] != UInt8(ascii: "\n") { lineStart -= 1 }
            position = TextPosition(line: position.line + breaks, column: 1 + scalars(lineStart + 1..<target))
        } else {
            position.column += scalars(offset..<target)
        }
        offset = target
        return position
    }

    /// The Unicode scalars that start in `range` (every byte but UTF-8's continuation bytes).
    private func scalars(_ range: Range<Int>) -> Int {
        var count = 0
        for index in range where text[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

extension Array where Element == Finding {
    /// Sets the lines and columns of the findings, sorted by offset, in
    /// `document`: one walk up to the last of them, counting line breaks.
    mutating func setPositions(in document: JSONDocument) {
        document.bytes.withUnsafeBufferPointer { setPositions(inText: $0) }
    }

    /// ``setPositions(in:)`` in the text `bytes`.
    mutating func setPositions(inText bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.baseAddress != nil else { return }
        var cursor = TextCursor(startOf: bytes)
        for index in indices {
            // Sorted, but a caller may break that: a place behind the cursor is found from the start again.
            if self[index].offset < cursor.offset { cursor = TextCursor(startOf: bytes) }
            self[index].position = cursor.move(to: Swift.max(self[index].offset, 0))
        }
    }
}

/// The line breaks in `range` of `bytes`, counted 32 bytes at a time in
/// vector lanes (a catalog's lines are short: one search per line would
/// cost a call per line).
func lineBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    let newline = SIMD32<UInt8>(repeating: UInt8(ascii: "\n")), zero = SIMD32<UInt8>()
    var count = 0, index = range.lowerBound
    while index + 32 <= range.upperBound {
        // Up to 255 blocks per lane count before it could overflow.
        var lanes = zero
        let blocks = Swift.min((range.upperBound - index) / 32, 255)
        for _ in 0..<blocks {
            // A lane that is a line break is all ones (-1): subtracting it counts one.
            lanes &-= unsafeBitCast(raw.loadUnaligned(fromByteOffset: index, as: SIMD32<UInt8>.self) .== newline, to: SIMD32<UInt8>.self)
            index += 32
        }
        count += Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }
    while index < range.upperBound {
        if bytes[index] == UInt8(ascii: "\n") { count += 1 }
        index += 1
    }
    return count
}

extension TextPosition {
    /// Where `relative`, a position counted from this one as if the text
    /// started here, is in the whole text.
    func moved(by relative: TextPosition) -> TextPosition {
        relative.line == 1
            ? TextPosition(line: line, column: column + relative.column - 1)
            : TextPosition(line: line + relative.line - 1, column: relative.column)
    }
}
