/// Paths as the commands take and show them: relative to the top of the
/// work tree, or to the directory the user is in.
package enum RepositoryPath {
    /// `a/./b/../c/` as `a/c`.
    package static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// `path` (from the top of the work tree) as seen from the directory `prefix`.
    package static func relative(_ path: String, to prefix: String) -> String {
        var base = prefix.split(separator: "/").map(String.init)
        var parts = path.split(separator: "/").map(String.init)
        while let first = base.first, let part = parts.first, first == part, parts.count > 1 {
            base.removeFirst()
            parts.removeFirst()
        }
        return (Array(repeating: "..", count: base.count) + parts).joined(separator: "/")
    }

    /// `path` as a shell word: as it is when it needs no quoting, else in single quotes.
    package static func shellQuoted(_ path: String) -> String {
        let plain = path.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "/._-+,:@%".utf8.contains(byte)
        }
        if plain && !path.isEmpty { return path }
        return "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
