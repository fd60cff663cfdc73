import XCStringsJSON

/// Writes a ``Merged`` tree in Xcode's layout and order, whatever the
/// layout and order of the inputs.
///
/// Unchanged stretches of ours that are already in Xcode's layout and order
/// are copied as bytes, several members at a time. In the main pass a conflict is
/// written as a `ConflictPiece` (its text on each side); in a side's pass,
/// each conflict is written as that side's version.
struct MergedWriter: ~Copyable {
    let sources: MergeSources
    /// nil for the main pass; a side to write that side's version of conflicts.
    let mode: Side?
    var writer: LayoutWriter
    var pieces: [ConflictPiece] = []

    init(sources: MergeSources, mode: Side?, capacity: Int) {
        self.sources = sources
        self.mode = mode
        writer = LayoutWriter(output: OutputBuffer(capacity: capacity))
    }

    mutating func write(_ value: Merged, depth: Int) {
        switch value {
        case .copy(let side, let node):
            writer.writeSorted(sources[side], node: node, depth: depth, order: sources.order(side, subtree: node),
                               keyOrder: sources.keyOrder)
        case .string(let text):
            writer.output.append(JSONString.quoted(text))
        case .object(let members):
            writeObject(members, depth: depth)
        case .conflict(let conflict):
            if let mode {
                // Only reached for conflicts with both sides present: absent ones are dropped by the object.
                if let chosen = conflict.value(on: mode) { write(chosen, depth: depth) }
            } else {
                writePiece(value, depth: depth)
            }
        }
    }

    /// The value a member has in this pass; nil when it has none.
    func resolve(_ value: Merged) -> Merged? {
        guard let mode, case .conflict(let conflict) = value else { return value }
        return conflict.value(on: mode)
    }

    mutating func writeObject(_ members: [MergedMember], depth: Int) {
        let members = inXcodeOrder(members)
        if mode == nil, members.contains(where: { if case .conflict(let c) = $0.value { return c.hasAbsentSide } else { return false } }) {
            // A member present on one side only: show the whole object on each side.
            return writePiece(.object(members), depth: depth)
        }
        var index = 0
        var first = true
        while index < members.count {
            guard let value = resolve(members[index].value) else {
                index += 1
                continue
            }
            if first { writer.output.append(UInt8(ascii: "{")) } else { writer.output.append(UInt8(ascii: ",")) }
            first = false
            writer.output.lineBreak(indent: depth * 2 + 2)
            let run = xcodeLayoutRun(members, from: index, depth: depth)
            if run.count > 0 {
                writer.output.append(run.bytes)
                index += run.count
                continue
            }
            writeKey(members[index].key)
            writer.output.appendColon()
            write(value, depth: depth + 1)
            index += 1
        }
        if first { return writer.writeEmpty(.object, depth: depth) }
        writer.output.lineBreak(indent: depth * 2)
        writer.output.append(UInt8(ascii: "}"))
    }

    /// `members` sorted as Xcode sorts keys (stable; usually they already are).
    ///
    /// Neighbours that were neighbours in ours, found in order when ours was
    /// read (``SortedMembers/sortsBefore(_:_:in:)``), are not compared again:
    /// in a merge most members are. The others are read in place; one pair
    /// out of order sorts the whole object.
    func inXcodeOrder(_ members: [MergedMember]) -> [MergedMember] {
        guard members.count > 1 else { return members }
        for index in 1..<members.count {
            let earlier = members[index - 1].key, later = members[index].key
            if case .node(.ours, let a) = earlier, case .node(.ours, let b) = later,
               sources.oursOrder.sortsBefore(a, b, in: sources.ours) { continue }
            let inOrder = sources.withText(earlier) { a in sources.withText(later) { b in sources.keyOrder.inOrder(a, b) } }
            if !inOrder { return sorted(members) }
        }
        return members
    }

    /// `members` sorted by their keys in Xcode's order, those that compare
    /// equal in their order. Whatever ours' layout, a pair only Foundation can
    /// order is asked: a file in Xcode's whitespace may still have keys out of
    /// Xcode's order (renamed by hand, written by another tool).
    func sorted(_ members: [MergedMember]) -> [MergedMember] {
        sources.keyOrder.order(of: members.map { sources.text($0.key) }).map { members[$0] }
    }

    mutating func writeKey(_ key: MergedKey) {
        switch key {
        case .node(let side, let node): writer.writeScalar(sources[side], node)
        case .name(let name): writer.output.append(JSONString.quoted(name))
        }
    }

    /// Members from `start` that are copied unchanged from one side, sit next
    /// to each other there, and are already in Xcode's layout at this depth:
    /// their bytes, separators included, can be copied in one piece.
    func xcodeLayoutRun(_ members: [MergedMember], from start: Int, depth: Int) -> (count: Int, bytes: UnsafeBufferPointer<UInt8>) {
        guard case .node(let side, let firstKey) = members[start].key, case .copy(side, let firstValue) = members[start].value,
              firstValue == firstKey + 1 else { return (0, UnsafeBufferPointer(start: nil, count: 0)) }
        let raw = sources[side]
        guard isMemberInXcodeLayout(raw, side: side, key: firstKey) else { return (0, UnsafeBufferPointer(start: nil, count: 0)) }
        var count = 1
        var lastValue = firstValue
        let separator = depth * 2 + 2 + 2 // ",\n" and the indent
        while start + count < members.count {
            guard case .node(side, let key) = members[start + count].key, case .copy(side, let value) = members[start + count].value,
                  value == key + 1, key == Int(raw.nodes[lastValue].next), isMemberInXcodeLayout(raw, side: side, key: key),
                  Int(raw.nodes[key].start) - Int(raw.nodes[lastValue].end) == separator,
                  isSeparator(raw, from: Int(raw.nodes[lastValue].end), count: separator) else { break }
            lastValue = value
            count += 1
        }
        return (count, UnsafeBufferPointer(rebasing: raw.bytes[Int(raw.nodes[firstKey].start)..<Int(raw.nodes[lastValue].end)]))
    }

    /// Whether a member's key, `" : "` and value are as Xcode writes them,
    /// every object inside the value in order.
    func isMemberInXcodeLayout(_ raw: RawDocument, side: Side, key: Int) -> Bool {
        let keyToken = raw.nodes[key], valueToken = raw.nodes[key + 1]
        guard keyToken.flags.contains(.inXcodeLayout), valueToken.flags.contains(.inXcodeLayout),
              valueToken.start == keyToken.end + 3 else { return false }
        let colon = Int(keyToken.end)
        guard raw.bytes[colon] == 0x20 && raw.bytes[colon + 1] == UInt8(ascii: ":") && raw.bytes[colon + 2] == 0x20 else {
            return false
        }
        return !valueToken.kind.isContainer || sources.order(side, subtree: key + 1).subtreeIsSorted(key + 1)
    }

    /// Whether the bytes at `start` are `,`, a line break and spaces.
    func isSeparator(_ raw: RawDocument, from start: Int, count: Int) -> Bool {
        guard raw.bytes[start] == UInt8(ascii: ","), raw.bytes[start + 1] == UInt8(ascii: "\n") else { return false }
        for offset in 2..<count where raw.bytes[start + offset] != UInt8(ascii: " ") { return false }
        return true
    }

    /// Writes `value` once per side and records where it goes.
    mutating func writePiece(_ value: Merged, depth: Int) {
        var texts: [[UInt8]] = []
        for side in [Side.ours, .theirs, .base] {
            var sideWriter = MergedWriter(sources: sources, mode: side, capacity: 256)
            let version: Merged?
            if case .conflict(let conflict) = value { version = conflict.value(on: side) } else { version = value }
            if let version { sideWriter.write(version, depth: depth) }
            texts.append(sideWriter.writer.finishedOutput().finish())
        }
        pieces.append(ConflictPiece(offset: writer.output.count, ours: texts[0], theirs: texts[1], base: texts[2]))
    }
}

/// A conflicted value's text on each side, and where in the main output it goes.
struct ConflictPiece: Sendable {
    var offset: Int
    var ours: [UInt8]
    var theirs: [UInt8]
    var base: [UInt8]
}
