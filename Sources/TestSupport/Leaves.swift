import SemanticDiff

/// A catalog flattened to its leaves: every string, number, literal and
/// array by its path of member names (`/strings/Save/localizations/de/stringUnit/value`),
/// as text in Xcode's form, so that two versions compare byte for byte.
/// The tests, the fuzzer and `scripts/replay` check with it that no change
/// only one side made is lost.
public struct Leaves: Sendable {
    public var values: [String: String] = [:]

    public init(_ value: JSONValue) {
        func walk(_ value: JSONValue, _ path: String) {
            if case .object(let members) = value {
                for member in members { walk(member.value, path + "/" + member.key) }
            } else {
                values[path] = String(decoding: value.xcodeLayout(), as: UTF8.self)
            }
        }
        walk(value, "")
    }

    public init(_ document: JSONDocument) {
        self.init(JSONValue(document, document.root))
    }

    /// Whether `path` is a translation's text: a unit's value or a set's values.
    public static func isTranslation(_ path: String) -> Bool {
        path.hasPrefix("/strings/") && (path.hasSuffix("/stringUnit/value") || path.hasSuffix("/stringSet/values"))
    }

    /// The translation texts one side changed or added (the other kept the
    /// base's) that this merge result does not have, sorted. A deletion is
    /// not a text to lose: rule 6 keeps what the other side changed.
    public func lost(base: Leaves, ours: Leaves, theirs: Leaves) -> [String] {
        var lost: [String] = []
        let paths = Set(base.values.keys).union(ours.values.keys).union(theirs.values.keys).filter(Self.isTranslation)
        for path in paths.sorted() {
            let b = base.values[path], o = ours.values[path], t = theirs.values[path]
            if o != nil && o != b && t == b && values[path] != o { lost.append(path) }
            if t != nil && t != b && o == b && values[path] != t { lost.append(path) }
        }
        return lost
    }
}
