/// Reads JSON text (RFC 8259) into a ``JSONDocument``.
///
/// The reader walks the bytes once, without recursion and without decoding
/// strings: it validates UTF-8 and escapes, records each value's byte range
/// in a flat node array, and notes whether each value is already in Xcode's
/// layout. A UTF-8 byte order mark is skipped; any whitespace and line ends
/// are accepted.
///
/// It accepts exactly what Foundation's `JSONSerialization` accepts, since
/// that is how Xcode reads catalogs: RFC 8259, plus one trailing comma
/// before a `}` or `]`, plus UTF-16 and UTF-32 text; and minus numbers that
/// overflow a `Double`.
public enum JSONReader {
    /// Containers nested deeper than this are rejected (Foundation's limit).
    public static let maximumDepth = 512

    /// Parses `bytes`, throwing the first syntax error with its position.
    /// UTF-16 and UTF-32 text (see ``TextEncoding``) is read in UTF-8.
    public static func read(_ bytes: Bytes) throws(JSONSyntaxError) -> JSONDocument {
        let (encoding, byteOrderMark) = bytes.withUnsafeBufferPointer { TextEncoding.detect($0) }
        guard encoding != .utf8 else { return try readUTF8(bytes, encoding: .utf8) }
        let transcoded = bytes.withUnsafeBufferPointer {
            TextEncoding.transcodeToUTF8($0, from: encoding, byteOrderMark: byteOrderMark)
        }
        switch transcoded {
        case .success(let text):
            return try readUTF8(Bytes(text), encoding: encoding, byteOrderMark: byteOrderMark > 0)
        case .failure(let failure):
            let offset = failure.validUTF8.count
            throw JSONSyntaxError(offset: offset, position: TextPosition(offset: offset, in: failure.validUTF8),
                                  message: "not valid \(encoding.rawValue) text (a lone surrogate or a code point beyond U+10FFFF)")
        }
    }

    /// Parses UTF-8 `bytes` (a UTF-8 byte order mark is skipped).
    static func readUTF8(_ bytes: Bytes, encoding: TextEncoding, byteOrderMark: Bool = false,
                                 secondHalf: (cut: Int, take: () -> JSONSecondHalf?)? = nil) throws(JSONSyntaxError) -> JSONDocument {
        let result: Result<JSONDocument, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer)
            parser.halves.cut = secondHalf?.cut
            parser.halves.take = secondHalf?.take
            do throws(JSONSyntaxError) {
                let parsed = try parser.parseDocument()
                let warnings = parser.warnings
                return .success(JSONDocument(
                    bytes: bytes, nodes: parser.nodes.finish(), warnings: warnings,
                    encoding: encoding,
                    hasByteOrderMark: parsed.hasByteOrderMark || byteOrderMark,
                    endsWithNewline: parsed.endsWithNewline,
                    isInXcodeLayout: parsed.isInXcodeLayout && encoding == .utf8))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")
private let newline = UInt8(ascii: "\n")
private let space = UInt8(ascii: " ")

/// A key that a later key of the same object overrides: where it is, and
/// where the one that wins starts.
struct DuplicateKey {
    var start: Int
    var end: Int
    var winner: Int
}

/// One open container while the parser is inside it.
struct Frame {
    var node: Int
    var isObject: Bool
    var count: UInt32 = 0
    var inXcodeLayout = true
    /// Whether each key read so far has no escape and comes after the one
    /// before it (``Parser/foldedPrecedes(_:_:)``): then no two are the same,
    /// which is told as the keys are read, while their bytes are at hand.
    var keysIncrease = true
    /// The text of the last key read, between its quotes.
    var lastKeyStart = 0
    var lastKeyCount = 0
}

/// The open containers, innermost last, in one fixed allocation.
struct FrameStack: ~Copyable {
    private let base: UnsafeMutablePointer<Frame>
    private(set) var count = 0

    init(capacity: Int) { base = .allocate(capacity: capacity) }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    @inline(__always) package mutating func append(_ frame: Frame) {
        (base + count).initialize(to: frame)
        count &+= 1
    }

    @inline(__always) mutating func removeLast() -> Frame {
        count &-= 1
        return base[count]
    }

    @inline(__always) subscript(index: Int) -> Frame {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }
}

struct Parser: ~Copyable {
    let bytes: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let count: Int
    var index = 0
    var nodes: NodeBuilder
    var stack: FrameStack
    /// Keys a later key of the same object overrides, as found; made
    /// warnings once the whole file is read (``warnings``).
    var duplicates: [DuplicateKey]
    /// The offsets of commas before a `}` or `]`, which Xcode reads and
    /// RFC 8259 does not allow; warnings with the duplicates.
    var trailingCommas: [Int] = []
    /// Reading in two halves (``JSONSecondHalf``).
    var halves: Halves

    /// What a reader knows of the other half of a document read in two.
    struct Halves {
        /// For the first reader: where the second started
        /// (``JSONReader/read(_:cut:secondHalf:)``), and how to wait for
        /// what it read.
        var cut: Int?
        var take: (() -> JSONSecondHalf?)?
        /// The open containers the reader stops at: 0, or 1 for a second
        /// half, which ends where the object it started in ends.
        var floor = 0
        /// For a second half: its object, once its end is read: its members
        /// (of this half), whether they are in Xcode's layout, and where its `}` is.
        var closedObject: (count: UInt32, inXcodeLayout: Bool, end: Int)?
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // An empty buffer may have no base address; parsing it fails at once.
        self.base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.count = bytes.count
        // A value takes at least two bytes, so count / 2 nodes always fit: large files
        // reserve that much (untouched pages cost nothing) and never grow.
        nodes = NodeBuilder(capacity: count >= 1 << 20 ? count / 2 + 16 : count / 16)
        stack = FrameStack(capacity: JSONReader.maximumDepth + 1)
        duplicates = []
        halves = Halves()
    }

    // MARK: Errors

    /// `message` at `offset`, the reader having read to `extent` (see ``JSONSyntaxError/extent``).
    func fail(_ message: String, at offset: Int, readTo extent: Int = 0) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, position: TextPosition(offset: offset, in: bytes), message: message, extent: extent)
    }

    func describeByte(at offset: Int) -> String {
        guard offset < count else { return "end of file" }
        let byte = base[offset]
        switch byte {
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case newline: return "a line break"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    // MARK: Document

    mutating func parseDocument() throws(JSONSyntaxError) -> (hasByteOrderMark: Bool, endsWithNewline: Bool, isInXcodeLayout: Bool) {
        var hasByteOrderMark = false
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            hasByteOrderMark = true
            index = 3
        }
        let leadingStart = index
        skipWhitespace()
        let hadLeadingWhitespace = index != leadingStart
        if index >= count {
            throw fail(count == 0 ? "the file is empty" : "expected a JSON value, found end of file", at: index)
        }
        try parseValues()
        let trailingStart = index
        skipWhitespace()
        if index < count {
            throw fail("unexpected \(describeByte(at: index)) after the end of the JSON value", at: index)
        }
        let trailing = UnsafeBufferPointer(rebasing: bytes[trailingStart..<count])
        let endsWithNewline = trailing.contains(newline)
        let trailingIsXcodes = trailing.isEmpty || (trailing.count == 1 && trailing[0] == newline)
        let rootInXcodeLayout = nodes.base[0].flags.contains(.inXcodeLayout)
        return (hasByteOrderMark, endsWithNewline,
                rootInXcodeLayout && !hasByteOrderMark && !hadLeadingWhitespace && trailingIsXcodes)
    }

    // MARK: Whitespace

    @inline(__always) mutating func skipWhitespace() {
        while index < count {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The number of spaces starting at `position`.
    @inline(__always) func countSpaces(at position: Int) -> Int {
        var end = position
        while end &+ 8 <= count {
            let other = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
            if other != 0 {
                return end &- position &+ UInt64(littleEndian: other).trailingZeroBitCount >> 3
            }
            end &+= 8
        }
        while end < count, base[end] == space { end &+= 1 }
        return end &- position
    }

    /// Skips whitespace; true when it was exactly a line break followed by
    /// `indent` spaces, as Xcode writes between members.
    @inline(__always) mutating func skipLineBreak(indent: Int) -> Bool {
        guard index < count, base[index] == newline else {
            skipWhitespace()
            return false
        }
        let spaces = countSpaces(at: index &+ 1)
        index &+= 1 &+ spaces
        if index < count {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09:
                skipWhitespace()
                return false
            default: break
            }
        }
        return spaces == indent
    }

    /// Skips whitespace; true when there was none.
    @inline(__always) mutating func skipNothing() -> Bool {
        guard index < count else { return true }
        switch base[index] {
        case 0x20, 0x0A, 0x0D, 0x09:
            skipWhitespace()
            return false
        default:
            return true
        }
    }

    /// Skips whitespace; true when it was exactly one space.
    @inline(__always) mutating func skipOneSpace() -> Bool {
        guard index < count, base[index] == space else { return skipNothing() && false }
        index += 1
        return skipNothing()
    }

    // MARK: Values

    /// Parses the root value and everything inside it, iteratively.
    mutating func parseValues() throws(JSONSyntaxError) {
        parseValue: while true {
            // `index` is at the first byte of a value.
            guard index < count else { throw fail("expected a value, found end of file", at: index) }
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                if stack.count >= JSONReader.maximumDepth {
                    throw fail("containers are nested more than \(JSONReader.maximumDepth) deep", at: index)
                }
                let depth = stack.count
                let node = nodes.count
                nodes.append(JSONNode(start: UInt32(truncatingIfNeeded: index), end: 0, next: 0, count: 0,
                                      kind: isObject ? .object : .array, flags: []))
                stack.append(Frame(node: node, isObject: isObject))
                index += 1
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                // Empty container: Xcode writes a blank line and the closing indent.
                if index < count, base[index] == newline, index + 1 < count, base[index + 1] == newline {
                    let save = index
                    index += 1
                    let inLayout = skipLineBreak(indent: depth * 2)
                    if index < count, base[index] == close {
                        stack[stack.count - 1].inXcodeLayout = inLayout
                        try closeContainer()
                        break // to what follows a value
                    }
                    index = save
                }
                let firstIsXcodes = skipLineBreak(indent: (depth + 1) * 2)
                if index < count, base[index] == close {
                    stack[stack.count - 1].inXcodeLayout = false
                    try closeContainer()
                    break // to what follows a value
                }
                stack[stack.count - 1].inXcodeLayout = firstIsXcodes
                if isObject {
                    try parseKeyAndColon()
                }
                continue parseValue

            case quote:
                let start = index
                let flags = try scanString()
                appendScalar(.string, start: start, flags: flags)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                let flags = try scanNumber()
                appendScalar(.number, start: start, flags: flags)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                appendScalar(.true, start: index - 4, flags: .inXcodeLayout)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                appendScalar(.false, start: index - 5, flags: .inXcodeLayout)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                appendScalar(.null, start: index - 4, flags: .inXcodeLayout)
            default:
                throw fail("expected a value, found \(describeByte(at: index))", at: index)
            }

            // After a value: a separator, the end of the container, or the end of the document.
            while true {
                guard stack.count > halves.floor else { return }
                let depth = stack.count - 1
                let isObject = stack[depth].isObject
                let runStart = index
                // A line break and then exactly this many spaces: Xcode's indent before a closing bracket.
                var closingIndent = -1
                if index < count && base[index] == newline {
                    let spaces = countSpaces(at: index &+ 1)
                    index &+= 1 &+ spaces
                    closingIndent = spaces
                }
                let indentEnd = index
                skipWhitespace()
                guard index < count else {
                    throw fail("expected ',' or '\(isObject ? "}" : "]")', found end of file", at: index)
                }
                let byte = base[index]
                if byte == UInt8(ascii: ",") {
                    let commaOffset = index
                    let commaFollowsValue = index == runStart
                    index += 1
                    let breakIsXcodes = skipLineBreak(indent: (depth + 1) * 2)
                    if !(commaFollowsValue && breakIsXcodes) { stack[depth].inXcodeLayout = false }
                    // A trailing comma: Foundation (and so Xcode) accepts one before the end.
                    if index < count && base[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        stack[depth].inXcodeLayout = false
                        trailingCommas.append(commaOffset)
                        try closeContainer()
                        continue
                    }
                    if isObject {
                        // At the cut, in the state the second reader assumed: its members are taken as read.
                        if depth == 1, index == halves.cut, try spliceSecondHalf() { continue }
                        try parseKeyAndColon()
                    }
                    continue parseValue
                }
                if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    // Xcode writes a line break and the container's own indent before the end, and nothing else.
                    if closingIndent != depth &* 2 || index != indentEnd {
                        stack[depth].inXcodeLayout = false
                    }
                    try closeContainer()
                    continue
                }
                let expected = isObject ? "',' or '}' after a member" : "',' or ']' after an element"
                throw fail("expected \(expected), found \(describeByte(at: index))", at: index)
            }
        }
    }

    @inline(__always) mutating func appendScalar(_ kind: JSONKind, start: Int, flags: JSONNode.Flags) {
        let node = nodes.count
        nodes.append(JSONNode(start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: index),
                              next: UInt32(truncatingIfNeeded: node + 1), count: 0, kind: kind, flags: flags))
        if !stack.isEmpty {
            let top = stack.count - 1
            stack[top].count &+= 1
            if !flags.contains(.inXcodeLayout) { stack[top].inXcodeLayout = false }
        }
    }

    /// Reads `"key"`, the colon after it, and the whitespace before the value.
    @inline(__always) mutating func parseKeyAndColon() throws(JSONSyntaxError) {
        guard index < count, base[index] == quote else {
            throw fail("expected a key in quotes, found \(describeByte(at: index))", at: index)
        }
        let start = index
        let flags = try scanString()
        nodes.append(JSONNode(start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: index),
                              next: UInt32(truncatingIfNeeded: nodes.count + 1), count: 0, kind: .string, flags: flags))
        let top = stack.count - 1
        if stack[top].keysIncrease {
            let key = UnsafeBufferPointer(start: base + (start &+ 1), count: index &- start &- 2)
            if flags.contains(.escaped) || (stack[top].count > 0
                && !Parser.foldedPrecedes(UnsafeBufferPointer(start: base + stack[top].lastKeyStart, count: stack[top].lastKeyCount), key)) {
                stack[top].keysIncrease = false
            } else {
                stack[top].lastKeyStart = start &+ 1
                stack[top].lastKeyCount = key.count
            }
        }
        var inLayout = flags.contains(.inXcodeLayout)
        inLayout = skipOneSpace() && inLayout
        guard index < count, base[index] == UInt8(ascii: ":") else {
            throw fail("expected ':' after the key, found \(describeByte(at: index))", at: index)
        }
        index += 1
        inLayout = skipOneSpace() && inLayout
        if !inLayout { stack[top].inXcodeLayout = false }
    }

    mutating func closeContainer() throws(JSONSyntaxError) {
        let frame = stack.removeLast()
        if halves.floor > 0 && stack.count == halves.floor {
            // The end of a second half's object: its node is the first reader's to finish.
            halves.closedObject = (frame.count, frame.inXcodeLayout, index)
            index += 1
            return
        }
        index += 1
        var flags: JSONNode.Flags = []
        if frame.isObject, frame.count > 1, !frame.keysIncrease, markDuplicateKeys(of: frame.node, memberCount: Int(frame.count)) {
            flags.insert(.hasDuplicates)
        }
        if frame.inXcodeLayout && !flags.contains(.hasDuplicates) { flags.insert(.inXcodeLayout) }
        nodes.base[frame.node].end = UInt32(truncatingIfNeeded: index)
        nodes.base[frame.node].next = UInt32(truncatingIfNeeded: nodes.count)
        nodes.base[frame.node].count = frame.count
        nodes.base[frame.node].flags = flags
        if !stack.isEmpty {
            let top = stack.count - 1
            stack[top].count &+= 1
            if !flags.contains(.inXcodeLayout) { stack[top].inXcodeLayout = false }
        }
    }

    // MARK: Two halves

    /// Reads, as a second half, the members of an object at depth 2 from
    /// the key at `cut` to the object's end (see ``JSONReader/readSecondHalf(_:from:)``).
    mutating func parseMembers(from cut: Int) throws(JSONSyntaxError) -> (count: UInt32, inXcodeLayout: Bool, end: Int)? {
        index = cut
        halves.floor = 1
        // The root and the object the cut is in, as the first reader has them open there; their
        // nodes are the first reader's, and this reader never closes them.
        stack.append(Frame(node: 0, isObject: true))
        stack.append(Frame(node: 0, isObject: true))
        try parseKeyAndColon()
        try parseValues()
        return halves.closedObject
    }

    /// Takes the second half's nodes, warnings and counts in place of the
    /// members from the cut on, and closes their object; false (and the
    /// reader goes on alone) when the second reader failed.
    mutating func spliceSecondHalf() throws(JSONSyntaxError) -> Bool {
        guard let take = halves.take else { return false }
        halves = Halves()
        guard let half = take() else { return false }
        let shift = nodes.count
        half.nodes.withUnsafeBufferPointer { nodes.append($0, shiftingNextBy: shift) }
        duplicates += half.duplicates
        trailingCommas += half.trailingCommas
        stack[1].count &+= half.memberCount
        // Keys either side of the cut were never compared: the object's keys are checked whole when it closes.
        stack[1].keysIncrease = false
        if !half.inXcodeLayout { stack[1].inXcodeLayout = false }
        index = half.end
        try closeContainer()
        return true
    }

    // MARK: Duplicate keys

    /// Marks keys that a later key of the same object overrides; true if any.
    mutating func markDuplicateKeys(of object: Int, memberCount: Int) -> Bool {
        let cursor = raw.cursor
        // Most objects (a localization's languages, a unit's state and value, plural
        // categories) hold keys already in byte order: then no two are the same.
        if keysStrictlyIncrease(cursor, object: object, memberCount: memberCount) { return false }
        var found = false
        if memberCount <= 8 {
            // Pairwise, newest first, without allocating: most objects hold one to three keys.
            for (laterPosition, later) in cursor.members(from: object + 1, count: memberCount, includingShadowed: true).enumerated() {
                for earlier in cursor.members(from: object + 1, count: laterPosition, includingShadowed: false)
                where keysEqual(earlier.key, later.key) {
                    shadow(earlier.key, by: later.key)
                    found = true
                }
            }
            return found
        }
        var keys: [Int] = []
        keys.reserveCapacity(memberCount)
        for member in cursor.members(from: object + 1, count: memberCount, includingShadowed: true) { keys.append(member.key) }
        var seen = KeyIndex(capacity: memberCount)
        for position in stride(from: memberCount - 1, through: 0, by: -1) {
            let candidate = keys[position]
            let hash = keyHash(candidate)
            if let later = seen.first(hash: hash, where: { keysEqual($0, candidate) }) {
                shadow(candidate, by: later)
                found = true
            } else {
                seen.insert(candidate, hash: hash)
            }
        }
        return found
    }

    /// Whether `a` comes before `b` byte by byte with ASCII letters taken as
    /// lower case (so that languages in Xcode's order, `zh-Hans`, `zh-Hant`,
    /// `zh-HK`, are in it): keys in this order are all different.
    @inline(__always) static func foldedPrecedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        @inline(__always) func folded(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
        for index in 0..<min(a.count, b.count) {
            let x = folded(a[index]), y = folded(b[index])
            if x != y { return x < y }
        }
        return a.count < b.count
    }

    /// Whether no key of the object is spelled with an escape and each one
    /// comes after the previous one (``foldedPrecedes(_:_:)``): then no two
    /// keys are the same.
    func keysStrictlyIncrease(_ cursor: JSONCursor<UnsafeBufferPointer<JSONNode>>, object: Int, memberCount: Int) -> Bool {
        var previous: UnsafeBufferPointer<UInt8>?
        for member in cursor.members(from: object + 1, count: memberCount, includingShadowed: true) {
            let node = nodes.base[member.key]
            if node.flags.contains(.escaped) { return false }
            // The key's text, between its quotes.
            let key = UnsafeBufferPointer(start: base + Int(node.start) + 1, count: Int(node.end) - Int(node.start) - 2)
            if let previous, !Parser.foldedPrecedes(previous, key) { return false }
            previous = key
        }
        return true
    }

    mutating func shadow(_ key: Int, by later: Int) {
        nodes.base[key].flags.insert(.shadowed)
        duplicates.append(DuplicateKey(start: Int(nodes.base[key].start), end: Int(nodes.base[key].end),
                                       winner: Int(nodes.base[later].start)))
    }

    /// The duplicate keys as warnings, in the order they were found, their
    /// places found in one pass over the file (a file with thousands of
    /// duplicates costs one pass, not one per duplicate).
    var warnings: [JSONWarning] {
        guard !duplicates.isEmpty || !trailingCommas.isEmpty else { return [] }
        let places = TextPosition.positions(of: duplicates.flatMap { [$0.start, $0.winner] } + trailingCommas, in: bytes)
        var warnings = duplicates.enumerated().map { number, duplicate in
            // The key as the file spells it, quotes and escapes included: it never breaks the message's line.
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[duplicate.start..<duplicate.end]), as: UTF8.self)
            return JSONWarning(offset: duplicate.start, position: places[2 * number],
                               message: "duplicate key \(name); the one at \(places[2 * number + 1]) wins")
        }
        for (number, offset) in trailingCommas.enumerated() {
            let closing = bytes[(offset + 1)...].first { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") } ?? UInt8(ascii: "}")
            warnings.append(JSONWarning(.trailingComma, offset: offset, position: places[2 * duplicates.count + number],
                                        message: "a comma before '\(Character(UnicodeScalar(closing)))', which Xcode reads but JSON does not allow (python's json, jq and translation platforms refuse the file)"))
        }
        return warnings.sorted { $0.offset < $1.offset }
    }

    /// The nodes read so far, with the bytes, as the writers see a document.
    var raw: RawDocument { RawDocument(nodes: UnsafeBufferPointer(start: nodes.base, count: nodes.count), bytes: bytes) }

    func keysEqual(_ a: Int, _ b: Int) -> Bool { RawDocument.keysEqual(raw, a, raw, b) }

    func keyHash(_ key: Int) -> UInt64 { raw.keyHash(key) }

    // MARK: Literals and numbers

    mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        let text = word.utf8Start
        for offset in 0..<length where index + offset >= count || base[index + offset] != text[offset] {
            throw fail("expected '\(word)', found \(describeByte(at: index + offset))", at: index + offset)
        }
        index += length
    }

    /// Scans a number; in Xcode's layout when Foundation would write it back the same.
    mutating func scanNumber() throws(JSONSyntaxError) -> JSONNode.Flags {
        let start = index
        var negative = false
        if base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < count, base[index] &- UInt8(ascii: "0") < 10 else {
            throw fail("expected a digit after '-', found \(describeByte(at: index))", at: index)
        }
        let digitsStart = index
        if base[index] == UInt8(ascii: "0") {
            index += 1
            if index < count, base[index] &- UInt8(ascii: "0") < 10 {
                throw fail("a number cannot start with 0 followed by digits", at: index)
            }
        } else {
            while index < count, base[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        }
        let integerDigits = index - digitsStart
        var fractional = false
        if index < count, base[index] == UInt8(ascii: ".") {
            fractional = true
            index += 1
            guard index < count, base[index] &- UInt8(ascii: "0") < 10 else {
                throw fail("expected a digit after '.', found \(describeByte(at: index))", at: index)
            }
            while index < count, base[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        }
        let hasExponent = index < count && base[index] | 0x20 == UInt8(ascii: "e")
        if hasExponent {
            fractional = true
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count, base[index] &- UInt8(ascii: "0") < 10 else {
                throw fail("expected a digit in the exponent, found \(describeByte(at: index))", at: index)
            }
            while index < count, base[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        }
        // Foundation refuses a number that overflows a Double (1e999), so Xcode cannot read the file.
        if hasExponent || integerDigits > 308,
           let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)),
           !value.isFinite {
            throw fail("the number is too large for Foundation (and so Xcode) to read", at: start, readTo: index)
        }
        // A fraction or an exponent is in Xcode's layout only when Foundation writes it back digit for digit (-777777777.69 is).
        if fractional {
            return JSONNumber.isWrittenBackAsIs(UnsafeBufferPointer(rebasing: bytes[start..<index])) ? [.fractional, .inXcodeLayout] : .fractional
        }
        // Integers Foundation reads as Int64 / UInt64 come back digit for digit, but -0 comes back as 0.
        if negative && integerDigits == 1 && base[digitsStart] == UInt8(ascii: "0") { return [] }
        if integerDigits <= 18 { return .inXcodeLayout }
        return JSONNumber.isWrittenBackAsIs(UnsafeBufferPointer(rebasing: bytes[start..<index])) ? .inXcodeLayout : []
    }

    // MARK: Strings

    /// Scans a string starting at its opening quote and leaves `index` after
    /// the closing one. Validates UTF-8, escapes and surrogate pairs.
    @inline(__always) mutating func scanString() throws(JSONSyntaxError) -> JSONNode.Flags {
        var position = index + 1
        var flags: JSONNode.Flags = .inXcodeLayout
        let limit = count
        while true {
            // Eight bytes at a time while none needs attention; then straight to the first that does.
            while position &+ 8 <= limit {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let quotes = word ^ 0x2222_2222_2222_2222
                let slashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let attention = (((quotes &- 0x0101_0101_0101_0101) & ~quotes)
                    | ((slashes &- 0x0101_0101_0101_0101) & ~slashes)
                    | ((word &- 0x2020_2020_2020_2020) & ~word)
                    | word) & 0x8080_8080_8080_8080
                if attention != 0 {
                    // The lowest flagged byte is exact (a borrow only flags bytes above it): a quote, a
                    // backslash, a control character or a byte of a multi-byte character.
                    position &+= UInt64(littleEndian: attention).trailingZeroBitCount &>> 3
                    break
                }
                position &+= 8
            }
            guard position < limit else {
                throw fail("unterminated string: no closing '\"' before the end of the file", at: index, readTo: count)
            }
            let byte = base[position]
            if byte == quote {
                index = position + 1
                return flags
            } else if byte == backslash {
                flags.insert(.escaped)
                position = try scanEscape(at: position, flags: &flags)
            } else if byte < 0x20 {
                throw fail("control character U+\(hex4(UInt32(byte))) must be escaped in a string", at: position)
            } else if byte >= 0x80 {
                flags.insert(.nonASCII)
                position = try scanUTF8(at: position)
                position = threeByteRun(from: position, limit: limit)
            } else {
                position &+= 1
            }
        }
    }

    /// The offset after the characters of three bytes that start at
    /// `position`, up to the first that is not one (or not certainly
    /// valid by these checks): Chinese, Japanese and Korean text is runs of
    /// them, each read here in a few instructions rather than through the
    /// word scan and ``scanUTF8(at:)``. A lead of E1–EC or EE–EF takes any
    /// two continuation bytes; E0 and ED, which restrict the second byte,
    /// are left to ``scanUTF8(at:)``.
    @inline(__always) func threeByteRun(from start: Int, limit: Int) -> Int {
        var position = start
        while position &+ 3 <= limit {
            let lead = base[position], second = base[position &+ 1], third = base[position &+ 2]
            guard lead &- 0xE1 <= 0xEF - 0xE1, lead != 0xED, second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { break }
            position &+= 3
        }
        return position
    }

    /// Validates one UTF-8 sequence at `position`; returns the offset after it.
    @inline(__always) func scanUTF8(at position: Int) throws(JSONSyntaxError) -> Int {
        let lead = base[position]
        @inline(__always) func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            position + offset < count && base[position + offset] >= low && base[position + offset] <= high
        }
        switch lead {
        case 0xC2...0xDF:
            if continuation(1) { return position + 2 }
        case 0xE0:
            if continuation(1, 0xA0), continuation(2) { return position + 3 }
        case 0xE1...0xEC, 0xEE, 0xEF:
            if continuation(1), continuation(2) { return position + 3 }
        case 0xED:
            if continuation(1, 0x80, 0x9F), continuation(2) { return position + 3 }
        case 0xF0:
            if continuation(1, 0x90), continuation(2), continuation(3) { return position + 4 }
        case 0xF1...0xF3:
            if continuation(1), continuation(2), continuation(3) { return position + 4 }
        case 0xF4:
            if continuation(1, 0x80, 0x8F), continuation(2), continuation(3) { return position + 4 }
        default:
            break
        }
        throw fail("invalid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)))", at: position)
    }

    /// Validates the escape at `position` (a backslash); returns the offset after it.
    mutating func scanEscape(at position: Int, flags: inout JSONNode.Flags) throws(JSONSyntaxError) -> Int {
        guard position + 1 < count else {
            throw fail("unterminated string: no closing '\"' before the end of the file", at: index, readTo: count)
        }
        switch base[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"),
             UInt8(ascii: "r"), UInt8(ascii: "b"), UInt8(ascii: "f"):
            return position + 2
        case UInt8(ascii: "/"):
            flags.remove(.inXcodeLayout)
            return position + 2
        case UInt8(ascii: "u"):
            let (unit, lowercase) = try hexUnit(at: position + 2, escapeAt: position)
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 7 < count, base[position + 6] == backslash, base[position + 7] == UInt8(ascii: "u")
                else {
                    throw fail("lone surrogate \\u\(hex4(unit)): a high surrogate must be followed by a low one", at: position)
                }
                let (low, _) = try hexUnit(at: position + 8, escapeAt: position + 6)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("lone surrogate \\u\(hex4(unit)): a high surrogate must be followed by a low one", at: position)
                }
                flags.remove(.inXcodeLayout)
                flags.insert(.nonASCII)
                return position + 12
            case 0xDC00...0xDFFF:
                throw fail("lone surrogate \\u\(hex4(unit)): a low surrogate without a high one", at: position)
            default:
                // Foundation writes \u only for control characters without a short form, in lowercase.
                let hasShortForm = unit == 0x08 || unit == 0x09 || unit == 0x0A || unit == 0x0C || unit == 0x0D
                if unit >= 0x20 || hasShortForm || !lowercase { flags.remove(.inXcodeLayout) }
                if unit >= 0x80 { flags.insert(.nonASCII) }
                return position + 6
            }
        default:
            throw fail("invalid escape '\\\(describeEscape(at: position + 1))' in a string", at: position)
        }
    }

    func describeEscape(at offset: Int) -> String {
        let byte = base[offset]
        return (0x21...0x7E).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "x\(String(byte, radix: 16))"
    }

    /// Reads four hex digits at `offset`; also whether no digit is an uppercase letter.
    func hexUnit(at offset: Int, escapeAt: Int) throws(JSONSyntaxError) -> (UInt32, Bool) {
        var value: UInt32 = 0
        var lowercase = true
        for position in offset..<(offset + 4) {
            guard position < count else {
                throw fail("unterminated \\u escape: expected four hex digits", at: escapeAt)
            }
            let byte = base[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                digit = byte - UInt8(ascii: "A") + 10
                lowercase = false
            default:
                throw fail("invalid \\u escape: expected four hex digits, found \(describeByte(at: position))", at: position)
            }
            value = value << 4 | UInt32(digit)
        }
        return (value, lowercase)
    }
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// FNV-1a over bytes: a simple, well-spread hash for short texts.
@inline(__always) package func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 // the offset basis
    for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
}

/// A hash of a key's text read eight bytes at a time (a quarter of
/// FNV-1a's instructions on a catalog's keys), every bit of the result
/// depending on every byte: what ``KeyIndex`` finds large objects' members by.
@inline(__always) func keyTextHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    @inline(__always) func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let product = (hash ^ word) &* 0x9FB2_1C65_1E98_DF25
        return product ^ (product >> 32)
    }
    var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: bytes.count)
    if let base = UnsafeRawPointer(bytes.baseAddress) {
        let count = bytes.count
        var offset = 0
        while offset + 8 <= count {
            hash = mix(hash, base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {
            // The last one to seven bytes: the last eight, overlapping, when the key has that many.
            var tail: UInt64 = 0
            if count >= 8 {
                tail = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                for index in 0..<count { tail |= UInt64(bytes[index]) << (8 * UInt64(index)) }
            }
            hash = mix(hash, tail)
        }
    }
    // The high bits into the low ones, which pick a slot (MurmurHash3's finalizer).
    hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    hash = (hash ^ (hash >> 33)) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 33)
}
