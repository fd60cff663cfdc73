import FoundationKeyOrder
import SemanticDiff

extension KeyOrder {
    /// Foundation's order in process, as `git-xcstrings` has it.
    public static let foundation = KeyOrder(FoundationOrder())
}

extension JSONValue {
    /// This value in Xcode's layout, keys in Foundation's order.
    public func xcodeLayout(finalNewline: Bool = false) -> [UInt8] {
        xcodeLayout(finalNewline: finalNewline, keyOrder: .foundation)
    }
}

// The core's calls with Foundation's order, as the tool makes them.

extension XcodeLayout {
    public static func format(_ document: JSONDocument, finalNewline: Bool = false) -> [UInt8] {
        format(document, finalNewline: finalNewline, keyOrder: .foundation)
    }

    @discardableResult
    public static func format(_ document: JSONDocument, finalNewline: Bool = false, chunk: Int = 1 << 18,
                              into sink: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        format(document, finalNewline: finalNewline, chunk: chunk, keyOrder: .foundation, into: sink)
    }

    public static func isInLayout(_ document: JSONDocument) -> Bool { isInLayout(document, keyOrder: .foundation) }

    public static func firstDifference(in document: JSONDocument) -> Int? { firstDifference(in: document, keyOrder: .foundation) }
}

extension CatalogMerge {
    public static func merge(base: JSONDocument?, ours: JSONDocument, theirs: JSONDocument,
                             settling: Side? = nil) throws(MergeInputError) -> CatalogMergeResult {
        try merge(base: base, ours: ours, theirs: theirs, settling: settling, keyOrder: .foundation)
    }
}

extension CatalogDiff {
    public static func compare(old: Catalog?, new: Catalog?, oldPath: String?, newPath: String?,
                               languages: Set<String> = [], statistics: Bool = true,
                               coverage: (old: Coverage?, new: Coverage?)? = nil,
                               secondThread: (any SecondThread)? = nil) -> CatalogFileDiff {
        compare(old: old, new: new, oldPath: oldPath, newPath: newPath, languages: languages, statistics: statistics,
                coverage: coverage, secondThread: secondThread, keyOrder: .foundation)
    }
}

extension CheckOptions {
    public init() { self.init(keyOrder: .foundation) }
}

extension TextConversion {
    public static func text(_ catalog: Catalog) -> String { text(catalog, keyOrder: .foundation) }
}

extension ChangeOrder {
    public static func sorted(_ changes: [CatalogChange], sourceLanguage: String?) -> [CatalogChange] {
        sorted(changes, sourceLanguage: sourceLanguage, keyOrder: .foundation)
    }
}

extension CatalogCheck {
    public static func findings(_ catalog: Catalog, keys: Set<String>? = nil) -> [Finding] {
        findings(catalog, options: CheckOptions(), keys: keys)
    }

    public static func part(_ catalog: Catalog, entries: Range<Int>?, keys: Set<String>? = nil, layout: Bool = false) -> Part {
        part(catalog, entries: entries, options: CheckOptions(), keys: keys, layout: layout)
    }

    public static func finding(for error: CatalogError) -> Finding? { finding(for: error, options: CheckOptions()) }
}
