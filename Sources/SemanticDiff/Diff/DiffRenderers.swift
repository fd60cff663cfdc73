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

    static func quoted(_ text: String?) -> String {
        guard let text else { return "(none)" }
        return String(decoding: JSONString.quoted(text), as: UTF8.self)
    }

    // MARK: Text

    /// Grouped by entry, one line per translation: what changed, where, in which language.
    public static func text(_ files: [CatalogFileDiff], color: Bool) -> String {
        let palette = Palette(color: color)
        var output = ""
        for file in files where !file.changes.isEmpty {
            var header = file.displayPath
            if file.oldPath == nil { header += " (new file)" } else if file.newPath == nil { header += " (deleted)" }
            output += palette.bold + header + palette.reset + "\n"
            let places = file.changes.map(place)
            let width = max(places.map(\.count).max() ?? 0, 2)
            var currentKey: String?
            for (change, place) in zip(file.changes, places) {
                if change.kind == .catalogChanged {
                    output += "  \(change.field ?? "") \(quoted(change.old)) → \(quoted(change.new))\n"
                    continue
                }
                if change.key != currentKey {
                    currentKey = change.key
                    output += entryHeader(change, file.changes, palette)
                }
                if change.kind == .entryAdded || change.kind == .entryRemoved { continue }
                output += "    " + place.padding(toLength: width) + " " + line(change, palette) + "\n"
            }
        }
        return output
    }

    static func place(_ change: CatalogChange) -> String {
        if change.kind == .entryChanged { return change.field ?? "" }
        guard let language = change.language else { return "" }
        return change.variant.isEmpty ? language : language + " " + change.variant
    }

    static func entryHeader(_ change: CatalogChange, _ all: [CatalogChange], _ palette: Palette) -> String {
        let key = quoted(change.key)
        switch change.kind {
        case .entryAdded:
            let count = change.translations ?? 0
            return "\(palette.green)+ \(key)\(palette.reset)  \(palette.dim)(\(count) translation\(count == 1 ? "" : "s"))\(palette.reset)\n"
        case .entryRemoved:
            let count = change.translations ?? 0
            return "\(palette.red)- \(key)\(palette.reset)  \(palette.dim)(\(count) translation\(count == 1 ? "" : "s") removed)\(palette.reset)\n"
        default:
            return "\(palette.yellow)~ \(key)\(palette.reset)\n"
        }
    }

    static func line(_ change: CatalogChange, _ palette: Palette) -> String {
        func state(_ value: String?) -> String { value.map { "  \(palette.dim)[\($0)]\(palette.reset)" } ?? "" }
        switch change.kind {
        case .translationAdded:
            return "\(palette.green)+ \(quoted(change.new))\(palette.reset)\(state(change.newState))"
        case .translationRemoved:
            return "\(palette.red)- \(quoted(change.old))\(palette.reset)\(state(change.oldState))"
        case .translationChanged:
            var text = "  \(palette.red)\(quoted(change.old))\(palette.reset) → \(palette.green)\(quoted(change.new))\(palette.reset)"
            if change.oldState != change.newState {
                text += "  \(palette.dim)[\(change.oldState ?? "(none)") → \(change.newState ?? "(none)")]\(palette.reset)"
            }
            return text
        case .stateChanged:
            return "  \(palette.cyan)state \(change.oldState ?? "(none)") → \(change.newState ?? "(none)")\(palette.reset)"
        case .entryChanged:
            if change.old == nil { return "\(palette.green)+ \(quoted(change.new))\(palette.reset)" }
            if change.new == nil { return "\(palette.red)- \(quoted(change.old))\(palette.reset)" }
            return "  \(palette.red)\(quoted(change.old))\(palette.reset) → \(palette.green)\(quoted(change.new))\(palette.reset)"
        default:
            return ""
        }
    }

    // MARK: Stat

    /// Per file, per language: translations added, changed, removed, state
    /// changes, and coverage before → after.
    public static func stat(_ files: [CatalogFileDiff], color: Bool) -> String {
        let palette = Palette(color: color)
        func coverage(_ value: Double?) -> String {
            value.map { String(Int(($0 * 100).rounded())) + "%" } ?? "–"
        }
        func counted(_ count: Int, _ word: String, _ plural: String? = nil) -> String? {
            count == 0 ? nil : "\(count) " + (count == 1 ? word : plural ?? word)
        }
        var output = ""
        for file in files where !file.changes.isEmpty {
            output += palette.bold + file.displayPath + palette.reset + "\n"
            // Languages where nothing moved are left out.
            let rows: [(language: String, counts: String, shown: String, coverage: String)] = file.statistics.compactMap { statistics in
                let parts = [(counted(statistics.added, "added"), palette.green),
                             (counted(statistics.changed, "changed"), palette.yellow),
                             (counted(statistics.removed, "removed"), palette.red),
                             (counted(statistics.stateChanges, "state change", "state changes"), "")]
                    .compactMap { text, colour in text.map { ($0, colour) } }
                let before = coverage(statistics.coverageBefore), after = coverage(statistics.coverageAfter)
                guard !parts.isEmpty || before != after else { return nil }
                let plain = parts.isEmpty ? "no changes" : parts.map(\.0).joined(separator: ", ")
                let shown = parts.isEmpty ? plain : parts.map { text, colour in
                    colour.isEmpty ? text : colour + text + palette.reset
                }.joined(separator: ", ")
                return (statistics.language, plain, shown, "coverage \(before.padding(toLength: 4, leading: true)) → \(after)")
            }
            let languageWidth = rows.map(\.language.count).max() ?? 0
            let countsWidth = rows.map(\.counts.count).max() ?? 0
            for row in rows {
                output += "  " + row.language.padding(toLength: languageWidth) + "  " + row.shown
                output += String(repeating: " ", count: countsWidth - row.counts.count) + "   " + row.coverage + "\n"
            }
        }
        return output
    }

    // MARK: JSON

    /// `{"files": [{"old_path", "new_path", "changes": […], "stats": {LANGUAGE: {…}}}]}`,
    /// every field always present (null when it does not apply).
    public static func json(_ files: [CatalogFileDiff]) -> [UInt8] {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: Double?) -> JSONValue {
            guard let value else { return .null }
            return .number(String((value * 10000).rounded() / 10000))
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
                        ("old", text(change.old)),
                        ("new", text(change.new)),
                        ("old_state", text(change.oldState)),
                        ("new_state", text(change.newState)),
                        ("translations", change.translations.map { .number(String($0)) } ?? .null),
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
                    ]))
                })),
            ])
        }))])
        return value.xcodeLayoutKeepingOrder() + [UInt8(ascii: "\n")]
    }
}

extension String {
    /// The string padded with spaces to `length` characters, after it or
    /// (`leading`) before it.
    func padding(toLength length: Int, leading: Bool = false) -> String {
        guard count < length else { return self }
        let spaces = String(repeating: " ", count: length - count)
        return leading ? spaces + self : self + spaces
    }
}
