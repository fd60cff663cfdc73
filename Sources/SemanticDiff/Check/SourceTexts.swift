import XCStringsCatalog
import XCStringsJSON
import XCStringsText

/// One text of a source localization, with its format specifiers read once
/// for every translation compared with it (a class: it is handed around
/// once per translation, and copying its parts would cost more).
final class SourceText {
    let variant: Variant
    let value: String
    let format: FormatString

    init(variant: Variant, value: String) {
        self.variant = variant
        self.value = value
        format = FormatString(value, inSubstitution: variant.isInSubstitution)
    }

    /// The text as messages quote it, shortened to one line; made once, for
    /// the findings of every language.
    private(set) lazy var quoted: String = QuotedText.quoted(PlaceholderCheck.clip(value))
}

/// The texts of a source localization, looked up by variant (a few per
/// entry: a scan beats hashing their paths).
struct SourceTexts {
    private var texts: [SourceText] = []

    /// The variants whose source text is empty.
    private(set) var emptyVariants: [Variant] = []

    /// Whether some text holds a `%`, so may have format specifiers.
    private(set) var mayHaveFormats = false

    init(_ translations: [Translation]) {
        for translation in translations {
            // An empty source text says nothing about arguments (the key shows instead).
            guard case .unit(let unit) = translation.text, let node = unit.valueNode else { continue }
            if unit.document.isEmptyString(node) { emptyVariants.append(translation.variant); continue }
            add(translation.variant, unit.document.string(node))
        }
    }

    var isEmpty: Bool { texts.isEmpty }

    /// Adds (or replaces) the text of `variant`.
    mutating func add(_ variant: Variant, _ value: String) {
        texts.removeAll { $0.variant == variant }
        let text = SourceText(variant: variant, value: value)
        texts.append(text)
        if !text.format.isEmpty { mayHaveFormats = true }
    }

    subscript(variant: Variant) -> SourceText? { texts.first { $0.variant == variant } }

    /// The plain text (of the empty variant).
    var plain: SourceText? { texts.first { $0.variant.path.isEmpty } }

    /// The text of variant `kind.name` (`plural.other`), found without making its path.
    func text(_ kind: CatalogField, _ name: String) -> SourceText? {
        texts.first { text in
            let path = text.variant.path
            return path.count == 2 && path[1] == name && path[0] == kind.rawValue
        }
    }

    /// The text of variant `kind.name.innerKind.innerName` (`device.other.plural.one`).
    func text(_ kind: CatalogField, _ name: String, _ innerKind: CatalogField, _ innerName: String) -> SourceText? {
        texts.first { text in
            let path = text.variant.path
            return path.count == 4 && path[3] == innerName && path[1] == name && path[0] == kind.rawValue && path[2] == innerKind.rawValue
        }
    }
}
