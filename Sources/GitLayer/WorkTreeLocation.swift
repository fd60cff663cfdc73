import PlatformLayer

/// Where a directory sits in the work tree of its repository, found on
/// the file system as git finds it (the nearest `.git` above), without
/// loading libgit2: a command given plain files needs no more than this
/// and a few settings, and loading libgit2 costs a run about 10 ms.
///
/// Found only where git's own discovery could not answer otherwise: no
/// `GIT_DIR`, `GIT_WORK_TREE`, `GIT_COMMON_DIR` or ceiling directories,
/// a `.git` that is a repository as git tells one (a `HEAD` that names a
/// branch or a commit, `objects` and `refs` directories) owned by
/// the user (else libgit2 asks `safe.directory`), not bare, no
/// `core.worktree`. Elsewhere, nil: open the repository with libgit2.
public struct WorkTreeLocation {
    /// The top of the work tree, without a trailing slash.
    public let top: String
    /// The directory from the top, with a trailing slash (empty at the top),
    /// as ``Repository/prefix(of:)`` gives it.
    public let prefix: String
    /// git's configuration, read from its files.
    public let configuration: ConfigurationFiles
    /// The repository's git directory, and the directory its work trees share.
    let gitDirectory: String
    let commonDirectory: String

    /// The location of the current directory (a table of the environment in tests).
    public init?(directory: String? = nil, environment: @escaping (String) -> String? = ProcessEnvironment.value) {
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES"] where environment(name) != nil {
            return nil
        }
        let configuration = ConfigurationFiles(directory: directory, environment: environment)
        guard let found = configuration.repositoryDirectories(), let top = found.top else { return nil }
        guard let settings = configuration.values(["core.bare", "core.worktree"]), settings["core.worktree"] == nil,
              !ConfigurationFiles.isTrue(settings["core.bare"]) else { return nil }
        let here = configuration.directory
        guard here == top || here.hasPrefix(top == "/" ? "/" : top + "/") else { return nil }
        self.top = top
        prefix = here == top ? "" : String(here.dropFirst(top == "/" ? 1 : top.count + 1)) + "/"
        self.configuration = configuration
        gitDirectory = found.gitDirectory
        commonDirectory = found.common
    }
}
