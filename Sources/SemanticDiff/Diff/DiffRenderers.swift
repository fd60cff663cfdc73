/// The ways `git xcstrings diff` shows changes: text for people, a per-
/// language summary, and JSON for programs.
public enum DiffRenderer {
    /// Terminal colours; empty strings when colour is off.
    struct Palette {
        var bold = "", green = "", red = "", yellow = "", cyan = "", dim = "", reset = ""

        init(color: Bool) {
            guard color else { return }
            bold = "\u{1B}[1m"
            green = "\u{1B}[32m"
            red = "\u{1B}[31m"
            yellow = "\u{1B}[33m"
            cyan = "\u{1B}[36m"
            dim = "\u{1B}[2m"
            reset = "\u{1B}[0m"
        }
    }

    /// `text` quoted as JSON, with what a terminal would obey escaped too (``VisibleText``).
    static func quoted(_ text: String?) -> String {
        guard let text else { return "(none)" }
        return VisibleText.of(String(decoding: JSONString.quoted(text), as: UTF8.self))
    }

    /// A value as the text form shows it: quoted, a list in brackets; with
    /// `scalars`, every non-ASCII scalar spelled `\u{…}`, so that texts that
    /// differ only in normalization look different.
    static func shown(_ value: CatalogChange.Value?, scalars: Bool = false) -> String {
        func one(_ text: String) -> String {
            guard scalars else { return quoted(text) }
            // Quoting leaves non-ASCII text as it is, so it is spelled out after.
            var spelled = ""
            for scalar in quoted(text).unicodeScalars {
                if scalar.isASCII { spelled.unicodeScalars.append(scalar) } else { spelled += "\\u{\(String(scalar.value, radix: 16))}" }
            }
            return spelled
        }
        switch value {
        case nil: return "(none)"
        case .text(let text)?: return one(text)
        case .list(let items)?: return "[" + items.map(one).joined(separator: ", ") + "]"
        case .json(let value)?: return String(decoding: value.compactText(), as: UTF8.self)
        }
    }

    // MARK: Text

    /// Grouped by entry, one line per translation: what changed, where, in which language.
    public static func text(_ files: [CatalogFileDiff], color: Bool) -> String {
        let files = files.map(\.visible)
        let palette = Palette(color: color)
        var output = ""
        for file in files where file.isShown {
            guard file.hasChanges else {
                // Bytes that changed without a change of meaning: said, never left out.
                output += palette.bold + file.displayPath + palette.reset + "\n  layout only (the same catalog, written differently)\n"
                continue
            }
            var header = file.displayPath
            if file.oldPath == nil { header += " (new file)" } else if file.newPath == nil { header += " (deleted)" }
            if file.isRename { header = "renamed " + header + (file.changes.isEmpty ? " (content unchanged)" : "") }
            output += palette.bold + header + palette.reset + "\n"
            var currentKey: String?
            var index = 0
            let changes = file.changes
            while index < changes.count {
                let change = changes[index]
                if change.kind == .catalogChanged || change.key == nil {
                    output += "  \(change.field ?? "") \(shown(change.old)) → \(shown(change.new))\n"
                    index += 1
                    continue
                }
                if !same(change.key, currentKey) {
                    currentKey = change.key
                    output += entryHeader(change, file.languages, palette)
                }
                // The entry's changes, the same change in several languages folded into one line.
                var end = index
                while end < changes.count && same(changes[end].key, change.key) && changes[end].kind != .catalogChanged { end += 1 }
                output += entryLines(changes[index..<end], palette)
                index = end
            }
        }
        return output
    }

    /// The lines of one entry's changes: the place (language and variant,
    /// or field), then what changed. A state change (or a substitution's)
    /// that is the same in several languages is one line listing them
    /// (`de, fr, ja  state translated → needs_review`); texts are never folded.
    static func entryLines(_ changes: ArraySlice<CatalogChange>, _ palette: Palette) -> String {
        let rows = foldedRows(changes, palette)
        let places = rows.map { row -> String in
            guard !row.languages.isEmpty else { return row.field ?? "" }
            let languages = row.languages.count <= 6 ? row.languages.joined(separator: ", ")
                : row.languages.prefix(5).joined(separator: ", ") + " and \(row.languages.count - 5) more"
            return row.variant.isEmpty ? languages : languages + " " + row.variant
        }
        // Places of one language set the column; longer lists of languages stand on their own.
        let width = max(zip(rows, places).filter { $0.0.languages.count <= 1 }.map(\.1.count).max() ?? 0, 2)
        var output = ""
        for (row, place) in zip(rows, places) {
            output += "    " + place.padding(toLength: width) + " " + row.text + "\n"
        }
        return output
    }

    /// One row per change of an entry (its own fields, then translations),
    /// a state change (or a substitution's) shared by several languages
    /// folded into one row listing them.
    static func foldedRows(_ changes: ArraySlice<CatalogChange>, _ palette: Palette)
        -> [(languages: [String], variant: String, field: String?, text: String)] {
        var rows: [(languages: [String], variant: String, field: String?, text: String)] = []
        var folded: [String: Int] = [:]
        for change in changes where change.kind != .entryAdded && change.kind != .entryRemoved {
            let text = line(change, palette)
            guard change.kind == .stateChanged || change.kind == .substitutionChanged, let language = change.language else {
                rows.append((change.language.map { [$0] } ?? [], change.variant, change.language == nil ? change.field : nil, text))
                continue
            }
            let fold = change.variant + "\u{0}" + text
            if let row = folded[fold] {
                rows[row].languages.append(language)
            } else {
                folded[fold] = rows.count
                rows.append(([language], change.variant, nil, text))
            }
        }
        return rows
    }

    static func entryHeader(_ change: CatalogChange, _ languages: [String], _ palette: Palette) -> String {
        let normalization = change.normalizationOnly && (change.kind == .entryAdded || change.kind == .entryRemoved)
        let key = normalization ? shown(change.key.map(CatalogChange.Value.text), scalars: true) + " (normalization only)"
            : quoted(change.key)
        switch change.kind {
        case .entryAdded:
            let count = change.translations ?? 0
            let note = count == 0 && !languages.isEmpty ? "untranslated in \(languages.joined(separator: ", "))"
                : "\(count) translation\(count == 1 ? "" : "s")"
            return "\(palette.green)+ \(key)\(palette.reset)  \(palette.dim)(\(note))\(palette.reset)\n"
        case .entryRemoved:
            let count = change.translations ?? 0
            return "\(palette.red)- \(key)\(palette.reset)  \(palette.dim)(\(count) translation\(count == 1 ? "" : "s") removed)\(palette.reset)\n"
        default:
            return "\(palette.yellow)~ \(key)\(palette.reset)\n"
        }
    }

    static func line(_ change: CatalogChange, _ palette: Palette) -> String {
        func state(_ value: String?) -> String { value.map { "  \(palette.dim)[\($0)]\(palette.reset)" } ?? "" }
        let scalars = change.normalizationOnly
        let old = shown(change.old, scalars: scalars), new = shown(change.new, scalars: scalars)
        let note = scalars ? "  \(palette.dim)(normalization only)\(palette.reset)" : ""
        let replaced = "  \(palette.red)\(old)\(palette.reset) → \(palette.green)\(new)\(palette.reset)"
        switch change.kind {
        case .translationAdded:
            return "\(palette.green)+ \(new)\(palette.reset)\(state(change.newState))"
        case .translationRemoved:
            return "\(palette.red)- \(old)\(palette.reset)\(state(change.oldState))"
        case .translationChanged:
            var text = replaced
            if !same(change.oldState, change.newState) {
                text += "  \(palette.dim)[\(change.oldState ?? "(none)") → \(change.newState ?? "(none)")]\(palette.reset)"
            }
            return text + note
        case .stateChanged:
            return "  \(palette.cyan)state \(change.oldState ?? "(none)") → \(change.newState ?? "(none)")\(palette.reset)"
        case .substitutionChanged:
            return "  \(change.field ?? "") \(old) → \(new)" + note
        case .entryChanged:
            if change.old == nil { return "\(palette.green)+ \(new)\(palette.reset)" }
            if change.new == nil { return "\(palette.red)- \(old)\(palette.reset)" }
            return replaced + note
        default:
            return ""
        }
    }

    // MARK: Stat

    /// Per file: a line for its entries (added, removed, newly stale, now
    /// untranslated), then per language: translations added, changed,
    /// removed, state changes, and coverage before → after, with the share
    /// to review beside it when there is one (the source language has no
    /// coverage: it is the source). With `verbose`, each language's entries
    /// by state too. A file that changed only in layout says so; an
    /// identical one prints nothing.
    public static func stat(_ files: [CatalogFileDiff], color: Bool, verbose: Bool = false) -> String {
        let files = files.map(\.visible)
        let palette = Palette(color: color)
        func counted(_ count: Int, _ word: String, _ plural: String? = nil) -> String? {
            count == 0 ? nil : "\(count) " + (count == 1 ? word : plural ?? word)
        }
        var output = ""
        for file in files where file.isShown {
            output += palette.bold + (file.isRename ? "renamed " : "") + file.displayPath + palette.reset + "\n"
            let entries = file.entryStatistics
            if !entries.isEmpty {
                output += "  entries: " + entries.parts.joined(separator: ", ") + "\n"
            }
            // The catalog's own members (sourceLanguage, version, another tool's) as they are in the text.
            for change in file.changes where change.kind == .catalogChanged || change.key == nil {
                output += "  \(change.field ?? "") \(shown(change.old)) → \(shown(change.new))\n"
            }
            // Languages where nothing moved are left out.
            let rows: [(language: String, counts: String, shown: String, coverage: String, states: String?)] = file.statistics.compactMap { statistics in
                let parts = [(counted(statistics.added, "added"), palette.green),
                             (counted(statistics.changed, "changed"), palette.yellow),
                             (counted(statistics.removed, "removed"), palette.red),
                             (counted(statistics.stateChanges, "state change", "state changes"), "")]
                    .compactMap { text, colour in text.map { ($0, colour) } }
                let before = percent(statistics.coverageBefore), after = percent(statistics.coverageAfter)
                let reviewBefore = statistics.statesBefore?.reviewShare, reviewAfter = statistics.statesAfter?.reviewShare
                let reviewed = showsReview(reviewBefore, reviewAfter)
                let moved = before != after || (reviewed && percent(reviewBefore) != percent(reviewAfter))
                guard !parts.isEmpty || (moved && !statistics.isSource) else { return nil }
                let plain = parts.isEmpty ? "no changes" : parts.map(\.0).joined(separator: ", ")
                let shown = parts.isEmpty ? plain : parts.map { text, colour in
                    colour.isEmpty ? text : colour + text + palette.reset
                }.joined(separator: ", ")
                var coverage = "(source)"
                if !statistics.isSource {
                    coverage = "coverage \(before.padding(toLength: 4, leading: true)) → \(after)"
                    if reviewed { coverage += ", review \(percent(reviewBefore)) → \(percent(reviewAfter))" }
                }
                var states: String?
                if verbose, !statistics.isSource, let after = statistics.statesAfter {
                    let old = statistics.statesBefore ?? CoverageCounts()
                    states = "translated \(old.translated) → \(after.translated), needs_review \(old.needsReview) → \(after.needsReview), "
                        + "new \(old.new) → \(after.new), missing \(old.missing) → \(after.missing)"
                }
                return (statistics.language, plain, shown, coverage, states)
            }
            if rows.isEmpty && file.changes.isEmpty && entries.isEmpty {
                output += file.isIdentical ? "  content unchanged\n" : "  layout only (the same catalog, written differently)\n"
            }
            let languageWidth = rows.map(\.language.count).max() ?? 0
            let countsWidth = rows.map(\.counts.count).max() ?? 0
            for row in rows {
                output += "  " + row.language.padding(toLength: languageWidth) + "  " + row.shown
                output += String(repeating: " ", count: countsWidth - row.counts.count) + "   " + row.coverage + "\n"
                if let states = row.states { output += "  " + String(repeating: " ", count: languageWidth) + "  " + states + "\n" }
            }
        }
        return output
    }

    /// A share as a whole percentage, `–` for none.
    static func percent(_ value: Double?) -> String {
        value.map { String(Int(($0 * 100).rounded())) + "%" } ?? "–"
    }

    /// Whether a share to review is worth showing beside coverage: one of
    /// the two shows as more than 0%.
    static func showsReview(_ before: Double?, _ after: Double?) -> Bool {
        [before, after].contains { ($0 ?? 0) * 100 >= 0.5 }
    }

    // MARK: JSON

    /// `{"files": [{"old_path", "new_path", "changes": […], "stats": {LANGUAGE: {…}}}]}`,
    /// every field always present (null when it does not apply).
    public static func json(_ files: [CatalogFileDiff]) -> [UInt8] {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func value(_ value: CatalogChange.Value?) -> JSONValue {
            switch value {
            case nil: return .null
            case .text(let text)?: return .string(text)
            case .list(let items)?: return .array(items.map(JSONValue.string))
            case .json(let json)?: return json
            }
        }
        func number(_ value: Double?) -> JSONValue {
            guard let value else { return .null }
            return .number(String((value * 10000).rounded() / 10000))
        }
        func states(_ counts: CoverageCounts?) -> JSONValue {
            guard let counts else { return .null }
            return .object([("translated", .number(String(counts.translated))), ("needs_review", .number(String(counts.needsReview))),
                            ("new", .number(String(counts.new))), ("missing", .number(String(counts.missing)))])
        }
        let value: JSONValue = .object([("files", .array(files.map { file in
            .object([
                ("old_path", text(file.oldPath)),
                ("new_path", text(file.newPath)),
                ("changes", .array(file.changes.map { change in
                    .object([
                        ("kind", .string(change.kind.rawValue)),
                        ("key", text(change.key)),
                        ("language", text(change.language)),
                        ("variant", text(change.variant.isEmpty ? nil : change.variant)),
                        ("field", text(change.field)),
                        ("old", value(change.old)),
                        ("new", value(change.new)),
                        ("old_state", text(change.oldState)),
                        ("new_state", text(change.newState)),
                        ("translations", change.translations.map { .number(String($0)) } ?? .null),
                        ("normalization_only", .bool(change.normalizationOnly)),
                    ])
                })),
                ("stats", .object(file.statistics.map { statistics in
                    (statistics.language, .object([
                        ("added", .number(String(statistics.added))),
                        ("changed", .number(String(statistics.changed))),
                        ("removed", .number(String(statistics.removed))),
                        ("state_changes", .number(String(statistics.stateChanges))),
                        ("coverage_before", number(statistics.coverageBefore)),
                        ("coverage_after", number(statistics.coverageAfter)),
                        ("is_source", .bool(statistics.isSource)),
                        ("states_before", states(statistics.statesBefore)),
                        ("states_after", states(statistics.statesAfter)),
                    ]))
                })),
                ("entries", .object([
                    ("added", .number(String(file.entryStatistics.added))),
                    ("removed", .number(String(file.entryStatistics.removed))),
                    ("newly_stale", .number(String(file.entryStatistics.newlyStale))),
                    ("now_untranslated", .number(String(file.entryStatistics.nowUntranslated))),
                    ("renormalized", .number(String(file.entryStatistics.renormalized))),
                    ("fields_changed", .number(String(file.entryStatistics.fieldsChanged))),
                ])),
                ("layout_only", .bool(file.isLayoutOnly)),
            ])
        }))])
        return value.xcodeLayoutKeepingOrder() + [UInt8(ascii: "\n")]
    }
}

extension String {
    /// The string padded with spaces to `length` characters, after it or
    /// (`leading`) before it.
    public func padding(toLength length: Int, leading: Bool = false) -> String {
        guard count < length else { return self }
        let spaces = String(repeating: " ", count: length - count)
        return leading ? spaces + self : self + spaces
    }
}
