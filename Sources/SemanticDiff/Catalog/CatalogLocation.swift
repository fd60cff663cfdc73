import XCStringsJSON

/// A place in a catalog, in the terms people use: an entry, a language, a
/// variant, a field. Conflicts and the merge's decisions are told by it.
public struct CatalogLocation: Sendable, Equatable, CustomStringConvertible {
    /// The entry's key, if the place is inside an entry.
    public var key: String?
    /// The language, if it is inside a localization.
    public var language: String?
    /// Where in the localization: `plural.few`, `device.iphone`, or empty.
    public var variant: String
    /// The field, when it is not a translation: `comment`, `sourceLanguage`…
    public var field: String?

    public init(key: String?, language: String?, variant: String = "", field: String? = nil) {
        self.key = key
        self.language = language
        self.variant = variant
        self.field = field
    }

    /// `"Hello" de`, `"Items" ru plural.few`, `"Title" comment`, `sourceLanguage`.
    public var description: String {
        var parts: [String] = []
        if let key { parts.append(String(decoding: JSONString.quoted(key), as: UTF8.self)) }
        if let language { parts.append(language) }
        if !variant.isEmpty { parts.append(variant) }
        if let field { parts.append(field) }
        return parts.joined(separator: " ")
    }
}
