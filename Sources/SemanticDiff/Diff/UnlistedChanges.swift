import XCStringsCatalog
import XCStringsJSON

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
        // Most entries and localizations hold nothing the typed view leaves out: a scan of
        // their nodes says so without copying them, and only those that may are walked.
        let fields = mayHoldUnlisted(new) || old.map(mayHoldUnlisted) == true
        let walked = localizations.filter { mayDifferInUnlisted($0.old, $0.new) }
        guard fields || !walked.isEmpty else { return [] }
        var walk = Walk(key: new.key)
        let entry = Place(level: .entry), languages = entry.child(CatalogField.localizations.rawValue)
        if fields { walk.object(old.flatMap(Self.fields), Self.fields(new), at: entry) }
        for (language, before, after) in walked {
            walk.object(before.map { JSONValue($0.document, $0.node) }, after.map { JSONValue($0.document, $0.node) },
                        at: languages.child(language))
        }
        return walk.changes
    }

    /// Whether an entry's own fields (its localizations aside, each scanned
    /// on its own) hold anything the typed view does not report: another
    /// tool's member, a value of an unexpected kind. When neither version
    /// of an entry's fields does, they differ in nothing unlisted.
    static func mayHoldUnlisted(_ entry: Entry) -> Bool {
        entry.document.withRawDocument { raw in scan(raw, entry.node, at: .entry, inSubstitution: false) }
    }

    /// Whether a localization holds anything the typed view does not report:
    /// another tool's member, a value of an unexpected kind, a substitution's
    /// arguments, an empty object.
    static func mayHoldUnlisted(_ localization: Localization) -> Bool {
        localization.document.withRawDocument { raw in scan(raw, localization.node, at: .localization, inSubstitution: false) }
    }

    /// Whether two versions of a localization (either may be absent) may
    /// differ in what the typed view does not report. Substitutions'
    /// `argNum` and `formatSpecifier` (which Xcode writes for every
    /// substitution) do not make it walk when both versions hold the same
    /// ones in the same bytes, at the same paths (every name from the
    /// localization down: a substitution under `device.ipad` is not the
    /// one of that name under `device.iphone`), in the same order.
    static func mayDifferInUnlisted(_ old: Localization?, _ new: Localization?) -> Bool {
        var oldArguments: [UInt8]? = [], newArguments: [UInt8]? = []
        func scan(_ localization: Localization?, _ arguments: inout [UInt8]?) -> Bool {
            guard let localization else { return false }
            return localization.document.withRawDocument { raw in
                var path: [Int] = []
                return Self.scan(raw, localization.node, at: .localization, inSubstitution: false, arguments: &arguments, path: &path)
            }
        }
        if scan(old, &oldArguments) || scan(new, &newArguments) { return true }
        return oldArguments != newArguments
    }

    /// ``scan(_:_:at:inSubstitution:arguments:path:)`` where a substitution's
    /// arguments count as unlisted.
    private static func scan(_ raw: RawDocument, _ node: Int, at level: CatalogLevel, inSubstitution: Bool) -> Bool {
        var arguments: [UInt8]?
        var path: [Int] = []
        return scan(raw, node, at: level, inSubstitution: inSubstitution, arguments: &arguments, path: &path)
    }

    /// Whether the object at `node` holds anything the typed view does not
    /// report. With `arguments`, each substitution's `argNum` and
    /// `formatSpecifier` is written there instead: the names on the way to
    /// it (`path`, key nodes), the member's, and the value's kind and
    /// bytes, each name and the value after its length.
    private static func scan(_ raw: RawDocument, _ node: Int, at level: CatalogLevel, inSubstitution: Bool,
                             arguments: inout [UInt8]?, path: inout [Int]) -> Bool {
        guard raw.nodes[node].kind == .object else { return true }
        if raw.nodes[node].count == 0 { return level != .entry }
        // The shape of most localizations, a string unit's state and value, holds nothing
        // unlisted: told from its nodes, without naming each member on the way.
        if level == .localization && PlainText.shape(raw, node) != .other { return false }
        for member in raw.members(of: node) {
            let (field, child) = raw.withKeyText(member.key) { (CatalogField(utf8: $0), level.child(utf8: $0)) }
            let kind = raw.nodes[member.value].kind
            switch (level, field) {
            case (.entry, .comment?), (.entry, .extractionState?), (.stringUnit, .state?), (.stringUnit, .value?), (.stringSet, .state?):
                if kind != .string { return true }
                continue
            case (.entry, .isCommentAutoGenerated?), (.entry, .shouldTranslate?):
                continue
            case (.stringSet, .values?):
                if kind != .array || raw.elements(of: member.value).contains(where: { raw.nodes[$0].kind != .string }) { return true }
                continue
            case (.substitution, .argNum?), (.substitution, .formatSpecifier?):
                guard arguments != nil else { return true }
                arguments!.appendCount(path.count + 1)
                for key in path { raw.withKeyText(key) { arguments!.appendWithLength($0) } }
                raw.withKeyText(member.key) { arguments!.appendWithLength($0) }
                arguments!.append(UInt8(truncatingIfNeeded: kind.rawValue))
                arguments!.appendWithLength(raw.token(member.value))
                continue
            case (.variations, let variation):
                // The typed view reads plural and device variations (plural only in a substitution).
                guard variation == .plural || (variation == .device && !inSubstitution) else { return true }
            default:
                break
            }
            // An entry's localizations are scanned one by one, each when it differs.
            if level == .entry && child == .localizations && kind == .object { continue }
            switch child {
            case .localizations, .localization, .stringUnit, .stringSet, .variations, .variationCases, .substitutions, .substitution:
                path.append(member.key)
                defer { path.removeLast() }
                if scan(raw, member.value, at: child, inSubstitution: inSubstitution || child == .substitution, arguments: &arguments,
                        path: &path) { return true }
            default:
                return true
            }
        }
        return false
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
        package func child(_ name: String) -> Place {
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

    /// The unlisted changes between two versions of a catalog's top level
    /// (`strings` aside, compared entry by entry): another tool's members.
    static func between(topLevelOf old: Catalog?, _ new: Catalog) -> [CatalogChange] {
        func fields(_ catalog: Catalog) -> JSONValue {
            let document = catalog.document
            return .object(document.members(of: document.root).compactMap { member in
                let name = document.string(member.key)
                if CatalogField(rawValue: name) == .strings && document.kind(member.value) == .object { return nil }
                return (name, JSONValue(document, member.value))
            })
        }
        var walk = Walk(key: nil)
        walk.object(old.map(fields), fields(new), at: Place(level: .root))
        return walk.changes
    }

    private struct Walk {
        /// The entry's key; nil at the top level of the catalog.
        let key: String?
        var changes: [CatalogChange] = []

        init(key: String?) { self.key = key }

        /// Two versions of an object at `place`, member by member: what the
        /// typed view reports is left to it, the rest compared here.
        mutating func object(_ old: JSONValue?, _ new: JSONValue?, at place: Place) {
            guard isObjectOrAbsent(old) && isObjectOrAbsent(new) else { return other(old, new, path: place.path) }
            // An empty object that comes or goes (a language with nothing in it, `"plural": {}`) holds nothing
            // the typed view would report: it is a change of its own. (Not an entry's fields: its localizations
            // were taken out of them, and an entry that comes or goes is reported as such.)
            if place.level != .entry, (old == nil) != (new == nil), case .object(let members)? = old ?? new, members.isEmpty {
                return other(old, new, path: place.path)
            }
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
            case (.root, .sourceLanguage?), (.root, .version?):
                return isStringOrAbsent(old) && isStringOrAbsent(new)
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
            var change = CatalogChange(kind: key == nil ? .catalogChanged : .entryChanged, key: key, field: path.joined(separator: "."),
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

private extension Array where Element == UInt8 {
    /// `bytes` after their count, so that a run of them reads back one way only.
    mutating func appendWithLength(_ bytes: UnsafeBufferPointer<UInt8>) {
        appendCount(bytes.count)
        append(contentsOf: bytes)
    }

    /// `count` in four bytes.
    mutating func appendCount(_ count: Int) {
        var count = UInt32(truncatingIfNeeded: count)
        Swift.withUnsafeBytes(of: &count) { append(contentsOf: $0) }
    }
}
