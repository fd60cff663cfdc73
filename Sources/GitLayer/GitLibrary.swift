import PlatformLayer
import SemanticDiff
/// What the rest of the tool may know about the libgit2 underneath.
public enum GitLibrary {
    /// The version of the libgit2 in use, opening it if needed.
    public static func version() throws(GitError) -> String {
        try LibGit2.shared().version
    }

    /// What went wrong opening libgit2 that did not stop it (a
    /// `GIT_XCSTRINGS_LIBGIT2` that names no library), for the command to say.
    /// Written only while the library is opened, which happens once (in a
    /// lazily initialised global, so under Swift's one-time lock), and read after.
    public static var warnings: [String] { recorded }

    static func noteWarning(_ message: String) { recorded.append(message) }

    nonisolated(unsafe) private static var recorded: [String] = []

    /// The version of libgit2 whose headers this build was compiled against.
    public static var headerVersion: String { LibGit2.headerVersion }
}
