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
              case let common = location.commonDirectory,
              Files.presence(common + "/shallow") == .absent, Files.presence(common + "/info/grafts") == .absent,
              Self.isPlainFormat(common + "/config"),
              let objects = ObjectStore(directory: common + "/objects") else { return nil }
        self.location = location
        self.objects = objects
        references = References(gitDirectory: location.gitDirectory, common: common)
    }

    /// Whether the repository's own configuration (`config` in the common
    /// directory) is of the format read here: version 0 or 1, no extension
    /// but `objectFormat = sha1` (an extension is there to stop a reader that
    /// does not know it: `refStorage`, SHA-256 objects, a partial clone's
    /// missing objects, `worktreeConfig`, which libgit2 1.5 refuses), and
    /// `core.bare`, if set, a boolean.
    static func isPlainFormat(_ path: String) -> Bool {
        guard let bytes = try? Files.read(path) else { return false }
        let text = ConfigurationText(bytes)
        guard case .value(let version) = text.value(section: "core", key: "repositoryformatversion"),
              ["0", "1"].contains(version ?? "0"),
              case .value(let bare) = text.value(section: "core", key: "bare", bare: "true"),
              bare.map(ConfigurationFiles.isBoolean) ?? true,
              let extensions = text.keys(inSection: "extensions") else { return false }
        for key in extensions {
            guard key == "objectformat", case .value(let format) = text.value(section: "extensions", key: key), format == "sha1" else {
                return false
            }
        }
        return true
    }

    /// The catalogs changed between revisions `old` and `new`, as
    /// ``Repository/changedCatalogs(_:paths:)`` gives them for
    /// `.revisions(old, new)` and no paths; nil when that is not certain
    /// here (a revision in another form, a catalog added or removed, which
    /// libgit2 checks for renames, anything not read here). Throws when
    /// the store holds an object it needs but the object is damaged (libgit2
    /// may loop forever on some of those), or history loops back on itself.
    public func changedCatalogs(from old: String, to new: String) throws(GitError) -> [CatalogFileChange]? {
        guard let oldTree = try tree(old), let newTree = try tree(new),
              let changed = try TreeChanges.changedCatalogs(oldTree, newTree, in: objects) else { return nil }
        return changed.map { catalog in
            CatalogFileChange(oldPath: catalog.path, newPath: catalog.path,
                              old: .object(catalog.old, objects), new: .object(catalog.new, objects))
        }
    }

    /// The tree revision `text` names (a commit's, a tag's, or a tree).
    func tree(_ text: String) throws(GitError) -> ObjectID? {
        guard let name = RevisionName(text), var id = name.resolveBase(references) else { return nil }
        if !name.steps.isEmpty {
            guard var commit = try peeledToCommit(id) else { return nil }
            // Every commit met on the way: history that comes back to one is damaged, and would be walked forever.
            var met: Set<ObjectID> = [commit]
            func go(to next: ObjectID) throws(GitError) {
                guard met.insert(next).inserted else { throw GitError("commit \(next) is its own ancestor: the repository is damaged") }
                commit = next
            }
            for step in name.steps {
                switch step {
                case .parent(0):
                    continue
                case .parent(let number):
                    guard let parents = try parents(of: commit), number <= parents.count else { return nil }
                    try go(to: parents[number - 1])
                case .ancestor(let count):
                    for _ in 0..<count {
                        guard let first = try parents(of: commit)?.first else { return nil }
                        try go(to: first)
                    }
                }
            }
            id = commit
        }
        // Peeled: a tag to what it tags, a commit to its tree.
        for _ in 0..<16 {
            guard let (kind, buffer) = try objects.read(id) else { return nil }
            switch kind {
            case .tree: return id
            case .commit:
                guard let tree = Self.commitHeaders(buffer)?.tree else { return nil }
                return objects.contains(tree) ? tree : nil
            case .tag:
                guard let target = Self.taggedObject(buffer) else { return nil }
                id = target
            case .blob:
                return nil
            }
        }
        return nil
    }

    /// The commit `id` is or tags.
    private func peeledToCommit(_ id: ObjectID) throws(GitError) -> ObjectID? {
        var id = id
        for _ in 0..<16 {
            guard let (kind, buffer) = try objects.read(id) else { return nil }
            switch kind {
            case .commit: return id
            case .tag:
                guard let target = Self.taggedObject(buffer) else { return nil }
                id = target
            default: return nil
            }
        }
        return nil
    }

    /// A commit's parents, in order.
    private func parents(of id: ObjectID) throws(GitError) -> [ObjectID]? {
        guard let (kind, buffer) = try objects.read(id), kind == .commit else { return nil }
        return Self.commitHeaders(buffer)?.parents
    }

    /// A commit's tree and parents, from headers in the order git writes
    /// them (`tree`, each `parent`, then `author`); nil in any other order,
    /// which libgit2 refuses.
    static func commitHeaders(_ object: ObjectBuffer) -> (tree: ObjectID, parents: [ObjectID])? {
        let lines = headerLines(object)
        guard let first = lines.first, let tree = id(first, "tree") else { return nil }
        var parents: [ObjectID] = []
        for line in lines.dropFirst() {
            if let parent = id(line, "parent") {
                parents.append(parent)
                continue
            }
            return line.starts(with: Array("author ".utf8)) ? (tree, parents) : nil
        }
        return nil
    }

    /// What a tag tags: its first header (`object <hex>`), followed by its `type`; nil otherwise.
    static func taggedObject(_ object: ObjectBuffer) -> ObjectID? {
        let lines = headerLines(object)
        guard lines.count >= 2, let target = id(lines[0], "object"), lines[1].starts(with: Array("type ".utf8)) else { return nil }
        return target
    }

    /// The id of a header line `NAME <40 hex digits>`.
    private static func id(_ line: [UInt8], _ name: String) -> ObjectID? {
        let key = Array((name + " ").utf8)
        guard line.starts(with: key) else { return nil }
        return ObjectID(hex: line.dropFirst(key.count))
    }

    /// The header lines of a commit or tag, up to the blank line that ends them.
    private static func headerLines(_ object: ObjectBuffer) -> [[UInt8]] {
        let bytes = UnsafeRawBufferPointer(object.memory)
        var lines: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if end == start { break }
            lines.append(Array(bytes[start..<end]))
            start = end + 1
        }
        return withExtendedLifetime(object) { lines }
    }
}
