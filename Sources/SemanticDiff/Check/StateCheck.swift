import XCStringsCatalog
import XCStringsJSON
import XCStringsText

/// `state`: translations marked translated but empty, untranslated copies
/// of the source, and how many strings are still `new` or `needs_review`
/// per language.
enum StateCheck {
    static func check(_ translation: Localization, _ texts: [Translation], _ context: EntryContext, counts: inout StateCounts,
                      into findings: inout [Finding]) {
        guard context.isToTranslate else { return }
        let language = translation.language, document = translation.document
        var countedNew = false, countedInReview = false, copied = false
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
            if state == .translated && isEmpty && !emptySource && source?.isEmpty != true {
                findings.append(context.finding(.state, "\(language)\(describing: variant) is translated but empty: translate it or mark it new",
                                                languages: [language], variant: variant, at: unitNode))
            }
            if state == .new && !countedNew || state == .needsReview && !countedInReview, let state {
                if state == .new { countedNew = true } else { countedInReview = true }
                counts.note(language, state, offset: context.offset(ofKeyOf: translation.node))
            }
            // Byte for byte: a copy in another normalization is not the same text.
            if state != .translated, !isEmpty, let node, let source, !copied, document.keyEquals(node, source) {
                copied = true
                counts.noteCopy(language, offset: context.offset(ofKeyOf: translation.node))
            }
        }
    }

    private static func sourceText(for variant: Variant, _ sources: SourceTexts) -> String? {
        if let own = sources[variant] { return own.value }
        guard let reference = PlaceholderCheck.reference(for: variant, in: sources) else { return nil }
        return (reference.own ?? reference.other)?.value
    }
}

/// Strings still `new` or `needs_review`, per language: one `info` finding
/// per language and state, at the first such string; and untranslated
/// copies of the source text (not `translated`), one `warning` per language.
struct StateCounts: Sendable {
    private struct Key: Hashable, Sendable {
        let language: String
        let state: TranslationState
    }
    private var counts: [Key: (count: Int, offset: Int)] = [:]
    private var copies: [String: (count: Int, offset: Int)] = [:]

    /// Adds the counts of later entries (the first places stay).
    mutating func absorb(_ later: StateCounts) {
        for (key, tally) in later.counts { counts[key, default: (0, tally.offset)].count += tally.count }
        for (language, tally) in later.copies { copies[language, default: (0, tally.offset)].count += tally.count }
    }

    mutating func noteCopy(_ language: String, offset: Int) {
        copies[language, default: (0, offset)].count += 1
    }

    mutating func note(_ language: String, _ state: TranslationState, offset: Int) {
        counts[Key(language: language, state: state), default: (0, offset)].count += 1
    }

    func findings() -> [Finding] {
        var findings: [Finding] = []
        for (key, (count, offset)) in counts {
            let language = key.language
            findings.append(Finding(rule: .state, severity: .info,
                                    message: "\(language): \(count) string\(count == 1 ? "" : "s") \(key.state.rawValue) (the first here): translate or review them",
                                    key: nil, languages: [language], variant: key.state.rawValue, offset: offset))
        }
        for (language, (count, offset)) in copies {
            let strings = count == 1 ? "1 string is a copy" : "\(count) strings are copies"
            findings.append(Finding(rule: .state, message: "\(language): \(strings) of the source text, not marked translated (the first here): they ship untranslated; translate them, or mark them translated where the text is the same in \(language)",
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
