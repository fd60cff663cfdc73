/// A translated string and its review state.
public struct StringUnit: Sendable {
    public let document: JSONDocument
    public let node: Int

    public var value: String? { document.stringValue(document.value(.value, in: node)) }

    /// The node of the value, when it is a string.
    public var valueNode: Int? {
        guard let value = document.value(.value, in: node), document.kind(value) == .string else { return nil }
        return value
    }

    public var state: TranslationState? {
        document.stringValue(document.value(.state, in: node)).map(TranslationState.init(rawValue:))
    }
}

/// A list of strings with one state (App Intents phrases).
public struct StringSet: Sendable {
    public let document: JSONDocument
    public let node: Int

    public var values: [String] {
        guard let array = document.value(.values, in: node) else { return [] }
        return document.elements(of: array).compactMap { document.stringValue($0) }
    }

    public var state: TranslationState? {
        document.stringValue(document.value(.state, in: node)).map(TranslationState.init(rawValue:))
    }
}
