/// A language's text for an entry: a plain unit, a set, or variations,
/// possibly with substitutions. Also used for each variant inside
/// variations, which have the same shape.
public struct Localization: Sendable {
    public let document: JSONDocument
    public let language: String
    public let node: Int

    public var stringUnit: StringUnit? {
        member(.stringUnit).map { StringUnit(document: document, node: $0) }
    }

    public var stringSet: StringSet? {
        member(.stringSet).map { StringSet(document: document, node: $0) }
    }

    public var variations: Variations? {
        member(.variations).map { Variations(document: document, language: language, node: $0) }
    }

    /// Named substitutions (`%#@NAME@`), in the file's order.
    public var substitutions: [Substitution] {
        guard let node = member(.substitutions) else { return [] }
        return document.members(of: node).map {
            Substitution(document: document, language: language, name: document.string($0.key), node: $0.value)
        }
    }

    /// Every translated text inside this localization, with where it sits:
    /// the plain unit, each plural category, each device (and the plural
    /// categories inside a device), each substitution's categories.
    public var translations: [Translation] {
        var result: [Translation] = []
        collect(into: &result, variant: Variant())
        return result
    }

    func collect(into result: inout [Translation], variant: Variant) {
        if let unit = stringUnit {
            result.append(Translation(language: language, variant: variant, text: .unit(unit)))
        }
        if let set = stringSet {
            result.append(Translation(language: language, variant: variant, text: .set(set)))
        }
        if let variations {
            for (category, localization) in variations.plural {
                localization.collect(into: &result, variant: variant.appending(.plural, category))
            }
            for (device, localization) in variations.device {
                localization.collect(into: &result, variant: variant.appending(.device, device))
            }
        }
        for substitution in substitutions {
            guard let variations = substitution.variations else { continue }
            for (category, localization) in variations.plural {
                localization.collect(into: &result, variant: variant.appending(.substitutions, substitution.name).appending(.plural, category))
            }
        }
    }

    func member(_ field: CatalogField) -> Int? {
        guard document.kind(node) == .object, let value = document.value(field, in: node),
              document.kind(value) == .object else { return nil }
        return value
    }
}

/// Where a translation sits inside its localization: empty for the plain
/// unit, `plural.few`, `device.iphone`, `device.iphone.plural.one`,
/// `substitutions.NAME.plural.one`.
public struct Variant: Hashable, Sendable, CustomStringConvertible, Comparable {
    public var path: [String]

    public init(_ path: [String] = []) { self.path = path }

    public func appending(_ kind: CatalogField, _ name: String) -> Variant { Variant(path + [kind.rawValue, name]) }

    public var isPlain: Bool { path.isEmpty }

    public var description: String { path.joined(separator: ".") }

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

    public var state: TranslationState? {
        switch text {
        case .unit(let unit): return unit.state
        case .set(let set): return set.state
        }
    }
}
