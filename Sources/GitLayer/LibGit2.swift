import CGit2
import GitProcess

/// libgit2, initialised once (it is never shut down: the process ends instead).
enum LibGit2 {
    /// Initialises libgit2 on first use; safe from any thread.
    static func initialize() {
        _ = initialized
    }

    private static let initialized: Void = {
        git_libgit2_init()
        // As git does, trust the object store instead of hashing every object read again
        // (libgit2's collision-detecting SHA-1 would double the time to read a large catalog).
        _ = xcs_git_libgit2_opts_int(Int32(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION.rawValue), 0)
    }()

    /// The version of the libgit2 linked in.
    static var version: String {
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    /// The message of libgit2's last error on this thread.
    static func lastErrorMessage() -> String {
        guard let error = git_error_last(), error.pointee.klass != GIT_ERROR_NONE.rawValue,
              let message = error.pointee.message else { return "unknown libgit2 error" }
        return String(cString: message)
    }

    /// Throws libgit2's last error when `status` is negative.
    @discardableResult
    static func check(_ status: Int32, _ context: @autoclosure () -> String) throws(GitError) -> Int32 {
        guard status < 0 else { return status }
        throw GitError("\(context()): \(lastErrorMessage())")
    }
}

/// What the rest of the tool may know about the libgit2 underneath.
public enum GitLibrary {
    /// The version of the libgit2 in use.
    public static var version: String { LibGit2.version }
}
