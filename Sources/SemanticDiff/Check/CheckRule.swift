import XCStringsJSON
import XCStringsText

/// How much a finding matters. Ordered: `info < warning < error`.
public enum Severity: String, Sendable, CaseIterable, Comparable {
    case info, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.order < rhs.order }

    /// The severity's place in ``allCases``.
    var order: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
}

/// A check `git xcstrings check` makes, with its id (as users name it in
/// `--rule`, `--disable` and git config) and its default severity.
public enum CheckRule: String, Sendable, CaseIterable {
    case pluralMissingCategory = "plural-missing-category"
    case pluralExtraCategory = "plural-extra-category"
    case pluralNotInSource = "plural-not-in-source"
    case placeholderMismatch = "placeholder-mismatch"
    case substitutionMismatch = "substitution-mismatch"
    case languageCode = "language-code"
    case state
    case staleWithTranslations = "stale-with-translations"
    case shouldNotTranslate = "should-not-translate"
    case deviceUnknown = "device-unknown"
    case layout
    case json

    public var defaultSeverity: Severity {
        switch self {
        case .pluralMissingCategory, .placeholderMismatch, .substitutionMismatch, .languageCode, .state, .json: return .error
        case .pluralExtraCategory, .pluralNotInSource, .shouldNotTranslate, .deviceUnknown: return .warning
        case .staleWithTranslations, .layout: return .info
        }
    }

    /// What the rule finds, in one line (for `--help` and SARIF).
    public var summary: String {
        switch self {
        case .pluralMissingCategory: return "a plural lacks a category CLDR requires for its language (ru without few, many)"
        case .pluralExtraCategory: return "a plural has a category its language never selects (one in ja, ko, zh-Hans)"
        case .pluralNotInSource: return "a translation varies by plural where the source does not, or the reverse"
        case .placeholderMismatch: return "a translation's format specifiers differ from the source's in number or type"
        case .substitutionMismatch: return "a substitution's argNum or formatSpecifier differs from the source's, or %#@NAME@ names none"
        case .languageCode: return "a language code Apple's bundles do not resolve (zh-CN: use zh-Hans) or a malformed tag"
        case .state: return "a text that ships empty (in any state), or a copy of the source not marked translated"
        case .staleWithTranslations: return "a stale entry that still carries translations (a candidate to delete)"
        case .shouldNotTranslate: return "an entry marked Don't Translate that has translations"
        case .deviceUnknown: return "a device variation Xcode does not write (iphone, ipad, ipod, mac, applewatch, appletv, applevision, other)"
        case .layout: return "not in Xcode's layout (git xcstrings fmt rewrites it), or a key given twice in one object"
        case .json: return "not valid JSON, or not a catalog (a value of another kind than the schema's)"
        }
    }

    /// The rule's place in ``allCases``: findings at one place are listed in this order.
    public var order: Int {
        switch self {
        case .pluralMissingCategory: return 0
        case .pluralExtraCategory: return 1
        case .pluralNotInSource: return 2
        case .placeholderMismatch: return 3
        case .substitutionMismatch: return 4
        case .languageCode: return 5
        case .state: return 6
        case .staleWithTranslations: return 7
        case .shouldNotTranslate: return 8
        case .deviceUnknown: return 9
        case .layout: return 10
        case .json: return 11
        }
    }
}

/// One thing `check` found: a rule, how much it matters, where, and what to do.
public struct Finding: Sendable, Equatable {
    public var rule: CheckRule
    public var severity: Severity
    /// What is wrong and how to fix it, in one line.
    public var message: String {
        get { String(decoding: messageUTF8, as: UTF8.self) }
        set { messageUTF8 = Array(newValue.utf8) }
    }
    /// ``message`` in UTF-8, as the rules write it and the reports read it:
    /// a check can write tens of thousands, and making each a `String`
    /// (validated, allocated) cost more than the rules that found them.
    public var messageUTF8: [UInt8]
    /// The entry's key; nil for what concerns the whole file.
    public var key: String?
    /// The languages concerned; empty when none in particular.
    public var languages: [String]
    /// Where in the translation (`plural.few`, `substitutions.count`); empty for the plain text.
    public var variant: String
    /// The byte offset of the member the finding is about (a key, a language, `plural`).
    public var offset: Int
    /// Its 1-based line and column, set by ``CatalogCheck/positions(_:in:)``.
    public var position = TextPosition(line: 0, column: 0)

    public init(rule: CheckRule, severity: Severity? = nil, message: String, key: String?, languages: [String] = [],
                variant: String = "", offset: Int) {
        self.init(rule: rule, severity: severity, messageUTF8: Array(message.utf8), key: key, languages: languages,
                  variant: variant, offset: offset)
    }

    /// A finding whose message is already UTF-8.
    init(rule: CheckRule, severity: Severity?, messageUTF8: [UInt8], key: String?, languages: [String], variant: String, offset: Int) {
        self.rule = rule
        self.severity = severity ?? rule.defaultSeverity
        self.messageUTF8 = messageUTF8
        self.key = key
        self.languages = languages
        self.variant = variant
        self.offset = offset
    }

    /// The message after the entry's quoted key: `"%lld files": ru plural lacks few, many: add them`.
    public var text: String {
        (key.map { "\(QuotedText.quoted($0)): " } ?? "") + message
    }

    /// What makes two findings the same one in two versions of a file,
    /// wherever they sit in it (for "new findings after a merge").
    public var identity: String {
        [rule.rawValue, key ?? "", languages.joined(separator: ","), variant, message].joined(separator: "\u{1}")
    }
}
