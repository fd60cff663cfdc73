import XCStringsJSON

/// A translated string and its review state.
public struct StringUnit: Sendable {
    public let document: JSONDocument
    public let node: Int

    package init(document: JSONDocument, node: Int) {
        self.document = document
        self.node = node
    }

    public var value: String? { document.stringValue(document.value(.value, in: node)) }

    /// The node of the value, when it is a string.
    public var valueNode: Int? {
        guard let value = document.value(.value, in: node), document.kind(value) == .string else { return nil }
        return value
    }

    public var state: TranslationState? {
        document.stringValue(document.value(.state, in: node)).map(TranslationState.init(rawValue:))
    }

    /// The nodes of the `value` and `state` members (of any kind), found in one scan.
    package var members: (value: Int?, state: Int?) {
        var found: (value: Int?, state: Int?) = (nil, nil)
        guard document.kind(node) == .object else { return found }
        // Read in place: an iterator over the document's members would hold it (a reference count each).
        document.withRawDocument { raw in
            for member in JSONCursor(raw.nodes).members(of: node) {
                switch document.field(member.key) {
                case .value?: found.value = member.value
                case .state?: found.state = member.value
                default: break
                }
            }
        }
        return found
    }
}

/// A list of strings with one state (App Intents phrases).
public struct StringSet: Sendable {
    public let document: JSONDocument
    public let node: Int

    package init(document: JSONDocument, node: Int) {
        self.document = document
        self.node = node
    }

    public var values: [String] {
        guard let array = document.value(.values, in: node) else { return [] }
        return document.elements(of: array).compactMap { document.stringValue($0) }
    }

    public var state: TranslationState? {
        document.stringValue(document.value(.state, in: node)).map(TranslationState.init(rawValue:))
    }
}
