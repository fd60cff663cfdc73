import CGit2
import GitProcess
import PlatformLayer
import SemanticDiff

/// Where one version of a catalog is to be read from: a blob of the
/// repository, or a file.
public enum CatalogSource: Sendable {
    /// A blob of the object database.
    case blob(BlobID)
    /// A file: in the work tree (an absolute path) or given on the command line.
    case file(String)

    /// The bytes of this version: a file mapped, a blob used where libgit2
    /// keeps it. A blob is read through `repository`, which must be used by
    /// one thread at a time: give each thread its own
    /// (``Repository/reopened()``) to read several versions at once.
    public func bytes(in repository: Repository?) throws(GitError) -> Bytes {
        switch self {
        case .file(let path):
            do {
                return try Files.mapping(path)
            } catch {
                throw GitError(error.description)
            }
        case .blob(let id):
            guard let repository else { throw GitError("no repository to read blob \(id) from") }
            return try repository.blobBytes(id)
        }
    }
}

/// The id of a blob (libgit2's `git_oid`).
public struct BlobID: Sendable, CustomStringConvertible {
    var oid: git_oid

    public var description: String {
        var copy = oid
        return git_oid_tostr_s(&copy).map { String(cString: $0) } ?? "?"
    }
}

/// One changed catalog file: its paths and where each version is.
public struct CatalogFileChange: Sendable {
    /// Paths from the top of the work tree (or as given); nil where the file
    /// does not exist on that side.
    public var oldPath: String?
    public var newPath: String?
    public var old: CatalogSource?
    public var new: CatalogSource?
    /// A path the index holds in conflict: there is no one old version.
    public var isConflicted = false

    public init(oldPath: String? = nil, newPath: String? = nil, old: CatalogSource? = nil, new: CatalogSource? = nil) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.old = old
        self.new = new
    }
}

extension Repository {
    /// The contents of a blob, in libgit2's memory (not copied); the blob,
    /// and this repository, are kept until the bytes are released.
    ///
    /// Read under a deadline: libgit2 reads a truncated loose object
    /// forever. A damaged object is a one-line error.
    func blobBytes(_ id: BlobID) throws(GitError) -> Bytes {
        var oid = id.oid
        var found: OpaquePointer?
        // The size, from the object's header, sets the deadline: seconds for any catalog.
        var size = 0, type = GIT_OBJECT_INVALID
        var database: OpaquePointer?
        if git_repository_odb(&database, pointer) == 0 {
            _ = git_odb_read_header(&size, &type, database, &oid)
            git_odb_free(database)
        }
        let seconds = 5 + Double(size) / 20_000_000
        let status = Watchdog.guarding(seconds: seconds, "error: blob \(id) could not be read in \(Int(seconds)) s: it is damaged in "
                                       + "the object store (git fsck names what is wrong)") {
            git_blob_lookup(&found, pointer, &oid)
        }
        if status == GIT_ENOTFOUND.rawValue { return try missingBlob(id) }
        try LibGit2.check(status, "cannot read blob \(id)")
        let blob = BlobHandle(repository: self, pointer: found!)
        let memory = UnsafeRawBufferPointer(start: git_blob_rawcontent(found), count: Int(git_blob_rawsize(found)))
        return Bytes.borrowing(memory) { blob.free() }
    }
}

extension Repository {
    /// A blob libgit2 does not find, asked of git (`git cat-file`). A
    /// partial clone (`git clone --filter`) lacks blobs until git reads
    /// them, and git then fetches them from the promisor remote; libgit2
    /// does not. Else the object store is damaged.
    func missingBlob(_ id: BlobID) throws(GitError) -> Bytes {
        if let read = Git.run(["cat-file", "blob", id.description]), read.status == 0 { return Bytes(read.output) }
        let promisors = (try? GitConfig.values(matching: #"^(extensions\.partialclone|remote\..*\.promisor)$"#)) ?? [:]
        if !promisors.isEmpty {
            throw GitError("blob \(id) is not in this partial clone, and git could not fetch it from its remote: "
                           + "connect and try again, or git fetch --refetch")
        }
        throw GitError("blob \(id) is missing from the object store: git fsck names what is wrong")
    }
}

/// A blob read through a repository, freed once, by whichever thread
/// releases its bytes last (libgit2 counts its objects' references atomically).
private final class BlobHandle: @unchecked Sendable {
    let repository: Repository
    let pointer: OpaquePointer

    init(repository: Repository, pointer: OpaquePointer) {
        self.repository = repository
        self.pointer = pointer
    }

    func free() { git_blob_free(pointer) }
}
