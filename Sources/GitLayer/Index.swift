import GitProcess
import PlatformLayer
import SemanticDiff
import CGit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    init(_ repository: Repository) throws(GitError) {
        self.repository = repository
        var index: OpaquePointer?
        guard git_repository_index(&index, repository.pointer) >= 0, let index else {
            throw GitError("cannot read the index: \(Repository.limits(LibGit2.lastErrorMessage()))")
        }
        pointer = index
    }

    deinit { git_index_free(pointer) }

    /// Every conflicted path, in the index's order.
    public func conflicts() throws(GitError) -> [IndexConflict] {
        var iterator: OpaquePointer?
        try LibGit2.check(git_index_conflict_iterator_new(&iterator, pointer), "cannot read the index's conflicts")
        defer { git_index_conflict_iterator_free(iterator) }
        var conflicts: [IndexConflict] = []
        while true {
            var ancestor: UnsafePointer<git_index_entry>?
            var ours: UnsafePointer<git_index_entry>?
            var theirs: UnsafePointer<git_index_entry>?
            let status = git_index_conflict_next(&ancestor, &ours, &theirs, iterator)
            if status == GIT_ITEROVER.rawValue { break }
            try LibGit2.check(status, "cannot read the index's conflicts")
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
        try LibGit2.check(git_index_add_bypath(pointer, path), "cannot add \(path) to the index")
    }

    /// What `git add PATH` does for a file whose work-tree path is a
    /// symbolic link to it: `contents` staged as a regular file (git add
    /// would stage the link itself, not the catalog written through it), the
    /// conflict entries kept as resolve-undo information.
    public func add(_ path: String, contents: [UInt8]) throws(GitError) {
        var entry = git_index_entry()
        entry.mode = 0o100644
        let status = path.withCString { name in
            entry.path = name
            return contents.withUnsafeBytes { git_index_add_from_buffer(pointer, &entry, $0.baseAddress, $0.count) }
        }
        try LibGit2.check(status, "cannot add \(path) to the index")
    }

    /// Saves the index (atomically, under git's `index.lock`).
    public func write() throws(GitError) {
        try LibGit2.check(git_index_write(pointer), "cannot write the index")
    }

    /// Takes git's lock on the index before anything is changed, then reads
    /// the index again under it: a command that changes both the work tree
    /// and the index must change neither while another git holds the lock.
    public func lock() throws(GitError) -> IndexLock {
        guard let path = git_index_path(pointer).map({ String(cString: $0) }) else {
            throw GitError("the index has no file to lock")
        }
        let lock = try IndexLock(indexPath: path)
        guard git_index_read(pointer, 1) >= 0 else { throw GitError("cannot read the index: \(Repository.limits(LibGit2.lastErrorMessage()))") }
        return lock
    }

    /// Saves the index, handing `lock` over to libgit2's own write (which
    /// takes the lock itself, writes `index.lock` and renames it). Another
    /// git that takes the lock in the moment between is waited for, a
    /// second at most, as git waits for a lock.
    public func write(releasing lock: IndexLock) throws(GitError) {
        lock.release()
        for _ in 0..<50 {
            let status = git_index_write(pointer)
            if status != GIT_ELOCKED.rawValue { try LibGit2.check(status, "cannot write the index"); return }
            usleep(20_000)
        }
        try write()
    }
}

/// git's `index.lock`, created exclusively as git creates it, and removed
/// when released (or when the holder goes) if it is still ours.
public final class IndexLock {
    let path: String
    private var held = false

    init(indexPath: String) throws(GitError) {
        path = indexPath + ".lock"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            if errno == EEXIST {
                throw GitError("\(path) exists: another git process seems to be running in this repository; nothing was changed. "
                               + "If none is, remove \(path) and try again")
            }
            throw GitError("cannot create \(path): \(String(cString: strerror(errno))); nothing was changed")
        }
        close(descriptor)
        held = true
        TruncationGuard.holding(lock: path)
    }

    func release() {
        guard held else { return }
        held = false
        TruncationGuard.holding(lock: nil)
        unlink(path)
    }

    deinit { release() }
}

extension Repository {
    /// The repository's index, as it is on disk now.
    public func index() throws(GitError) -> Index {
        try Index(self)
    }
}
