import SemanticDiff
/// A file that could not be read or written, with the system's reason.
public struct FileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The path as a terminal may show it (``VisibleText``).
    public var description: String { "\(VisibleText.of(path)): \(reason)" }
}
