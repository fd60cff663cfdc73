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
        /// `sourceLanguage` or `version` (see ``field``).
        case catalogChanged = "catalog_changed"
    }

    public var kind: Kind
    /// The entry's key; nil for catalog-level changes.
    public var key: String?
    public var language: String?
    /// Where in the localization: empty, `plural.few`, `device.iphone.plural.one`…
    public var variant: String
    /// The field of an entry or catalog change.
    public var field: String?
    public var old: String?
    public var new: String?
    public var oldState: String?
    public var newState: String?
    /// For an entry added or removed: how many translations came or went with it.
    public var translations: Int?

    public init(kind: Kind, key: String? = nil, language: String? = nil, variant: String = "", field: String? = nil,
                old: String? = nil, new: String? = nil, oldState: String? = nil, newState: String? = nil,
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
}

/// The changes to one catalog file, and what they do to each language.
public struct CatalogFileDiff: Sendable {
    /// Paths in the repository; nil on the side where the file does not exist.
    public var oldPath: String?
    public var newPath: String?
    public var changes: [CatalogChange]
    /// Per language, sorted by language code.
    public var statistics: [LanguageStatistics]

    public init(oldPath: String?, newPath: String?, changes: [CatalogChange], statistics: [LanguageStatistics]) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.changes = changes
        self.statistics = statistics
    }

    /// The path to show: `new`, or `old → new` for a rename.
    public var displayPath: String {
        switch (oldPath, newPath) {
        case let (old?, new?) where old != new: return "\(old) → \(new)"
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

    public init(language: String) {
        self.language = language
    }
}
