/// The shape of most localizations of real catalogs (nine in ten of the
/// corpus's translations): one string unit with a state and a value,
///
///     "de" : { "stringUnit" : { "state" : "translated", "value" : "Löschen" } }
///
/// recognized on the raw nodes, so that a check can tell what the rules
/// would say about it without building its views, and a diff that it holds
/// nothing the typed view leaves out.
enum PlainText {
    /// How plain the localization at `node` is.
    enum Shape {
        /// Anything else: variations, substitutions, a set, other members,
        /// duplicate keys, a value that is not an object or a string.
        case other
        /// `stringUnit` with a string `state` and a string `value`, and
        /// nothing else: the schema holds.
        case unit
        /// ``unit``, `translated`, not empty, and without a `%` (nor an
        /// escape that could spell one): for a source without format
        /// specifiers, no rule has anything to say about it.
        case translatedWithoutFormats
    }

    static func shape(_ raw: RawDocument, _ node: Int) -> Shape {
        guard let (state, value) = parts(raw, node) else { return .other }
        guard equals(raw, state, "translated") else { return .unit }
        let text = raw.nodes[value]
        guard text.end - text.start > 2 else { return .unit }
        let content = raw.content(value)
        if content.containsByte(UInt8(ascii: "%")) { return .unit }
        // `\u0025` is a `%` too: an escaped text is plain only without `\u`.
        if text.flags.contains(.escaped) {
            for index in content.indices.dropLast() where content[index] == UInt8(ascii: "\\") && content[index + 1] == UInt8(ascii: "u") {
                return .unit
            }
        }
        return .translatedWithoutFormats
    }

    /// The string nodes of the state and the value of a localization at
    /// `node` whose shape is not ``Shape/other``; nil for any other.
    static func parts(_ raw: RawDocument, _ node: Int) -> (state: Int, value: Int)? {
        let localization = raw.nodes[node]
        guard localization.kind == .object, localization.count == 1, !localization.flags.contains(.hasDuplicates),
              raw.nodes[node + 1].kind == .string, equals(raw, node + 1, "stringUnit") else { return nil }
        let unitNode = unit(of: node), unit = raw.nodes[unitNode]
        guard unit.kind == .object, unit.count == 2, !unit.flags.contains(.hasDuplicates) else { return nil }
        var state: Int?, value: Int?
        for member in raw.members(of: unitNode) {
            guard raw.nodes[member.value].kind == .string else { return nil }
            if equals(raw, member.key, "state") { state = member.value } else if equals(raw, member.key, "value") { value = member.value }
        }
        guard let state, let value else { return nil }
        return (state, value)
    }

    /// The string unit of a localization at `node` whose shape is not
    /// ``Shape/other``: the value of its one member, after the key.
    static func unit(of node: Int) -> Int { node + 2 }

    /// Whether string `node` is exactly `text`, as written (an escaped
    /// spelling is not: the views decode it, and this path leaves it to them).
    @inline(__always) private static func equals(_ raw: RawDocument, _ node: Int, _ text: StaticString) -> Bool {
        !raw.nodes[node].flags.contains(.escaped)
            && raw.content(node).spells(text)
    }
}
