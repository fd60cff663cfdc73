/// Where git finds the repository for this process, as `git rev-parse`
/// says: from the current directory upwards, or where `GIT_DIR`,
/// `GIT_WORK_TREE`, `git --git-dir` and `--work-tree` say; a linked work
/// tree, a submodule, a bare repository.
public struct RepositoryLocation: Sendable {
    /// The git directory, absolute (a linked work tree's own, under the common one's `worktrees/`).
    public var gitDirectory: String
    /// The top of the work tree, absolute; nil for a bare repository.
    public var workTree: String?
    /// Where the current directory is in the work tree, with a trailing
    /// slash; empty at the top or outside.
    public var prefix: String

    /// The repository this process is in, and `revisions` (git's names:
    /// `@~1`, `HEAD@{1}`, `:/text`, `main-worktree/HEAD`) as object ids, in
    /// one `git rev-parse`; git's own message when it knows no repository
    /// here or one of the revisions.
    /// `directory`: where to start looking, the current directory by default.
    public static func find(resolving revisions: [String] = [], from directory: String? = nil) throws(GitError) -> (RepositoryLocation, [String]) {
        // --show-toplevel last of the questions: in a bare repository it fails, after the others are answered.
        let questions = (directory.map { ["-C", $0] } ?? []) + ["rev-parse", "--absolute-git-dir", "--is-bare-repository", "--show-prefix"]
        guard let outcome = Git.run(questions + ["--show-toplevel"] + revisions) else {
            throw GitError("git cannot be run to find the repository: is it installed and on PATH?")
        }
        let lines = outcome.lines
        guard lines.count >= 3, lines[0].hasPrefix("/") else { throw GitError(outcome.message) }
        var location = RepositoryLocation(gitDirectory: lines[0], workTree: nil, prefix: lines[2])
        if lines[1] == "true" {
            // A bare repository: the revisions, asked again without the work tree.
            guard revisions.isEmpty else { return (location, try resolve(revisions, from: directory)) }
            return (location, [])
        }
        guard outcome.status == 0 else { throw GitError(outcome.message) }
        // Inside the git directory of a repository with a work tree, git names no top.
        let rest = Array(lines.dropFirst(3))
        if rest.count == revisions.count + 1 { location.workTree = rest[0] }
        return (location, Array(rest.suffix(revisions.count)))
    }

    /// `revisions` as object ids, as git reads them.
    public static func resolve(_ revisions: [String], from directory: String? = nil) throws(GitError) -> [String] {
        guard !revisions.isEmpty else { return [] }
        let lines = try Git.output((directory.map { ["-C", $0] } ?? []) + ["rev-parse"] + revisions).lines
        guard lines.count == revisions.count else { throw GitError("git rev-parse gave \(lines.count) names for \(revisions.count)") }
        return lines
    }

    /// What `git rev-parse` reads as the tree of `revision`: `REV^{tree}`.
    /// `:/text` (the youngest commit whose message matches) takes all the
    /// rest of its argument as the pattern, so it stays as it is: a commit,
    /// to be peeled to its tree by whoever reads it.
    public static func treeExpression(_ revision: String) -> String {
        revision.hasPrefix(":/") ? revision : revision + "^{tree}"
    }

    /// Whether `text` names an object git can read as a tree (a commit, a
    /// tag of one, a tree): `git rev-parse --verify`.
    public static func isTree(_ text: String) -> Bool {
        Git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", treeExpression(text)])?.status == 0
    }

    /// The merge bases of two revisions, as git picks them (`git merge-base --all`), the first the one git uses.
    public static func mergeBases(_ a: String, _ b: String) throws(GitError) -> [String] {
        let lines = try Git.output(["merge-base", "--all", a, b]).lines
        guard !lines.isEmpty else { throw GitError("'\(a)' and '\(b)' have no merge base") }
        return lines
    }

    /// Where git keeps a file of its directory (`hooks`, `index`): `git rev-parse --git-path`.
    public static func gitPath(_ name: String) throws(GitError) -> String {
        try Git.output(["rev-parse", "--path-format=absolute", "--git-path", name]).lines.first ?? ""
    }
}
