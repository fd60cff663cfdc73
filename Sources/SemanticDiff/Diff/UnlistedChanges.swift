/// The differences between two versions of an entry that the typed view
/// does not report: a substitution's `argNum` or `formatSpecifier`, and any
/// member the catalog's schema does not name (another tool's fields, values
/// of an unexpected kind). A review must never hide a change, so whatever
/// differs and is not a translation, a state or a known field is listed
/// here with its path.
enum UnlistedChanges {
    /// The unlisted changes between two versions of an entry (nil: all of
    /// `new` is added), given the localizations whose bytes differ (the
    /// others are not read).
    static func between(_ old: Entry?, _ new: Entry, localizations: [(language: String, old: Localization?, new: Localization?)])
        -> [CatalogChange] {
        var walk = Walk(key: new.key)
        let entry = Place(level: .entry), languages = entry.child(CatalogField.localizations.rawValue)
        walk.object(old.flatMap(fields), fields(new), at: entry)
        for (language, before, after) in localizations {
            walk.object(before.map { JSONValue($0.document, $0.node) }, after.map { JSONValue($0.document, $0.node) },
                        at: languages.child(language))
        }
        return walk.changes
    }

    /// An entry's members but an object of localizations (compared language by language).
    private static func fields(_ entry: Entry) -> JSONValue? {
        let document = entry.document
        guard document.kind(entry.node) == .object else { return JSONValue(document, entry.node) }
        return .object(document.members(of: entry.node).compactMap { member in
            let name = document.string(member.key)
            if CatalogField(rawValue: name) == .localizations && document.kind(member.value) == .object { return nil }
            return (name, JSONValue(document, member.value))
        })
    }

    /// Where the walk is: the schema's level, the path of member names,
    /// and the language and variant of the translations below.
    struct Place {
        var level: CatalogLevel
        var path: [String] = []
        var language: String?
        var variant = Variant()
        /// Inside a substitution, whose variations the typed view reads by plural only.
        var inSubstitution = false

        /// The place of member `name`, as far as the typed view follows the
        /// schema (variations by `plural` and `device` only); `.other` beyond.
        func child(_ name: String) -> Place {
            var next = self
            next.path.append(name)
            next.level = level.child(name)
            switch level {
            case .localizations: next.language = name
            case .variations:
                let kinds: [CatalogField] = inSubstitution ? [.plural] : [.plural, .device]
                if let kind = CatalogField(rawValue: name), kinds.contains(kind) { next.variant.path.append(name) } else { next.level = .other }
            case .variationCases: next.variant.path.append(name)
            case .substitutions:
                next.variant = variant.appending(.substitutions, name)
                next.inSubstitution = true
            default: break
            }
            return next
        }
    }

    private struct Walk {
        let key: String
        var changes: [CatalogChange] = []

        init(key: String) { self.key = key }

        /// Two versions of an object at `place`, member by member: what the
        /// typed view reports is left to it, the rest compared here.
        mutating func object(_ old: JSONValue?, _ new: JSONValue?, at place: Place) {
            guard isObjectOrAbsent(old) && isObjectOrAbsent(new) else { return other(old, new, path: place.path) }
            for (name, before, after) in pairs(old, new) {
                let child = place.child(name)
                if Self.isReported(CatalogField(rawValue: name), at: place.level, before, after) { continue }
                switch child.level {
                case .localization, .stringUnit, .stringSet, .variations, .variationCases, .substitutions, .substitution:
                    object(before, after, at: child)
                default:
                    if place.level == .substitution, let field = CatalogField(rawValue: name), [.argNum, .formatSpecifier].contains(field) {
                        substitution(field, before, after, at: place)
                    } else {
                        other(before, after, path: child.path)
                    }
                }
            }
        }

        /// Whether the typed view reports member `field` at `level`: it does
        /// when the member has the kind the view reads.
        static func isReported(_ field: CatalogField?, at level: CatalogLevel, _ old: JSONValue?, _ new: JSONValue?) -> Bool {
            switch (level, field) {
            case (.entry, .comment?), (.entry, .extractionState?), (.stringUnit, .state?), (.stringUnit, .value?), (.stringSet, .state?):
                return isStringOrAbsent(old) && isStringOrAbsent(new)
            case (.entry, .isCommentAutoGenerated?), (.entry, .shouldTranslate?):
                return true
            case (.stringSet, .values?):
                return isStringListOrAbsent(old) && isStringListOrAbsent(new)
            default:
                return false
            }
        }

        /// A substitution's `argNum` or `formatSpecifier`.
        mutating func substitution(_ field: CatalogField, _ old: JSONValue?, _ new: JSONValue?, at place: Place) {
            guard !identical(old, new) else { return }
            var change = CatalogChange(kind: .substitutionChanged, key: key, language: place.language, variant: place.variant.description,
                                       field: field.rawValue, old: old.map(Self.shown), new: new.map(Self.shown))
            change.normalizationOnly = old == new
            changes.append(change)
        }

        /// A member the schema does not name: objects member by member,
        /// anything else as a whole.
        mutating func other(_ old: JSONValue?, _ new: JSONValue?, path: [String]) {
            if identical(old, new) { return }
            if case .object? = old, case .object? = new {
                for (name, a, b) in pairs(old, new) { other(a, b, path: path + [name]) }
                return
            }
            var change = CatalogChange(kind: .entryChanged, key: key, field: path.joined(separator: "."),
                                       old: old.map(Self.shown), new: new.map(Self.shown))
            change.normalizationOnly = old == new
            changes.append(change)
        }

        /// A value as a change holds it: a string's text, else the value.
        static func shown(_ value: JSONValue) -> CatalogChange.Value {
            if case .string(let text) = value { return .text(text) }
            return .json(value)
        }
    }
}

/// The members of two objects (either may be absent), matched by the bytes
/// of their names: old's order, then what only new has. Duplicates were
/// already dropped by `JSONValue` (the last one is kept, as by the reader).
private func pairs(_ old: JSONValue?, _ new: JSONValue?) -> [(String, JSONValue?, JSONValue?)] {
    func members(_ value: JSONValue?) -> [(key: String, value: JSONValue)] {
        guard case .object(let members)? = value else { return [] }
        return members
    }
    let oldMembers = members(old), newMembers = members(new)
    var newByName: [[UInt8]: Int] = [:]
    for (index, member) in newMembers.enumerated() { newByName[Array(member.key.utf8)] = index }
    var used = Set<Int>()
    var result: [(String, JSONValue?, JSONValue?)] = []
    for member in oldMembers {
        let match = newByName[Array(member.key.utf8)]
        if let match { used.insert(match) }
        result.append((member.key, member.value, match.map { newMembers[$0].value }))
    }
    for (index, member) in newMembers.enumerated() where !used.contains(index) {
        result.append((member.key, nil, member.value))
    }
    return result
}

/// Whether two values are the same, strings and names compared by their bytes.
private func identical(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (a?, b?): return a.isIdentical(to: b)
    default: return false
    }
}

private func isStringOrAbsent(_ value: JSONValue?) -> Bool {
    if case .string? = value { return true }
    return value == nil
}

private func isObjectOrAbsent(_ value: JSONValue?) -> Bool {
    if case .object? = value { return true }
    return value == nil
}

private func isStringListOrAbsent(_ value: JSONValue?) -> Bool {
    guard let value else { return true }
    guard case .array(let items) = value else { return false }
    return items.allSatisfy { if case .string = $0 { return true } else { return false } }
}
