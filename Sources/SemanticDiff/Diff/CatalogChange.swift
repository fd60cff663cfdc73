import XCStringsCatalog
import XCStringsJSON
import XCStringsText

/// One change between two versions of a catalog, in catalog terms.
public struct CatalogChange: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case entryAdded = "entry_added"
        case entryRemoved = "entry_removed"
        /// `comment`, `extractionState`, `shouldTranslate` (see ``field``).
        case entryChanged = "entry_changed"
        case translationAdded = "translation_added"
        case translationRemoved = "translation_removed"
        /// The text changed (and maybe the state with it).
        case translationChanged = "translation_changed"
        /// Only the state changed.
        case stateChanged = "state_changed"
        /// A substitution's `argNum` or `formatSpecifier` (see ``field``).
        case substitutionChanged = "substitution_changed"
        /// `sourceLanguage` or `version` (see ``field``).
        case catalogChanged = "catalog_changed"
    }

    /// A value before or after: a text, a string set's list, or any other
    /// JSON value (a number, a boolean, another tool's object).
    public enum Value: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
        case text(String)
        case list([String])
        case json(JSONValue)

        public init(stringLiteral text: String) { self = .text(text) }

        /// The text, or the list's items on lines of their own.
        public var description: String {
            switch self {
            case .text(let text): return text
            case .list(let items): return items.joined(separator: "\n")
            case .json(let value): return String(decoding: value.compactText(), as: UTF8.self)
            }
        }

        /// Whether the two are the same bytes, not only canonically equivalent.
        func isIdentical(to other: Value) -> Bool {
            switch (self, other) {
            case let (.text(a), .text(b)): return a.hasSameBytes(as: b)
            case let (.list(a), .list(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameBytes(as: $1) }
            case let (.json(a), .json(b)): return a.isIdentical(to: b)
            default: return false
            }
        }
    }

    public var kind: Kind
    /// The entry's key; nil for catalog-level changes.
    public var key: String?
    public var language: String?
    /// Where in the localization: empty, `plural.few`, `device.iphone.plural.one`…
    public var variant: String
    /// The field of an entry, substitution or catalog change: `comment`,
    /// `argNum`…, or the path of a member the catalog's schema does not name
    /// (`localizations.de.stringUnit.x-note`).
    public var field: String?
    public var old: Value?
    public var new: Value?
    public var oldState: String?
    public var newState: String?
    /// For an entry added or removed: how many translations came or went with it.
    public var translations: Int?
    /// The old and new texts (or keys, for an entry added and one removed)
    /// are canonically equivalent Unicode, different only in normalization
    /// (`é` as one scalar or as `e` and a combining accent).
    public var normalizationOnly = false

    public init(kind: Kind, key: String? = nil, language: String? = nil, variant: String = "", field: String? = nil,
                old: Value? = nil, new: Value? = nil, oldState: String? = nil, newState: String? = nil,
                translations: Int? = nil) {
        self.kind = kind
        self.key = key
        self.language = language
        self.variant = variant
        self.field = field
        self.old = old
        self.new = new
        self.oldState = oldState
        self.newState = newState
        self.translations = translations
    }

    /// Whether this is an entry's `extractionState` becoming `stale`.
    var becameStale: Bool {
        guard kind == .entryChanged, field == CatalogField.extractionState.rawValue, case .text(let state)? = new else { return false }
        return state == ExtractionState.stale.rawValue
    }
}

/// The changes to one catalog file, and what they do to each language.
public struct CatalogFileDiff: Sendable {
    /// Paths in the repository; nil on the side where the file does not exist.
    public var oldPath: String?
    public var newPath: String?
    public var changes: [CatalogChange]
    /// Per language, the source language first, then by language code.
    public var statistics: [LanguageStatistics]
    /// Entries added, removed, newly stale and now untranslated.
    public var entryStatistics = EntryStatistics()
    /// Whether the two versions are the same bytes (nothing to show, not even "layout only").
    public var isIdentical = false
    /// The languages the diff was limited to (`--language`), in the order shown; empty for all.
    public var languages: [String] = []
    /// With `languages`, every language either version has (to warn about one that neither has).
    public var languagesPresent: Set<String> = []

    public init(oldPath: String?, newPath: String?, changes: [CatalogChange], statistics: [LanguageStatistics]) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.changes = changes
        self.statistics = statistics
        if let oldPath, let newPath { isRename = !oldPath.utf8.elementsEqual(newPath.utf8) } else { isRename = false }
    }

    /// Whether the file moved (and maybe changed too): set where its two
    /// paths differ, except for two files compared outside a repository.
    public var isRename: Bool

    /// Whether there is anything to show: a change, or a rename.
    public var hasChanges: Bool { !changes.isEmpty || isRename }

    /// Whether the file's bytes changed and its meaning did not (another
    /// layout or key order); never said of a diff limited to some languages,
    /// which leaves the others' changes out.
    public var isLayoutOnly: Bool { changes.isEmpty && !isIdentical && languages.isEmpty && oldPath != nil && newPath != nil }

    /// Whether a report says anything of the file: its changes, or that only its layout changed.
    var isShown: Bool { hasChanges || isLayoutOnly }

    /// The path to show: `new`, or `old → new` for a rename.
    public var displayPath: String {
        switch (oldPath, newPath) {
        case let (old?, new?) where !old.utf8.elementsEqual(new.utf8): return "\(old) → \(new)"
        case let (_, new?): return new
        case let (old?, nil): return old
        default: return "(unknown)"
        }
    }
}

/// What a diff did to one language.
public struct LanguageStatistics: Sendable, Equatable {
    public var language: String
    public var added = 0
    public var changed = 0
    public var removed = 0
    public var stateChanges = 0
    /// Share of the entries to translate whose translation is `translated`.
    public var coverageBefore: Double?
    public var coverageAfter: Double?
    /// The entries to translate by where they stand in this language, in each version.
    public var statesBefore: CoverageCounts?
    public var statesAfter: CoverageCounts?
    /// Whether this is the catalog's source language (which has no coverage: it is the source).
    public var isSource = false

    public init(language: String) {
        self.language = language
    }
}

/// The entries to translate in one language, by where they stand.
public struct CoverageCounts: Sendable, Equatable {
    /// Every text `translated`.
    public var translated = 0
    /// A text in `needs_review`, none `new`.
    public var needsReview = 0
    /// A text `new` (or in a state Xcode does not name).
    public var new = 0
    /// No localization in this language.
    public var missing = 0

    public var total: Int { translated + needsReview + new + missing }

    /// The share to review; nil with nothing to translate.
    public var reviewShare: Double? { total == 0 ? nil : Double(needsReview) / Double(total) }
}

/// What a diff did to a file's entries, for `--stat`'s first line.
public struct EntryStatistics: Sendable, Equatable {
    public var added = 0
    public var removed = 0
    /// Entries whose extraction state became `stale`.
    public var newlyStale = 0
    /// Entries added, or translated before, that no language but the source has translated now.
    public var nowUntranslated = 0
    /// Keys whose bytes changed only in Unicode normalization (`Café` typed
    /// precomposed, then decomposed): each one also counted added and removed.
    public var renormalized = 0
    /// Entries whose own fields changed: the comment, its flag, the
    /// extraction state, shouldTranslate, members the schema does not name.
    public var fieldsChanged = 0

    public init() {}

    public var isEmpty: Bool { added == 0 && removed == 0 && newlyStale == 0 && nowUntranslated == 0 && fieldsChanged == 0 }

    /// The counts in words, those that are not zero (`2 added, 1 removed`).
    public var parts: [String] {
        [(added, "added"), (removed, "removed"), (newlyStale, "newly stale"), (nowUntranslated, "now untranslated"),
         (fieldsChanged, "with comments or other fields changed"),
         (renormalized, renormalized == 1 ? "key changed only in Unicode normalization" : "keys changed only in Unicode normalization")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    }
}

extension CatalogFileDiff {
    /// The diff as a text report shows it: the names it prints as they are
    /// (paths, languages, variants, fields, states) with what a terminal
    /// would obey escaped (``VisibleText``). Keys and texts are quoted,
    /// which escapes them.
    var visible: CatalogFileDiff {
        func plain(_ text: String?) -> Bool { text.map { VisibleText.of($0).utf8.count == $0.utf8.count } ?? true }
        // Nearly always: nothing to escape, and nothing copied.
        if plain(oldPath) && plain(newPath) && languages.allSatisfy(plain) && statistics.allSatisfy({ plain($0.language) })
            // By index, each field read in place: a change passed whole is copied, its strings retained and released.
            && changes.indices.allSatisfy({ index in
                plain(changes[index].language) && plain(changes[index].variant) && plain(changes[index].field)
                    && plain(changes[index].oldState) && plain(changes[index].newState)
            }) {
            return self
        }
        func shown(_ text: String?) -> String? { text.map { VisibleText.of($0) } }
        var copy = self
        copy.oldPath = shown(oldPath)
        copy.newPath = shown(newPath)
        copy.languages = languages.map { VisibleText.of($0) }
        copy.languagesPresent = Set(languagesPresent.map { VisibleText.of($0) })
        for index in copy.statistics.indices { copy.statistics[index].language = VisibleText.of(statistics[index].language) }
        for index in copy.changes.indices {
            let change = changes[index]
            copy.changes[index].language = shown(change.language)
            copy.changes[index].variant = VisibleText.of(change.variant)
            copy.changes[index].field = shown(change.field)
            copy.changes[index].oldState = shown(change.oldState)
            copy.changes[index].newState = shown(change.newState)
        }
        return copy
    }
}
