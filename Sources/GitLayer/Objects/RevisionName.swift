import PlatformLayer

/// A revision in the forms most diffs are given (`HEAD`, `main`, `v1.0`,
/// `origin/main`, `refs/heads/x`, a full id, `@`, and those followed by
/// `~N`, `^N`, `~`, `^`), resolved from git's files as git resolves them.
/// Any other form (`@{…}`, `^{…}`, `:/text`, an abbreviated id, `REV:path`)
/// is not parsed: libgit2 answers those.
struct RevisionName {
    /// The name before any `~` or `^`.
    let base: String
    /// Each step from it: a parent (`^N`, `^` the first, `^0` the commit
    /// itself) or first parents (`~N`).
    let steps: [Step]

    enum Step: Equatable {
        case parent(Int)
        case ancestor(Int)
    }

    /// `text` read in the forms above; nil in any other.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let cut = bytes.firstIndex(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "^") }) ?? Optional(bytes.count),
              cut > 0 else { return nil }
        let base = bytes[..<cut]
        // A name git may take for a reference: letters, digits and `/._-`; parts that are not empty, do not
        // start with a dot or end with `.lock`; no `..`; no dot at the end; no dash at the start.
        let name = String(decoding: base, as: UTF8.self)
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard name == "@" || base.allSatisfy({ RevisionName.nameBytes.contains($0) }),
              !name.contains(".."), base.last != UInt8(ascii: "."), base.first != UInt8(ascii: "-"),
              parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.hasSuffix(".lock") }) else { return nil }
        var steps: [Step] = []
        var position = cut
        while position < bytes.count {
            let marker = bytes[position]
            position += 1
            let digitsStart = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            let digits = bytes[digitsStart..<position]
            guard digits.count <= 9 else { return nil }
            let number = digits.isEmpty ? 1 : digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            if position < bytes.count, bytes[position] != UInt8(ascii: "~"), bytes[position] != UInt8(ascii: "^") { return nil }
            steps.append(marker == UInt8(ascii: "~") ? .ancestor(number) : .parent(number))
        }
        self.base = String(decoding: base, as: UTF8.self)
        self.steps = steps
    }

    private static let nameBytes: Set<UInt8> = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-".utf8))

    /// The object the name resolves to, before its steps, by git's rules:
    /// a full id; `@` or a file in the git directory (`HEAD`, `ORIG_HEAD`);
    /// then `refs/NAME`, `refs/tags/NAME`, `refs/heads/NAME`,
    /// `refs/remotes/NAME`, `refs/remotes/NAME/HEAD`, the first that exists.
    /// nil when it names nothing or the answer is not certain here.
    func resolveBase(_ references: References) -> ObjectID? {
        let name = base == "@" ? "HEAD" : base
        if name.utf8.count == ObjectID.hexSize, let id = ObjectID(hex: name) {
            // A reference of that name too would make it ambiguous: left to libgit2.
            return candidates(name).contains { references.resolve($0) != .missing } ? nil : id
        }
        // A file of a one-part name libgit2 does not look for in the git directory: git may take it.
        if !name.contains("/"), !candidates(name).contains(name), Files.presence(references.gitDirectory + "/" + name) != .absent {
            return nil
        }
        for candidate in candidates(name) {
            switch references.resolve(candidate) {
            case .id(let id): return id
            case .missing: continue
            case .uncertain: return nil
            }
        }
        return nil
    }

    /// The full names `name` may stand for, in git's order. A name of one
    /// part is looked for in the git directory only as libgit2 looks for it:
    /// capitals and `_`, not at either end (`HEAD`, `ORIG_HEAD`); a file of
    /// another such name there is not certain.
    private func candidates(_ name: String) -> [String] {
        var names: [String] = []
        let capitals = name.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 == UInt8(ascii: "_") }
        if name.contains("/") || (capitals && !name.hasPrefix("_") && !name.hasSuffix("_")) {
            names.append(name)
        }
        return names + ["refs/" + name, "refs/tags/" + name, "refs/heads/" + name, "refs/remotes/" + name, "refs/remotes/" + name + "/HEAD"]
    }
}
