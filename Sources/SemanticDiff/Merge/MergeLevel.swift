/// Where in a catalog a merge is: which rules apply to the members of the
/// object at hand, and how to name them in messages.
struct MergeLevel {
    enum Kind {
        /// The top-level object: `sourceLanguage`, `strings`, `version`.
        case root
        /// `strings`: keys to entries.
        case strings
        /// An entry: `comment`, `extractionState`, `localizations`…
        case entry
        /// `localizations`: languages to localizations.
        case localizations
        /// A localization, or a variant inside variations (same shape).
        case localization
        /// `variations`: `plural`, `device`.
        case variations
        /// `plural` or `device`: names to localizations.
        case variationCases
        /// `substitutions`: names to substitutions.
        case substitutions
        /// A substitution: `argNum`, `formatSpecifier`, `variations`.
        case substitution
        /// Anything else: merged member by member with no catalog rule.
        case other
    }

    var kind: Kind
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
    func child(_ name: String) -> MergeLevel {
        var next = self
        switch kind {
        case .root:
            next.kind = name == "strings" ? .strings : .other
        case .strings:
            next.kind = .entry
            next.key = name
        case .entry:
            next.kind = name == "localizations" ? .localizations : .other
        case .localizations:
            next.kind = .localization
            next.language = name
            if name == sourceLanguage { next.reviewSide = nil }
        case .localization:
            switch name {
            case "variations": next.kind = .variations
            case "substitutions": next.kind = .substitutions
            default: next.kind = .other
            }
        case .variations:
            next.kind = .variationCases
            next.variant.append(name)
        case .variationCases:
            next.kind = .localization
            next.variant.append(name)
        case .substitutions:
            next.kind = .substitution
            next.variant += ["substitutions", name]
        case .substitution:
            next.kind = name == "variations" ? .variations : .other
        case .other:
            next.kind = .other
        }
        return next
    }

    /// The conflict record for member `name` of an object at this level.
    func conflict(member name: String) -> MergeConflict {
        switch kind {
        case .root:
            return MergeConflict(key: nil, language: nil, field: name)
        case .strings:
            return MergeConflict(key: name, language: nil)
        case .localizations:
            return MergeConflict(key: key, language: name)
        case .localization where name == "stringUnit" || name == "stringSet":
            return MergeConflict(key: key, language: language, variant: variant.joined(separator: "."))
        case .variationCases:
            return MergeConflict(key: key, language: language, variant: (variant + [name]).joined(separator: "."))
        case .entry:
            return MergeConflict(key: key, language: nil, field: name)
        default:
            return MergeConflict(key: key, language: language, variant: variant.joined(separator: "."), field: name)
        }
    }
}
