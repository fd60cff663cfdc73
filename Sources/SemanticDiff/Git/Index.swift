import CGit2

/// A path the index holds in conflict, with the blob of each stage; nil
/// where a stage is missing (no base: both sides added the file; no ours or
/// theirs: one side deleted it).
public struct IndexConflict: Sendable {
    /// From the top of the work tree.
    public var path: String
    public var base: BlobID?
    public var ours: BlobID?
    public var theirs: BlobID?
}

/// A repository's index (libgit2's `git_index`), read for its conflicts
/// and changed as `git add` changes it.
public final class Index {
    let repository: Repository
    let pointer: OpaquePointer
    private var git: LibGit2 { repository.git }

    init(_ repository: Repository) throws(GitError) {
        self.repository = repository
        var index: OpaquePointer?
        try repository.git.check(repository.git.repository_index(&index, repository.pointer), "cannot read the index")
        pointer = index!
    }

    deinit { git.index_free(pointer) }

    /// Every conflicted path, in the index's order.
    public func conflicts() throws(GitError) -> [IndexConflict] {
        var iterator: OpaquePointer?
        try git.check(git.index_conflict_iterator_new(&iterator, pointer), "cannot read the index's conflicts")
        defer { git.index_conflict_iterator_free(iterator) }
        var conflicts: [IndexConflict] = []
        while true {
            var ancestor: UnsafePointer<git_index_entry>?
            var ours: UnsafePointer<git_index_entry>?
            var theirs: UnsafePointer<git_index_entry>?
            let status = git.index_conflict_next(&ancestor, &ours, &theirs, iterator)
            if status == GIT_ITEROVER.rawValue { break }
            try git.check(status, "cannot read the index's conflicts")
            guard let entry = ancestor ?? ours ?? theirs, let path = entry.pointee.path else { continue }
            conflicts.append(IndexConflict(path: String(cString: path),
                                           base: ancestor.map { BlobID(oid: $0.pointee.id) },
                                           ours: ours.map { BlobID(oid: $0.pointee.id) },
                                           theirs: theirs.map { BlobID(oid: $0.pointee.id) }))
        }
        return conflicts
    }

    /// What `git add PATH` does: the work tree's file becomes the path's
    /// only entry (stage 0) and its conflict entries go (kept as resolve-undo
    /// information, as git keeps them). Call ``write()`` to save the index.
    public func add(_ path: String) throws(GitError) {
        try git.check(git.index_add_bypath(pointer, path), "cannot add \(path) to the index")
    }

    /// Saves the index (atomically, under git's `index.lock`).
    public func write() throws(GitError) {
        try git.check(git.index_write(pointer), "cannot write the index")
    }
}

extension Repository {
    /// The repository's index, as it is on disk now.
    public func index() throws(GitError) -> Index {
        try Index(self)
    }
}
