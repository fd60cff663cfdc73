import PlatformLayer
import SemanticDiff
/// What the rest of the tool may know about the libgit2 underneath.
public enum GitLibrary {
    /// The version of the libgit2 in use, opening it if needed.
    public static func version() throws(GitError) -> String {
        try LibGit2.shared().version
    }

    /// The version of libgit2 whose headers this build was compiled against.
    public static var headerVersion: String { LibGit2.headerVersion }
}
