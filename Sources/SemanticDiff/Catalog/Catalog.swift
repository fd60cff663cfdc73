import XCStringsJSON

/// A String Catalog (`.xcstrings`): a typed view over a parsed document.
///
/// The view reads; it never copies the catalog into other structures, so
/// members it does not know (fields newer Xcode versions add, tools' own
/// keys) stay in the document untouched and are written back as they were.
public struct Catalog: Sendable {
    public private(set) var document: JSONDocument

    /// A view of `document`, whose root must be an object.
    public init(_ document: JSONDocument) throws(CatalogError) {
        guard document.kind(document.root) == .object else {
            throw CatalogError(message: "the top level of a catalog must be an object", position: document.position(of: document.root))
        }
        if let strings = document.value(.strings, in: document.root), document.kind(strings) != .object {
            throw CatalogError(message: "\"strings\" must be an object", position: document.position(of: strings))
        }
        self.document = document
    }

    /// The same catalog, for reading on another thread (see ``JSONDocument/withOwnStorage()``).
    public func withOwnStorage() -> Catalog {
        var copy = self
        copy.document = document.withOwnStorage()
        return copy
    }

    /// Parses and views `bytes`.
    public init(parsing bytes: [UInt8]) throws(CatalogError) {
        try self.init(parsing: Bytes(bytes))
    }

    /// Parses and views `bytes` (a mapped file, a blob), without copying them.
    public init(parsing bytes: Bytes) throws(CatalogError) {
        try self.init(parsing: bytes) { bytes throws(JSONSyntaxError) in try JSONDocument(parsing: bytes) }
    }

    /// Views `bytes` as `read` parses them (by two threads, say: see ``JSONSecondHalf``).
    public init(parsing bytes: Bytes, with read: (Bytes) throws(JSONSyntaxError) -> JSONDocument) throws(CatalogError) {
        do {
            try self.init(try read(bytes))
        } catch let error as JSONSyntaxError {
            throw CatalogError(message: error.message, position: error.position)
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(message: "\(error)", position: nil)
        }
    }

    /// The development language, whose localization is the source text.
    public var sourceLanguage: String? {
        document.stringValue(document.value(.sourceLanguage, in: document.root))
    }

    /// The format version: "1.0" from Xcode 15, "1.1" from Xcode 26.
    public var version: String? {
        document.stringValue(document.value(.version, in: document.root))
    }

    /// The node of the `strings` object, if the catalog has one.
    public var stringsNode: Int? {
        document.value(.strings, in: document.root)
    }

    /// Every entry, in the file's order.
    public var entries: [Entry] {
        guard let strings = stringsNode else { return [] }
        return document.members(of: strings).map { Entry(document: document, keyNode: $0.key, node: $0.value) }
    }

    /// The entry for `key`.
    public func entry(_ key: String) -> Entry? {
        guard let strings = stringsNode, let node = document.value(forKey: key, in: strings) else { return nil }
        return Entry(document: document, keyNode: node - 1, node: node)
    }
}

/// A file that parses as JSON but is not a catalog, or does not parse.
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var position: TextPosition?

    public var description: String {
        if let position { return "\(position): \(message)" }
        return message
    }
}
