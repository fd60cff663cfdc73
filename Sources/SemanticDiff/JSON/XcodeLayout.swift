/// Writes JSON exactly as Xcode saves a String Catalog, which is exactly what
/// `JSONSerialization` writes with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes`:
///
/// - two spaces of indent per level, `"key" : value`, members separated by
///   `,` and a line break;
/// - an empty object or array as its bracket, a line break, an empty line
///   and the closing bracket at the container's indent;
/// - strings escaped as Foundation escapes them (`/` and non-ASCII raw);
/// - numbers as Foundation writes them back (``JSONNumber``);
/// - keys in ``KeyCollation`` order; no final newline unless asked for.
public enum XcodeLayout {
    /// `document` in Xcode's layout, every object's keys sorted.
    public static func format(_ document: JSONDocument, finalNewline: Bool = false) -> [UInt8] {
        var writer = LayoutWriter(capacity: document.bytes.count + 64)
        writer.writeSorted(document, node: document.root, depth: 0)
        if finalNewline { writer.output.append(UInt8(ascii: "\n")) }
        return writer.output
    }

    /// Whether every object in `document` already has its keys in order.
    public static func isSorted(_ document: JSONDocument) -> Bool {
        var node = 0
        while node < document.nodes.count {
            if document.nodes[node].kind == .object && !LayoutWriter.membersAreSorted(document, node) {
                return false
            }
            node += 1
        }
        return true
    }
}

/// The byte-level writer behind ``XcodeLayout`` and the merge's output.
struct LayoutWriter {
    var output: [UInt8]

    init(capacity: Int) {
        output = []
        output.reserveCapacity(capacity)
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 2 * JSONReader.maximumDepth + 2)

    /// A line break and the indent of `depth`.
    @inline(__always) mutating func lineBreak(depth: Int) {
        output.append(UInt8(ascii: "\n"))
        LayoutWriter.spaces.withUnsafeBufferPointer { spaces in
            output.append(contentsOf: UnsafeBufferPointer(rebasing: spaces[0..<(depth * 2)]))
        }
    }

    @inline(__always) mutating func append(raw document: JSONDocument, _ node: Int) {
        let token = document.nodes[node]
        document.bytes.withUnsafeBufferPointer { bytes in
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]))
        }
    }

    /// A string, number or literal in Foundation's form.
    @inline(__always) mutating func writeScalar(_ document: JSONDocument, _ node: Int) {
        let token = document.nodes[node]
        if token.flags.contains(.canonical) {
            append(raw: document, node)
            return
        }
        document.bytes.withUnsafeBufferPointer { bytes in
            let raw = UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)])
            switch token.kind {
            case .string:
                JSONString.decode(raw).withUnsafeBufferPointer { JSONString.appendQuoted($0, to: &output) }
            case .number:
                output.append(contentsOf: JSONNumber.foundationText(raw).utf8)
            default:
                output.append(contentsOf: raw)
            }
        }
    }

    /// The empty form of a container: bracket, blank line, closing bracket.
    mutating func writeEmpty(_ kind: JSONKind, depth: Int) {
        output.append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        output.append(UInt8(ascii: "\n"))
        lineBreak(depth: depth)
        output.append(kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Writes `node` with every object's keys sorted.
    mutating func writeSorted(_ document: JSONDocument, node: Int, depth: Int) {
        let token = document.nodes[node]
        switch token.kind {
        case .object:
            var members = Array(document.members(of: node))
            guard !members.isEmpty else { return writeEmpty(.object, depth: depth) }
            if !LayoutWriter.isSorted(document, members) {
                members.sort { LayoutWriter.compareKeys(document, $0.key, $1.key) < 0 }
            }
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                lineBreak(depth: depth + 1)
                writeScalar(document, member.key)
                output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
                writeSorted(document, node: member.value, depth: depth + 1)
            }
            lineBreak(depth: depth)
            output.append(UInt8(ascii: "}"))
        case .array:
            guard token.count > 0 else { return writeEmpty(.array, depth: depth) }
            output.append(UInt8(ascii: "["))
            for (position, element) in document.elements(of: node).enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                lineBreak(depth: depth + 1)
                writeSorted(document, node: element, depth: depth + 1)
            }
            lineBreak(depth: depth)
            output.append(UInt8(ascii: "]"))
        default:
            writeScalar(document, node)
        }
    }

    // MARK: Key order

    static func compareKeys(_ document: JSONDocument, _ a: Int, _ b: Int) -> Int {
        document.withStringBytes(a) { a in document.withStringBytes(b) { b in KeyCollation.compare(a, b) } }
    }

    static func isSorted(_ document: JSONDocument, _ members: [JSONDocument.Member]) -> Bool {
        guard members.count > 1 else { return true }
        for index in 1..<members.count where compareKeys(document, members[index - 1].key, members[index].key) >= 0 {
            return false
        }
        return true
    }

    static func membersAreSorted(_ document: JSONDocument, _ object: Int) -> Bool {
        var previous: Int?
        for member in document.members(of: object) {
            if let previous, compareKeys(document, previous, member.key) >= 0 { return false }
            previous = member.key
        }
        return true
    }
}
