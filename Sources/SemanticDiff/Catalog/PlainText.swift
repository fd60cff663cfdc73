import XCStringsJSON

/// The shape of most localizations of real catalogs (nine in ten of the
/// corpus's translations): one string unit with a state and a value,
///
///     "de" : { "stringUnit" : { "state" : "translated", "value" : "Löschen" } }
///
/// recognized on the raw nodes, so that a check can tell what the rules
/// would say about it without building its views, and a diff that it holds
/// nothing the typed view leaves out.
package enum PlainText {
    /// How plain the localization at `node` is.
    package enum Shape {
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

    package static func shape(_ raw: RawDocument, _ node: Int) -> Shape {
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
    package static func parts(_ raw: RawDocument, _ node: Int) -> (state: Int, value: Int)? {
        let localization = raw.nodes[node]
        guard localization.kind == .object, localization.count == 1, !localization.flags.contains(.hasDuplicates),
              raw.nodes[node + 1].kind == .string, equals(raw, node + 1, "stringUnit") else { return nil }
        return unitParts(raw, unit(of: node))
    }

    /// The string nodes of the state and the value of a string unit at
    /// `node` that has those two members, both strings, and no other; nil
    /// for any other. Read from where they must be: a string is one node,
    /// so the members are the four nodes after the object's.
    package static func unitParts(_ raw: RawDocument, _ node: Int) -> (state: Int, value: Int)? {
        let unit = raw.nodes[node]
        guard unit.kind == .object, unit.count == 2, !unit.flags.contains(.hasDuplicates),
              raw.nodes[node + 2].kind == .string, raw.nodes[node + 4].kind == .string else { return nil }
        if equals(raw, node + 1, "state") && equals(raw, node + 3, "value") { return (node + 2, node + 4) }
        if equals(raw, node + 1, "value") && equals(raw, node + 3, "state") { return (node + 4, node + 2) }
        return nil
    }

    /// The string unit of a localization at `node` whose shape is not
    /// ``Shape/other``: the value of its one member, after the key.
    package static func unit(of node: Int) -> Int { node + 2 }

    /// Whether string `node` is exactly `text`, as written (an escaped
    /// spelling is not: the views decode it, and this path leaves it to them).
    @inline(__always) private static func equals(_ raw: RawDocument, _ node: Int, _ text: StaticString) -> Bool {
        !raw.nodes[node].flags.contains(.escaped)
            && raw.content(node).spells(text)
    }
}
