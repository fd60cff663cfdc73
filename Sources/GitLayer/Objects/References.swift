import PlatformLayer

/// git's references read from its files (the "files" store: a file per
/// reference, then `packed-refs`), as git resolves them.
struct References: Sendable {
    /// The repository's own directory (its `HEAD`), and the one its work
    /// trees share (`refs/`, `packed-refs`); the same outside a linked work tree.
    let gitDirectory: String
    let common: String
    /// `packed-refs`: each reference's id; nil when it holds a line not read here.
    private let packed: [String: ObjectID]?

    init(gitDirectory: String, common: String) {
        self.gitDirectory = gitDirectory
        self.common = common
        packed = References.packedReferences(in: common + "/packed-refs")
    }

    /// What reference `name` (`HEAD`, `refs/heads/main`) holds, its
    /// symbolic links followed; nil when it does not exist, or when the
    /// answer is not certain here (a file in a form not read here).
    func resolve(_ name: String) -> Resolution {
        var name = name
        for _ in 0..<5 {
            switch file(name) {
            case .id(let id):
                return .id(id)
            case .symbolic(let target):
                name = target
                continue
            case .uncertain:
                return .uncertain
            case .missing:
                guard let packed else { return .uncertain }
                return packed[name].map(Resolution.id) ?? .missing
            }
        }
        return .uncertain
    }

    /// What a reference resolved to.
    enum Resolution: Equatable {
        case id(ObjectID)
        case missing
        case uncertain
    }

    /// What the file of reference `name` says.
    private enum FileContents {
        case id(ObjectID)
        case symbolic(String)
        case missing
        case uncertain
    }

    /// The file of reference `name`, where git keeps it: those of one work
    /// tree (`HEAD` and the like, `refs/bisect/`, `refs/worktree/`,
    /// `refs/rewritten/`) in its git directory, the others in the common one.
    private func file(_ name: String) -> FileContents {
        let perWorkTree = !name.contains("/")
            || ["refs/bisect/", "refs/worktree/", "refs/rewritten/"].contains { name.hasPrefix($0) }
        let path = (perWorkTree ? gitDirectory : common) + "/" + name
        guard Files.exists(path) else { return .missing }
        // A directory (refs/heads/feature holding refs/heads/feature/x) is no reference; packed-refs may have one.
        if Files.isDirectory(path) { return .missing }
        guard let bytes = try? Files.read(path) else { return .uncertain }
        var text = bytes[...]
        while let last = text.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") { text = text.dropLast() }
        if let id = ObjectID(hex: text) { return .id(id) }
        let prefix = Array("ref: ".utf8)
        if text.starts(with: prefix) {
            let target = String(decoding: text.dropFirst(prefix.count), as: UTF8.self)
            if target.hasPrefix("refs/") || target == "HEAD" { return .symbolic(target) }
        }
        return .uncertain
    }

    /// The references of a `packed-refs` file (none when there is no file);
    /// nil when a line is in no form git writes.
    private static func packedReferences(in path: String) -> [String: ObjectID]? {
        guard Files.exists(path) else { return [:] }
        guard let bytes = try? Files.read(path) else { return nil }
        var references: [String: ObjectID] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = line
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            // The header (`# pack-refs with: peeled fully-peeled sorted`) and the peeled ids of tags (`^…`).
            if line.first == UInt8(ascii: "#") || line.first == UInt8(ascii: "^") { continue }
            guard line.count > ObjectID.hexSize + 1, line[line.startIndex + ObjectID.hexSize] == UInt8(ascii: " "),
                  let id = ObjectID(hex: line.prefix(ObjectID.hexSize)) else { return nil }
            let name = String(decoding: line.dropFirst(ObjectID.hexSize + 1), as: UTF8.self)
            // The first line of a name wins, as in git's sorted file.
            if references[name] == nil { references[name] = id }
        }
        return references
    }
}
