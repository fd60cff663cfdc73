/// Walks over a node array: the members of an object, the elements of an
/// array, one member by name. The one place that knows how nodes hop (see
/// ``JSONNode`` for the layout): a member's key is followed by its value,
/// and a value's `next` is where its next sibling starts.
///
/// Generic over the array, so that the same walk serves the checked
/// ``JSONNodes`` of a ``JSONDocument`` and the plain pointers of the hot
/// loops (``RawDocument``), the reader's growing buffer included.
package struct JSONCursor<Nodes: RandomAccessCollection> where Nodes.Element == JSONNode, Nodes.Index == Int {
    let nodes: Nodes

    @inline(__always) package init(_ nodes: Nodes) { self.nodes = nodes }

    /// The node after `node`'s subtree: its next sibling, if it has one.
    @inline(__always) func after(_ node: Int) -> Int { Int(nodes[node].next) }

    /// The members of object `object` in the file's order; keys a later
    /// duplicate overrides are left out unless `includingShadowed`. None
    /// when `object` is not an object.
    @inline(__always) package func members(of object: Int, includingShadowed: Bool = false) -> Members {
        let token = nodes[object]
        return Members(nodes: nodes, key: object + 1, remaining: token.kind == .object ? Int(token.count) : 0,
                       includingShadowed: includingShadowed)
    }

    /// `count` members from key node `firstKey` on, for an object whose node
    /// is not complete yet (the reader's duplicate check).
    @inline(__always) func members(from firstKey: Int, count: Int, includingShadowed: Bool) -> Members {
        Members(nodes: nodes, key: firstKey, remaining: count, includingShadowed: includingShadowed)
    }

    /// The elements of array `array`, in order; none when it is not an array.
    @inline(__always) func elements(of array: Int) -> Elements {
        let token = nodes[array]
        return Elements(nodes: nodes, element: array + 1, remaining: token.kind == .array ? Int(token.count) : 0)
    }

    package struct Members: Sequence, IteratorProtocol {
        let nodes: Nodes
        var key: Int
        var remaining: Int
        let includingShadowed: Bool

        @inline(__always) package mutating func next() -> (key: Int, value: Int)? {
            while remaining > 0 {
                let current = key
                remaining &-= 1
                key = Int(nodes[current &+ 1].next)
                if includingShadowed || !nodes[current].flags.contains(.shadowed) { return (current, current &+ 1) }
            }
            return nil
        }
    }

    package struct Elements: Sequence, IteratorProtocol {
        let nodes: Nodes
        var element: Int
        var remaining: Int

        @inline(__always) package mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            let current = element
            remaining &-= 1
            element = Int(nodes[current].next)
            return current
        }
    }
}

extension RawDocument {
    @inline(__always) var cursor: JSONCursor<UnsafeBufferPointer<JSONNode>> { JSONCursor(nodes) }

    /// The members of object `object` (see ``JSONCursor/members(of:includingShadowed:)``).
    @inline(__always) package func members(of object: Int, includingShadowed: Bool = false) -> JSONCursor<UnsafeBufferPointer<JSONNode>>.Members {
        cursor.members(of: object, includingShadowed: includingShadowed)
    }

    /// The elements of array `array`.
    @inline(__always) package func elements(of array: Int) -> JSONCursor<UnsafeBufferPointer<JSONNode>>.Elements {
        cursor.elements(of: array)
    }

    /// The value of member `name` of `object`, when `object` is an object
    /// that has one: a scan without allocation, for the few fields of a
    /// catalog's small objects.
    package func member(_ name: UnsafeBufferPointer<UInt8>, in object: Int) -> Int? {
        for member in members(of: object) where keyEquals(member.key, name) { return member.value }
        return nil
    }

    package func member(_ name: StaticString, in object: Int) -> Int? {
        member(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), in: object)
    }
}
