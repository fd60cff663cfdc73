import XCStringsJSON

/// A language's text for an entry: a plain unit, a set, or variations,
/// possibly with substitutions. Also used for each variant inside
/// variations, which have the same shape.
public struct Localization: Sendable {
    public let document: JSONDocument
    public let language: String
    public let node: Int

    package init(document: JSONDocument, language: String, node: Int) {
        self.document = document
        self.language = language
        self.node = node
    }

    public var stringUnit: StringUnit? { parts.stringUnit.map { StringUnit(document: document, node: $0) } }

    public var stringSet: StringSet? { parts.stringSet.map { StringSet(document: document, node: $0) } }

    public var variations: Variations? {
        parts.variations.map { Variations(document: document, language: language, node: $0) }
    }

    /// Named substitutions (`%#@NAME@`), in the file's order.
    public var substitutions: [Substitution] { substitutions(parts) }

    /// ``substitutions`` of a localization whose ``parts`` are known.
    public func substitutions(_ parts: Parts) -> [Substitution] {
        guard let node = parts.substitutions else { return [] }
        return document.members(of: node).map {
            Substitution(document: document, language: language, name: document.string($0.key), node: $0.value)
        }
    }

    /// The nodes of the members that hold text, found in one scan of the
    /// localization's object (each an object, else nil).
    public var parts: Parts {
        var parts = Parts()
        guard document.kind(node) == .object else { return parts }
        // Read in place: an iterator over the document's members would hold it (a reference count each).
        document.withRawDocument { raw in
            for member in JSONCursor(raw.nodes).members(of: node) where raw.nodes[member.value].kind == .object {
                switch document.field(member.key) {
                case .stringUnit?: parts.stringUnit = member.value
                case .stringSet?: parts.stringSet = member.value
                case .variations?: parts.variations = member.value
                case .substitutions?: parts.substitutions = member.value
                default: break
                }
            }
        }
        return parts
    }

    /// See ``parts``.
    public struct Parts: Sendable {
        public var stringUnit: Int?
        public var stringSet: Int?
        public var variations: Int?
        public var substitutions: Int?

        public init(stringUnit: Int? = nil, stringSet: Int? = nil, variations: Int? = nil, substitutions: Int? = nil) {
            self.stringUnit = stringUnit
            self.stringSet = stringSet
            self.variations = variations
            self.substitutions = substitutions
        }
    }

    /// Every translated text inside this localization, with where it sits:
    /// the plain unit, each plural category, each device (and the plural
    /// categories inside a device), each substitution's categories.
    public var translations: [Translation] { translations(parts) }

    /// ``translations`` of a localization whose ``parts`` are known.
    public func translations(_ parts: Parts) -> [Translation] {
        var result: [Translation] = []
        result.reserveCapacity(parts.variations == nil && parts.substitutions == nil ? 1 : 8)
        collect(into: &result, variant: Variant(), parts: parts)
        return result
    }

    package func collect(into result: inout [Translation], variant: Variant, parts: Parts? = nil) {
        let parts = parts ?? self.parts
        if let unit = parts.stringUnit {
            result.append(Translation(language: language, variant: variant, text: .unit(StringUnit(document: document, node: unit))))
        }
        if let set = parts.stringSet {
            result.append(Translation(language: language, variant: variant, text: .set(StringSet(document: document, node: set))))
        }
        // Walked in place: no list of cases or substitutions is made on the way.
        if let node = parts.variations {
            let variations = Variations(document: document, language: language, node: node)
            variations.forEachCase(.plural) { category, localization in
                localization.collect(into: &result, variant: variant.appending(.plural, category))
            }
            variations.forEachCase(.device) { device, localization in
                localization.collect(into: &result, variant: variant.appending(.device, device))
            }
        }
        guard let node = parts.substitutions else { return }
        for member in document.members(of: node) {
            guard let object = document.value(.variations, in: member.value), document.kind(object) == .object else { continue }
            let named = variant.appending(.substitutions, document.string(member.key))
            Variations(document: document, language: language, node: object).forEachCase(.plural) { category, localization in
                localization.collect(into: &result, variant: named.appending(.plural, category))
            }
        }
    }
}

/// Where a translation sits inside its localization: empty for the plain
/// unit, `plural.few`, `device.iphone`, `device.iphone.plural.one`,
/// `substitutions.NAME.plural.one`.
public struct Variant: Hashable, Sendable, CustomStringConvertible, Comparable {
    public var path: [String]

    public init(_ path: [String] = []) { self.path = path }

    public func appending(_ kind: CatalogField, _ name: String) -> Variant {
        var longer = path
        longer.reserveCapacity(path.count + 2)
        longer.append(kind.rawValue)
        longer.append(name)
        return Variant(longer)
    }

    public var isPlain: Bool { path.isEmpty }

    /// Whether the two are the same names in the same bytes (Swift's `==`
    /// on strings is canonical equivalence).
    package func hasSameBytes(as other: Variant) -> Bool {
        path.count == other.path.count && zip(path, other.path).allSatisfy { $0.hasSameBytes(as: $1) }
    }

    /// Whether the text is one of a substitution's (where `%arg` is its number).
    public var isInSubstitution: Bool {
        stride(from: 0, to: path.count, by: 2).contains { path[$0] == CatalogField.substitutions.rawValue }
    }

    /// The device of a device variant (`iphone` in `device.iphone.plural.one`).
    public var device: String? {
        path.count >= 2 && path[0] == CatalogField.device.rawValue ? path[1] : nil
    }

    public var description: String {
        // Most paths are one name and its value (`plural.one`): joined without the general join's buffer.
        path.count == 2 ? path[0] + "." + path[1] : path.joined(separator: ".")
    }

    public static func < (lhs: Variant, rhs: Variant) -> Bool { lhs.path.lexicographicallyPrecedes(rhs.path) }
}

/// One translated text: a language, a variant and the unit or set holding it.
public struct Translation: Sendable {
    public let language: String
    public let variant: Variant
    public let text: Text

    public enum Text: Sendable {
        case unit(StringUnit)
        case set(StringSet)
    }

    /// The node of the string unit that holds the text, when a unit does.
    /// (Kept beside the text: reading it out of the text's view would copy
    /// the view, a reference count for each text a check reads.)
    public let unitNode: Int?

    init(language: String, variant: Variant, text: Text) {
        self.language = language
        self.variant = variant
        self.text = text
        if case .unit(let unit) = text { unitNode = unit.node } else { unitNode = nil }
    }

    public var state: TranslationState? {
        switch text {
        case .unit(let unit): return unit.state
        case .set(let set): return set.state
        }
    }
}
