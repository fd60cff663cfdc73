import PlatformLayer
import SemanticDiff

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// git's configuration read from its files as git reads them, without
/// libgit2, for the one setting a merge with conflicts needs
/// (`merge.conflictStyle`): loading libgit2 costs a run more than 10 ms (it
/// parses every CA certificate at start), several times a small merge.
///
/// The files are git's, in git's order, the last value winning: the
/// system file (`GIT_CONFIG_SYSTEM`, `/etc/gitconfig`, none with
/// `GIT_CONFIG_NOSYSTEM`), the global ones (`GIT_CONFIG_GLOBAL`, else
/// `$XDG_CONFIG_HOME/git/config` then `~/.gitconfig`), the repository's
/// (`$GIT_DIR`, or the `.git` found from the directory up; the common
/// directory of a linked worktree) and its `config.worktree` when
/// `extensions.worktreeConfig` is on, then `GIT_CONFIG_COUNT`'s pairs and
/// `GIT_CONFIG_PARAMETERS` (what `git -c` passes to the driver, which
/// libgit2 never reads). A file that includes others (`include`,
/// `includeIf`) or that git would refuse leaves the answer undecided.
public struct ConfigurationFiles {
    /// What a lookup found.
    public enum Lookup: Equatable, Sendable {
        /// The value git would use; nil when the setting is unset.
        case value(String?)
        /// Not decided here (an include, a line git would refuse): ask git.
        case undecided
    }

    /// The environment, by name (the process's in use, a table in tests).
    var environment: (String) -> String?
    /// Where git would run: the repository is found from here.
    var directory: String

    public init(directory: String? = nil, environment: @escaping (String) -> String? = ProcessEnvironment.value) {
        self.environment = environment
        self.directory = directory ?? ConfigurationFiles.currentDirectory()
    }

    /// The value of `section.key` (`merge.conflictStyle`; no subsection),
    /// compared as git does, without regard to case.
    public func value(_ name: String) -> Lookup {
        let canonical = Self.canonical(name)
        guard let found = values([canonical]) else { return .undecided }
        return .value(found[canonical])
    }

    /// The values git would use for the string settings in `names`, each
    /// as git names it (`xcstrings.check.severity.layout`: section and key
    /// in lower case, the subsection as written), those set only; nil when
    /// undecided here. One reading of the files for all of them.
    public func values(_ names: Set<String>) -> [String: String]? {
        var found: [String: String] = [:]
        guard let files = files() else { return nil }
        for path in files {
            guard let text = try? Files.read(path) else { continue }
            guard let set = ConfigurationText(text).values(names) else { return nil }
            found.merge(set) { _, later in later }
        }
        guard let set = fromEnvironment(names) else { return nil }
        return found.merging(set) { _, later in later }
    }

    /// The files git reads, in its order (those missing are skipped by the reader).
    /// Nil when git's answer depends on more than the files: a repository
    /// that belongs to another user, which git reads only when
    /// `safe.directory` names it.
    func files() -> [String]? {
        var paths: [String] = []
        // GIT_CONFIG_SYSTEM and GIT_CONFIG_GLOBAL set but empty: no such file, as in git.
        if !Self.isTrue(environment("GIT_CONFIG_NOSYSTEM")) {
            let system = environment("GIT_CONFIG_SYSTEM") ?? "/etc/gitconfig"
            if !system.isEmpty { paths.append(system) }
        }
        if let global = environment("GIT_CONFIG_GLOBAL") {
            if !global.isEmpty { paths.append(global) }
        } else {
            let home = nonEmpty(environment("HOME"))
            if let xdg = nonEmpty(environment("XDG_CONFIG_HOME")) {
                paths.append(xdg + "/git/config")
            } else if let home {
                paths.append(home + "/.config/git/config")
            }
            if let home { paths.append(home + "/.gitconfig") }
        }
        if let repository = repositoryDirectories() {
            guard Files.isOwnedByUser(repository.gitDirectory), repository.top.map(Files.isOwnedByUser) ?? true else { return nil }
            paths.append(repository.common + "/config")
            if let text = try? Files.read(repository.common + "/config"),
               case .value(let value) = ConfigurationText(text).value(section: "extensions", key: "worktreeconfig", bare: "true"),
               Self.isTrue(value) {
                paths.append(repository.gitDirectory + "/config.worktree")
            }
        }
        return paths
    }

    /// The repository's git directory and common directory (they differ in
    /// a linked worktree), and the directory its `.git` was found in (nil
    /// with `GIT_DIR`).
    func repositoryDirectories() -> (gitDirectory: String, common: String, top: String?)? {
        var gitDirectory: String?, top: String?
        if let explicit = nonEmpty(environment("GIT_DIR")) {
            gitDirectory = explicit.hasPrefix("/") ? explicit : directory + "/" + explicit
        } else {
            var candidate = directory
            // git stops at another file system unless told to go on (GIT_DISCOVERY_ACROSS_FILESYSTEM).
            let device = Files.device(directory)
            let across = environment("GIT_DISCOVERY_ACROSS_FILESYSTEM")
            // A value that is no boolean is an error to git: not decided here.
            if let across, !Self.isBoolean(across) { return nil }
            let acrossFileSystems = Self.isTrue(across)
            // A `.git` directory that git would not take for a repository is passed over, as git does;
            // a `.git` file that names none is an error to git ("not a git repository"): not decided here.
            while gitDirectory == nil {
                let dotGit = candidate + "/.git"
                if Files.isDirectory(dotGit), Self.isRepository(dotGit) {
                    gitDirectory = dotGit
                    top = candidate
                } else if let text = try? Files.read(dotGit), let line = String(validating: text, as: UTF8.self),
                          line.hasPrefix("gitdir:"),
                          case let target = line.dropFirst("gitdir:".count).trimmingWhitespace(),
                          Self.isRepository(target.hasPrefix("/") ? target : candidate + "/" + target) {
                    gitDirectory = target.hasPrefix("/") ? target : candidate + "/" + target
                    top = candidate
                } else {
                    guard [.absent, .directory].contains(Files.presence(dotGit)) else { return nil }
                    // A git directory itself (a bare repository, or inside `.git`): git takes it before looking further up.
                    if Self.isRepository(candidate) { return nil }
                    guard let slash = candidate.lastIndex(of: "/"), candidate != "/" else { return nil }
                    candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
                    guard acrossFileSystems || (device != nil && Files.device(candidate) == device) else { return nil }
                    if candidate == "/" && Files.isDirectory("/.git") && Self.isRepository("/.git") { gitDirectory = "/.git"; top = "/" }
                    if candidate == "/" && gitDirectory == nil { return nil }
                }
            }
        }
        guard let gitDirectory else { return nil }
        return (gitDirectory, Self.commonDirectory(of: gitDirectory), top)
    }

    /// The directory a git directory shares objects, refs and config with:
    /// its `commondir` in a linked worktree, else itself.
    static func commonDirectory(of gitDirectory: String) -> String {
        guard let text = try? Files.read(gitDirectory + "/commondir"), let line = String(validating: text, as: UTF8.self) else {
            return gitDirectory
        }
        let target = line.trimmingWhitespace()
        if target.isEmpty { return gitDirectory }
        return target.hasPrefix("/") ? target : gitDirectory + "/" + target
    }

    /// Whether git takes `gitDirectory` for a repository (`is_git_directory`):
    /// a `HEAD` that is `ref: refs/…` or a commit id, and `objects` and
    /// `refs` directories (in the common directory of a linked worktree).
    static func isRepository(_ gitDirectory: String) -> Bool {
        let common = commonDirectory(of: gitDirectory)
        guard Files.isDirectory(common + "/objects"), Files.isDirectory(common + "/refs"),
              let head = try? Files.read(gitDirectory + "/HEAD") else { return false }
        let text = String(decoding: head, as: UTF8.self)
        if text.hasPrefix("ref: refs/") { return true }
        let id = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
        return (id.count == 40 || id.count == 64) && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The settings in `names` that `GIT_CONFIG_COUNT`'s pairs, then
    /// `GIT_CONFIG_PARAMETERS` (`git -c`), set (the last wins): what git
    /// adds to its files, and libgit2 never reads; nil when undecided.
    func fromEnvironment(_ names: Set<String>) -> [String: String]? {
        var found: [String: String] = [:]
        if let countText = nonEmpty(environment("GIT_CONFIG_COUNT")) {
            guard let count = Self.integer(countText), count >= 0 else { return nil }
            for index in 0..<count {
                guard let name = environment("GIT_CONFIG_KEY_\(index)"), let value = environment("GIT_CONFIG_VALUE_\(index)") else {
                    return nil
                }
                let canonical = Self.canonical(name)
                if canonical == "include.path" || canonical.hasPrefix("includeif.") { return nil }
                if names.contains(canonical) { found[canonical] = value }
            }
        }
        if let parameters = nonEmpty(environment("GIT_CONFIG_PARAMETERS")) {
            guard let pairs = Self.parameters(parameters) else { return nil }
            for (name, value) in pairs {
                let canonical = Self.canonical(name)
                if canonical == "include.path" || canonical.hasPrefix("includeif.") { return nil }
                if names.contains(canonical) {
                    guard let value else { return nil }
                    found[canonical] = value
                }
            }
        }
        return found
    }

    /// A variable's name as git keeps it: section and key in lower case,
    /// the subsection between them as written.
    static func canonical(_ name: String) -> String {
        guard let first = name.firstIndex(of: "."), let last = name.lastIndex(of: ".") else { return name.lowercased() }
        return name[..<first].lowercased() + name[first..<last] + name[last...].lowercased()
    }

    /// `GIT_CONFIG_PARAMETERS` as git writes it (`sq_quote`): shell
    /// single-quoted items separated by spaces, `'name'='value'` (or `'name=value'`, the older
    /// form); nil when it is not that.
    static func parameters(_ text: String) -> [(String, String?)]? {
        var items: [(String, String?)] = []
        var bytes = Array(text.utf8)[...]
        func quoted() -> String? {
            var result: [UInt8] = []
            while true {
                guard bytes.first == UInt8(ascii: "'") else { return nil }
                bytes.removeFirst()
                guard let end = bytes.firstIndex(of: UInt8(ascii: "'")) else { return nil }
                result += bytes[..<end]
                bytes = bytes[(end + 1)...]
                // 'it'\''s', 'wow'\!'': a quote or `!` written outside the quotes, which reopen.
                guard bytes.first == UInt8(ascii: "\\") else { return String(decoding: result, as: UTF8.self) }
                let rest = bytes.dropFirst()
                guard let escaped = rest.first, escaped == UInt8(ascii: "'") || escaped == UInt8(ascii: "!"),
                      rest.dropFirst().first == UInt8(ascii: "'") else { return nil }
                result.append(escaped)
                bytes = rest.dropFirst()
            }
        }
        func isSpace(_ byte: UInt8?) -> Bool {
            byte.map { $0 == UInt8(ascii: " ") || ($0 >= 9 && $0 <= 13) } ?? false
        }
        while true {
            while isSpace(bytes.first) { bytes.removeFirst() }
            if bytes.isEmpty { return items }
            guard let first = quoted() else { return nil }
            if bytes.first == UInt8(ascii: "=") {
                bytes.removeFirst()
                if bytes.first == UInt8(ascii: "'") {
                    guard let value = quoted() else { return nil }
                    items.append((first, value))
                } else {
                    items.append((first, ""))
                }
            } else if let equals = first.firstIndex(of: "=") {
                items.append((String(first[..<equals]), String(first[first.index(after: equals)...])))
            } else {
                items.append((first, nil))
            }
            guard bytes.isEmpty || isSpace(bytes.first) else { return nil }
        }
    }

    /// Whether git reads `value` as a boolean: `true`, `false`, `yes`, `no`, `on`, `off`, empty, or a number.
    static func isBoolean(_ value: String) -> Bool {
        ["true", "false", "yes", "no", "on", "off", ""].contains(value.lowercased()) || integer(value) != nil
    }

    /// git's booleans: true, yes, on, or a non-zero number as git reads one.
    static func isTrue(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        if ["true", "yes", "on"].contains(value) { return true }
        return integer(value).map { $0 != 0 } ?? false
    }

    /// A number as git reads one (`git_parse_signed`): `strtol` in base 0
    /// (`0x1`, `010`, leading blanks), then an optional `k`, `m` or `g`.
    static func integer(_ text: String) -> Int? {
        text.withCString { start -> Int? in
            var end: UnsafeMutablePointer<CChar>?
            errno = 0
            let value = strtol(start, &end, 0)
            guard errno == 0, let end, end != UnsafeMutablePointer(mutating: start) else { return nil }
            let rest = String(cString: end).lowercased()
            switch rest {
            case "": return value
            case "k": return value.multipliedReportingOverflow(by: 1 << 10).overflow ? nil : value << 10
            case "m": return value.multipliedReportingOverflow(by: 1 << 20).overflow ? nil : value << 20
            case "g": return value.multipliedReportingOverflow(by: 1 << 30).overflow ? nil : value << 30
            default: return nil
            }
        }
    }

    private func nonEmpty(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension StringProtocol {
    fileprivate func trimmingWhitespace() -> String {
        var text = String(String.UnicodeScalarView(unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }))
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" { text.removeLast() }
        return text
    }
}
