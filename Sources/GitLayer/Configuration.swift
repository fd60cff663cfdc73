import PlatformLayer
import SemanticDiff
import CGit2

/// A git configuration (libgit2's `git_config`): the repository's, or the
/// user's and system's when outside one.
public final class Configuration: @unchecked Sendable {
    let git: LibGit2
    let pointer: OpaquePointer

    init(git: LibGit2, pointer: OpaquePointer) {
        self.git = git
        self.pointer = pointer
    }

    deinit { git.config_free(pointer) }

    /// The configuration git would use in `directory`: the repository's
    /// when there is one, else the global and system files.
    public static func forDirectory(_ directory: String = ".") throws(GitError) -> Configuration {
        if let repository = try? Repository(discoveringFrom: directory) {
            return try repository.configuration()
        }
        let git = try LibGit2.shared()
        var config: OpaquePointer?
        try git.check(git.config_open_default(&config), "cannot read git's configuration")
        var snapshot: OpaquePointer?
        defer { git.config_free(config) }
        try git.check(git.config_snapshot(&snapshot, config), "cannot read git's configuration")
        return Configuration(git: git, pointer: snapshot!)
    }

    /// `merge.conflictStyle` as git would use it here: from git's files
    /// (``ConfigurationFiles``) when they decide it, which costs no process
    /// and loads no libgit2; else as `git config` says (includes,
    /// `includeIf`, `include.path` given with `git -c`); through libgit2
    /// only when git cannot be run.
    public static func conflictStyle() -> ConflictMarkers.Style {
        ConflictMarkers.Style(gitName: values(["merge.conflictstyle"], repository: nil)["merge.conflictstyle"] ?? "merge")
    }

    /// The string settings in `names` (as git names them:
    /// `xcstrings.check.severity.layout`) that are set, as git would use them
    /// here: from git's files when they decide it (no process, no libgit2);
    /// else as `git config --list` says (includes, `include.path` given with
    /// `git -c`); through libgit2 (`repository`'s configuration, else the
    /// global one) only when git cannot be run.
    public static func values(_ names: Set<String>, repository: Repository?) -> [String: String] {
        if let values = valuesWithoutLibgit2(names) { return values }
        guard let configuration = (try? repository?.configuration()) ?? (try? forDirectory()) else { return [:] }
        return Dictionary(uniqueKeysWithValues: names.compactMap { name in configuration.string(name).map { (name, $0) } })
    }

    /// ``values(_:repository:)`` from git's files or `git config`; nil
    /// when only libgit2 could tell (a file includes others, and git cannot
    /// be run).
    public static func valuesWithoutLibgit2(_ names: Set<String>) -> [String: String]? {
        if let values = ConfigurationFiles().values(names) { return values }
        guard let answer = Subprocess.run(["git", "config", "-z", "--list"]), answer.status == 0 else { return nil }
        var found: [String: String] = [:]
        // NAME, a line break and the value; a name alone for a bare `name` (true).
        for item in answer.output.split(separator: "\0") {
            let parts = item.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let name = ConfigurationFiles.canonical(String(parts[0]))
            if names.contains(name) { found[name] = parts.count > 1 ? String(parts[1]) : "true" }
        }
        return found
    }

    /// ``conflictStyle()`` from git's files or `git config`; nil when only
    /// libgit2 could tell (for git-xcstrings-merge, which never loads it).
    public static func conflictStyleWithoutLibgit2() -> ConflictMarkers.Style? {
        valuesWithoutLibgit2(["merge.conflictstyle"]).map { ConflictMarkers.Style(gitName: $0["merge.conflictstyle"] ?? "merge") }
    }

    /// The value of `name` (`merge.conflictStyle`), or nil if unset.
    public func string(_ name: String) -> String? {
        var buffer = git_buf()
        defer { git.buf_dispose(&buffer) }
        guard git.config_get_string_buf(&buffer, pointer, name) == 0, let text = buffer.ptr else { return nil }
        return String(cString: text)
    }

    /// `merge.conflictStyle` as marker style: merge (the default), diff3 or zdiff3.
    public var conflictStyle: ConflictMarkers.Style {
        ConflictMarkers.Style(gitName: string("merge.conflictStyle") ?? "merge")
    }
}

extension Configuration {
    /// The repository's own file (`.git/config`), for writing.
    public static func local(_ repository: Repository) throws(GitError) -> Configuration {
        let git = repository.git
        var all: OpaquePointer?
        try git.check(git.repository_config(&all, repository.pointer), "cannot open the repository's configuration")
        defer { git.config_free(all) }
        var local: OpaquePointer?
        try git.check(git.config_open_level(&local, all, GIT_CONFIG_LEVEL_LOCAL), "cannot open .git/config")
        return Configuration(git: git, pointer: local!)
    }

    /// The user's global file (`~/.gitconfig`, or git's XDG file when only
    /// that exists), for writing; created on first write.
    public static func global() throws(GitError) -> (Configuration, path: String) {
        let git = try LibGit2.shared()
        var buffer = git_buf()
        defer { git.buf_dispose(&buffer) }
        var path: String
        if git.config_find_global(&buffer) == 0, let found = buffer.ptr {
            path = String(cString: found)
        } else if git.config_find_xdg(&buffer) == 0, let found = buffer.ptr {
            path = String(cString: found)
        } else {
            guard let home = ProcessEnvironment.value("HOME") else { throw GitError("HOME is not set: cannot find the global git configuration") }
            path = home + "/.gitconfig"
        }
        var config: OpaquePointer?
        try git.check(git.config_open_ondisk(&config, path), "cannot open \(path)")
        return (Configuration(git: git, pointer: config!), path)
    }

    public func set(_ name: String, _ value: String) throws(GitError) {
        try git.check(git.config_set_string(pointer, name, value), "cannot set \(name)")
    }

    /// Removes `name`; true if it was there.
    @discardableResult
    public func remove(_ name: String) throws(GitError) -> Bool {
        let status = git.config_delete_entry(pointer, name)
        if status == GIT_ENOTFOUND.rawValue { return false }
        try git.check(status, "cannot remove \(name)")
        return true
    }
}

extension ConflictMarkers.Style {
    /// A style as git names it in `merge.conflictStyle`: `merge`, `diff3`,
    /// `zdiff3`, compared as git compares them (with case); anything else,
    /// which git refuses, as `merge`.
    public init(gitName: String) {
        self = ConflictMarkers.Style(rawValue: gitName) ?? .merge
    }
}
