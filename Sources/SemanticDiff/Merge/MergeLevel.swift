import XCStringsCatalog
import XCStringsJSON

/// Where in a catalog a merge is: which rules apply to the members of the
/// object at hand, and how to name them in messages.
struct MergeLevel {
    /// Where the object is in the catalog's schema.
    var kind: CatalogLevel
    /// The entry's key.
    var key: String?
    var language: String?
    var variant: [String] = []
    /// When one side changed the entry's source text, the other side's
    /// translation changes get `needs_review` (rule 4): that other side.
    var reviewSide: Side?
    /// The catalog's source language, whose localization is never reviewed.
    var sourceLanguage: String?

    static let root = MergeLevel(kind: .root)

    /// The level of the members of member `name`'s value.
    package func child(_ name: String) -> MergeLevel {
        var next = self
        next.kind = kind.child(name)
        switch kind {
        case .strings:
            next.key = name
        case .localizations:
            next.language = name
            if name == sourceLanguage { next.reviewSide = nil }
        case .variations, .variationCases:
            next.variant.append(name)
        case .substitutions:
            next.variant += [CatalogField.substitutions.rawValue, name]
        default:
            break
        }
        return next
    }

    /// The conflict record for member `name` of an object at this level.
    func conflict(member name: String) -> CatalogLocation {
        switch kind {
        case .root:
            return CatalogLocation(key: nil, language: nil, field: name)
        case .strings:
            return CatalogLocation(key: name, language: nil)
        case .localizations:
            return CatalogLocation(key: key, language: name)
        case .localization where [.stringUnit, .stringSet].contains(kind.child(name)):
            return CatalogLocation(key: key, language: language, variant: variant.joined(separator: "."))
        case .variationCases:
            return CatalogLocation(key: key, language: language, variant: (variant + [name]).joined(separator: "."))
        case .entry:
            return CatalogLocation(key: key, language: nil, field: name)
        default:
            return CatalogLocation(key: key, language: language, variant: variant.joined(separator: "."), field: name)
        }
    }
}
