import XCStringsText

/// A file that could not be read or written, with the system's reason.
public struct FileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The reason without what was done about it (`; left untouched`), for
    /// a caller that says what it does itself.
    public var cause: String {
        let untouched = "; left untouched"
        return reason.hasSuffix(untouched) ? String(reason.dropLast(untouched.count)) : reason
    }

    /// The path as a terminal may show it (``VisibleText``).
    public var description: String { "\(VisibleText.of(path)): \(reason)" }
}
