import XCStringsJSON

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

    /// A value as the text form shows it: quoted (``QuotedText``), a list in
    /// brackets; with `scalars`, every non-ASCII scalar spelled `\u{…}`.
    static func shown(_ value: CatalogChange.Value?, scalars: Bool = false) -> String {
        var output = OutputBuffer(capacity: 64)
        appendShown(value, scalars: scalars, to: &output)
        return String(decoding: output.finish(), as: UTF8.self)
    }

    /// One row per change of an entry (its own fields, then translations),
    /// a state change (or a substitution's) shared by several languages
    /// folded into one row listing them.
    static func foldedRows(_ changes: ArraySlice<CatalogChange>, _ palette: Palette)
        -> [(languages: [String], variant: String, field: String?, text: String)] {
        var texts = OutputBuffer(capacity: 256)
        return EntryRows(changes, palette, texts: &texts).rows.map { row in
            (row.languages, row.variant, row.field, String(decoding: UnsafeBufferPointer(start: texts.base + row.text.lowerBound, count: row.text.count), as: UTF8.self))
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
    /// every field always present (null when it does not apply), in
    /// Xcode's layout with members in this order. The changes, thousands in
    /// a large diff, are written as they are read, not made values first.
    public static func json(_ files: [CatalogFileDiff]) -> [UInt8] {
        jsonOutput(files).array
    }

    /// ``json(_:)``, left in the block it was written to. With
    /// `secondThread`, a file's changes, when thousands, are written in two
    /// halves at once; the bytes are the same.
    public static func jsonOutput(_ files: [CatalogFileDiff], secondThread: (any SecondThread)? = nil) -> WrittenOutput {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: Double?) -> JSONValue {
            guard let value else { return .null }
            return .number(String((value * 10000).rounded() / 10000))
        }
        func states(_ counts: CoverageCounts?) -> JSONValue {
            guard let counts else { return .null }
            return .object([("translated", .number(String(counts.translated))), ("needs_review", .number(String(counts.needsReview))),
                            ("new", .number(String(counts.new))), ("missing", .number(String(counts.missing)))])
        }
        // Reserved for all the changes at once: a block grown as it fills is copied each time, and
        // each new block's pages are touched afresh (untouched pages of a reservation cost nothing).
        let changeCount = files.reduce(0) { $0 + $1.changes.count }
        var writer = LayoutWriter(output: OutputBuffer(capacity: (1 << 16) + changeCount * DiffRenderer.jsonBytesPerChange))
        writer.output.append(UInt8(ascii: "{"))
        writer.output.lineBreak(indent: 2)
        writer.output.append(literal: "\"files\"")
        writer.output.appendColon()
        guard !files.isEmpty else {
            writer.writeEmpty(.array, depth: 1)
            writer.output.lineBreak(indent: 0)
            writer.output.append(literal: "}\n")
            return writer.written()
        }
        writer.output.append(UInt8(ascii: "["))
        for (position, file) in files.enumerated() {
            if position > 0 { writer.output.append(UInt8(ascii: ",")) }
            writer.output.lineBreak(indent: 4)
            writer.output.append(UInt8(ascii: "{"))
            writer.member("old_path", text(file.oldPath), depth: 3, first: true)
            writer.member("new_path", text(file.newPath), depth: 3)
            writer.memberName("changes", depth: 3)
            writer.writeChanges(file.changes, depth: 3, secondThread: secondThread)
            writer.member("stats", .object(file.statistics.map { statistics in
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
            }), depth: 3)
            writer.member("entries", .object([
                ("added", .number(String(file.entryStatistics.added))),
                ("removed", .number(String(file.entryStatistics.removed))),
                ("newly_stale", .number(String(file.entryStatistics.newlyStale))),
                ("now_untranslated", .number(String(file.entryStatistics.nowUntranslated))),
                ("renormalized", .number(String(file.entryStatistics.renormalized))),
                ("fields_changed", .number(String(file.entryStatistics.fieldsChanged))),
            ]), depth: 3)
            writer.member("layout_only", .bool(file.isLayoutOnly), depth: 3)
            writer.output.lineBreak(indent: 4)
            writer.output.append(UInt8(ascii: "}"))
        }
        writer.output.lineBreak(indent: 2)
        writer.output.append(UInt8(ascii: "]"))
        writer.output.lineBreak(indent: 0)
        writer.output.append(literal: "}\n")
        return writer.written()
    }
}

extension LayoutWriter {
    /// `,` (unless first), a line break and `"name" : `, for a member whose
    /// value is at `depth` (its object at `depth - 1`).
    mutating func memberName(_ name: StaticString, depth: Int, first: Bool = false) {
        output.appendMemberName(name, indent: depth * 2, first: first)
    }

    /// A member `name` with `value` at `depth`, as ``JSONValue``'s writer writes it.
    mutating func member(_ name: StaticString, _ value: JSONValue, depth: Int, first: Bool = false) {
        memberName(name, depth: depth, first: first)
        write(value, depth: depth, keyOrder: nil)
    }

    /// A text or null.
    mutating func member(_ name: StaticString, text: String?, depth: Int) {
        memberName(name, depth: depth)
        guard let text else { return output.append(literal: "null") }
        text.withUTF8Bytes { JSONString.appendQuoted($0, to: &output) }
    }

    /// `--json`'s list of changes, an array at `depth`: each change an
    /// object of the same eleven members, every one always there.
    mutating func writeChanges(_ changes: [CatalogChange], depth: Int, secondThread: (any SecondThread)? = nil) {
        guard !changes.isEmpty else { return writeEmpty(.array, depth: depth) }
        output.append(UInt8(ascii: "["))
        if let secondThread, changes.count >= DiffRenderer.halvesFrom {
            // Thousands of changes in two halves at once, the second written after the first.
            let cut = changes.count / 2
            let (_, second) = secondThread.both({ writeChangeObjects(changes[..<cut], depth: depth) }, {
                var writer = LayoutWriter(output: OutputBuffer(capacity: 4096 + (changes.count - cut) * DiffRenderer.jsonBytesPerChange))
                writer.writeChangeObjects(changes[cut...], depth: depth)
                return writer.written()
            })
            // Left in its block, not copied into this one: the JSON of thousands of changes is megabytes.
            insertions.append(WrittenOutput.Insertion(offset: output.count, output: second))
        } else {
            writeChangeObjects(changes[...], depth: depth)
        }
        output.lineBreak(indent: depth * 2)
        output.append(UInt8(ascii: "]"))
    }

    /// The objects of `changes`, each after a comma but the first of the
    /// whole list, in a list at `depth`.
    mutating func writeChangeObjects(_ changes: ArraySlice<CatalogChange>, depth: Int) {
        let inner = depth + 1
        // By index, each field read in place: a change bound whole is copied, its strings retained and released.
        for position in changes.indices {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            output.lineBreak(indent: inner * 2)
            output.append(UInt8(ascii: "{"))
            memberName("kind", depth: inner + 1, first: true)
            output.append(UInt8(ascii: "\""))
            output.append(changes[position].kind.rawValue)
            output.append(UInt8(ascii: "\""))
            member("key", text: changes[position].key, depth: inner + 1)
            member("language", text: changes[position].language, depth: inner + 1)
            member("variant", text: changes[position].variant.isEmpty ? nil : changes[position].variant, depth: inner + 1)
            member("field", text: changes[position].field, depth: inner + 1)
            memberName("old", depth: inner + 1)
            writeChangeValue(changes[position].old, depth: inner + 1)
            memberName("new", depth: inner + 1)
            writeChangeValue(changes[position].new, depth: inner + 1)
            member("old_state", text: changes[position].oldState, depth: inner + 1)
            member("new_state", text: changes[position].newState, depth: inner + 1)
            memberName("translations", depth: inner + 1)
            if let translations = changes[position].translations { output.appendDecimalAllowingSign(translations) } else { output.append(literal: "null") }
            memberName("normalization_only", depth: inner + 1)
            output.append(literal: changes[position].normalizationOnly ? "true" : "false")
            output.lineBreak(indent: inner * 2)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A change's old or new value: a text, a list of texts, another JSON value, or null.
    mutating func writeChangeValue(_ value: CatalogChange.Value?, depth: Int) {
        switch value {
        case nil: output.append(literal: "null")
        case .text(let text)?: text.withUTF8Bytes { JSONString.appendQuoted($0, to: &output) }
        case .list(let items)?: write(.array(items.map(JSONValue.string)), depth: depth, keyOrder: nil)
        case .json(let json)?: write(json, depth: depth, keyOrder: nil)
        }
    }
}
