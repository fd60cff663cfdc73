import XCStringsJSON
import XCStringsText

/// The text form of `git xcstrings diff`, written as bytes: a diff with
/// thousands of changes is thousands of lines, each put together from a
/// dozen pieces, so no piece is made a `String` of its own.
extension DiffRenderer {
    /// Grouped by entry, one line per translation: what changed, where, in which language.
    public static func text(_ files: [CatalogFileDiff], color: Bool) -> String {
        String(decoding: textBytes(files, color: color), as: UTF8.self)
    }

    /// ``text(_:color:)`` as UTF-8 bytes.
    public static func textBytes(_ files: [CatalogFileDiff], color: Bool) -> [UInt8] {
        textOutput(files, color: color).array
    }

    /// ``text(_:color:)`` as UTF-8 bytes, left in the block they were
    /// written to (thousands of lines are not copied again to be printed).
    /// With `secondThread`, a file of thousands of changes is written in two
    /// halves at once, cut between two entries; the bytes are the same.
    public static func textOutput(_ files: [CatalogFileDiff], color: Bool, secondThread: (any SecondThread)? = nil) -> WrittenOutput {
        let files = files.map(\.visible)
        let palette = Palette(color: color)
        // Reserved for all the changes at once (see ``jsonOutput(_:secondThread:)``).
        var output = OutputBuffer(capacity: (1 << 16) + files.reduce(0) { $0 + $1.changes.count } * textBytesPerChange)
        var texts = OutputBuffer(capacity: 1 << 12)
        var insertions: [WrittenOutput.Insertion] = []
        for file in files where file.isShown {
            guard file.hasChanges else {
                // Bytes that changed without a change of meaning: said, never left out.
                output.append(palette.bold)
                output.append(file.displayPath)
                output.append(palette.reset)
                output.append(literal: "\n  layout only (the same catalog, written differently)\n")
                continue
            }
            output.append(palette.bold)
            if file.isRename { output.append(literal: "renamed ") }
            output.append(file.displayPath)
            if file.oldPath == nil { output.append(literal: " (new file)") } else if file.newPath == nil { output.append(literal: " (deleted)") }
            if file.isRename && file.changes.isEmpty { output.append(literal: " (content unchanged)") }
            output.append(palette.reset)
            output.append(UInt8(ascii: "\n"))
            let changes = file.changes, languages = file.languages
            guard let secondThread, changes.count >= halvesFrom, let cut = entryBoundary(in: changes, near: changes.count / 2) else {
                appendChanges(changes[...], languages, palette, texts: &texts, to: &output)
                continue
            }
            let (_, second) = secondThread.both({ appendChanges(changes[..<cut], languages, palette, texts: &texts, to: &output) }, {
                var output = OutputBuffer(capacity: 4096 + (changes.count - cut) * textBytesPerChange), texts = OutputBuffer(capacity: 1 << 12)
                appendChanges(changes[cut...], languages, palette, texts: &texts, to: &output)
                return WrittenOutput(output)
            })
            // Left in its block, not copied into this one.
            insertions.append(WrittenOutput.Insertion(offset: output.count, output: second))
        }
        return WrittenOutput(output, insertions: insertions)
    }

    /// The number of changes in a file from which its text is written in two halves.
    static let halvesFrom = 2_000

    /// What to reserve for each change's text and for its JSON object, a
    /// little over what real catalogs' changes take (67 and 380 bytes on
    /// average in a diff of 7,600 changes): a longer text grows the block.
    static let textBytesPerChange = 96
    static let jsonBytesPerChange = 448

    /// Where a file's changes can be cut so that each half is written as the
    /// whole would be: the first change from `middle` on that begins an
    /// entry's changes right after another entry's (each half then begins
    /// with its entry's header, as the whole does there); nil when there is none.
    static func entryBoundary(in changes: [CatalogChange], near middle: Int) -> Int? {
        func keyed(_ change: CatalogChange) -> Bool { change.kind != .catalogChanged && change.key != nil }
        var index = max(middle, 1)
        while index < changes.count {
            if keyed(changes[index]) && keyed(changes[index - 1]) && !same(changes[index].key, changes[index - 1].key) { return index }
            index += 1
        }
        return nil
    }

    /// The lines of `changes`: each entry's header, then its changes, the same
    /// change in several languages folded into one line; the catalog's own
    /// changes one line each. `changes` begins where no entry's header has
    /// been written.
    static func appendChanges(_ changes: ArraySlice<CatalogChange>, _ languages: [String], _ palette: Palette,
                              texts: inout OutputBuffer, to output: inout OutputBuffer) {
        var currentKey: String?
        var index = changes.startIndex
        while index < changes.endIndex {
            // Read in place: a change bound whole is copied, its strings retained and released.
            guard changes[index].kind != .catalogChanged, let key = changes[index].key else {
                appendCatalogLine(changes[index], to: &output)
                index += 1
                continue
            }
            if !same(key, currentKey) {
                currentKey = key
                appendEntryHeader(changes[index], languages, palette, to: &output)
            }
            var end = index
            while end < changes.endIndex && same(changes[end].key, key) && changes[end].kind != .catalogChanged { end += 1 }
            appendEntryLines(changes[index..<end], palette, texts: &texts, to: &output)
            index = end
        }
    }

    /// `  FIELD OLD → NEW`: a change of the catalog's own members.
    static func appendCatalogLine(_ change: CatalogChange, to output: inout OutputBuffer) {
        output.append(literal: "  ")
        output.append(change.field ?? "")
        output.append(UInt8(ascii: " "))
        appendShown(change.old, to: &output)
        output.append(literal: " → ")
        appendShown(change.new, to: &output)
        output.append(UInt8(ascii: "\n"))
    }

    /// The lines of one entry's changes: the place (language and variant,
    /// or field), then what changed. A state change (or a substitution's)
    /// that is the same in several languages is one line listing them
    /// (`de, fr, ja  state translated → needs_review`); texts are never folded.
    static func appendEntryLines(_ changes: ArraySlice<CatalogChange>, _ palette: Palette,
                                 texts: inout OutputBuffer, to output: inout OutputBuffer) {
        texts.removeAll()
        let rows = EntryRows(changes, palette, texts: &texts).rows
        // Each row's place, written after the texts, and how wide it shows.
        var places: [(range: Range<Int>, width: Int)] = []
        places.reserveCapacity(rows.count)
        for row in rows {
            let start = texts.count
            if row.languages.isEmpty {
                texts.append(row.field ?? "")
            } else {
                for (number, language) in row.languages.prefix(row.languages.count <= 6 ? 6 : 5).enumerated() {
                    if number > 0 { texts.append(literal: ", ") }
                    texts.append(language)
                }
                if row.languages.count > 6 {
                    texts.append(literal: " and ")
                    texts.appendDecimal(row.languages.count - 5)
                    texts.append(literal: " more")
                }
                if !row.variant.isEmpty {
                    texts.append(UInt8(ascii: " "))
                    texts.append(row.variant)
                }
            }
            places.append((start..<texts.count, shownWidth(UnsafeBufferPointer(start: texts.base + start, count: texts.count - start))))
        }
        // Places of one language set the column; longer lists of languages stand on their own.
        var width = 2
        for (row, place) in zip(rows, places) where row.languages.count <= 1 { width = max(width, place.width) }
        for (row, place) in zip(rows, places) {
            output.append(literal: "    ")
            output.append(UnsafeBufferPointer(start: texts.base + place.range.lowerBound, count: place.range.count))
            output.appendSpaces(width - place.width)
            output.append(UInt8(ascii: " "))
            output.append(UnsafeBufferPointer(start: texts.base + row.text.lowerBound, count: row.text.count))
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// How many characters `bytes` show as (what `String.count` says: one per ASCII byte).
    static func shownWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.allSatisfy { $0 < 0x80 } ? bytes.count : String(decoding: bytes, as: UTF8.self).count
    }

    /// An entry's first line: `+ "key"  (3 translations)`, `- "key"  (…
    /// removed)`, or `~ "key"`.
    static func appendEntryHeader(_ change: CatalogChange, _ languages: [String], _ palette: Palette, to output: inout OutputBuffer) {
        func key() {
            if change.normalizationOnly && (change.kind == .entryAdded || change.kind == .entryRemoved) {
                appendShown(change.key.map(CatalogChange.Value.text), scalars: true, to: &output)
                output.append(literal: " (normalization only)")
            } else {
                QuotedText.append(change.key, to: &output)
            }
        }
        /// `+ "key"  (` in its colour, the note dimmed after.
        func opening(_ colour: String, _ mark: StaticString) {
            output.append(colour)
            output.append(literal: mark)
            key()
            output.append(palette.reset)
            output.append(literal: "  ")
            output.append(palette.dim)
            output.append(UInt8(ascii: "("))
        }
        switch change.kind {
        case .entryAdded:
            let count = change.translations ?? 0
            opening(palette.green, "+ ")
            if count == 0 && !languages.isEmpty {
                output.append(literal: "untranslated in ")
                for (number, language) in languages.enumerated() {
                    if number > 0 { output.append(literal: ", ") }
                    output.append(language)
                }
            } else {
                appendCount(count, "translation", to: &output)
            }
            output.append(UInt8(ascii: ")"))
            output.append(palette.reset)
        case .entryRemoved:
            opening(palette.red, "- ")
            appendCount(change.translations ?? 0, "translation", to: &output)
            output.append(literal: " removed)")
            output.append(palette.reset)
        default:
            output.append(palette.yellow)
            output.append(literal: "~ ")
            key()
            output.append(palette.reset)
        }
        output.append(UInt8(ascii: "\n"))
    }

    /// `1 translation`, `2 translations`.
    static func appendCount(_ count: Int, _ word: StaticString, to output: inout OutputBuffer) {
        output.appendDecimal(count)
        output.append(UInt8(ascii: " "))
        output.append(literal: word)
        if count != 1 { output.append(UInt8(ascii: "s")) }
    }

    /// What one change did, after its place: `+ "text"  [state]`,
    /// `"old" → "new"`, `state new → translated`…
    static func appendLine(_ change: CatalogChange, _ palette: Palette, to output: inout OutputBuffer) {
        let scalars = change.normalizationOnly
        /// `+ "text"` or `- "text"` in its colour.
        func marked(_ colour: String, _ mark: StaticString, _ value: CatalogChange.Value?) {
            output.append(colour)
            output.append(literal: mark)
            appendShown(value, scalars: scalars, to: &output)
            output.append(palette.reset)
        }
        /// Two spaces, then what `body` writes, dimmed.
        func aside(_ body: (inout OutputBuffer) -> Void) {
            output.append(literal: "  ")
            output.append(palette.dim)
            body(&output)
            output.append(palette.reset)
        }
        func states(_ output: inout OutputBuffer) {
            output.append(change.oldState ?? "(none)")
            output.append(literal: " → ")
            output.append(change.newState ?? "(none)")
        }
        func state(_ value: String?) {
            guard let value else { return }
            aside { $0.append(UInt8(ascii: "[")); $0.append(value); $0.append(UInt8(ascii: "]")) }
        }
        func note() {
            if scalars { aside { $0.append(literal: "(normalization only)") } }
        }
        func replaced() {
            output.append(literal: "  ")
            marked(palette.red, "", change.old)
            output.append(literal: " → ")
            marked(palette.green, "", change.new)
        }
        switch change.kind {
        case .translationAdded:
            marked(palette.green, "+ ", change.new)
            state(change.newState)
        case .translationRemoved:
            marked(palette.red, "- ", change.old)
            state(change.oldState)
        case .translationChanged:
            replaced()
            if !same(change.oldState, change.newState) {
                aside { $0.append(UInt8(ascii: "[")); states(&$0); $0.append(UInt8(ascii: "]")) }
            }
            note()
        case .stateChanged:
            output.append(literal: "  ")
            output.append(palette.cyan)
            output.append(literal: "state ")
            states(&output)
            output.append(palette.reset)
        case .substitutionChanged:
            output.append(literal: "  ")
            output.append(change.field ?? "")
            output.append(UInt8(ascii: " "))
            appendShown(change.old, scalars: scalars, to: &output)
            output.append(literal: " → ")
            appendShown(change.new, scalars: scalars, to: &output)
            note()
        case .entryChanged:
            if change.old == nil {
                marked(palette.green, "+ ", change.new)
            } else if change.new == nil {
                marked(palette.red, "- ", change.old)
            } else {
                replaced()
                note()
            }
        default:
            break
        }
    }

    /// ``shown(_:scalars:)``, appended to `output`.
    static func appendShown(_ value: CatalogChange.Value?, scalars: Bool = false, to output: inout OutputBuffer) {
        switch value {
        case nil: output.append(literal: "(none)")
        case .text(let text)?: QuotedText.append(text, scalars: scalars, to: &output)
        case .list(let items)?:
            output.append(UInt8(ascii: "["))
            for (number, item) in items.enumerated() {
                if number > 0 { output.append(literal: ", ") }
                QuotedText.append(item, scalars: scalars, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .json(let value)?: output.append(value.compactText())
        }
    }
}

/// An entry's changes as the text form shows them, one row each, a state
/// change (or a substitution's) shared by several languages folded into one
/// row listing them; each row's text is written into a buffer of texts.
struct EntryRows {
    struct Row {
        var languages: [String]
        var variant: String
        var field: String?
        /// Where the row's text is in the buffer of texts.
        var text: Range<Int>
    }

    var rows: [Row] = []

    init(_ changes: ArraySlice<CatalogChange>, _ palette: DiffRenderer.Palette, texts: inout OutputBuffer) {
        // Rows that others may fold into, by their variant and text as strings: canonically
        // equivalent ones fold (a state spelled precomposed in one language and not in another).
        var foldable: [String: Int] = [:]
        // By index, each field read in place: a change bound whole is copied, its strings retained and released.
        for index in changes.indices where changes[index].kind != .entryAdded && changes[index].kind != .entryRemoved {
            let start = texts.count
            DiffRenderer.appendLine(changes[index], palette, to: &texts)
            let text = start..<texts.count
            let kind = changes[index].kind
            guard kind == .stateChanged || kind == .substitutionChanged, let language = changes[index].language else {
                rows.append(Row(languages: changes[index].language.map { [$0] } ?? [], variant: changes[index].variant,
                                field: changes[index].language == nil ? changes[index].field : nil, text: text))
                continue
            }
            let fold = changes[index].variant + "\u{0}" + String(decoding: UnsafeBufferPointer(start: texts.base + start, count: text.count), as: UTF8.self)
            if let row = foldable[fold] {
                rows[row].languages.append(language)
                // The text is the row's already.
                texts.truncate(to: start)
            } else {
                foldable[fold] = rows.count
                rows.append(Row(languages: [language], variant: changes[index].variant, field: nil, text: text))
            }
        }
    }
}
