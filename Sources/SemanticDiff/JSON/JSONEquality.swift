#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two values, possibly in different documents, mean the same:
/// same kind, same text for strings (escapes resolved), same number as
/// Foundation reads it, same members whatever their order, same elements.
///
/// Identical bytes answer at once, and in catalogs written by Xcode nearly
/// every unchanged subtree is byte-identical on every side.
public enum JSONEquality {
    public static func equal(_ a: JSONDocument, _ nodeA: Int, _ b: JSONDocument, _ nodeB: Int) -> Bool {
        a.withRawDocument { rawA in b.withRawDocument { rawB in equal(rawA, nodeA, rawB, nodeB) } }
    }

    package static func equal(_ a: RawDocument, _ nodeA: Int, _ b: RawDocument, _ nodeB: Int) -> Bool {
        let tokenA = a.nodes[nodeA], tokenB = b.nodes[nodeB]
        guard tokenA.kind == tokenB.kind else { return false }
        let rawA = a.token(nodeA), rawB = b.token(nodeB)
        if rawA.count == rawB.count && memcmpEqual(rawA, rawB) { return true }
        switch tokenA.kind {
        case .string:
            guard tokenA.flags.contains(.escaped) || tokenB.flags.contains(.escaped) else { return false }
            return JSONString.decode(rawA) == JSONString.decode(rawB)
        case .number:
            return JSONNumber.foundationText(rawA) == JSONNumber.foundationText(rawB)
        case .true, .false, .null:
            return true
        case .array:
            guard tokenA.count == tokenB.count else { return false }
            for (elementA, elementB) in zip(a.elements(of: nodeA), b.elements(of: nodeB)) where !equal(a, elementA, b, elementB) {
                return false
            }
            return true
        case .object:
            let membersA = ObjectMembers(a, nodeA), membersB = ObjectMembers(b, nodeB)
            guard membersA.count == membersB.count else { return false }
            for (position, member) in membersA.enumerated() {
                guard let other = membersB.find(a, member.key, hint: position),
                      equal(a, member.value, b, other.value) else { return false }
            }
            return true
        }
    }
}

@inline(__always) package func memcmpEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard a.count > 0 else { return true }
    return memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
}

/// The effective members of one object (duplicates resolved), with lookup
/// by key: first at the position the caller expects (sides of a merge
/// usually list keys in the same order), then through a hash index built on
/// first need.
package struct ObjectMembers: RandomAccessCollection {
    let raw: RawDocument
    /// The members in an array of their own, for objects too large to walk
    /// to a member (or with keys a later duplicate overrides); empty, and
    /// never allocated, for the others.
    private let stored: [JSONDocument.Member]
    /// For an object walked to its members: its first key node; else -1.
    private let firstKey: Int
    package let count: Int
    /// For a large object, its index by key once a lookup needed it (shared by copies):
    /// a merge looks up theirs' and base's keys, and ours' only in places.
    private let lazyIndex: LazyKeyIndex?

    /// Objects of up to this many members (a unit's state and value, a
    /// localization's fields, its plural categories, an entry's languages
    /// in most catalogs) are walked member by member on each access
    /// instead of copied: a merge makes thousands of them, each for a moment.
    static let walkedUpTo = 8

    /// The members of node `object`; none when there is no such node or it is not an object.
    package init(_ raw: RawDocument, _ object: Int?) {
        self.raw = raw
        guard let object, raw.nodes[object].kind == .object else {
            (stored, firstKey, count, lazyIndex) = ([], -1, 0, nil)
            return
        }
        let node = raw.nodes[object]
        if node.count <= ObjectMembers.walkedUpTo && !node.flags.contains(.hasDuplicates) {
            (stored, firstKey, count, lazyIndex) = ([], object + 1, Int(node.count), nil)
            return
        }
        var members: [JSONDocument.Member] = []
        members.reserveCapacity(Int(node.count))
        for member in raw.members(of: object) { members.append(.init(key: member.key, value: member.value)) }
        (stored, firstKey, count) = (members, -1, members.count)
        // Small objects (a catalog's fields, its languages) are scanned: a
        // hash index costs more than it saves below a few dozen members.
        lazyIndex = members.count > 64 ? LazyKeyIndex() : nil
    }

    /// These members with their index made now, where a large object has
    /// one: what threads that look keys up at once must share (the index is
    /// otherwise made by the first lookup that needs it, unguarded).
    package func indexed() -> ObjectMembers {
        _ = lazyIndex?.index(of: stored, in: raw)
        return self
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> JSONDocument.Member {
        guard firstKey >= 0 else { return stored[position] }
        precondition(position >= 0 && position < count, "member position out of range")
        var key = firstKey
        for _ in 0..<position { key = Int(raw.nodes[key &+ 1].next) }
        return JSONDocument.Member(key: key, value: key &+ 1)
    }

    /// The member whose key equals key node `key` of `other`.
    package func find(_ other: RawDocument, _ key: Int, hint: Int? = nil) -> JSONDocument.Member? {
        position(of: other, key, hint: hint).map { self[$0] }
    }

    /// The position of the member whose key equals key node `key` of `other`.
    package func position(of other: RawDocument, _ key: Int, hint: Int? = nil) -> Int? {
        if firstKey >= 0 {
            // One walk, the hint's member first.
            if let hint, hint >= 0, hint < count, RawDocument.keysEqual(raw, self[hint].key, other, key) { return hint }
            var candidate = firstKey
            for position in 0..<count {
                if RawDocument.keysEqual(raw, candidate, other, key) { return position }
                candidate = Int(raw.nodes[candidate &+ 1].next)
            }
            return nil
        }
        if let hint, hint >= 0, hint < stored.count, RawDocument.keysEqual(raw, stored[hint].key, other, key) { return hint }
        if let lazyIndex {
            let index = lazyIndex.index(of: stored, in: raw)
            return index.first(hash: other.keyHash(key)) { RawDocument.keysEqual(raw, stored[$0].key, other, key) }
        }
        return stored.firstIndex { RawDocument.keysEqual(raw, $0.key, other, key) }
    }

    /// The position of the member named `name`.
    package func position(named name: String) -> Int? {
        var name = name
        return name.withUTF8 { text in
            firstIndex { raw.keyEquals($0.key, text) }
        }
    }

    /// The members in order, a walked object's by one hop each.
    package func makeIterator() -> Iterator {
        Iterator(members: self, position: 0, key: firstKey)
    }

    package struct Iterator: IteratorProtocol {
        let members: ObjectMembers
        package var position: Int
        var key: Int

        package mutating func next() -> JSONDocument.Member? {
            guard position < members.count else { return nil }
            defer { position &+= 1 }
            guard key >= 0 else { return members.stored[position] }
            let member = JSONDocument.Member(key: key, value: key &+ 1)
            key = Int(members.raw.nodes[key &+ 1].next)
            return member
        }
    }
}

/// A large object's ``KeyIndex`` (from a key's hash to its member's
/// position), made when a lookup first needs it: by one thread, or before
/// threads share it (``ObjectMembers/indexed()``).
final class LazyKeyIndex {
    private var made: KeyIndex?

    /// The index of `members` of a document read through `raw`, made now if it was not yet.
    func index(of members: [JSONDocument.Member], in raw: RawDocument) -> KeyIndex {
        if let made { return made }
        var index = KeyIndex(capacity: members.count)
        for (position, member) in members.enumerated() {
            index.insert(position, hash: raw.keyHash(member.key))
        }
        made = index
        return index
    }
}
