import PlatformLayer
import SemanticDiff
import CGit2

/// An open git repository (libgit2's `git_repository`), freed when the
/// last reference goes. Like libgit2's object, it is to be used by one
/// thread at a time; ``reopened()`` gives another thread its own.
public final class Repository: @unchecked Sendable {
    let git: LibGit2
    let pointer: OpaquePointer
    /// Where it was discovered from.
    private let directory: String

    /// The repository that contains `directory`, searching upwards as git
    /// does and honouring `GIT_DIR`, `GIT_WORK_TREE` and the other variables
    /// git sets for the commands and drivers it runs.
    public init(discoveringFrom directory: String = ".") throws(GitError) {
        git = try LibGit2.shared()
        var repository: OpaquePointer?
        let status = git.repository_open_ext(&repository, directory, GIT_REPOSITORY_OPEN_FROM_ENV.rawValue, nil)
        if status == GIT_ENOTFOUND.rawValue {
            throw GitError("not a git repository (or any of the parent directories): \(directory)")
        }
        try git.check(status, "cannot open the repository at \(directory)")
        pointer = repository!
        self.directory = directory
    }

    /// Whether `directory` may be in a repository: `GIT_DIR` is set, or it
    /// or a parent has a `.git`. False means certainly not, so a command
    /// that can work without one need not load libgit2 to find out.
    public static func mayContain(_ directory: String = ".") -> Bool {
        if ProcessEnvironment.value("GIT_DIR") != nil { return true }
        guard var path = ProcessEnvironment.realPath(directory) else { return true }
        while true {
            if Files.exists(path + (path.hasSuffix("/") ? "" : "/") + ".git") { return true }
            guard let slash = path.lastIndex(of: "/"), path != "/" else { return false }
            path = slash == path.startIndex ? "/" : String(path[..<slash])
        }
    }

    /// Another handle on the same repository, for another thread.
    public func reopened() throws(GitError) -> Repository {
        try Repository(discoveringFrom: directory)
    }

    deinit { git.repository_free(pointer) }

    /// The work tree, with a trailing slash; nil for a bare repository.
    public var workTree: String? {
        git.repository_workdir(pointer).map { String(cString: $0) }
    }

    /// The `.git` directory, with a trailing slash.
    public var gitDirectory: String {
        git.repository_path(pointer).map { String(cString: $0) } ?? ""
    }

    /// A snapshot of the repository's configuration (all levels).
    /// The directory shared by every work tree of the repository (where
    /// `config` is): `.git/` even from a linked work tree.
    public var commonDirectory: String {
        git.repository_commondir(pointer).map { String(cString: $0) } ?? gitDirectory
    }

    /// `bytes` as git would write them to the work tree at `path`: through
    /// the checkout filters its attributes ask for (line ends for
    /// `core.autocrlf` or `eol=crlf`, `ident`).
    public func checkedOut(_ bytes: [UInt8], path: String) throws(GitError) -> [UInt8] {
        var filters: OpaquePointer?
        try git.check(git.filter_list_load(&filters, pointer, nil, path, GIT_FILTER_TO_WORKTREE, GIT_FILTER_DEFAULT.rawValue),
                      "cannot read the attributes of \(path)")
        guard let filters else { return bytes }
        defer { git.filter_list_free(filters) }
        var output = git_buf()
        defer { git.buf_dispose(&output) }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { git.filter_list_apply_to_buffer(&output, filters, $0.baseAddress, $0.count) }
        }
        try git.check(status, "cannot apply the checkout filters of \(path)")
        guard let start = output.ptr else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: output.size))
    }

    /// The value git's attributes give `name` for `path` (from the top of
    /// the work tree), as git reads them: the work tree's `.gitattributes`,
    /// then the index's; nil when unset, unspecified or without a value.
    public func attribute(_ name: String, path: String) -> String? {
        var value: UnsafePointer<CChar>?
        guard git.attr_get(&value, pointer, UInt32(GIT_ATTR_CHECK_FILE_THEN_INDEX), path, name) == 0,
              git.attr_value(value) == GIT_ATTR_VALUE_STRING, let value else { return nil }
        return String(cString: value)
    }

    /// The file at `path` (from the top of the work tree) as HEAD has it; nil
    /// when HEAD does not have it (or there is no commit yet).
    public func committedFile(_ path: String) -> Bytes? {
        guard let blob = try? peeled("HEAD:" + path, to: GIT_OBJECT_BLOB, "is not a file") else { return nil }
        defer { git.object_free(blob) }
        guard let id = git.object_id(blob)?.pointee else { return nil }
        return try? blobBytes(BlobID(oid: id))
    }

    /// Where git looks for hooks: `core.hooksPath` (relative to the top of
    /// the work tree when relative), else `hooks/` in the common directory.
    /// With a trailing slash.
    public func hooksDirectory() throws(GitError) -> String {
        // As git finds it (core.hooksPath given with git -c, GIT_CONFIG_COUNT or an include too);
        // through libgit2's reading of the configuration only when git cannot be run.
        if let answer = Subprocess.run(["git", "rev-parse", "--git-path", "hooks"]), answer.status == 0 {
            var path = answer.output.hasSuffix("\n") ? String(answer.output.dropLast()) : answer.output
            if !path.isEmpty {
                if !path.hasPrefix("/") { path = ConfigurationFiles.currentDirectory() + "/" + path }
                return path.hasSuffix("/") ? path : path + "/"
            }
        }
        if let configured = try configuration().string("core.hooksPath"), !configured.isEmpty {
            var path = configured
            if path.hasPrefix("~/"), let home = ProcessEnvironment.value("HOME") { path = home + path.dropFirst(1) }
            if !path.hasPrefix("/") { path = (workTree ?? gitDirectory) + path }
            return path.hasSuffix("/") ? path : path + "/"
        }
        return commonDirectory + "hooks/"
    }

    public func configuration() throws(GitError) -> Configuration {
        var config: OpaquePointer?
        try git.check(git.repository_config_snapshot(&config, pointer), "cannot read the repository's configuration")
        return Configuration(git: git, pointer: config!)
    }
}
