import XCStringsJSON

/// The variants of a localization: by plural category, by device, or both
/// (a device variant may itself vary by plural).
public struct Variations: Sendable {
    public let document: JSONDocument
    public let language: String
    public let node: Int

    package init(document: JSONDocument, language: String, node: Int) {
        self.document = document
        self.language = language
        self.node = node
    }

    /// Plural categories (`zero`, `one`, `two`, `few`, `many`, `other`) in the file's order.
    public var plural: [(category: String, localization: Localization)] {
        // Built with the labels of the property's type: an array of unlabeled tuples would be cast at run time.
        var cases: [(category: String, localization: Localization)] = []
        forEachCase(.plural) { cases.append((category: $0, localization: $1)) }
        return cases
    }

    /// Devices (`iphone`, `ipad`, `mac`, `applewatch`, `appletv`, `applevision`, `ipod`, `other`).
    public var device: [(device: String, localization: Localization)] {
        var cases: [(device: String, localization: Localization)] = []
        forEachCase(.device) { cases.append((device: $0, localization: $1)) }
        return cases
    }

    /// Calls `body` with each case of `kind` (`plural` or `device`), in the
    /// file's order: its name and its localization. Nothing is gathered,
    /// and a name that is one of the categories or of Xcode's devices is
    /// read as such, not decoded into a string of its own.
    package func forEachCase(_ kind: CatalogField, _ body: (_ name: String, _ localization: Localization) -> Void) {
        guard let object = object(kind) else { return }
        document.withRawDocument { raw in
            for member in JSONCursor(raw.nodes).members(of: object) {
                let known = document.withStringBytes(member.key) { name in
                    kind == .plural ? PluralCategory(utf8: name)?.rawValue : Device(utf8: name)?.rawValue
                }
                body(known ?? document.string(member.key), Localization(document: document, language: language, node: member.value))
            }
        }
    }

    private func object(_ kind: CatalogField) -> Int? {
        guard let object = document.value(kind, in: node), document.kind(object) == .object else { return nil }
        return object
    }
}

/// A named argument of a format string (`%#@NAME@`) with its own plural variations.
public struct Substitution: Sendable {
    public let document: JSONDocument
    public let language: String
    public let name: String
    public let node: Int

    package init(document: JSONDocument, language: String, name: String, node: Int) {
        self.document = document
        self.language = language
        self.name = name
        self.node = node
    }

    /// Which format argument it stands for (1-based).
    public var argumentNumber: Int? {
        guard let number = document.value(.argNum, in: node), document.kind(number) == .number else { return nil }
        return Int(String(decoding: document.rawBytes(number), as: UTF8.self))
    }

    /// The argument's format, without `%`: `lld`, `@`.
    public var formatSpecifier: String? { document.stringValue(document.value(.formatSpecifier, in: node)) }

    public var variations: Variations? {
        guard let object = document.value(.variations, in: node), document.kind(object) == .object else { return nil }
        return Variations(document: document, language: language, node: object)
    }
}
