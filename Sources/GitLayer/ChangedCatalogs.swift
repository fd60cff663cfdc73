import CGit2
import GitProcess
import PlatformLayer
import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a diff compares, in git's terms; trees by id (git's answer for the
/// revisions a user named, ``RepositoryLocation/find(resolving:)``).
public enum DiffSides: Sendable {
    /// `git diff`: the work tree against the index.
    case workTreeAgainstIndex
    /// `git diff --cached [REV]`: the index against a tree (none: before the first commit).
    case indexAgainst(String?)
    /// `git diff REV`: the work tree against a tree.
    case workTreeAgainst(String)
    /// `git diff A B`, `git diff A..B`, `git diff A...B` (from the merge base).
    case trees(String, String)
}

extension Repository {
    /// Every changed catalog between `sides`, renames detected, limited to
    /// `paths` (from the top of the work tree; a directory stands for
    /// everything under it).
    public func changedCatalogs(_ sides: DiffSides, paths: [String] = []) throws(GitError) -> [CatalogFileChange] {
        var options = git_diff_options()
        try LibGit2.check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "cannot set up the diff")
        var diff: OpaquePointer?
        let pathspecs = paths.map { strdup($0) }
        defer { pathspecs.forEach { free($0) } }
        var pathspecPointers: [UnsafeMutablePointer<CChar>?] = pathspecs
        let status: Int32 = try pathspecPointers.withUnsafeMutableBufferPointer { buffer throws(GitError) in
            options.pathspec = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            switch sides {
            case .workTreeAgainstIndex:
                return git_diff_index_to_workdir(&diff, pointer, nil, &options)
            case .indexAgainst(let id):
                var tree: OpaquePointer?
                if let id { tree = try self.tree(id) }
                defer { git_tree_free(tree) }
                return git_diff_tree_to_index(&diff, pointer, tree, nil, &options)
            case .workTreeAgainst(let id):
                let tree = try self.tree(id)
                defer { git_tree_free(tree) }
                return git_diff_tree_to_workdir_with_index(&diff, pointer, tree, &options)
            case .trees(let old, let new):
                let oldTree = try self.tree(old), newTree = try self.tree(new)
                defer { git_tree_free(oldTree); git_tree_free(newTree) }
                return git_diff_tree_to_tree(&diff, pointer, oldTree, newTree, &options)
            }
        }
        guard status >= 0 else { throw GitError("cannot compute the diff: \(Repository.limits(LibGit2.lastErrorMessage()))") }
        defer { git_diff_free(diff) }
        var find = git_diff_find_options()
        try LibGit2.check(git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION)), "cannot set up rename detection")
        find.flags = GIT_DIFF_FIND_RENAMES.rawValue
        try LibGit2.check(git_diff_find_similar(diff, &find), "cannot detect renames")

        var files: [CatalogFileChange] = []
        let newOnDisk: Bool
        switch sides {
        case .workTreeAgainstIndex, .workTreeAgainst: newOnDisk = true
        default: newOnDisk = false
        }
        for index in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index)?.pointee else { continue }
            let oldPath = delta.old_file.path.map { String(cString: $0) }
            let newPath = delta.new_file.path.map { String(cString: $0) }
            guard [oldPath, newPath].contains(where: { $0.map(Files.isCatalogName) == true }) else { continue }
            var file = CatalogFileChange()
            if delta.status == GIT_DELTA_CONFLICTED {
                file.oldPath = oldPath
                file.newPath = newPath
                file.isConflicted = true
                files.append(file)
                continue
            }
            if delta.status != GIT_DELTA_ADDED && delta.status != GIT_DELTA_UNTRACKED {
                file.oldPath = oldPath
                file.old = try source(of: delta.old_file, onDisk: false)
            }
            if delta.status != GIT_DELTA_DELETED {
                file.newPath = newPath
                file.new = try source(of: delta.new_file, onDisk: newOnDisk)
            }
            files.append(file)
        }
        return files
    }

    /// Where one side of a delta is: its blob, or the work tree's file
    /// (when it is the work tree that is compared, or git has no id for it).
    private func source(of file: git_diff_file, onDisk: Bool) throws(GitError) -> CatalogSource {
        let path = file.path.map { String(cString: $0) } ?? ""
        var id = file.id
        let validID = file.flags & GIT_DIFF_FLAG_VALID_ID.rawValue != 0 && git_oid_is_zero(&id) == 0
        if onDisk || !validID {
            guard let workTree else { throw GitError("\(path): no work tree to read it from") }
            return .file(workTree + path)
        }
        return .blob(BlobID(oid: id))
    }

    /// The tree `id` names; the caller frees it.
    func tree(_ id: String) throws(GitError) -> OpaquePointer? {
        var oid = git_oid()
        try LibGit2.check(git_oid_fromstr(&oid, id), "'\(id)' is not an object id")
        var tree: OpaquePointer?
        try LibGit2.check(git_tree_lookup(&tree, pointer, &oid), "cannot read tree \(id)")
        return tree
    }

    /// `A..B` and `A...B` split into their ends (an empty end is HEAD).
    public static func splitRange(_ text: String) -> (String, String, mergeBase: Bool)? {
        let characters = Array(text)
        for (separator, mergeBase) in [("...", true), ("..", false)] {
            let marker = Array(separator)
            guard characters.count >= marker.count else { continue }
            for start in 0...(characters.count - marker.count) where Array(characters[start..<(start + marker.count)]) == marker {
                let left = String(characters[..<start]), right = String(characters[(start + marker.count)...])
                return (left.isEmpty ? "HEAD" : left, right.isEmpty ? "HEAD" : right, mergeBase)
            }
        }
        return nil
    }
}
