import GitProcess
import PlatformLayer
import SemanticDiff
import CGit2

/// What git is in the middle of, which left the index's conflicts: a
/// merge (or `merge --squash`), a rebase (and the commit it is replaying),
/// `am -3`, a cherry-pick or a revert; or none of those (a stash pop or
/// apply, a `checkout -m`).
public struct GitOperation: Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case merge, squash = "merge --squash", rebase, am, cherryPick = "cherry-pick", revert, none
    }

    /// A commit as people name it: `1a2b3c4 (Translate to German)`.
    public struct Commit: Sendable, CustomStringConvertible {
        public var id: String
        public var subject: String
        public var description: String { subject.isEmpty ? id : "\(id) (\(subject))" }
    }

    public var kind: Kind
    /// The commit being merged, replayed, picked or reverted.
    public var commit: Commit?
    /// In a merge: the branch or other name being merged, as it was given.
    public var mergedName: String?
    /// In a rebase or `am`: which commit or patch of how many is being applied.
    public var step: (number: Int, of: Int)?
    /// In a merge with one merge base: its short id, git's label for the
    /// base section (with several, git labels it `merged common ancestors`).
    public var mergeBase: String?

    /// `rebase in progress: replaying 3/5 1a2b3c4 (Translate to German)`.
    public var description: String {
        let commit = self.commit?.description ?? "?"
        switch kind {
        case .merge: return "merge in progress: merging \(mergedName ?? commit) into HEAD"
        case .squash: return "merge --squash in progress: its changes are staged, to be committed as one"
        case .am:
            let step = self.step.map { " \($0.number)/\($0.of)" } ?? ""
            return "am in progress: applying patch\(step)" + (self.commit.map { " \($0.subject)" } ?? "")
        case .rebase:
            let step = self.step.map { "\($0.number)/\($0.of) " } ?? ""
            return "rebase in progress: replaying \(step)\(commit)"
        case .cherryPick: return "cherry-pick in progress: picking \(commit)"
        case .revert: return "revert in progress: reverting \(commit)"
        case .none: return "no merge, rebase, cherry-pick or revert in progress (a stash pop or apply, or a checkout -m, left these conflicts)"
        }
    }

    /// The labels git puts on conflict markers in this operation: ours,
    /// base and theirs.
    public var labels: (ours: String, base: String, theirs: String) {
        let commit = self.commit?.description ?? "theirs"
        switch kind {
        case .merge: return ("HEAD", mergeBase ?? "merged common ancestors", mergedName ?? commit)
        case .squash: return ("HEAD", "merged common ancestors", "theirs")
        case .am: return ("HEAD", "constructed merge base", self.commit.map { $0.subject.isEmpty ? "patch" : $0.subject } ?? "patch")
        case .rebase, .cherryPick: return ("HEAD", "parent of \(commit)", commit)
        case .revert: return ("HEAD", commit, "parent of \(commit)")
        case .none: return ("ours", "base", "theirs")
        }
    }
}

extension Repository {
    /// The operation in progress, read from libgit2's repository state and
    /// the files git keeps in its directory while one is (`MERGE_HEAD`,
    /// `REBASE_HEAD`, `rebase-merge/msgnum`…).
    public func operation() -> GitOperation {
        let state = git_repository_state_t(rawValue: UInt32(bitPattern: git_repository_state(pointer)))
        switch state {
        case GIT_REPOSITORY_STATE_MERGE:
            let message = gitFile("MERGE_MSG")?.split(separator: "\n").first.map(String.init) ?? ""
            var operation = GitOperation(kind: .merge, commit: commit(named: gitFile("MERGE_HEAD")), mergedName: Self.mergedName(message))
            if let merged = gitFile("MERGE_HEAD"), let bases = try? RepositoryLocation.mergeBases("HEAD", merged), bases.count == 1 {
                operation.mergeBase = Git.run(["rev-parse", "--short", bases[0]])?.lines.first ?? String(bases[0].prefix(7))
            }
            return operation
        case GIT_REPOSITORY_STATE_APPLY_MAILBOX:
            var operation = GitOperation(kind: .am)
            if let number = gitFile("rebase-apply/next").flatMap({ Int($0) }), let total = gitFile("rebase-apply/last").flatMap({ Int($0) }) {
                operation.step = (number, total)
            }
            if let subject = gitFile("rebase-apply/final-commit") ?? gitFile("rebase-apply/msg") {
                operation.commit = GitOperation.Commit(id: "", subject: subject)
            }
            return operation
        case GIT_REPOSITORY_STATE_REBASE, GIT_REPOSITORY_STATE_REBASE_INTERACTIVE, GIT_REPOSITORY_STATE_REBASE_MERGE,
             GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE:
            let directory = gitFile("rebase-merge/msgnum") != nil ? "rebase-merge/" : "rebase-apply/"
            let number = gitFile(directory + (directory == "rebase-merge/" ? "msgnum" : "next")).flatMap { Int($0) }
            let total = gitFile(directory + (directory == "rebase-merge/" ? "end" : "last")).flatMap { Int($0) }
            var operation = GitOperation(kind: .rebase, commit: commit(named: gitFile("REBASE_HEAD")))
            if let number, let total { operation.step = (number, total) }
            return operation
        case GIT_REPOSITORY_STATE_CHERRYPICK, GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE:
            return GitOperation(kind: .cherryPick, commit: commit(named: gitFile("CHERRY_PICK_HEAD")))
        case GIT_REPOSITORY_STATE_REVERT, GIT_REPOSITORY_STATE_REVERT_SEQUENCE:
            return GitOperation(kind: .revert, commit: commit(named: gitFile("REVERT_HEAD")))
        default:
            if gitFile("SQUASH_MSG") != nil { return GitOperation(kind: .squash) }
            return GitOperation(kind: .none)
        }
    }

    /// The first line of a file in the git directory, trimmed; nil when absent or empty.
    private func gitFile(_ name: String) -> String? {
        guard let bytes = try? Files.read(gitDirectory + name) else { return nil }
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let trimmed = line.trimmingCharacters(" \t\r")
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The short id and subject of the commit `id` names.
    private func commit(named id: String?) -> GitOperation.Commit? {
        guard let id else { return nil }
        var oid = git_oid()
        guard git_oid_fromstr(&oid, id) == 0 else { return GitOperation.Commit(id: String(id.prefix(7)), subject: "") }
        var commit: OpaquePointer?
        guard git_commit_lookup(&commit, pointer, &oid) == 0 else { return GitOperation.Commit(id: String(id.prefix(7)), subject: "") }
        defer { git_commit_free(commit) }
        let subject = git_commit_summary(commit).map { String(cString: $0) } ?? ""
        return GitOperation.Commit(id: String(id.prefix(7)), subject: subject)
    }

    /// The name in `Merge branch 'feature' into main`, `Merge remote-tracking
    /// branch 'origin/x'`, `Merge tag 'v1'`, `Merge commit 'abc'`.
    static func mergedName(_ message: String) -> String? {
        guard message.hasPrefix("Merge "), let open = message.firstIndex(of: "'") else { return nil }
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        let name = String(rest[..<close])
        return name.isEmpty ? nil : name
    }
}

private extension String {
    func trimmingCharacters(_ characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text = text.dropFirst() }
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
