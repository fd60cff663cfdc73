import XCStringsJSON

/// The review state of a translation. Unknown values are kept as they are.
public enum TranslationState: Hashable, Sendable, CustomStringConvertible {
    case translated
    case needsReview
    case new
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "translated": self = .translated
        case "needs_review": self = .needsReview
        case "new": self = .new
        default: self = .other(rawValue)
        }
    }

    /// The state string `node` holds; nil when `node` is nil or not a
    /// string. The usual states are read without decoding.
    package init?(_ document: JSONDocument, _ node: Int?) {
        guard let node, document.kind(node) == .string else { return nil }
        if document.keyEquals(node, "translated") {
            self = .translated
        } else if document.keyEquals(node, "new") {
            self = .new
        } else {
            self.init(rawValue: document.string(node))
        }
    }

    public var rawValue: String {
        switch self {
        case .translated: return "translated"
        case .needsReview: return "needs_review"
        case .new: return "new"
        case .other(let value): return value
        }
    }

    public var description: String { rawValue }

    /// Merge precedence when two sides agree on a value but not on its
    /// state: `translated > needs_review > new > anything else`.
    public var precedence: Int {
        switch self {
        case .translated: return 3
        case .needsReview: return 2
        case .new: return 1
        case .other: return 0
        }
    }
}

/// How an entry came into the catalog. Absent means extracted from code.
public enum ExtractionState: Hashable, Sendable, CustomStringConvertible {
    case extractedWithValue
    case manual
    case migrated
    case stale
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "extracted_with_value": self = .extractedWithValue
        case "manual": self = .manual
        case "migrated": self = .migrated
        case "stale": self = .stale
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .extractedWithValue: return "extracted_with_value"
        case .manual: return "manual"
        case .migrated: return "migrated"
        case .stale: return "stale"
        case .other(let value): return value
        }
    }

    public var description: String { rawValue }

    /// Merge precedence when both sides changed it differently:
    /// `extracted_with_value > manual > migrated > stale > anything else`.
    public var precedence: Int {
        switch self {
        case .extractedWithValue: return 4
        case .manual: return 3
        case .migrated: return 2
        case .stale: return 1
        case .other: return 0
        }
    }
}
