/// Why a file is not valid JSON, and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Offset of the offending byte.
    public var offset: Int
    /// The same place as a line and column.
    public var position: TextPosition
    /// What was wrong, in words: `expected ',' or '}' after a member`.
    public var message: String

    public init(offset: Int, position: TextPosition, message: String) {
        self.offset = offset
        self.position = position
        self.message = message
    }

    /// `LINE:COLUMN: message`, to be prefixed with the file's name.
    public var description: String { "\(position): \(message)" }
}

/// Something valid but suspicious that the reader noticed.
public struct JSONWarning: Sendable, Equatable, CustomStringConvertible {
    /// Offset of the byte it is about.
    public var offset: Int
    /// The same place as a line and column.
    public var position: TextPosition
    public var message: String

    public init(offset: Int, position: TextPosition, message: String) {
        self.offset = offset
        self.position = position
        self.message = message
    }

    public var description: String { "\(position): \(message)" }
}
