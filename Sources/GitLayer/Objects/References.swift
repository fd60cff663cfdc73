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
        switch Files.presence(path) {
        case .absent, .directory:
            // A directory (refs/heads/feature holding refs/heads/feature/x) is no reference; packed-refs may have one.
            return .missing
        case .unknown:
            // A directory on the way that cannot be searched: git would say so, not take another reference.
            return .uncertain
        case .file:
            break
        }
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
    /// nil when it is not exactly in the form git writes (libgit2 refuses
    /// some other forms, and reads others its own way).
    private static func packedReferences(in path: String) -> [String: ObjectID]? {
        switch Files.presence(path) {
        case .absent: return [:]
        case .file: break
        default: return nil
        }
        guard let bytes = try? Files.read(path), !bytes.contains(UInt8(ascii: "\r")) else { return nil }
        var references: [String: ObjectID] = [:]
        var afterReference = false
        for (number, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty { continue }
            // The header (`# pack-refs with: peeled fully-peeled sorted`), first; the peeled id of the tag before (`^…`).
            if line.first == UInt8(ascii: "#") {
                guard number == 0 else { return nil }
                continue
            }
            if line.first == UInt8(ascii: "^") {
                guard afterReference, line.count == ObjectID.hexSize + 1, ObjectID(hex: line.dropFirst()) != nil else { return nil }
                afterReference = false
                continue
            }
            guard line.count > ObjectID.hexSize + 1, line[line.startIndex + ObjectID.hexSize] == UInt8(ascii: " "),
                  let id = ObjectID(hex: line.prefix(ObjectID.hexSize)) else { return nil }
            // A name twice: the last line wins, as in git and libgit2.
            references[String(decoding: line.dropFirst(ObjectID.hexSize + 1), as: UTF8.self)] = id
            afterReference = true
        }
        return references
    }
}
