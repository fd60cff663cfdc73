import CGit2
import GitProcess
import PlatformLayer
import SemanticDiff

/// An open git repository (libgit2's `git_repository`), freed when the
/// last reference goes. Like libgit2's object, it is to be used by one
/// thread at a time; ``reopened()`` gives another thread its own.
///
/// It is the repository git would use for this process: git itself says
/// where (``RepositoryLocation``), and libgit2 opens exactly that git
/// directory and work tree, with the index and object directories git's
/// variables name. Where libgit2 cannot read what git can, or would read
/// other objects than git, it says so (``Repository/limits``).
public final class Repository: @unchecked Sendable {
    let pointer: OpaquePointer
    public let location: RepositoryLocation

    /// The repository of this process, and `revisions` resolved by git (see
    /// ``RepositoryLocation/find(resolving:)``).
    public static func open(resolving revisions: [String] = [], from directory: String? = nil) throws(GitError) -> (Repository, [String]) {
        // libgit2 initialises while git answers: built with mbedTLS (Debian, Ubuntu), it parses every
        // CA certificate of the system then, which takes about as long as that `git rev-parse`.
        // Joined whatever git says: a process that exits (not a repository, say) while libgit2 initialises on
        // another thread can crash in its exit handlers.
        let initializing = BackgroundThread { LibGit2.initialize() }
        let found = Result { () throws(GitError) in try RepositoryLocation.find(resolving: revisions, from: directory) }
        initializing.join()
        let (location, resolved) = try found.get()
        return (try Repository(location), resolved)
    }

    public init(_ location: RepositoryLocation) throws(GitError) {
        LibGit2.initialize()
        self.location = location
        var repository: OpaquePointer?
        let flags = GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue | GIT_REPOSITORY_OPEN_NO_DOTGIT.rawValue
        let status = git_repository_open_ext(&repository, location.gitDirectory, flags, nil)
        guard status >= 0, let repository else {
            throw GitError("libgit2 \(LibGit2.version) cannot open \(location.gitDirectory): \(Repository.limits(LibGit2.lastErrorMessage()))")
        }
        pointer = repository
        try configureAsGit(location)
    }

    /// What git's variables change that libgit2 does not read when given
    /// the git directory: the work tree (`GIT_WORK_TREE`, `--work-tree`,
    /// the current directory when only `GIT_DIR` is set), the index file
    /// (`GIT_INDEX_FILE`), the object directories (`GIT_OBJECT_DIRECTORY`,
    /// `GIT_ALTERNATE_OBJECT_DIRECTORIES`). And the replacements git applies
    /// to objects, which libgit2 does not: refused, said.
    private func configureAsGit(_ location: RepositoryLocation) throws(GitError) {
        if let workTree = location.workTree, workTree + "/" != self.workTree {
            try LibGit2.check(git_repository_set_workdir(pointer, workTree, 0), "cannot use \(workTree) as the work tree")
        }
        if let file = ProcessEnvironment.value("GIT_INDEX_FILE"), !file.isEmpty {
            var index: OpaquePointer?
            try LibGit2.check(git_index_open(&index, file), "cannot read the index \(file)")
            git_repository_set_index(pointer, index)
            git_index_free(index)
        }
        if let directory = ProcessEnvironment.value("GIT_OBJECT_DIRECTORY"), !directory.isEmpty {
            var database: OpaquePointer?
            try LibGit2.check(git_odb_open(&database, directory), "cannot read the objects in \(directory)")
            git_repository_set_odb(pointer, database)
            git_odb_free(database)
        }
        if let alternates = ProcessEnvironment.value("GIT_ALTERNATE_OBJECT_DIRECTORIES"), !alternates.isEmpty {
            var database: OpaquePointer?
            try LibGit2.check(git_repository_odb(&database, pointer), "cannot read the object store")
            defer { git_odb_free(database) }
            for directory in alternates.split(separator: ":") {
                try LibGit2.check(git_odb_add_disk_alternate(database, String(directory)), "cannot read the objects in \(directory)")
            }
        }
        if hasReplacements() {
            throw GitError("this repository replaces objects (refs/replace/), which git applies and libgit2 does not, so both would "
                           + "read different catalogs: run with GIT_NO_REPLACE_OBJECTS=1 to compare the original objects")
        }
    }

    /// Whether git reads some objects through replacements: `refs/replace/`
    /// has references, and neither `GIT_NO_REPLACE_OBJECTS` nor
    /// `core.useReplaceRefs = false` turns them off.
    private func hasReplacements() -> Bool {
        guard ProcessEnvironment.value("GIT_NO_REPLACE_OBJECTS") == nil else { return false }
        var iterator: OpaquePointer?
        guard git_reference_iterator_glob_new(&iterator, pointer, "refs/replace/*") == 0 else { return false }
        defer { git_reference_iterator_free(iterator) }
        var name: UnsafePointer<CChar>?
        guard git_reference_next_name(&name, iterator) == 0 else { return false }
        return GitConfig.value("core.useReplaceRefs")?.lowercased() != "false"
    }

    /// libgit2's refusal, with the cause in git's words and the way out
    /// where it is one of the repository layouts libgit2 1.5 cannot read.
    static func limits(_ message: String) -> String {
        let known: [(String, String)] = [
            ("worktreeconfig", "the repository has extensions.worktreeConfig (git sparse-checkout sets it, with repositoryformatversion 1)"),
            ("objectformat", "the repository names objects by SHA-256 (git init --object-format=sha256)"),
            ("'link'", "the index is split (core.splitIndex); git update-index --no-split-index joins it"),
            ("'sdir'", "the index is sparse (git sparse-checkout --sparse-index); git sparse-checkout init --no-sparse-index expands it"),
            ("refstorage", "the repository keeps its references in a reftable"),
        ]
        for (needle, cause) in known where message.lowercased().contains(needle) {
            return "\(message): \(cause), which this libgit2 cannot read"
        }
        return message
    }

    /// The tree of the object `id` names (a tree, a commit, a tag of one),
    /// as git peels `id^{tree}`.
    public func tree(of id: String) throws(GitError) -> String {
        var oid = git_oid()
        try LibGit2.check(git_oid_fromstr(&oid, id), "'\(id)' is not an object id")
        var object: OpaquePointer?, tree: OpaquePointer?
        try LibGit2.check(git_object_lookup(&object, pointer, &oid, GIT_OBJECT_ANY), "cannot read object \(id)")
        defer { git_object_free(object) }
        try LibGit2.check(git_object_peel(&tree, object, GIT_OBJECT_TREE), "object \(id) has no tree")
        defer { git_object_free(tree) }
        var peeled = git_object_id(tree)!.pointee
        return git_oid_tostr_s(&peeled).map { String(cString: $0) } ?? id
    }

    /// Another handle on the same repository, for another thread.
    public func reopened() throws(GitError) -> Repository {
        try Repository(location)
    }

    deinit { git_repository_free(pointer) }

    /// The work tree, with a trailing slash; nil for a bare repository.
    public var workTree: String? {
        git_repository_workdir(pointer).map { String(cString: $0) }
    }

    /// The `.git` directory, with a trailing slash.
    public var gitDirectory: String {
        git_repository_path(pointer).map { String(cString: $0) } ?? ""
    }

    /// The directory shared by every work tree of the repository (where
    /// `config` is): `.git/` even from a linked work tree.
    public var commonDirectory: String {
        git_repository_commondir(pointer).map { String(cString: $0) } ?? gitDirectory
    }

    /// `bytes` as git would write them to the work tree at `path`: through
    /// the checkout filters its attributes ask for (line ends for
    /// `core.autocrlf` or `eol=crlf`, `ident`).
    public func checkedOut(_ bytes: [UInt8], path: String) throws(GitError) -> [UInt8] {
        var filters: OpaquePointer?
        try LibGit2.check(git_filter_list_load(&filters, pointer, nil, path, GIT_FILTER_TO_WORKTREE, GIT_FILTER_DEFAULT.rawValue),
                          "cannot read the attributes of \(path)")
        guard let filters else { return bytes }
        defer { git_filter_list_free(filters) }
        var output = git_buf()
        defer { git_buf_dispose(&output) }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { git_filter_list_apply_to_buffer(&output, filters, $0.baseAddress, $0.count) }
        }
        try LibGit2.check(status, "cannot apply the checkout filters of \(path)")
        guard let start = output.ptr else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: output.size))
    }

    /// The value git's attributes give `name` for `path` (from the top of
    /// the work tree), as git reads them: the work tree's `.gitattributes`,
    /// then the index's; nil when unset, unspecified or without a value.
    public func attribute(_ name: String, path: String) -> String? {
        var value: UnsafePointer<CChar>?
        guard git_attr_get(&value, pointer, UInt32(GIT_ATTR_CHECK_FILE_THEN_INDEX), path, name) == 0,
              git_attr_value(value) == GIT_ATTR_VALUE_STRING, let value else { return nil }
        return String(cString: value)
    }

    /// The file at `path` (from the top of the work tree) as HEAD has it; nil
    /// when HEAD does not have it (or there is no commit yet).
    public func committedFile(_ path: String) -> Bytes? {
        var object: OpaquePointer?
        guard git_revparse_single(&object, pointer, "HEAD:" + path) == 0 else { return nil }
        defer { git_object_free(object) }
        guard git_object_type(object) == GIT_OBJECT_BLOB, let id = git_object_id(object)?.pointee else { return nil }
        return try? blobBytes(BlobID(oid: id))
    }
}
