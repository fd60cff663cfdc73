import XCStringsCatalog
import XCStringsJSON
import XCStringsText

/// `plural-missing-category`, `plural-extra-category`: a plural's
/// categories against CLDR's for the language it is in.
///
/// A number whose category is missing reads `other`'s text (Apple's
/// fallback), so a missing category is an error only where whole numbers
/// would read a wrong form: `few` missing in Russian (2 → "2 файлов"). It is
/// a warning where they read right or can: a category that serves fractions
/// only (`many` in Czech); the category that holds most whole numbers
/// where `other` serves none, when `other`'s text is a form of its own
/// (Russian `many` left out, `other` holding "%lld файлов"); `one` in a
/// language of one and other, where the word may not change after 1
/// (Turkish "1 dosya"). Each finding names the fallback users get.
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
            let (severity, fallback) = consequence(of: missing, present: present, forms: forms, in: plural, document)
            findings.append(context.finding(
                .pluralMissingCategory,
                "\(language) plural\(describing: variant) lacks \(missing.list): \(fallback); add \(missing.count == 1 ? "it" : "them") (CLDR's categories for \(language): \(forms.categories.list))",
                severity: severity, languages: [language], variant: place, at: plural))
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

extension PluralCheck {
    /// How bad the missing categories are, and what users see instead:
    /// `2 → other: "%lld файлов"`.
    static func consequence(of missing: PluralCategories, present: PluralCategories, forms: PluralForms, in plural: Int,
                            _ document: JSONDocument) -> (Severity, String) {
        func text(_ category: PluralCategory) -> String? {
            for member in document.members(of: plural) where document.string(member.key) == category.rawValue {
                guard let unit = document.value(.stringUnit, in: member.value) else { return nil }
                guard let value = StringUnit(document: document, node: unit).members.value, document.kind(value) == .string else { return nil }
                return document.string(value)
            }
            return nil
        }
        let other = present.contains(.other) ? text(.other) : nil
        let whole = missing.filter { forms.firstWhole($0) != nil }
        // A number that stands apart from the words ("Nahrazeno: %lld", "chyby (celkem %lld)") reads right in any form.
        var harmful = false
        if let other, standsApart(other) {
            let numbers = whole.compactMap { forms.firstWhole($0) }.map(String.init) + (whole.count < missing.count ? ["fractions"] : [])
            return (.warning, numbers.joined(separator: ", ") + " → other: " + PluralCheck.shown(other) + ", where the number stands apart")
        }
        for category in whole {
            // One and other only: "1 dosya" in Turkish, though "1 Dateien" in German; no rule can tell them apart.
            if category == .one && forms.required == [.one, .other] { continue }
            // Other serves no whole number: its text is where the form of most of them was written.
            if category == forms.mostWhole, whole.count == 1, forms.firstWhole(.other) == nil, let other,
               !present.contains(where: { $0 != .other && text($0) == other }) {
                continue
            }
            harmful = true
        }
        let shown = other.map { "other: " + PluralCheck.shown($0) } ?? "no text (other is missing too)"
        var numbers = whole.compactMap { forms.firstWhole($0) }.map(String.init)
        if whole.count < missing.count { numbers.append("fractions") }
        return (harmful ? .error : .warning, numbers.joined(separator: ", ") + " → " + shown)
    }

    /// Whether the first number `text` shows stands apart from its words: after a colon, or inside parentheses,
    /// and with no word after it in its clause ("Nahrazeno: %lld", "(celkem %lld)", not "Удалено: %lld файлов").
    static func standsApart(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.indices.first(where: { scalars[$0] == "%" && $0 + 1 < scalars.count && scalars[$0 + 1] != "%" && scalars[$0 + 1] != "#" })
        else { return false }
        // The specifier's end, then the rest of its clause.
        var end = start + 1
        while end < scalars.count, !(scalars[end].properties.isAlphabetic && !"hlqLztj".unicodeScalars.contains(scalars[end])), scalars[end] != "@" { end += 1 }
        for scalar in scalars[min(end + 1, scalars.count)...] {
            if ",.;)!?，。；）".unicodeScalars.contains(scalar) { break }
            if scalar.properties.isAlphabetic { return false }
        }
        var before = start - 1
        while before >= 0 && scalars[before].properties.isWhitespace { before -= 1 }
        if before >= 0 && [":", "：", "("].contains(scalars[before]) { return true }
        // Inside parentheses: an opening one before it that no closing one follows.
        let opened = scalars[..<start].lastIndex(of: "(")
        let closed = scalars[..<start].lastIndex(of: ")")
        if let opened, closed.map({ $0 < opened }) ?? true, scalars[start...].contains(")") { return true }
        return false
    }

    /// A translation as a finding quotes it: escaped, and cut after 60 characters.
    static func shown(_ text: String) -> String {
        let cut = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return QuotedText.quoted(cut)
    }
}

extension PluralCategories {
    var count: Int { rawValue.nonzeroBitCount }

    func filter(_ isIncluded: (PluralCategory) -> Bool) -> PluralCategories {
        var kept = PluralCategories()
        for category in self where isIncluded(category) { kept.insert(category) }
        return kept
    }
}
