import PlatformLayer
import SemanticDiff

/// The kinds of git object, numbered as packs number them.
enum ObjectKind: Int, Sendable {
    case commit = 1, tree, blob, tag

    /// The kind a loose object's header names.
    init?(name: ArraySlice<UInt8>) {
        switch String(decoding: name, as: UTF8.self) {
        case "commit": self = .commit
        case "tree": self = .tree
        case "blob": self = .blob
        case "tag": self = .tag
        default: return nil
        }
    }
}

/// git's object database read from its files (`objects/`: its packs, then
/// loose objects), without libgit2, for a diff between two revisions:
/// loading libgit2 and the 17 libraries it links costs 3 ms, which is more
/// than reading the two versions of a catalog.
///
/// Made only where these files are all there is: no alternates (objects
/// borrowed from another repository), every pack's index of version 2, of
/// a size git writes, naming its pack's checksum (``PackFile``). Elsewhere
/// nil, and libgit2 reads the objects; a pack directory that cannot be
/// listed leaves only loose objects, and what is not found among them is
/// left to libgit2 too. Like git (and libgit2 as
/// this tool sets it up), it trusts the store and does not hash what it reads.
public final class ObjectStore: Sendable {
    private let directory: String
    private let packs: [PackFile]

    /// The store in `directory` (a repository's `objects`).
    init?(directory: String) {
        guard Files.isDirectory(directory), !Files.exists(directory + "/info/alternates") else { return nil }
        var packs: [PackFile] = []
        for name in (Files.names(in: directory + "/pack") ?? []).sorted() where name.hasSuffix(".idx") {
            guard let pack = PackFile(indexPath: directory + "/pack/" + name) else { return nil }
            packs.append(pack)
        }
        self.directory = directory
        self.packs = packs
    }

    /// Whether the store holds `id`, found without reading it.
    func contains(_ id: ObjectID) -> Bool {
        packs.contains { $0.offset(of: id) != nil } || Files.exists(directory + "/" + id.loosePath)
    }

    /// The object `id`: its kind and bytes; nil when it is not here or cannot be read.
    func object(_ id: ObjectID) -> (ObjectKind, ObjectBuffer)? {
        for pack in packs {
            if let offset = pack.offset(of: id) { return pack.object(at: offset) }
        }
        return loose(id)
    }

    /// The object `id`; nil when the store does not hold it. Throws when it
    /// does but the object cannot be read: damaged, or in a form git does
    /// not write (a delta on a base in another pack).
    func read(_ id: ObjectID) throws(GitError) -> (ObjectKind, ObjectBuffer)? {
        if let found = object(id) { return found }
        guard contains(id) else { return nil }
        throw GitError("cannot read object \(id): it is damaged in the object store (git fsck says more)")
    }

    /// The bytes of blob `id`; nil when it is not here, cannot be read, or is no blob.
    func blob(_ id: ObjectID) -> Bytes? {
        guard let (kind, buffer) = object(id), kind == .blob else { return nil }
        return buffer.bytes
    }

    /// A loose object: one zlib stream of a header (`blob 1234` and a NUL) and the bytes.
    private func loose(_ id: ObjectID) -> (ObjectKind, ObjectBuffer)? {
        guard let file = try? Files.mapping(directory + "/" + id.loosePath), let zlib = Zlib.shared else { return nil }
        return file.withUnsafeBufferPointer { bytes -> (ObjectKind, ObjectBuffer)? in
            guard var stream = Zlib.InflateStream(UnsafeRawBufferPointer(bytes), zlib: zlib) else { return nil }
            var start = [UInt8](repeating: 0, count: 64)
            guard let first = start.withUnsafeMutableBytes({ stream.read(into: $0) }),
                  let nul = start[..<first.count].firstIndex(of: 0),
                  let space = start[..<nul].firstIndex(of: UInt8(ascii: " ")),
                  let kind = ObjectKind(name: start[..<space]),
                  case let digits = start[(space + 1)..<nul], !digits.isEmpty, digits.count <= 18,
                  digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            let size = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            let held = start[(nul + 1)..<first.count]
            guard held.count <= size else { return nil }
            // Inflated whole again, header and all, by the faster library (zlib goes on where it has no decompressor).
            if !first.ended, size >= Libdeflate.worthOpeningFrom, let libdeflate = Libdeflate.shared,
               let buffer = ObjectBuffer(count: size, leading: nul + 1),
               let inflated = libdeflate.inflate(UnsafeRawBufferPointer(bytes), into: buffer.withLeading) {
                return inflated && buffer.withLeading.prefix(nul + 1).elementsEqual(start[...nul]) ? (kind, buffer) : nil
            }
            guard let buffer = ObjectBuffer(count: size) else { return nil }
            let memory = buffer.memory
            held.withUnsafeBytes { memory.copyMemory(from: $0) }
            if first.ended { return held.count == size ? (kind, buffer) : nil }
            return stream.readToEnd(into: UnsafeMutableRawBufferPointer(rebasing: memory[held.count...])) ? (kind, buffer) : nil
        }
    }
}
