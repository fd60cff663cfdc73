/// A large document read by two threads at once: the second reads the
/// members of the catalog's `strings` object from a cut in the middle of
/// the file to the object's end, while the first reads from the start.
///
///     {                                   first reader: from here…
///       "sourceLanguage" : "en",
///       "strings" : {
///         "Cancel" : { … },
///         "Delete" : { … },               …to the cut, where it takes the
///         "Done" : { … },    <- the cut    second half's nodes, moved by
///         "Edit" : { … }                   its own count, and closes the
///       },                                 object with both halves' members
///       "version" : "1.0"                  (duplicate keys marked across
///     }                                    them), then reads on.
///
/// The cut is the start of a key after a comma, a line break and four
/// spaces: in JSON a line break is never inside a string, and Xcode indents
/// a member of an object inside the root object by four. That is only a
/// guess about the state there; the first reader checks it, arriving at the
/// cut: inside two objects, about to read a key. Then everything the second
/// reader did from the cut is what the first would have done (the reader
/// carries nothing else from one member to the next), and its nodes are
/// taken as they are. Anywhere else (another depth, another layout), or when
/// the second reader stopped at an error, the first reads on alone, and
/// reports any error as it always does.
public final class JSONSecondHalf: Sendable {
    let nodes: JSONNodes
    /// The members read, in the object the cut is in.
    let memberCount: UInt32
    /// Whether they are in Xcode's layout, up to and with the object's `}`.
    let inXcodeLayout: Bool
    /// Where the object's `}` is.
    let end: Int
    /// Its duplicate keys (offsets in the whole file).
    let duplicates: [DuplicateKey]
    let trailingCommas: [Int]

    fileprivate init(nodes: JSONNodes, memberCount: UInt32, inXcodeLayout: Bool, end: Int, duplicates: [DuplicateKey], trailingCommas: [Int]) {
        self.nodes = nodes
        self.memberCount = memberCount
        self.inXcodeLayout = inXcodeLayout
        self.end = end
        self.duplicates = duplicates
        self.trailingCommas = trailingCommas
    }
}

extension JSONReader {
    /// Files smaller than this are read by one thread: the second would
    /// save less than starting it costs.
    public static let secondHalfMinimum = 1 << 20

    /// Where a second reader can start on `bytes` (see ``JSONSecondHalf``):
    /// the first cut after the middle; nil for a small file, one in another
    /// encoding, or one without such a place near the middle.
    public static func secondHalfStart(in bytes: Bytes) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard buffer.count >= secondHalfMinimum, TextEncoding.detect(buffer).encoding == .utf8 else { return nil }
            let pattern = Array(",\n    \"".utf8)
            var index = buffer.count / 2
            let limit = Swift.min(buffer.count - pattern.count, index + (buffer.count / 8))
            while index < limit {
                if buffer[index] == pattern[0], buffer[index + 1] == pattern[1],
                   (2..<pattern.count).allSatisfy({ buffer[index + $0] == pattern[$0] }) {
                    return index + pattern.count - 1
                }
                index += 1
            }
            return nil
        }
    }

    /// The members from `cut` to the end of the object they are in, read
    /// as the reader reads them when the cut is the start of a key inside
    /// an object inside the root object; nil when it is not (an error
    /// before the object's end).
    public static func readSecondHalf(_ bytes: Bytes, from cut: Int) -> JSONSecondHalf? {
        bytes.withUnsafeBufferPointer { buffer -> JSONSecondHalf? in
            guard cut > 0, cut < buffer.count else { return nil }
            var parser = Parser(buffer)
            guard let closed = try? parser.parseMembers(from: cut) else { return nil }
            let duplicates = parser.duplicates, trailingCommas = parser.trailingCommas
            return JSONSecondHalf(nodes: parser.nodes.finish(), memberCount: closed.count, inXcodeLayout: closed.inXcodeLayout,
                                  end: closed.end, duplicates: duplicates, trailingCommas: trailingCommas)
        }
    }

    /// ``read(_:)``, by this thread up to `cut` and by another from there
    /// when the state there is the one the other assumed: `secondHalf` then
    /// waits for ``readSecondHalf(_:from:)`` of the same bytes and cut, and
    /// is called at most once (not at all when the reader never arrives at
    /// the cut in that state). The document is the same, node for node, as
    /// one thread reads it.
    public static func read(_ bytes: Bytes, cut: Int, secondHalf: @escaping () -> JSONSecondHalf?) throws(JSONSyntaxError) -> JSONDocument {
        let encoding = bytes.withUnsafeBufferPointer { TextEncoding.detect($0).encoding }
        guard encoding == .utf8 else { return try read(bytes) }
        return try readUTF8(bytes, encoding: .utf8, secondHalf: (cut, secondHalf))
    }
}
