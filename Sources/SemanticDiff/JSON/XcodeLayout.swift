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
        let order = KeyOrder(document)
        var writer = LayoutWriter(capacity: document.bytes.count + 64)
        if document.isCanonical && order.isSorted(document.root) {
            // Already as Xcode writes it: only the final newline may change.
            var end = document.bytes.count
            if document.endsWithNewline { end -= 1 }
            writer.output.append(contentsOf: document.bytes[0..<end])
        } else {
            writer.writeSorted(document, node: document.root, depth: 0, order: order)
        }
        if finalNewline { writer.output.append(UInt8(ascii: "\n")) }
        return writer.output
    }

    /// Whether every object in `document` already has its keys in order.
    public static func isSorted(_ document: JSONDocument) -> Bool {
        KeyOrder(document).isSorted(document.root)
    }
}

/// Which containers of a document have every object inside them (and
/// themselves) in ``KeyCollation`` order, found in one backward pass.
struct KeyOrder {
    private var sortedSubtree: [Bool]

    init(_ document: JSONDocument) {
        let count = document.nodes.count
        sortedSubtree = [Bool](repeating: true, count: count)
        document.nodes.withUnsafeBufferPointer { nodes in
            document.bytes.withUnsafeBufferPointer { bytes in
                sortedSubtree.withUnsafeMutableBufferPointer { sorted in
                    var node = count - 1
                    while node >= 0 {
                        let token = nodes[node]
                        if token.kind.isContainer {
                            sorted[node] = KeyOrder.childrenAreSorted(node, nodes, bytes, sorted)
                        }
                        node -= 1
                    }
                }
            }
        }
    }

    func isSorted(_ node: Int) -> Bool { sortedSubtree[node] }

    private static func childrenAreSorted(_ container: Int, _ nodes: UnsafeBufferPointer<JSONNode>,
                                          _ bytes: UnsafeBufferPointer<UInt8>, _ sorted: UnsafeMutableBufferPointer<Bool>) -> Bool {
        let token = nodes[container]
        var child = container + 1
        if token.kind == .array {
            for _ in 0..<Int(token.count) {
                if !sorted[child] { return false }
                child = Int(nodes[child].next)
            }
            return true
        }
        var previousKey = -1
        for _ in 0..<Int(token.count) {
            let key = child
            let value = key + 1
            if !sorted[value] { return false }
            if !nodes[key].flags.contains(.shadowed) {
                if previousKey >= 0 && compare(previousKey, key, nodes, bytes) >= 0 { return false }
                previousKey = key
            }
            child = Int(nodes[value].next)
        }
        return true
    }

    /// ``KeyCollation`` order of two key nodes.
    @inline(__always)
    static func compare(_ a: Int, _ b: Int, _ nodes: UnsafeBufferPointer<JSONNode>, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let left = nodes[a], right = nodes[b]
        if !left.flags.contains(.escaped) && !right.flags.contains(.escaped) {
            return KeyCollation.compare(UnsafeBufferPointer(rebasing: bytes[Int(left.start + 1)..<Int(left.end - 1)]),
                                        UnsafeBufferPointer(rebasing: bytes[Int(right.start + 1)..<Int(right.end - 1)]))
        }
        let decodedA = JSONString.decode(UnsafeBufferPointer(rebasing: bytes[Int(left.start)..<Int(left.end)]))
        let decodedB = JSONString.decode(UnsafeBufferPointer(rebasing: bytes[Int(right.start)..<Int(right.end)]))
        return KeyCollation.compare(decodedA, decodedB)
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
    mutating func writeSorted(_ document: JSONDocument, node: Int, depth: Int, order: KeyOrder) {
        let token = document.nodes[node]
        guard token.kind.isContainer else { return writeScalar(document, node) }
        if token.flags.contains(.canonical) && order.isSorted(node) {
            return append(raw: document, node)
        }
        if token.kind == .array {
            guard token.count > 0 else { return writeEmpty(.array, depth: depth) }
            output.append(UInt8(ascii: "["))
            var element = node + 1
            for position in 0..<Int(token.count) {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                lineBreak(depth: depth + 1)
                writeSorted(document, node: element, depth: depth + 1, order: order)
                element = Int(document.nodes[element].next)
            }
            lineBreak(depth: depth)
            output.append(UInt8(ascii: "]"))
            return
        }
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
            writeSorted(document, node: member.value, depth: depth + 1, order: order)
        }
        lineBreak(depth: depth)
        output.append(UInt8(ascii: "}"))
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
}
