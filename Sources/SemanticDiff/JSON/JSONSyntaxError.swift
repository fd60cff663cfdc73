/// Why a file is not valid JSON, and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Offset of the offending byte.
    public var offset: Int
    /// The same place as a line and column.
    public var position: TextPosition
    /// What was wrong, in words: `expected ',' or '}' after a member`.
    public var message: String

    /// Where the reader had read to when it stopped, when that is past
    /// `offset`: the end of the file for a string without its closing
    /// quote, the end of a number too large (both said where they start).
    var extent: Int

    public init(offset: Int, position: TextPosition, message: String) {
        self.init(offset: offset, position: position, message: message, extent: offset)
    }

    init(offset: Int, position: TextPosition, message: String, extent: Int) {
        self.offset = offset
        self.position = position
        self.message = message
        self.extent = max(extent, offset)
    }

    /// `LINE:COLUMN: message`, to be prefixed with the file's name.
    public var description: String { "\(position): \(message)" }

    /// How far past ``extent`` the reader may have looked: it reads in
    /// order, and its widest read is eight bytes (a `\u` escape and the
    /// low surrogate after it, twelve).
    static let lookahead = 64

    /// Whether reading `text` must fail as reading `rejected` failed with
    /// this error: the two are the same bytes up to where the reader
    /// stopped and ``lookahead`` bytes beyond (or are the same file), so it
    /// stops at the same place, in the same state, for the same reason. A
    /// line merge that kept a broken version's first error need not be read
    /// to know it does not parse.
    public func holds(for text: UnsafeBufferPointer<UInt8>, sameAs rejected: UnsafeBufferPointer<UInt8>) -> Bool {
        // Read as they are: text in UTF-16 or UTF-32 is read in UTF-8, where this error's offsets are.
        guard TextEncoding.detect(rejected).encoding == .utf8, TextEncoding.detect(text).encoding == .utf8 else { return false }
        let needed = extent + JSONSyntaxError.lookahead
        let end = min(needed, rejected.count)
        guard extent <= rejected.count, text.count >= end, end == needed || text.count == rejected.count else { return false }
        return memcmpEqual(UnsafeBufferPointer(rebasing: text[0..<end]), UnsafeBufferPointer(rebasing: rejected[0..<end]))
    }
}

/// Something valid but suspicious that the reader noticed.
public struct JSONWarning: Sendable, Equatable, CustomStringConvertible {
    /// What the reader let pass.
    public enum Kind: Sendable, Equatable {
        /// A key given twice in one object: the later wins.
        case duplicateKey
        /// A comma before `}` or `]`: Foundation, and so Xcode, reads it; RFC 8259 and most other readers
        /// (python's json, jq, translation platforms' importers) refuse it.
        case trailingComma
    }

    public var kind: Kind = .duplicateKey
    /// Offset of the byte it is about.
    public var offset: Int
    /// The same place as a line and column.
    public var position: TextPosition
    public var message: String

    public init(_ kind: Kind = .duplicateKey, offset: Int, position: TextPosition, message: String) {
        self.kind = kind
        self.offset = offset
        self.position = position
        self.message = message
    }

    public var description: String { "\(position): \(message)" }
}
