/// A document's nodes and bytes as plain pointers, for the hot loops of the
/// writers (no reference counting, no bounds checks on the way).
package struct RawDocument {
    package let nodes: UnsafeBufferPointer<JSONNode>
    package let bytes: UnsafeBufferPointer<UInt8>

    @inline(__always) package func token(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let value = nodes[node]
        return UnsafeBufferPointer(rebasing: bytes[Int(value.start)..<Int(value.end)])
    }

    /// The text of an unescaped string, without its quotes.
    @inline(__always) package func content(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let value = nodes[node]
        return UnsafeBufferPointer(rebasing: bytes[Int(value.start + 1)..<Int(value.end - 1)])
    }

    /// Calls `body` with the decoded text of two keys.
    func withKeyTexts<R>(_ a: Int, _ b: Int, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R) -> R {
        let left = nodes[a], right = nodes[b]
        if !left.flags.contains(.escaped) && !right.flags.contains(.escaped) { return body(content(a), content(b)) }
        return JSONString.decode(token(a)).withUnsafeBufferPointer { x in
            JSONString.decode(token(b)).withUnsafeBufferPointer { y in body(x, y) }
        }
    }

    /// The decoded text of a key node.
    func keyText(_ node: Int) -> [UInt8] {
        nodes[node].flags.contains(.escaped) ? JSONString.decode(token(node)) : Array(content(node))
    }
}

extension JSONDocument {
    /// Calls `body` with the document's nodes and bytes in place (through
    /// the storage's pointers: nothing retained but the storage).
    package func withRawDocument<R>(_ body: (RawDocument) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) {
            try body(RawDocument(nodes: storage.nodeBuffer, bytes: UnsafeBufferPointer(start: storage.byteBase, count: storage.byteCount)))
        }
    }
}

extension RawDocument {
    /// Whether two key nodes, in any documents, decode to the same text.
    static func keysEqual(_ a: RawDocument, _ keyA: Int, _ b: RawDocument, _ keyB: Int) -> Bool {
        let tokenA = a.nodes[keyA], tokenB = b.nodes[keyB]
        if !tokenA.flags.contains(.escaped) && !tokenB.flags.contains(.escaped) {
            return memcmpEqual(a.content(keyA), b.content(keyB))
        }
        return a.decodedKey(keyA) == b.decodedKey(keyB)
    }

    /// Calls `body` with the decoded text of key node `key` (in place when it has no escapes).
    @inline(__always) package func withKeyText<R>(_ key: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if !nodes[key].flags.contains(.escaped) { return body(content(key)) }
        return JSONString.decode(token(key)).withUnsafeBufferPointer(body)
    }

    package func decodedKey(_ key: Int) -> [UInt8] {
        nodes[key].flags.contains(.escaped) ? JSONString.decode(token(key)) : Array(content(key))
    }

    func keyHash(_ key: Int) -> UInt64 {
        nodes[key].flags.contains(.escaped) ? JSONString.decodedHash(token(key)) : keyTextHash(content(key))
    }

    package func keyEquals(_ key: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        nodes[key].flags.contains(.escaped) ? JSONString.decode(token(key)).withUnsafeBufferPointer { $0.elementsEqual(text) } : memcmpEqual(content(key), text)
    }
}
