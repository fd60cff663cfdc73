import PlatformLayer
import SemanticDiff
import CGit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a diff compares, in git's terms.
public enum DiffSides: Sendable {
    /// `git diff`: the work tree against the index.
    case workTreeAgainstIndex
    /// `git diff --cached [REV]`: the index against a revision (HEAD by default).
    case indexAgainst(String)
    /// `git diff REV`: the work tree against a revision.
    case workTreeAgainst(String)
    /// `git diff A B`, `git diff A..B`.
    case revisions(String, String)
    /// `git diff A...B`: B against the merge base of A and B.
    case fromMergeBase(String, String)
}

extension Repository {
    /// Whether `text` names a revision here.
    public func isRevision(_ text: String) -> Bool {
        var object: OpaquePointer?
        guard git.revparse_single(&object, pointer, text) == 0 else { return false }
        git.object_free(object)
        return true
    }

    /// The directory of `path` (the current one by default) relative to the
    /// top of the work tree, with a trailing slash; empty at the top.
    public func prefix(of path: String = ".") -> String {
        guard let workTree = workTree.flatMap({ ProcessEnvironment.realPath($0) }),
              let here = ProcessEnvironment.realPath(path) else { return "" }
        guard here.hasPrefix(workTree + "/") else { return "" }
        return String(here.dropFirst(workTree.count + 1)) + "/"
    }

    /// Every changed `.xcstrings` file between `sides`, renames detected,
    /// limited to `paths` (relative to the top of the work tree; a directory
    /// stands for everything under it).
    public func changedCatalogs(_ sides: DiffSides, paths: [String] = []) throws(GitError) -> [CatalogFileChange] {
        var options = git_diff_options()
        try git.check(git.diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "cannot set up the diff")
        var diff: OpaquePointer?
        let pathspecs = paths.map { strdup($0) }
        defer { pathspecs.forEach { free($0) } }
        var pathspecPointers: [UnsafeMutablePointer<CChar>?] = pathspecs
        let status: Int32 = try pathspecPointers.withUnsafeMutableBufferPointer { buffer throws(GitError) in
            options.pathspec = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            switch sides {
            case .workTreeAgainstIndex:
                return git.diff_index_to_workdir(&diff, pointer, nil, &options)
            case .indexAgainst(let revision):
                // Before the first commit, HEAD is the empty tree, as for git diff --cached.
                let tree = revision == "HEAD" && !isRevision("HEAD") ? nil : try self.tree(revision)
                defer { git.object_free(tree) }
                return git.diff_tree_to_index(&diff, pointer, tree, nil, &options)
            case .workTreeAgainst(let revision):
                let tree = try self.tree(revision)
                defer { git.object_free(tree) }
                return git.diff_tree_to_workdir_with_index(&diff, pointer, tree, &options)
            case .revisions(let old, let new):
                let oldTree = try self.tree(old), newTree = try self.tree(new)
                defer { git.object_free(oldTree); git.object_free(newTree) }
                return git.diff_tree_to_tree(&diff, pointer, oldTree, newTree, &options)
            case .fromMergeBase(let old, let new):
                let base = try mergeBase(old, new)
                let oldTree = try self.tree(base), newTree = try self.tree(new)
                defer { git.object_free(oldTree); git.object_free(newTree) }
                return git.diff_tree_to_tree(&diff, pointer, oldTree, newTree, &options)
            }
        }
        try git.check(status, "cannot compute the diff")
        defer { git.diff_free(diff) }
        var find = git_diff_find_options()
        try git.check(git.diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION)), "cannot set up rename detection")
        find.flags = GIT_DIFF_FIND_RENAMES.rawValue
        try git.check(git.diff_find_similar(diff, &find), "cannot detect renames")

        var files: [CatalogFileChange] = []
        let newOnDisk: Bool
        switch sides {
        case .workTreeAgainstIndex, .workTreeAgainst: newOnDisk = true
        default: newOnDisk = false
        }
        for index in 0..<git.diff_num_deltas(diff) {
            guard let delta = git.diff_get_delta(diff, index)?.pointee else { continue }
            let oldPath = delta.old_file.path.map { String(cString: $0) }
            let newPath = delta.new_file.path.map { String(cString: $0) }
            guard [oldPath, newPath].contains(where: { $0?.hasSuffix(".xcstrings") == true }) else { continue }
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
        let validID = file.flags & GIT_DIFF_FLAG_VALID_ID.rawValue != 0 && git.oid_is_zero(&id) == 0
        if onDisk || !validID {
            guard let workTree else { throw GitError("\(path): no work tree to read it from") }
            return .file(workTree + path)
        }
        return .blob(BlobID(oid: id))
    }

    /// The tree of `revision` (a commit, tag or tree); the caller frees it.
    func tree(_ revision: String) throws(GitError) -> OpaquePointer? {
        try peeled(revision, to: GIT_OBJECT_TREE, "has no tree")
    }

    /// The object `revision` names, peeled to `type`; the caller frees it.
    func peeled(_ revision: String, to type: git_object_t, _ failure: String) throws(GitError) -> OpaquePointer? {
        var object: OpaquePointer?
        let status = git.revparse_single(&object, pointer, revision)
        if status < 0 { throw GitError("unknown revision '\(revision)'") }
        defer { git.object_free(object) }
        var peeled: OpaquePointer?
        try git.check(git.object_peel(&peeled, object, type), "'\(revision)' \(failure)")
        return peeled
    }

    /// The merge base of two revisions, as a hexadecimal id.
    func mergeBase(_ a: String, _ b: String) throws(GitError) -> String {
        func commitID(_ revision: String) throws(GitError) -> git_oid {
            let commit = try peeled(revision, to: GIT_OBJECT_COMMIT, "is not a commit")
            defer { git.object_free(commit) }
            return git.object_id(commit)!.pointee
        }
        var left = try commitID(a), right = try commitID(b)
        var base = git_oid()
        try git.check(git.merge_base(&base, pointer, &left, &right), "'\(a)' and '\(b)' have no merge base")
        return git.oid_tostr_s(&base).map { String(cString: $0) } ?? ""
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
