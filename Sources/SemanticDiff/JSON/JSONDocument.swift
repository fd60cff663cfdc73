/// A parsed JSON file: its bytes and a flat array of ``JSONNode``s that
/// point into them. Node 0 is the root.
///
/// Values are addressed by node index. Nothing is decoded until asked for,
/// and a subtree's bytes can be compared or copied as they are.
public struct JSONDocument: Sendable {
    public let bytes: Bytes
    public let nodes: JSONNodes
    /// Duplicate keys and other oddities the reader noticed.
    public let warnings: [JSONWarning]
    /// The file's encoding; `bytes` hold its text in UTF-8 whatever it was.
    public let encoding: TextEncoding
    public let hasByteOrderMark: Bool
    /// Whether the file ends with a line break after the root value.
    public let endsWithNewline: Bool
    /// Whether the file is byte for byte as Xcode writes it, key order aside
    /// and not counting a final newline.
    public let isInXcodeLayout: Bool

    init(bytes: Bytes, nodes: JSONNodes, warnings: [JSONWarning], encoding: TextEncoding,
         hasByteOrderMark: Bool, endsWithNewline: Bool, isInXcodeLayout: Bool) {
        self.bytes = bytes
        self.encoding = encoding
        self.nodes = nodes
        self.warnings = warnings
        self.hasByteOrderMark = hasByteOrderMark
        self.endsWithNewline = endsWithNewline
        self.isInXcodeLayout = isInXcodeLayout
    }

    /// Parses `bytes`; see ``JSONReader``.
    public init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        self = try JSONReader.read(Bytes(bytes))
    }

    /// Parses `bytes` (a mapped file, say); see ``JSONReader``.
    public init(parsing bytes: Bytes) throws(JSONSyntaxError) {
        self = try JSONReader.read(bytes)
    }

    public var root: Int { 0 }

    @inlinable public subscript(node: Int) -> JSONNode { nodes[node] }

    @inlinable public func kind(_ node: Int) -> JSONKind { nodes[node].kind }

    // MARK: Members

    /// One member of an object: the node of its key and of its value.
    public struct Member: Sendable {
        public var key: Int
        public var value: Int
    }

    /// The members of object `node` in file order, without keys that a
    /// later duplicate overrides.
    public func members(of node: Int) -> Members { Members(document: self, object: node) }

    public struct Members: Sequence {
        let document: JSONDocument
        let object: Int

        public struct Iterator: IteratorProtocol {
            var members: JSONCursor<JSONNodes>.Members

            public mutating func next() -> Member? {
                members.next().map { Member(key: $0.key, value: $0.value) }
            }
        }

        public func makeIterator() -> Iterator {
            Iterator(members: JSONCursor(document.nodes).members(of: object))
        }

        public var underestimatedCount: Int {
            let node = document.nodes[object]
            return node.kind == .object && !node.flags.contains(.hasDuplicates) ? Int(node.count) : 0
        }
    }

    /// The elements of array `node`, in order.
    public func elements(of node: Int) -> [Int] {
        Array(JSONCursor(nodes).elements(of: node))
    }

    /// The value of member `key` of object `node`, if it has one. A linear
    /// scan: meant for the few fields of a catalog's small objects. (A key
    /// that a later duplicate overrides is not among the members, so the
    /// first match is the one.)
    public func value(forKey key: String, in node: Int) -> Int? {
        guard nodes[node].kind == .object else { return nil }
        var key = key
        return key.withUTF8 { wanted in
            for member in members(of: node) where keyEquals(member.key, wanted) { return member.value }
            return nil
        }
    }

    // MARK: Strings

    /// The raw bytes of a value, as they are in the file.
    public func rawBytes(_ node: Int) -> [UInt8] {
        bytes.withUnsafeBufferPointer { Array($0[Int(nodes[node].start)..<Int(nodes[node].end)]) }
    }

    /// Whether the bytes of `node` as written in the file hold `byte` (an
    /// ASCII character JSON never escapes, such as `%`): a scan without decoding.
    public func rawBytesContain(_ node: Int, _ byte: UInt8) -> Bool {
        bytes.withUnsafeBufferPointer { $0[Int(nodes[node].start)..<Int(nodes[node].end)].contains(byte) }
    }

    /// Whether `node` is the empty string.
    public func isEmptyString(_ node: Int) -> Bool {
        nodes[node].kind == .string && nodes[node].end - nodes[node].start == 2
    }

    /// The decoded UTF-8 text of string `node`.
    public func stringBytes(_ node: Int) -> [UInt8] {
        let token = nodes[node]
        return bytes.withUnsafeBufferPointer { buffer in
            if token.flags.contains(.escaped) {
                return JSONString.decode(UnsafeBufferPointer(rebasing: buffer[Int(token.start)..<Int(token.end)]))
            }
            return Array(buffer[Int(token.start + 1)..<Int(token.end - 1)])
        }
    }

    /// The decoded text of string `node`.
    public func string(_ node: Int) -> String {
        String(decoding: stringBytes(node), as: UTF8.self)
    }

    /// The text of string `node`, or nil if it is not a string.
    public func stringValue(_ node: Int?) -> String? {
        guard let node, nodes[node].kind == .string else { return nil }
        return string(node)
    }

    /// Whether string `node` decodes to exactly `text`.
    public func keyEquals(_ node: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let token = nodes[node]
        if token.flags.contains(.escaped) {
            return stringBytes(node).withUnsafeBufferPointer { $0.elementsEqual(text) }
        }
        guard Int(token.end - token.start) - 2 == text.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            memcmpEqual(UnsafeBufferPointer(rebasing: buffer[Int(token.start + 1)..<Int(token.end - 1)]), text)
        }
    }

    /// Whether string `node` decodes to exactly `text`.
    public func keyEquals(_ node: Int, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { keyEquals(node, $0) }
    }

    /// The position of `node` in the file, for messages.
    public func position(of node: Int) -> TextPosition {
        bytes.withUnsafeBufferPointer { TextPosition(offset: Int(nodes[node].start), in: $0) }
    }
}
