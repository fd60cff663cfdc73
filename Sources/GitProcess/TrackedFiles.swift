import PlatformLayer

/// The catalogs git tracks and what the index holds of them, as git itself
/// reads its index (`git ls-files`, `git cat-file`): a split or sparse
/// index, `GIT_INDEX_FILE` (a hook of `git commit -a`), any repository git
/// can read.
public enum TrackedFiles {
    /// A catalog of the index.
    public struct Entry: Sendable, Equatable {
        /// From the top of the work tree.
        public var path: String
        /// The blob staged (stage 0); nil for a path in conflict.
        public var blob: String?
        public var isConflicted: Bool { blob == nil }
    }

    /// The regular files of the index named `*.xcstrings` (in any case),
    /// each once, in the index's order.
    public static func catalogs() throws(GitError) -> [Entry] {
        let listed = try Git.output(["ls-files", "-z", "--stage", "--full-name", "--", ":(top,glob,icase)**/*.xcstrings"])
        var entries: [Entry] = []
        // MODE SP ID SP STAGE TAB PATH NUL
        for record in listed.output.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = record[..<tab].split(separator: UInt8(ascii: " "))
            guard fields.count == 3 else { continue }
            let mode = String(decoding: fields[0], as: UTF8.self)
            // Regular files only: no symbolic links, no submodules.
            guard mode == "100644" || mode == "100755" else { continue }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            let staged = fields[2].elementsEqual("0".utf8)
            if entries.last?.path == path {
                if !staged { entries[entries.count - 1].blob = nil }
                continue
            }
            entries.append(Entry(path: path, blob: staged ? String(decoding: fields[1], as: UTF8.self) : nil))
        }
        return entries
    }

    /// The contents of blobs, by id, read by one `git cat-file --batch`.
    public static func blobs(_ ids: [String]) throws(GitError) -> [String: [UInt8]] {
        guard !ids.isEmpty else { return [:] }
        let read = try Git.output(["cat-file", "--batch"], input: Array((ids.joined(separator: "\n") + "\n").utf8))
        var contents: [String: [UInt8]] = [:]
        let bytes = read.output
        var index = 0
        // ID SP TYPE SP SIZE LF CONTENTS LF, or ID SP missing LF.
        while index < bytes.count {
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = bytes[index..<end].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            index = end + 1
            guard header.count == 3, let size = Int(header[2]), index + size <= bytes.count else {
                throw GitError("cannot read \(header.first ?? "a blob") from git: \(header.dropFirst().joined(separator: " "))")
            }
            contents[header[0]] = Array(bytes[index..<(index + size)])
            index += size + 1
        }
        return contents
    }
}
