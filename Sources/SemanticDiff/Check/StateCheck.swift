import XCStringsCatalog
import XCStringsJSON
import XCStringsText

/// `state`: what ships with no text or untranslated. Xcode compiles every
/// localization that has a value, whatever its state, so a `new` or
/// `needs_review` text with a real value ships as it is (not a finding; the
/// counts are `--summary`'s); an empty value ships empty, in any state; a
/// copy of the source text not marked translated ships untranslated, unless
/// it has no letters ("%@", "—") or most of the entry's other languages keep
/// it too ("URL", "OK", a brand name).
enum StateCheck {
    static func check(_ translation: Localization, _ texts: [Translation], _ context: EntryContext, counts: inout StateCounts,
                      into findings: inout [Finding]) {
        guard context.isToTranslate else { return }
        let language = translation.language, document = translation.document
        var copied = false
        // By index: a text read whole would be copied (its views retained) for every one passed over.
        for index in texts.indices {
            // The units' document is the localization's: read through it, the text's own view is not copied.
            guard let unitNode = texts[index].unitNode else { continue }
            let (node, stateNode) = StringUnit(document: document, node: unitNode).members
            // A value that is not a string is not the state rule's to judge.
            if let node, document.kind(node) != .string { continue }
            let state = TranslationState(document, stateNode)
            let isEmpty = node.map(document.isEmptyString) ?? true
            // Translated and not empty: nothing to say, and nothing to decode.
            if state == .translated && !isEmpty { continue }
            let variant = texts[index].variant
            let source = context.source == nil ? (variant.isPlain ? context.key : nil) : sourceText(for: variant, context.sourceTexts)
            // An empty source (a copyright line left blank) may well be translated as empty.
            // Nor a text whose source, found by the fallbacks (`other`), is one of the empty ones.
            let emptySource = context.sourceTexts.emptyVariants.contains(variant)
                || (source == nil && context.source != nil && !context.sourceTexts.emptyVariants.isEmpty)
            // An Interface Builder object's text ("Rqy-Su-cwW.title") left empty is often a placeholder label the code
            // fills: a warning.
            if isEmpty && !emptySource && source?.isEmpty != true {
                let marked = state.map { " (\($0.rawValue))" } ?? ""
                let builder = isInterfaceBuilderKey(context.key)
                findings.append(context.finding(.state, "\(language)\(describing: variant) is empty\(marked): users see no text\(builder ? " unless the code sets it" : ""); translate it",
                                                severity: builder ? .warning : .error, languages: [language], variant: variant, at: unitNode))
            }
            // Byte for byte: a copy in another normalization is not the same text.
            if state != .translated, !isEmpty, let node, let source, !copied, document.keyEquals(node, source),
               hasLetters(source), !(variant.isPlain && keptByMost(source, context, besides: language)) {
                copied = true
                counts.noteCopy(language, text: source, offset: context.offset(ofKeyOf: translation.node))
            }
        }
    }

    /// Whether `key` names an Interface Builder object's text: `Rqy-Su-cwW.title`, `7rM-6b-Aju.normalTitle`.
    static func isInterfaceBuilderKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard bytes.count > 11, bytes[3] == UInt8(ascii: "-"), bytes[6] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: ".") else { return false }
        let isAlphanumeric = { (byte: UInt8) in (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) }
        let places = [0, 1, 2, 4, 5, 7, 8, 9]
        // Made up by Interface Builder: a digit or a capital after the first character, not "Pre-op-day.title".
        return places.allSatisfy { isAlphanumeric(bytes[$0]) } && places.dropFirst().contains { !(97...122).contains(bytes[$0]) }
    }

    /// Whether `text` has a letter outside its format specifiers (`%@`, `%1$lld`, `%#@count@`), as ``FormatString`` reads them.
    static func hasLetters(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text.unicodeScalars.contains { $0.properties.isAlphabetic } }
        let format = FormatString(text)
        var rest = text
        for placeholder in format.placeholders { rest = rest.replacing(placeholder.spelling, with: "") }
        for name in format.substitutions { rest = rest.replacing("%#@\(name)@", with: "") }
        return rest.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// Whether at least half of the entry's other translations (not the source's, not `language`'s) are this same text:
    /// a word every language keeps.
    static func keptByMost(_ source: String, _ context: EntryContext, besides language: String) -> Bool {
        var same = 0, all = 0
        for localization in context.entry.localizations where localization.language != language && localization.language != context.sourceLanguage {
            guard let unit = localization.document.value(.stringUnit, in: localization.node) else { continue }
            let (value, state) = StringUnit(document: localization.document, node: unit).members
            guard let value, localization.document.kind(value) == .string else { continue }
            all += 1
            // Kept means a translator said so: a copy still new or in review keeps nothing.
            if localization.document.keyEquals(value, source), TranslationState(localization.document, state) == .translated { same += 1 }
        }
        return all > 0 && same * 2 >= all
    }

    private static func sourceText(for variant: Variant, _ sources: SourceTexts) -> String? {
        if let own = sources[variant] { return own.value }
        guard let reference = PlaceholderCheck.reference(for: variant, in: sources) else { return nil }
        return (reference.own ?? reference.other)?.value
    }
}

/// Untranslated copies of the source text (not `translated`), one `error`
/// per language, at the first, quoting it.
struct StateCounts: Sendable {
    private var copies: [String: (count: Int, offset: Int, text: String)] = [:]

    /// Adds the counts of later entries (the first places stay).
    mutating func absorb(_ later: StateCounts) {
        for (language, tally) in later.copies { copies[language, default: (0, tally.offset, tally.text)].count += tally.count }
    }

    mutating func noteCopy(_ language: String, text: String, offset: Int) {
        copies[language, default: (0, offset, text)].count += 1
    }

    func findings() -> [Finding] {
        var findings: [Finding] = []
        for (language, (count, offset, text)) in copies {
            let others = count == 1 ? "" : " and \(count - 1) other\(count == 2 ? "" : "s")"
            let (are, them) = count == 1 ? ("is", "it") : ("are", "them")
            findings.append(Finding(rule: .state, severity: .error,
                                    message: "\(language): \(PluralCheck.shown(text))\(others) \(are) the source text, not marked translated: users see \(them) untranslated; translate \(them), or mark \(them) translated where \(language) says the same",
                                    key: nil, languages: [language], variant: "copy", offset: offset))
        }
        return findings
    }
}

/// `stale-with-translations`, `should-not-translate`: what the entry's flags say about its translations.
enum EntryCheck {
    static func check(_ context: EntryContext, languages: [String], into findings: inout [Finding]) {
        guard context.isStale || !context.shouldTranslate else { return }
        let others = languages.filter { $0 != context.sourceLanguage }
        guard !others.isEmpty else { return }
        let listed = others.count <= 5 ? others.joined(separator: ", ") : others.prefix(5).joined(separator: ", ") + " and \(others.count - 5) more"
        if context.isStale {
            findings.append(context.finding(.staleWithTranslations,
                                            "stale (no longer in the code) but translated in \(listed): delete the entry if the code no longer uses it",
                                            languages: others, at: context.entry.field(.extractionState)))
        }
        if !context.shouldTranslate {
            findings.append(context.finding(.shouldNotTranslate,
                                            "marked Don't Translate but translated in \(listed): remove the translations or let it be translated",
                                            languages: others, at: context.entry.field(.shouldTranslate)))
        }
    }
}

/// `language-code`: every language a catalog uses, once, where it first appears.
struct LanguageOccurrences: Sendable {
    private var first: [String: (offset: Int, isSource: Bool)] = [:]

    /// Adds the languages of later entries (the first places stay).
    mutating func absorb(_ later: LanguageOccurrences) {
        for (language, place) in later.first where first[language] == nil { first[language] = place }
    }

    mutating func note(_ language: String, offset: Int, isSource: Bool = false) {
        if first[language] == nil { first[language] = (offset, isSource) }
    }

    func findings() -> [Finding] {
        first.compactMap { language, place in
            if LanguageTag.isPlainlyWellFormed(language) { return nil }
            // A code that is not plain letters, digits, hyphens and underscores is quoted, so that it shows whole.
            let plain = !language.isEmpty && language.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 95
            }
            let shown = plain ? language : QuotedText.quoted(language)
            let what = place.isSource ? "sourceLanguage \(shown)" : shown
            let message: String
            if let replacement = LanguageTag.replacement(for: language) {
                message = "\(what) is not a language Apple's bundles resolve (Xcode ignores it): use \(replacement)"
            } else if !LanguageTag.isWellFormed(language) {
                // en_US is en-US, and zh_CN is zh-Hans (zh-CN is no better).
                let hyphenated = String(language.map { $0 == "_" ? "-" : $0 })
                let suggestion = LanguageTag.replacement(for: hyphenated) ?? hyphenated
                let fix = hyphenated != language && LanguageTag.isWellFormed(hyphenated) ? "use \(suggestion)" : "use a BCP 47 tag (en, pt-BR, zh-Hans)"
                message = "\(what) is not a well-formed BCP 47 language tag: \(fix)"
            } else {
                return nil
            }
            return Finding(rule: .languageCode, message: message, key: nil, languages: [language], offset: place.offset)
        }
    }
}
