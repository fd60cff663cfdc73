/// A parsed JSON file: its bytes and a flat array of ``JSONNode``s that
/// point into them. Node 0 is the root.
///
/// Values are addressed by node index. Nothing is decoded until asked for,
/// and a subtree's bytes can be compared or copied as they are.
public struct JSONDocument: Sendable {
    /// Everything in one object, so that the many views holding a document
    /// (an entry, a localization, a string unit) copy one reference, not three.
    /// Immutable, so sendable; the pointers are into memory it keeps alive.
    @usableFromInline final class Storage: @unchecked Sendable {
        let bytes: Bytes
        @usableFromInline let nodes: JSONNodes
        let warnings: [JSONWarning]
        let encoding: TextEncoding
        let hasByteOrderMark: Bool
        let endsWithNewline: Bool
        let isInXcodeLayout: Bool
        /// The memory of `nodes` and `bytes`, which never move or change
        /// while this object holds them: read through these, a node or a
        /// byte costs no reference counting (which threads reading one
        /// document at once would fight over).
        @usableFromInline let nodeBase: UnsafePointer<JSONNode>
        @usableFromInline let nodeCount: Int
        let byteBase: UnsafePointer<UInt8>?
        let byteCount: Int

        var nodeBuffer: UnsafeBufferPointer<JSONNode> { UnsafeBufferPointer(start: nodeBase, count: nodeCount) }

        init(bytes: Bytes, nodes: JSONNodes, warnings: [JSONWarning], encoding: TextEncoding,
             hasByteOrderMark: Bool, endsWithNewline: Bool, isInXcodeLayout: Bool) {
            self.bytes = bytes
            self.nodes = nodes
            nodeBase = UnsafePointer(nodes.storage.base)
            nodeCount = nodes.count
            byteBase = bytes.withUnsafeBufferPointer { $0.baseAddress }
            byteCount = bytes.count
            self.warnings = warnings
            self.encoding = encoding
            self.hasByteOrderMark = hasByteOrderMark
            self.endsWithNewline = endsWithNewline
            self.isInXcodeLayout = isInXcodeLayout
        }
    }

    @usableFromInline let storage: Storage

    public var bytes: Bytes { storage.bytes }
    @inlinable public var nodes: JSONNodes { storage.nodes }
    /// Duplicate keys and other oddities the reader noticed.
    public var warnings: [JSONWarning] { storage.warnings }
    /// The file's encoding; `bytes` hold its text in UTF-8 whatever it was.
    public var encoding: TextEncoding { storage.encoding }
    public var hasByteOrderMark: Bool { storage.hasByteOrderMark }
    /// Whether the file ends with a line break after the root value.
    public var endsWithNewline: Bool { storage.endsWithNewline }
    /// Whether the file is byte for byte as Xcode writes it, key order aside
    /// and not counting a final newline.
    public var isInXcodeLayout: Bool { storage.isInXcodeLayout }

    init(bytes: Bytes, nodes: JSONNodes, warnings: [JSONWarning], encoding: TextEncoding,
         hasByteOrderMark: Bool, endsWithNewline: Bool, isInXcodeLayout: Bool) {
        storage = Storage(bytes: bytes, nodes: nodes, warnings: warnings, encoding: encoding,
                          hasByteOrderMark: hasByteOrderMark, endsWithNewline: endsWithNewline, isInXcodeLayout: isInXcodeLayout)
    }

    /// The same document under a storage object of its own. Every view of
    /// a document (an entry, a string unit) retains its storage: threads
    /// that read one document at once each take their own, so that they do
    /// not fight over one reference count.
    public func withOwnStorage() -> JSONDocument {
        JSONDocument(bytes: bytes, nodes: nodes, warnings: warnings, encoding: encoding, hasByteOrderMark: hasByteOrderMark,
                     endsWithNewline: endsWithNewline, isInXcodeLayout: isInXcodeLayout)
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

    @inlinable public subscript(node: Int) -> JSONNode {
        precondition(node >= 0 && node < storage.nodeCount, "node index out of range")
        return storage.nodeBase[node]
    }

    @inlinable public func kind(_ node: Int) -> JSONKind { self[node].kind }

    /// The file's bytes (UTF-8), read in place.
    func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.byteBase, count: storage.byteCount)) }
    }

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
        package let document: JSONDocument
        let object: Int

        public struct Iterator: IteratorProtocol {
            /// Over the document's nodes in place, kept alive by `owner`.
            var members: JSONCursor<UnsafeBufferPointer<JSONNode>>.Members
            let owner: Storage

            public mutating func next() -> Member? {
                members.next().map { Member(key: $0.key, value: $0.value) }
            }
        }

        public func makeIterator() -> Iterator {
            Iterator(members: JSONCursor(document.storage.nodeBuffer).members(of: object), owner: document.storage)
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
        guard self[node].kind == .object else { return nil }
        var key = key
        return key.withUTF8 { wanted in
            for member in members(of: node) where keyEquals(member.key, wanted) { return member.value }
            return nil
        }
    }

    // MARK: Strings

    /// The raw bytes of a value, as they are in the file.
    public func rawBytes(_ node: Int) -> [UInt8] {
        withUnsafeBytes { Array($0[Int(self[node].start)..<Int(self[node].end)]) }
    }

    /// Whether the bytes of `node` as written in the file hold `byte` (an
    /// ASCII character JSON never escapes, such as `%`): a scan without decoding.
    public func rawBytesContain(_ node: Int, _ byte: UInt8) -> Bool {
        withUnsafeBytes { UnsafeBufferPointer(rebasing: $0[Int(self[node].start)..<Int(self[node].end)]).containsByte(byte) }
    }

    /// Whether `node` is the empty string.
    public func isEmptyString(_ node: Int) -> Bool {
        self[node].kind == .string && self[node].end - self[node].start == 2
    }

    /// The decoded UTF-8 text of string `node`.
    public func stringBytes(_ node: Int) -> [UInt8] {
        let token = self[node]
        return withUnsafeBytes { buffer in
            if token.flags.contains(.escaped) {
                return JSONString.decode(UnsafeBufferPointer(rebasing: buffer[Int(token.start)..<Int(token.end)]))
            }
            return Array(buffer[Int(token.start + 1)..<Int(token.end - 1)])
        }
    }

    /// The decoded text of string `node`.
    public func string(_ node: Int) -> String {
        withStringBytes(node) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the decoded UTF-8 of string `node`: the file's
    /// own bytes when the string has no escapes, so nothing is copied.
    public func withStringBytes<R>(_ node: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let token = self[node]
        if token.flags.contains(.escaped) {
            return stringBytes(node).withUnsafeBufferPointer(body)
        }
        return withUnsafeBytes { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[Int(token.start + 1)..<Int(token.end - 1)]))
        }
    }

    /// The text of string `node`, or nil if it is not a string.
    public func stringValue(_ node: Int?) -> String? {
        guard let node, self[node].kind == .string else { return nil }
        return string(node)
    }

    /// Whether string `node` decodes to exactly `text`.
    public func keyEquals(_ node: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        withStringBytes(node) { memcmpEqual($0, text) }
    }

    /// Whether string `node` decodes to exactly `text`.
    public func keyEquals(_ node: Int, _ text: String) -> Bool {
        text.withUTF8Bytes { keyEquals(node, $0) }
    }

    /// The position of `node` in the file, for messages.
    public func position(of node: Int) -> TextPosition {
        withUnsafeBytes { TextPosition(offset: Int(self[node].start), in: $0) }
    }
}
