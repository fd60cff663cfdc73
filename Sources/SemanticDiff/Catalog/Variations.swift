/// The variants of a localization: by plural category, by device, or both
/// (a device variant may itself vary by plural).
public struct Variations: Sendable {
    public let document: JSONDocument
    public let language: String
    public let node: Int

    /// Plural categories (`zero`, `one`, `two`, `few`, `many`, `other`) in the file's order.
    public var plural: [(category: String, localization: Localization)] {
        guard let object = object(.plural) else { return [] }
        // Built with the labels of the property's type: an array of unlabeled tuples would be cast at run time.
        return document.members(of: object).map {
            (category: document.string($0.key), localization: Localization(document: document, language: language, node: $0.value))
        }
    }

    /// Devices (`iphone`, `ipad`, `mac`, `applewatch`, `appletv`, `applevision`, `ipod`, `other`).
    public var device: [(device: String, localization: Localization)] {
        guard let object = object(.device) else { return [] }
        return document.members(of: object).map {
            (device: document.string($0.key), localization: Localization(document: document, language: language, node: $0.value))
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
