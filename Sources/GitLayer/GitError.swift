import PlatformLayer
import SemanticDiff
/// A failure reported by libgit2 or by the repository layer, in words.
public struct GitError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// libgit2's error code, when it came from libgit2 (`GIT_ENOTFOUND`…).
    public var code: Int32?

    public init(_ message: String, code: Int32? = nil) {
        self.message = message
        self.code = code
    }

    public var description: String { message }
}
