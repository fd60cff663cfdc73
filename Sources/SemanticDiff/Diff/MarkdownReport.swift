import XCStringsJSON
import XCStringsText

/// `git xcstrings diff --format markdown`: what a bot posts on a pull
/// request. Per file, a table of languages (translations added, changed,
/// removed, state changes, coverage), the entry counts, then one collapsed
/// `<details>` block per entry with its changes, folded across languages
/// as the text form folds them. Values are HTML-escaped in `<code>`, so no
/// text can break the table or the page.
public enum MarkdownReport {
    /// The whole report.
    public static func render(_ files: [CatalogFileDiff]) -> String {
        sections(files).map(\.text).joined()
    }

    /// The report in at most `maxBytes` bytes of UTF-8 (`--max-bytes`, for
    /// sites that refuse longer comments): sections in order, each whole, as
    /// long as they fit; then one line saying how many entries, in how many
    /// languages and files, were left out, and `command`, which shows them.
    /// The line counts towards the limit, so only a limit shorter than that
    /// line alone is exceeded.
    public static func render(_ files: [CatalogFileDiff], maxBytes: Int, command: String) -> String {
        let all = sections(files)
        guard all.reduce(0, { $0 + $1.text.utf8.count }) > maxBytes else { return all.map(\.text).joined() }
        var output = ""
        var used = 0
        var index = all.startIndex
        // The note's length depends on the counts; its longest form is reserved.
        let reserve = note(entries: all.count, languages: all.reduce(into: Set<String>()) { $0.formUnion($1.languages) }.count,
                           files: files.count, command: command).utf8.count
        while index < all.endIndex, used + all[index].text.utf8.count + reserve <= maxBytes {
            output += all[index].text
            used += all[index].text.utf8.count
            index += 1
        }
        let left = all[index...]
        let entries = left.filter(\.isEntry).count
        let languages = left.reduce(into: Set<String>()) { $0.formUnion($1.languages) }.count
        let leftFiles = Set(left.map(\.file)).count
        return output + note(entries: entries, languages: languages, files: leftFiles, command: command)
    }

    static func note(entries: Int, languages: Int, files: Int, command: String) -> String {
        let shownCommand = String(command.map { $0 == "`" ? "'" : $0 })
        let count = { (number: Int, one: String, many: String) in "\(number) \(number == 1 ? one : many)" }
        let what = entries == 0 ? count(files, "file", "files")
            : count(entries, "entry", "entries") + " in " + count(languages, "language", "languages") + ", from " + count(files, "file", "files")
        return "**Left out to keep this short: \(what).** `\(shownCommand)` shows them all.\n"
    }

    /// One part of the report: a file's heading with its tables, or one entry.
    struct Section {
        var text: String
        var isEntry: Bool
        var languages: Set<String>
        /// Which file, in the order shown.
        var file: Int
    }

    static func sections(_ files: [CatalogFileDiff]) -> [Section] {
        let files = files.map(\.visible)
        var sections: [Section] = []
        for (number, file) in files.filter(\.isShown).enumerated() {
            var output = "### <code>\(escaped(file.displayPath))</code>\n\n"
            if file.changes.isEmpty {
                output += file.isIdentical ? "Renamed, content unchanged.\n\n" : "Layout only: the same catalog, written differently.\n\n"
                sections.append(Section(text: output, isEntry: false, languages: [], file: number))
                continue
            }
            let entries = file.entryStatistics.parts
            if !entries.isEmpty {
                output += "Entries: " + entries.joined(separator: ", ") + ".\n\n"
            }
            let moved = file.statistics.filter { $0.added + $0.changed + $0.removed + $0.stateChanges > 0 || $0.coverageBefore != $0.coverageAfter }
            if !moved.isEmpty {
                output += "| Language | Added | Changed | Removed | State changes | Coverage | To review |\n"
                output += "|---|---:|---:|---:|---:|---|---|\n"
                for row in moved {
                    let coverage = row.isSource ? "source" : "\(percent(row.coverageBefore)) → \(percent(row.coverageAfter))"
                    let before = row.statesBefore?.reviewShare, after = row.statesAfter?.reviewShare
                    let review = row.isSource || !DiffRenderer.showsReview(before, after) ? "" : "\(percent(before)) → \(percent(after))"
                    output += "| \(escaped(row.language))\(row.isSource ? " (source)" : "") | \(row.added) | \(row.changed) | \(row.removed) | \(row.stateChanges) | \(coverage) | \(review) |\n"
                }
                output += "\n"
            }
            sections.append(Section(text: output, isEntry: false, languages: [], file: number))
            var index = file.changes.startIndex
            while index < file.changes.endIndex {
                let change = file.changes[index]
                var end = index + 1
                while end < file.changes.endIndex && change.key != nil && same(file.changes[end].key, change.key) { end += 1 }
                let slice = file.changes[index..<end]
                sections.append(Section(text: details(slice), isEntry: change.key != nil,
                                        languages: Set(slice.compactMap(\.language)), file: number))
                index = end
            }
        }
        return sections
    }

    static func details(_ changes: ArraySlice<CatalogChange>) -> String {
        let first = changes.first!
        guard let key = first.key else {
            return changes.map { "- `\(escaped($0.field ?? ""))`: <code>\(escaped(DiffRenderer.shown($0.old)))</code> → <code>\(escaped(DiffRenderer.shown($0.new)))</code>\n" }
                .joined() + "\n"
        }
        let mark: String
        switch first.kind {
        case .entryAdded: mark = "added"
        case .entryRemoved: mark = "removed"
        default: mark = "changed"
        }
        let rows = DiffRenderer.foldedRows(changes, DiffRenderer.Palette(color: false))
        let normalization = first.normalizationOnly && (first.kind == .entryAdded || first.kind == .entryRemoved)
        let name = normalization ? QuotedText.quoted(key, scalars: true) : QuotedText.quoted(key)
        var output = "<details><summary><code>\(escaped(name))</code> \(mark)\(normalization ? " (normalization only)" : "")"
        output += rows.isEmpty ? "" : ", \(rows.count) change\(rows.count == 1 ? "" : "s")"
        output += "</summary>\n\n"
        if !rows.isEmpty {
            output += "| Where | Change |\n|---|---|\n"
            for row in rows {
                let place = row.languages.isEmpty ? (row.field ?? "") : row.languages.joined(separator: ", ") + (row.variant.isEmpty ? "" : " " + row.variant)
                output += "| \(escaped(place)) | <code>\(escaped(row.text.trimmingCharacters(in: " ")))</code> |\n"
            }
            output += "\n"
        }
        return output + "</details>\n\n"
    }

    static func percent(_ value: Double?) -> String { DiffRenderer.percent(value) }

    /// Text safe inside a table cell and HTML: `&`, `<`, `>`, `|`, backticks and line breaks escaped,
    /// and what a terminal would obey or what would reorder what a reviewer reads (``VisibleText``) as a character reference.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "|": result += "&#124;"
            case "`": result += "&#96;"
            case "\n": result += "<br>"
            default:
                if VisibleText.isEscaped(scalar) {
                    result += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return String(text)
    }
}
