/// Paths as the commands take and show them: relative to the top of the
/// work tree, or to the directory the user is in.
enum RepositoryPath {
    /// `a/./b/../c/` as `a/c`.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// `path` (from the top of the work tree) as seen from the directory `prefix`.
    static func relative(_ path: String, to prefix: String) -> String {
        var base = prefix.split(separator: "/").map(String.init)
        var parts = path.split(separator: "/").map(String.init)
        while let first = base.first, let part = parts.first, first == part, parts.count > 1 {
            base.removeFirst()
            parts.removeFirst()
        }
        return (Array(repeating: "..", count: base.count) + parts).joined(separator: "/")
    }
}
