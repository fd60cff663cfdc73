import XCStringsCatalog
import XCStringsJSON

/// `plural-missing-category`, `plural-extra-category`: a plural's
/// categories against CLDR's for the language it is in.
enum PluralCheck {
    static func check(_ localization: Localization, _ parts: Localization.Parts, _ forms: PluralForms, _ context: EntryContext,
                      into findings: inout [Finding]) {
        visit(localization, parts, Variant(), forms, context, &findings)
    }

    private static func visit(_ localization: Localization, _ parts: Localization.Parts, _ variant: Variant, _ forms: PluralForms,
                              _ context: EntryContext, _ findings: inout [Finding]) {
        if let node = parts.variations {
            let variations = Variations(document: localization.document, language: localization.language, node: node)
            checkPlural(variations, variant, forms, context, &findings)
            // Only a category's text with variations or substitutions of its own has plurals inside (rare): the
            // others are passed over without naming them.
            let document = localization.document
            if let plural = document.value(.plural, in: node), document.kind(plural) == .object {
                for member in document.members(of: plural) {
                    let inner = Localization(document: document, language: localization.language, node: member.value)
                    let innerParts = inner.parts
                    guard innerParts.variations != nil || innerParts.substitutions != nil else { continue }
                    visit(inner, innerParts, variant.appending(.plural, document.string(member.key)), forms, context, &findings)
                }
            }
            variations.forEachCase(.device) { device, variantLocalization in
                visit(variantLocalization, variantLocalization.parts, variant.appending(.device, device), forms, context, &findings)
            }
        }
        // Substitutions walked in place: no list of them is made.
        guard let node = parts.substitutions else { return }
        let document = localization.document
        for member in document.members(of: node) {
            guard let object = document.value(.variations, in: member.value), document.kind(object) == .object else { continue }
            checkPlural(Variations(document: document, language: localization.language, node: object),
                        variant.appending(.substitutions, document.string(member.key)), forms, context, &findings)
        }
    }

    private static func checkPlural(_ variations: Variations, _ variant: Variant, _ forms: PluralForms,
                                    _ context: EntryContext, _ findings: inout [Finding]) {
        let document = variations.document
        guard let plural = document.value(.plural, in: variations.node), document.kind(plural) == .object else { return }
        // Named from the keys' bytes; only a name that is no category is made a string.
        var present = PluralCategories(), unknown: [String] = []
        for member in document.members(of: plural) {
            if let category = document.withStringBytes(member.key, { PluralCategory(utf8: $0) }) {
                present.insert(category)
            } else {
                unknown.append(document.string(member.key))
            }
        }
        let language = variations.language
        let missing = forms.required.subtracting(present)
        // Where a finding is: made only for one.
        var place: Variant { variant.appending(.variations, CatalogField.plural.rawValue) }
        if !missing.isEmpty {
            findings.append(context.finding(
                .pluralMissingCategory,
                "\(language) plural\(describing: variant) lacks \(missing.list): add \(missing.count == 1 ? "it" : "them") (CLDR's categories for \(language): \(forms.categories.list))",
                languages: [language], variant: place, at: plural))
        }
        let extra = present.subtracting(forms.categories).subtracting([.zero])
        if !extra.isEmpty || !unknown.isEmpty {
            let listed = (extra.map(\.rawValue) + unknown).joined(separator: ", ")
            findings.append(context.finding(
                .pluralExtraCategory,
                "\(language) plural\(describing: variant) has \(listed), which \(language) never selects: remove \(extra.count + unknown.count == 1 ? "it" : "them") (CLDR's categories for \(language): \(forms.categories.list))",
                languages: [language], variant: place, at: plural))
        }
    }
}

extension PluralCategories {
    var count: Int { rawValue.nonzeroBitCount }
}
