import PlatformLayer

/// The repository of the current directory read from git's files, without
/// libgit2, for what a diff of two revisions needs: their names, commits,
/// trees and blobs. Loading libgit2 (3 ms) costs more than comparing two
/// versions of a catalog that differ in a few places.
///
/// Made only where the files are all git would read: a work tree found
/// as git finds it (``WorkTreeLocation``), no variable that moves the object
/// store or the references (`GIT_OBJECT_DIRECTORY`,
/// `GIT_ALTERNATE_OBJECT_DIRECTORIES`, `GIT_NAMESPACE`), not shallow, no
/// grafts, SHA-1 objects and references kept as files. Where anything is
/// not certain, its answers are nil and libgit2 answers instead.
public struct RepositoryFiles {
    let references: References
    let objects: ObjectStore
    /// Where the repository was found, and git's configuration.
    public let location: WorkTreeLocation

    /// The repository of `directory` (the current one by default; a table of the environment in tests).
    public init?(directory: String? = nil, environment: @escaping (String) -> String? = ProcessEnvironment.value) {
        for name in ["GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_SHALLOW_FILE"]
        where environment(name) != nil {
            return nil
        }
        guard let location = WorkTreeLocation(directory: directory, environment: environment),
              let directories = location.configuration.repositoryDirectories(),
              !Files.exists(directories.common + "/shallow"), !Files.exists(directories.common + "/info/grafts"),
              let settings = location.configuration.values(["extensions.objectformat", "extensions.refstorage"]),
              (settings["extensions.objectformat"] ?? "sha1").lowercased() == "sha1",
              (settings["extensions.refstorage"] ?? "files").lowercased() == "files",
              let objects = ObjectStore(directory: directories.common + "/objects") else { return nil }
        self.location = location
        self.objects = objects
        references = References(gitDirectory: directories.gitDirectory, common: directories.common)
    }

    /// The catalogs changed between revisions `old` and `new`, as
    /// ``Repository/changedCatalogs(_:paths:)`` gives them for
    /// `.revisions(old, new)` and no paths; nil when that is not certain
    /// here (a revision in another form, a catalog added or removed, which
    /// libgit2 checks for renames, anything not read here).
    public func changedCatalogs(from old: String, to new: String) -> [CatalogFileChange]? {
        guard let oldTree = tree(old), let newTree = tree(new),
              let changed = TreeChanges.changedCatalogs(oldTree, newTree, in: objects) else { return nil }
        return changed.map { catalog in
            CatalogFileChange(oldPath: catalog.path, newPath: catalog.path,
                              old: .object(catalog.old, objects), new: .object(catalog.new, objects))
        }
    }

    /// The tree revision `text` names (a commit's, a tag's, or a tree).
    func tree(_ text: String) -> ObjectID? {
        guard let name = RevisionName(text), var id = name.resolveBase(references) else { return nil }
        if !name.steps.isEmpty {
            guard var commit = peeledToCommit(id) else { return nil }
            for step in name.steps {
                switch step {
                case .parent(0):
                    continue
                case .parent(let number):
                    guard let parents = parents(of: commit), number <= parents.count else { return nil }
                    commit = parents[number - 1]
                case .ancestor(let count):
                    for _ in 0..<count {
                        guard let first = parents(of: commit)?.first else { return nil }
                        commit = first
                    }
                }
            }
            id = commit
        }
        // Peeled: a tag to what it tags, a commit to its tree.
        for _ in 0..<16 {
            guard let (kind, buffer) = objects.object(id) else { return nil }
            switch kind {
            case .tree: return id
            case .commit:
                guard let tree = Self.header(buffer, "tree") else { return nil }
                return objects.contains(tree) ? tree : nil
            case .tag:
                guard let target = Self.header(buffer, "object") else { return nil }
                id = target
            case .blob:
                return nil
            }
        }
        return nil
    }

    /// The commit `id` is or tags.
    private func peeledToCommit(_ id: ObjectID) -> ObjectID? {
        var id = id
        for _ in 0..<16 {
            guard let (kind, buffer) = objects.object(id) else { return nil }
            switch kind {
            case .commit: return id
            case .tag:
                guard let target = Self.header(buffer, "object") else { return nil }
                id = target
            default: return nil
            }
        }
        return nil
    }

    /// A commit's parents, in order.
    private func parents(of id: ObjectID) -> [ObjectID]? {
        guard let buffer = objects.object(id, of: .commit), Self.header(buffer, "tree") != nil else { return nil }
        return Self.headers(buffer, "parent")
    }

    /// The id of the first header line `name` of a commit or tag (`tree <hex>`).
    private static func header(_ object: ObjectBuffer, _ name: String) -> ObjectID? {
        headers(object, name).first
    }

    /// The ids of header lines `name`, before the blank line that ends the headers.
    private static func headers(_ object: ObjectBuffer, _ name: String) -> [ObjectID] {
        let bytes = UnsafeRawBufferPointer(object.memory)
        let key = Array((name + " ").utf8)
        var ids: [ObjectID] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if end == start { break }
            let line = bytes[start..<end]
            if line.starts(with: key), let id = ObjectID(hex: line.dropFirst(key.count)) { ids.append(id) }
            start = end + 1
        }
        return withExtendedLifetime(object) { ids }
    }
}
