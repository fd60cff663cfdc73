/// A failure reported by libgit2 or by the repository layer, in words.
public struct GitError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
