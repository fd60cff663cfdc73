import XCStringsCatalog
import XCStringsJSON
import XCStringsText

/// `placeholder-mismatch`, `substitution-mismatch`, `plural-not-in-source`:
/// a translation against its source text.
///
/// Each text is compared with the source's text for the same variant: the
/// same plural category (else `other`), the same device (else `other`, else
/// the plain text); a text that does not vary by device, against a source
/// that varies by device only, is compared with the `other` device's.
/// Without a source text (no source localization, or an
/// empty one), the key is the source text when it has format specifiers (Xcode's keys for interpolated
/// strings); a key without any says nothing about the arguments.
///
/// In a plural variant, an argument may be one the source uses in that
/// category or in `other`; in `zero`, `one` and `two` a translation may
/// leave the number out ("Eine Datei"), in the other categories it may not.
enum PlaceholderCheck {
    static func check(_ translation: Localization, _ parts: Localization.Parts, _ texts: [Translation], _ context: EntryContext,
                      plurals: inout PluralFormsCache, into findings: inout [Finding]) {
        let language = translation.language, document = translation.document
        // The source's texts and localization read where the context holds them (a copy retains each).
        if context.source != nil {
            checkPluralness(translation, texts, context, &plurals, &findings)
            checkSubstitutions(translation, parts, context, &findings)
        }
        // The substitutions each text may name: its localization's, or its device variant's own.
        var defined: [String?: Set<String>] = [:]
        // By index: a text read whole would be copied (its views retained) for every one passed over.
        for index in texts.indices {
            // The units' document is the localization's: read through it, the text's own view is not copied.
            guard let unitNode = texts[index].unitNode, let node = StringUnit(document: document, node: unitNode).valueNode,
                  !document.isEmptyString(node) else { continue }
            // Neither side has a `%`: nothing to compare, and nothing to decode. (An escaped string may spell it `\u0025`.)
            let mayHaveFormats = document.rawBytesContain(node, UInt8(ascii: "%")) || document[node].flags.contains(.escaped)
            guard mayHaveFormats || context.placeholderSources.mayHaveFormats else { continue }
            let variant = texts[index].variant, inSubstitution = variant.isInSubstitution
            let format = mayHaveFormats
                ? document.withStringBytes(node) { FormatString(utf8: $0, inSubstitution: inSubstitution) } : FormatString("")
            if !format.substitutions.isEmpty && !inSubstitution {
                let device = variant.device
                let names = defined[device] ?? substitutionNames(of: translation, device: device)
                defined[device] = names
                for name in format.substitutions where !names.contains(name) {
                    findings.append(context.finding(.substitutionMismatch,
                                                    "\(language) names %#@\(name)@, which has no substitution in \(language): add it or fix the name",
                                                    languages: [language], variant: variant, at: unitNode))
                }
            }
            guard !context.placeholderSources.isEmpty, let reference = reference(for: variant, in: context.placeholderSources) else { continue }
            compare(format, against: reference, inSubstitution: inSubstitution, variant, language, unitNode, context, &findings)
        }
    }

    /// The names of the substitutions a text of `localization` may name: the
    /// localization's, and for a device variant's text that variant's own too.
    private static func substitutionNames(of localization: Localization, device: String?) -> Set<String> {
        let own = Set(localization.substitutions.map(\.name))
        guard let device else { return own }
        let variant = localization.variations?.device.first { $0.device == device }?.localization
        return own.union(variant?.substitutions.map(\.name) ?? [])
    }

    /// The source's texts a variant is compared with: its own, and `other` when it is a plural category.
    static func reference(for variant: Variant, in sources: SourceTexts) -> (own: SourceText?, other: SourceText?, category: String?)? {
        let path = variant.path
        // The usual shapes, looked up without building paths: the plain text and a plural category.
        // A source that varies by device only is read through its `other` device.
        if path.isEmpty {
            if let own = sources.plain { return (own, nil, nil) }
            if let other = sources.text(.plural, "other") { return (other, nil, nil) }
            if let device = sources.text(.device, "other") ?? sources.text(.device, "other", .plural, "other") { return (device, nil, nil) }
            return nil
        }
        if path.count == 2, path[0] == CatalogField.plural.rawValue {
            let category = path[1]
            let own = sources.text(.plural, category), other = sources.text(.plural, "other")
            if own != nil || other != nil { return (own, other, category) }
            if let plain = sources.plain { return (plain, nil, category) }
            let deviceOwn = sources.text(.device, "other", .plural, category)
            let deviceOther = sources.text(.device, "other", .plural, "other")
            if deviceOwn != nil || deviceOther != nil { return (deviceOwn, deviceOther, category) }
            if let device = sources.text(.device, "other") { return (device, nil, category) }
            return nil
        }
        if path.count == 2, path[0] == CatalogField.device.rawValue {
            let device = path[1]
            let found = sources.text(.device, device) ?? sources.text(.device, device, .plural, "other")
                ?? sources.text(.device, "other") ?? sources.text(.device, "other", .plural, "other")
                ?? sources.plain ?? sources.text(.plural, "other")
            return found.map { ($0, nil, nil) }
        }
        if path.count == 4, path[2] == CatalogField.plural.rawValue, path[0] == CatalogField.device.rawValue {
            let device = path[1], category = path[3]
            for device in [device, "other"] {
                let own = sources.text(.device, device, .plural, category), other = sources.text(.device, device, .plural, "other")
                if own != nil || other != nil { return (own, other, category) }
                if let plain = sources.text(.device, device) { return (plain, nil, category) }
            }
            let own = sources.text(.plural, category), other = sources.text(.plural, "other")
            if own != nil || other != nil { return (own, other, category) }
            return sources.plain.map { ($0, nil, category) }
        }
        if path.count == 4, path[2] == CatalogField.plural.rawValue, path[0] == CatalogField.substitutions.rawValue {
            let name = path[1], category = path[3]
            let own = sources.text(.substitutions, name, .plural, category), other = sources.text(.substitutions, name, .plural, "other")
            if own != nil || other != nil { return (own, other, category) }
            return sources.text(.substitutions, name).map { ($0, nil, category) }
        }
        return referenceByCandidates(path, in: sources)
    }

    /// ``reference(for:in:)`` of a variant at `path`, by building the paths
    /// it may be compared with, in turn: its own, with its device replaced by
    /// `other`, without its device; each with its plural category, then
    /// `other`, then without it. (The lookups above are the same without
    /// building paths, for the usual shapes.)
    static func referenceByCandidates(_ path: [String], in sources: SourceTexts) -> (own: SourceText?, other: SourceText?, category: String?)? {
        var path = path
        var category: String?
        if path.count >= 2, path[path.count - 2] == CatalogField.plural.rawValue {
            category = path.removeLast()
            path.removeLast()
        }
        var candidates: [[String]] = [path]
        if let device = path.firstIndex(of: CatalogField.device.rawValue), device + 1 < path.count {
            var other = path
            other[device + 1] = "other"
            var plain = path
            plain.removeSubrange(device...(device + 1))
            candidates += [other, plain]
        }
        for base in candidates {
            if let category {
                let own = sources[Variant(base + [CatalogField.plural.rawValue, category])]
                let other = sources[Variant(base + [CatalogField.plural.rawValue, "other"])]
                if own != nil || other != nil { return (own, other, category) }
                if let plain = sources[Variant(base)] { return (plain, nil, category) }
            } else {
                if let own = sources[Variant(base)] { return (own, nil, nil) }
                if let other = sources[Variant(base + [CatalogField.plural.rawValue, "other"])] { return (other, nil, nil) }
            }
        }
        return nil
    }

    private static func compare(_ format: FormatString, against reference: (own: SourceText?, other: SourceText?, category: String?),
                                inSubstitution: Bool, _ variant: Variant, _ language: String, _ node: Int,
                                _ context: EntryContext, _ findings: inout [Finding]) {
        let own = reference.own?.format, other = reference.other?.format
        // Nothing on either side: nothing to compare.
        if format.isEmpty && (own?.isEmpty ?? true) && (other?.isEmpty ?? true) { return }
        // What the translation may use, and what it must.
        var allowed = own ?? other ?? FormatString("")
        if let own, let other, own != other { allowed.formUnion(other) }
        let mayOmit: Bool
        switch reference.category {
        case "zero"?, "one"?, "two"?: mayOmit = true
        default: mayOmit = false
        }
        let required = mayOmit ? nil : (reference.category != nil ? (other ?? own) : own)
        let sourceText = reference.category != nil ? (reference.other ?? reference.own) : reference.own
        var quotedSource: String { sourceText?.quoted ?? QuotedText.quoted("") }
        func report(_ message: FindingMessage, _ severity: Severity? = nil) {
            findings.append(context.finding(.placeholderMismatch, message, severity: severity, languages: [language], variant: variant, at: node))
        }
        // A specifier the source lacks where the source has one the translation lacks: one slip, to be
        // written as the source's (%a typed for %arg), said once.
        var extra: [FormatString.Placeholder] = []
        for placeholder in format.placeholders {
            let number = placeholder.number, spelling = placeholder.spelling
            guard let expected = allowed.placeholder(number) ?? substitutionArgument(number, allowed, context) else {
                extra.append(placeholder)
                continue
            }
            switch placeholder.argument.compatibility(with: expected.argument) {
            case .same: break
            case .otherSize:
                report("\(language)\(describing: variant) reads argument \(number) as \(spelling) where the source has \(expected.spelling): another integer size, garbled past 2,147,483,647; use the source's", .warning)
            case .different:
                report("\(language)\(describing: variant) reads argument \(number) as \(spelling) where the source has \(expected.spelling): use the source's")
            }
        }
        // What the text lacks of what it should show: reported where it is required; in zero, one and two (which
        // may leave the number out) still what a stray specifier was meant to be.
        var dropped: [(spelling: String, number: Int?)] = []
        if let reference = required ?? own ?? other {
            dropped = reference.placeholders.filter { format.placeholder($0.number) == nil }.map { ($0.spelling, $0.number) }
            if reference.showsSubstitutionArgument && !format.showsSubstitutionArgument { dropped.append(("%arg", nil)) }
        }
        while let wrong = extra.first, let right = dropped.first {
            extra.removeFirst()
            dropped.removeFirst()
            report("\(language)\(describing: variant) has \(wrong.spelling) where the source \(quotedSource) has \(right.spelling): write \(right.spelling)")
        }
        if required == nil { dropped = [] }
        for placeholder in extra {
            report("\(language)\(describing: variant) has \(placeholder.spelling) (argument \(placeholder.number)), which the source \(quotedSource) does not have: remove it")
        }
        for (spelling, number) in dropped {
            if let number {
                report("\(language)\(describing: variant) drops \(spelling) (argument \(number)) of the source \(quotedSource): add it")
            } else {
                report("\(language)\(describing: variant) drops %arg, the substitution's number: add it")
            }
        }
        guard !format.substitutions.isEmpty || !(required?.substitutions.isEmpty ?? true) else { return }
        for name in format.substitutions where !allowed.substitutions.contains(name) {
            let others = allowed.substitutions.isEmpty
                ? "" : " or use the source's substitutions (\(allowed.substitutions.map { "%#@\($0)@" }.joined(separator: ", ")))"
            report("\(language)\(describing: variant) has %#@\(name)@, which the source does not: remove it\(others)")
        }
        for name in required?.substitutions ?? [] where !format.substitutions.contains(name) {
            // A translation may read the substitution's argument itself ("已安装 %lld 个应用" for %#@arg1@): it
            // shows the number, and the language may not vary by it.
            if let index = context.sourceSubstitutions.firstIndex(where: { $0.name == name }) {
                let number = context.sourceSubstitutions[index].argumentNumber ?? (index + 1)
                if format.placeholder(number) != nil { continue }
            }
            report("\(language)\(describing: variant) drops %#@\(name)@ of the source: add it")
        }
    }

    /// The argument `number` as a source substitution the text may use reads it (`%#@arg1@` with argNum 1 and
    /// formatSpecifier lld reads argument 1 as %lld), for a translation that reads it itself.
    static func substitutionArgument(_ number: Int, _ allowed: FormatString, _ context: EntryContext) -> FormatString.Placeholder? {
        for (index, substitution) in context.sourceSubstitutions.enumerated() where allowed.substitutions.contains(substitution.name) {
            guard (substitution.argumentNumber ?? (index + 1)) == number, let specifier = substitution.formatSpecifier else { continue }
            return FormatString("%" + specifier).placeholder(1).map { FormatString.Placeholder(number: number, argument: $0.argument, spelling: "%#@\(substitution.name)@") }
        }
        return nil
    }

    /// `substitution-mismatch`: argNum and formatSpecifier against the source's substitution of the same name:
    /// the localization's own substitutions, and a device variant's (against the source's for that device,
    /// else the source's own).
    private static func checkSubstitutions(_ translation: Localization, _ parts: Localization.Parts,
                                           _ context: EntryContext, _ findings: inout [Finding]) {
        // Most texts have no substitutions, nor devices: nothing to compare, nothing read.
        guard parts.substitutions != nil || parts.variations != nil else { return }
        // The source's substitutions for a device: its variant's own, else the other device's, else the
        // localization's (and for the localization's own, the other device's when it has none beside).
        let sources = context.sourceSubstitutions
        var sourceDevices: [(device: String, localization: Localization)]?
        func sourceSubstitutions(_ device: String) -> [Substitution] {
            if sourceDevices == nil { sourceDevices = context.source?.variations?.device ?? [] }
            return sourceDevices?.first { $0.device == device }?.localization.substitutions ?? []
        }
        if parts.substitutions != nil {
            let originals = sources.isEmpty ? sourceSubstitutions("other") : sources
            compare(translation.substitutions(parts), against: originals, under: Variant(), translation.language, context, &findings)
        }
        // Device variants with substitutions of their own are rare: found without decoding the others.
        let document = translation.document
        guard let node = parts.variations, let devices = document.value(.device, in: node), document.kind(devices) == .object else { return }
        for member in document.members(of: devices) {
            let variant = Localization(document: document, language: translation.language, node: member.value)
            let variantParts = variant.parts
            guard variantParts.substitutions != nil else { continue }
            let device = document.string(member.key)
            let originals = [sourceSubstitutions(device), sourceSubstitutions("other"), sources].first { !$0.isEmpty } ?? []
            compare(variant.substitutions(variantParts), against: originals,
                    under: Variant().appending(.device, device), translation.language, context, &findings)
        }
    }

    private static func compare(_ substitutions: [Substitution], against sources: [Substitution], under base: Variant,
                                _ language: String, _ context: EntryContext, _ findings: inout [Finding]) {
        guard !sources.isEmpty else { return }
        for substitution in substitutions {
            guard let original = sources.last(where: { $0.name == substitution.name }) else { continue }
            let variant = base.appending(.substitutions, substitution.name)
            if let number = substitution.argumentNumber, let expected = original.argumentNumber, number != expected {
                findings.append(context.finding(.substitutionMismatch,
                                                "\(language)\(base.isPlain ? "" : " (\(base))") substitution \(substitution.name) has argNum \(number), the source's has \(expected): use \(expected)",
                                                languages: [language], variant: variant, at: substitution.node))
            }
            if let specifier = substitution.formatSpecifier, let expected = original.formatSpecifier,
               let argument = FormatString("%" + specifier).placeholder(1)?.argument, let wanted = FormatString("%" + expected).placeholder(1)?.argument {
                let compatibility = argument.compatibility(with: wanted)
                if compatibility != .same {
                    var finding = context.finding(.substitutionMismatch,
                                                  "\(language)\(base.isPlain ? "" : " (\(base))") substitution \(substitution.name) has formatSpecifier \(specifier), the source's has \(expected): use \(expected)",
                                                  languages: [language], variant: variant, at: substitution.node)
                    if compatibility == .otherSize { finding.severity = .warning }
                    findings.append(finding)
                }
            }
        }
    }

    /// `plural-not-in-source`: plural-ness comes from the source localization.
    private static func checkPluralness(_ translation: Localization, _ texts: [Translation],
                                        _ context: EntryContext, _ plurals: inout PluralFormsCache, _ findings: inout [Finding]) {
        let translated = varies(texts), original = context.sourceVaries
        guard translated != original, !texts.isEmpty, !context.sourceTranslations.isEmpty, let source = context.source else { return }
        let language = translation.language
        // A language with one form (zh, ja, ko) cannot vary by plural: its text serves every number.
        if plurals.forms(translated ? source.language : language)?.categories == [.other] { return }
        guard translated else {
            // Where whole numbers need more forms than one and other (2 and 5 in Russian), one text is wrong for some.
            let forms = plurals.forms(language)
            let severe = [PluralCategory.two, .few, .many].contains { forms?.firstWhole($0) != nil && forms?.required.contains($0) == true }
            findings.append(context.finding(.pluralNotInSource,
                                            "the source (\(source.language)) varies by plural, \(language) has one text: every number reads it; vary \(language) by plural",
                                            severity: severe ? .error : nil, languages: [language], at: translation.node))
            return
        }
        // Varying one language by plural where the source has one text with a number is what Xcode's Vary by
        // Plural is for (French "aime"/"aiment"); whether the source needs it too ("1 Sources") no rule can tell.
        let text = context.sourceTexts.plain?.value ?? context.key
        let numbers = FormatString(text).placeholders.contains { placeholder in
            if case .object = placeholder.argument { return false }
            return true
        }
        if numbers {
            findings.append(context.finding(.pluralNotInSource,
                                            "\(language) varies by plural where the source (\(source.language)) has one text, \(PluralCheck.shown(text)): right for \(language); the source may need it too if its words change with the number",
                                            severity: .info, languages: [language], at: translation.node))
        } else {
            findings.append(context.finding(.pluralNotInSource,
                                            "\(language) varies by plural where the source (\(source.language)) has no number to select by, \(PluralCheck.shown(text)): only other's text is ever shown; give \(language) one text",
                                            languages: [language], at: translation.node))
        }
    }

    /// Whether a localization varies by plural anywhere: its own variations, a device's, a substitution's.
    static func varies(_ texts: [Translation]) -> Bool {
        texts.contains { $0.variant.path.contains(CatalogField.plural.rawValue) }
    }

    /// A source text short enough for a one-line message.
    static func clip(_ text: String) -> String {
        if text.utf8.count <= 60 && !text.utf8.contains(UInt8(ascii: "\n")) { return text }
        let flat = String(text.map { $0 == "\n" ? " " : $0 })
        return flat.count <= 60 ? flat : String(flat.prefix(57)) + "…"
    }
}
