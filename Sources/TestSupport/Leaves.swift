import SemanticDiff

/// A catalog's translation texts by path, to check that changes survive.
public struct Leaves {
    public var values: [String: JSONValue] = [:]

    public init(_ value: JSONValue) {
        func walk(_ value: JSONValue, _ path: String) {
            if case .object(let members) = value {
                for member in members { walk(member.value, path + "/" + member.key) }
            } else if path.hasSuffix("/stringUnit/value") || path.hasSuffix("/stringSet/values") {
                values[path] = value
            }
        }
        walk(value, "")
    }

    /// Texts one side changed or added (the other kept the base's) that this merge does not have.
    public func lost(base: Leaves, ours: Leaves, theirs: Leaves) -> [String] {
        var lost: [String] = []
        for path in Set(base.values.keys).union(ours.values.keys).union(theirs.values.keys) {
            let b = base.values[path], o = ours.values[path], t = theirs.values[path]
            if o != nil && o != b && t == b && values[path] != o { lost.append(path) }
            if t != nil && t != b && o == b && values[path] != t { lost.append(path) }
        }
        return lost
    }
}
