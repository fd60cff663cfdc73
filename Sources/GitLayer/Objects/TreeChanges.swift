/// The catalogs that differ between two trees, found by walking both in
/// git's order and passing over every subtree they share.
enum TreeChanges {
    /// A catalog changed in place: its path from the top, and its blob on each side.
    struct ChangedCatalog: Equatable {
        var path: String
        var old: ObjectID
        var new: ObjectID
    }

    /// The `.xcstrings` files whose blob differs between trees `old` and
    /// `new`, in git's order of paths. nil when the answer needs more than
    /// this walk: a catalog added or removed (libgit2 detects renames), one
    /// that is not a regular file on both sides or changed its mode, a blob
    /// the store does not hold, or a tree in a form not read here. Throws
    /// when a tree the store holds is damaged.
    static func changedCatalogs(_ old: ObjectID, _ new: ObjectID, in store: ObjectStore) throws(GitError) -> [ChangedCatalog]? {
        var found: [ChangedCatalog] = []
        guard try walk(old, new, prefix: "", depth: 0, store, &found) else { return nil }
        return found.allSatisfy { store.contains($0.old) && store.contains($0.new) } ? found : nil
    }

    /// One entry of a tree.
    struct Entry {
        var mode: Int
        var name: [UInt8]
        var id: ObjectID

        /// Any mode of a directory, as git and libgit2 read it (`40755`, which git fsck calls bad, too).
        var isTree: Bool { mode & 0o170000 == 0o040000 }
        var isRegularFile: Bool { mode == 0o100644 || mode == 0o100755 }
        var isCatalog: Bool { !isTree && name.count >= 10 && name.suffix(10).elementsEqual(".xcstrings".utf8) }
    }

    private static func walk(_ old: ObjectID, _ new: ObjectID, prefix: String, depth: Int, _ store: ObjectStore,
                             _ found: inout [ChangedCatalog]) throws(GitError) -> Bool {
        guard depth < 1000, let before = try entries(old, store), let after = try entries(new, store) else { return false }
        var i = 0, j = 0
        while i < before.count || j < after.count {
            let order = i == before.count ? 1 : j == after.count ? -1 : compare(before[i], after[j])
            if order != 0 {
                // On one side only: fine unless it is, or holds, a catalog.
                let entry = order < 0 ? before[i] : after[j]
                if order < 0 { i += 1 } else { j += 1 }
                if entry.isCatalog { return false }
                if entry.isTree, try holdsCatalog(entry.id, depth: depth + 1, store) != false { return false }
                continue
            }
            let (a, b) = (before[i], after[j])
            i += 1
            j += 1
            guard a.id != b.id || a.mode != b.mode else { continue }
            guard a.isTree || a.isCatalog else { continue }
            // A name that is not UTF-8 is shown as libgit2 has it.
            guard let name = String(validating: a.name, as: UTF8.self) else { return false }
            if a.isTree {
                guard try walk(a.id, b.id, prefix: prefix + name + "/", depth: depth + 1, store, &found) else { return false }
            } else {
                guard a.isRegularFile, a.mode == b.mode else { return false }
                found.append(ChangedCatalog(path: prefix + name, old: a.id, new: b.id))
            }
        }
        return true
    }

    /// Whether tree `id` holds a catalog at any depth; nil when it cannot be read.
    private static func holdsCatalog(_ id: ObjectID, depth: Int, _ store: ObjectStore) throws(GitError) -> Bool? {
        guard depth < 1000, let entries = try entries(id, store) else { return nil }
        for entry in entries {
            if entry.isCatalog { return true }
            if entry.isTree {
                guard let holds = try holdsCatalog(entry.id, depth: depth + 1, store) else { return nil }
                if holds { return true }
            }
        }
        return false
    }

    /// git's order of tree entries: by name, bytes compared, a tree's name as if it ended in `/`.
    static func compare(_ a: Entry, _ b: Entry) -> Int {
        let common = min(a.name.count, b.name.count)
        for index in 0..<common where a.name[index] != b.name[index] {
            return a.name[index] < b.name[index] ? -1 : 1
        }
        let next = { (entry: Entry) -> UInt8 in entry.name.count > common ? entry.name[common] : entry.isTree ? UInt8(ascii: "/") : 0 }
        let (x, y) = (next(a), next(b))
        return x == y ? 0 : x < y ? -1 : 1
    }

    /// The entries of tree `id`: an octal mode, a space, the name, a NUL, the 20-byte id.
    static func entries(_ id: ObjectID, _ store: ObjectStore) throws(GitError) -> [Entry]? {
        guard let (kind, tree) = try store.read(id), kind == .tree else { return nil }
        let bytes = UnsafeRawBufferPointer(tree.memory)
        var entries: [Entry] = []
        var position = 0
        while position < bytes.count {
            var mode = 0
            while position < bytes.count, bytes[position] != UInt8(ascii: " ") {
                let digit = bytes[position]
                guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit), mode < 1 << 20 else { return nil }
                mode = mode << 3 | Int(digit - UInt8(ascii: "0"))
                position += 1
            }
            position += 1
            let nameStart = position
            while position < bytes.count, bytes[position] != 0 { position += 1 }
            guard position > nameStart, position + 1 + ObjectID.size <= bytes.count else { return nil }
            let name = Array(bytes[nameStart..<position])
            let id = ObjectID(raw: UnsafeRawBufferPointer(rebasing: bytes[(position + 1)...]))
            position += 1 + ObjectID.size
            entries.append(Entry(mode: mode, name: name, id: id))
        }
        return withExtendedLifetime(tree) { entries }
    }
}
