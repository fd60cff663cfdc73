import SemanticDiff

/// A catalog flattened to its leaves: every string, number, literal and
/// array by its path of member names (`/strings/Save/localizations/de/stringUnit/value`),
/// as text in Xcode's form, so that two versions compare byte for byte.
/// The tests, the fuzzer and `scripts/replay` check with it that no change
/// only one side made is lost.
public struct Leaves: Sendable {
    /// Each leaf's text in Xcode's form, by path. Paths and texts are
    /// compared by their bytes: two keys, or two texts, that differ only in
    /// Unicode normalization are different (Swift's `==` on strings would
    /// take them for one).
    public var values: [LeafPath: [UInt8]] = [:]

    public init(_ value: JSONValue) {
        func walk(_ value: JSONValue, _ path: [UInt8]) {
            if case .object(let members) = value {
                for member in members { walk(member.value, path + [UInt8(ascii: "/")] + Array(member.key.utf8)) }
            } else {
                values[LeafPath(bytes: path)] = value.xcodeLayout()
            }
        }
        walk(value, [])
    }

    public init(_ document: JSONDocument) {
        self.init(JSONValue(document, document.root))
    }

    /// Whether `path` is a translation's text: a unit's value or a set's values.
    public static func isTranslation(_ path: LeafPath) -> Bool {
        path.bytes.starts(with: Array("/strings/".utf8))
            && (path.bytes.ends(with: Array("/stringUnit/value".utf8)) || path.bytes.ends(with: Array("/stringSet/values".utf8)))
    }

    /// The translation texts one side changed or added (the other kept the
    /// base's) that this merge result does not have, sorted. A deletion is
    /// not a text to lose: rule 6 keeps what the other side changed.
    public func lost(base: Leaves, ours: Leaves, theirs: Leaves) -> [String] {
        var lost: [String] = []
        let paths = Set(base.values.keys).union(ours.values.keys).union(theirs.values.keys).filter(Self.isTranslation)
        for path in paths.sorted() {
            let b = base.values[path], o = ours.values[path], t = theirs.values[path]
            if o != nil && o != b && t == b && values[path] != o { lost.append(path.description) }
            if t != nil && t != b && o == b && values[path] != t { lost.append(path.description) }
        }
        return lost
    }
}

/// A leaf's path of member names, `/strings/Save/localizations/de/stringUnit/value`, as bytes.
public struct LeafPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var bytes: [UInt8]

    public static func < (a: LeafPath, b: LeafPath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    public var description: String { String(decoding: bytes, as: UTF8.self) }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix) }
}
