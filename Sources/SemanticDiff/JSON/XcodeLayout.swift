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
/// - keys in `keyOrder` (``KeyOrder``); no final newline unless asked for.
public enum XcodeLayout {
    /// `document` in Xcode's layout, every object's keys sorted.
    public static func format(_ document: JSONDocument, finalNewline: Bool = false, keyOrder: KeyOrder) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(document.bytes.count + document.bytes.count / 4 + 64)
        format(document, finalNewline: finalNewline, keyOrder: keyOrder) { output.append(contentsOf: $0); return true }
        return output
    }

    /// ``format(_:finalNewline:)`` handed to `sink` in pieces of about
    /// `chunk` bytes as they are written, so that the formatted copy of a
    /// large catalog is never whole in memory. Writing stops when `sink`
    /// returns false; the result says whether it ran to the end.
    @discardableResult
    public static func format(_ document: JSONDocument, finalNewline: Bool = false, chunk: Int = 1 << 18,
                              keyOrder: KeyOrder, into sink: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        let chunk = Swift.max(chunk, 1)
        return document.withRawDocument { raw in
            let order = SortedMembers(raw, keyOrder: keyOrder)
            let newline: [UInt8] = finalNewline ? [UInt8(ascii: "\n")] : []
            if isInLayout(document, order: order) {
                // Already as Xcode writes it: its own bytes, in pieces.
                let end = Int(raw.nodes[0].end)
                for start in stride(from: 0, to: end, by: chunk) {
                    guard sink(UnsafeBufferPointer(rebasing: raw.bytes[start..<Swift.min(start + chunk, end)])) else { return false }
                }
                return newline.withUnsafeBufferPointer { newline.isEmpty || sink($0) }
            }
            return withoutActuallyEscaping(sink) { sink in
                var writer = LayoutWriter(chunk: chunk, sink: sink)
                writer.writeSorted(raw, node: 0, depth: 0, order: order, keyOrder: keyOrder)
                writer.output.append(newline)
                writer.flush()
                return !writer.stopped
            }
        }
    }
}

extension XcodeLayout {
    /// Whether `document` is byte for byte as Xcode writes it (its final
    /// newline aside): what ``format(_:finalNewline:)`` would give back unchanged.
    public static func isInLayout(_ document: JSONDocument, keyOrder: KeyOrder) -> Bool {
        document.isInXcodeLayout && document.withRawDocument { isInLayout(document, order: SortedMembers($0, keyOrder: keyOrder)) }
    }

    /// The offset of the first byte where `document` differs from Xcode's
    /// layout of it; nil when it is in that layout.
    public static func firstDifference(in document: JSONDocument, keyOrder: KeyOrder) -> Int? {
        guard !isInLayout(document, keyOrder: keyOrder) else { return nil }
        var comparison = LayoutComparison(document.bytes)
        format(document, finalNewline: document.endsWithNewline, chunk: 1 << 16, keyOrder: keyOrder) { comparison.compare($0) }
        return comparison.firstDifference ?? document.bytes.count
    }

    static func isInLayout(_ document: JSONDocument, order: SortedMembers) -> Bool {
        document.isInXcodeLayout && order.subtreeIsSorted(0)
    }
}

/// Which objects of a document (or of one subtree) have their own keys in
/// ``KeyOrder``, and which containers have every object inside
/// them in order, found in one backward pass over the nodes; and, key by
/// key, which keys were found to sort before the member right after them.
package struct SortedMembers {
    private static let ownSorted: UInt8 = 1
    private static let subtreeSorted: UInt8 = 2
    /// On a key: it sorts before the key of the next member, which follows
    /// it with no duplicate key between them.
    private static let beforeNextKey: UInt8 = 4
    /// The first node covered; bits are indexed from it.
    private let first: Int
    private var bits: [UInt8]

    /// The order facts of the subtree of `node` (the whole document by
    /// default), pairs of keys the walk cannot tell asked of `keyOrder`'s reference.
    package init(_ raw: RawDocument, subtree node: Int = 0, keyOrder: KeyOrder) {
        let end = raw.nodes.isEmpty ? 0 : Int(raw.nodes[node].kind.isContainer ? raw.nodes[node].next : UInt32(node + 1))
        first = node
        bits = [UInt8](repeating: SortedMembers.ownSorted | SortedMembers.subtreeSorted, count: max(end - node, 0))
        bits.withUnsafeMutableBufferPointer { bits in
            var current = end - 1
            while current >= node {
                if raw.nodes[current].kind.isContainer {
                    bits[current - node] = SortedMembers.classify(current, raw, bits, first: node, keyOrder: keyOrder)
                }
                current -= 1
            }
        }
    }

    package func membersAreSorted(_ node: Int) -> Bool { bits[node - first] & SortedMembers.ownSorted != 0 }

    package func subtreeIsSorted(_ node: Int) -> Bool { bits[node - first] & SortedMembers.subtreeSorted != 0 }

    /// Whether key node `key` sorts before key node `next` as found here:
    /// `next` is the key of the member right after `key`'s, and the pair was
    /// in order by the walk or by the reference's answers. False
    /// when not known, not that they are out of order.
    package func sortsBefore(_ key: Int, _ next: Int, in raw: RawDocument) -> Bool {
        key >= first && key &+ 1 < first &+ bits.count && bits[key - first] & SortedMembers.beforeNextKey != 0
            && Int(raw.nodes[key &+ 1].next) == next
    }

    private static func classify(_ container: Int, _ raw: RawDocument, _ bits: UnsafeMutableBufferPointer<UInt8>,
                                 first: Int, keyOrder: KeyOrder) -> UInt8 {
        var childrenSorted = true
        if raw.nodes[container].kind == .array {
            for element in raw.elements(of: container) where bits[element - first] & subtreeSorted == 0 { childrenSorted = false }
            return childrenSorted ? ownSorted | subtreeSorted : ownSorted
        }
        var own = true
        var previousKey: Int?
        // The previous key when it is the member right before (no duplicate between).
        var adjacentKey: Int?
        for (key, value) in raw.members(of: container, includingShadowed: true) {
            if bits[value - first] & subtreeSorted == 0 { childrenSorted = false }
            let shadowed = raw.nodes[key].flags.contains(.shadowed)
            if own && !shadowed {
                if let previousKey {
                    if !raw.withKeyTexts(previousKey, key, { keyOrder.inOrder($0, $1) }) {
                        own = false
                    } else if let adjacentKey {
                        bits[adjacentKey - first] |= beforeNextKey
                    }
                }
                previousKey = key
            }
            adjacentKey = shadowed ? nil : key
        }
        return (own ? ownSorted : 0) | (own && childrenSorted ? subtreeSorted : 0)
    }
}

/// The byte-level writer behind ``XcodeLayout`` and the merge's output.
package struct LayoutWriter: ~Copyable {
    package var output: OutputBuffer
    /// Blocks written by another writer that go at offsets of `output` (see ``WrittenOutput``).
    package var insertions: [WrittenOutput.Insertion] = []
    /// Where the output goes once it holds ``chunk`` bytes, when it is
    /// handed on in pieces; false from it stops the writing.
    private var sink: ((UnsafeBufferPointer<UInt8>) -> Bool)?
    private var chunk = Int.max
    /// Whether the sink asked to stop: the rest is not written.
    private(set) var stopped = false

    package init(output: consuming OutputBuffer) {
        self.output = output
    }

    /// What was written, without insertions; the writer goes.
    package consuming func finishedOutput() -> OutputBuffer {
        output
    }

    /// What was written, with the blocks to insert in it; the writer goes.
    package consuming func written() -> WrittenOutput {
        WrittenOutput(output, insertions: insertions)
    }

    /// A writer that hands its output to `sink` in pieces of about `chunk`
    /// bytes (cut between members), and the rest at ``flush()``.
    init(chunk: Int, sink: @escaping (UnsafeBufferPointer<UInt8>) -> Bool) {
        output = OutputBuffer(capacity: chunk + chunk / 4)
        self.chunk = chunk
        self.sink = sink
    }

    /// Hands what is written so far to the sink.
    mutating func flush() {
        guard let sink, !stopped, output.count > 0 else { return }
        stopped = !sink(UnsafeBufferPointer(start: output.base, count: output.count))
        output.removeAll()
    }

    @inline(__always) private mutating func flushIfFull() {
        if output.count >= chunk { flush() }
    }

    /// A string, number or literal in Foundation's form.
    @inline(__always) package mutating func writeScalar(_ raw: RawDocument, _ node: Int) {
        let token = raw.nodes[node]
        if token.flags.contains(.inXcodeLayout) {
            return output.append(raw.token(node))
        }
        switch token.kind {
        case .string:
            JSONString.decode(raw.token(node)).withUnsafeBufferPointer { JSONString.appendQuoted($0, to: &output) }
        case .number:
            output.append(JSONNumber.foundationText(raw.token(node)))
        default:
            output.append(raw.token(node))
        }
    }

    /// The empty form of a container: bracket, blank line, closing bracket.
    package mutating func writeEmpty(_ kind: JSONKind, depth: Int) {
        output.append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        output.append(UInt8(ascii: "\n"))
        output.lineBreak(indent: depth * 2)
        output.append(kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Writes `node` with every object's keys sorted.
    package mutating func writeSorted(_ raw: RawDocument, node: Int, depth: Int, order: SortedMembers, keyOrder: KeyOrder) {
        let token = raw.nodes[node]
        guard token.kind.isContainer else { return writeScalar(raw, node) }
        if token.flags.contains(.inXcodeLayout) && order.subtreeIsSorted(node) {
            return output.append(raw.token(node))
        }
        if token.count == 0 { return writeEmpty(token.kind, depth: depth) }
        if token.kind == .array {
            output.append(UInt8(ascii: "["))
            for (position, element) in raw.elements(of: node).enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                output.lineBreak(indent: depth * 2 + 2)
                writeSorted(raw, node: element, depth: depth + 1, order: order, keyOrder: keyOrder)
                flushIfFull()
                if stopped { return }
            }
            output.lineBreak(indent: depth * 2)
            output.append(UInt8(ascii: "]"))
            return
        }
        output.append(UInt8(ascii: "{"))
        if order.membersAreSorted(node) {
            var first = true
            for member in raw.members(of: node) {
                writeMember(raw, key: member.key, depth: depth, first: first, order: order, keyOrder: keyOrder)
                first = false
                flushIfFull()
                if stopped { return }
            }
        } else {
            var keys: [Int] = []
            keys.reserveCapacity(Int(token.count))
            for member in raw.members(of: node) { keys.append(member.key) }
            keys = sortedKeys(keys, raw, keyOrder: keyOrder)
            for (position, key) in keys.enumerated() {
                writeMember(raw, key: key, depth: depth, first: position == 0, order: order, keyOrder: keyOrder)
                flushIfFull()
                if stopped { return }
            }
        }
        output.lineBreak(indent: depth * 2)
        output.append(UInt8(ascii: "}"))
    }

    @inline(__always)
    private mutating func writeMember(_ raw: RawDocument, key: Int, depth: Int, first: Bool, order: SortedMembers, keyOrder: KeyOrder) {
        if !first { output.append(UInt8(ascii: ",")) }
        output.lineBreak(indent: depth * 2 + 2)
        writeScalar(raw, key)
        output.appendColon()
        writeSorted(raw, node: key + 1, depth: depth + 1, order: order, keyOrder: keyOrder)
    }

    /// Key nodes `keys` in `keyOrder` (stable), read in place by the walk;
    /// where it cannot tell a pair, all are handed to the reference.
    private func sortedKeys(_ keys: [Int], _ raw: RawDocument, keyOrder: KeyOrder) -> [Int] {
        var undecided = false
        let sorted = keys.indices.sorted { x, y in
            guard let decided = raw.withKeyTexts(keys[x], keys[y], { KeyCollation.walkCompare($0, $1) }) else {
                undecided = true
                return x < y
            }
            return decided < 0 || (decided == 0 && x < y)
        }
        guard undecided else { return sorted.map { keys[$0] } }
        return keyOrder.reference.order(of: keys.map(raw.keyText)).map { keys[$0] }
    }
}
