/// Registering git-xcstrings with git: the merge and diff drivers in git's
/// configuration, and the attribute that sends `*.xcstrings` files to them.
public struct DriverSetup {
    public enum Scope: Sendable {
        /// The repository's `.git/config` and `.gitattributes` at its top.
        case repository
        /// The user's `~/.gitconfig` and git's global attributes file.
        case global
    }

    /// The attribute line install adds.
    public static let attributesLine = "*.xcstrings merge=xcstrings diff=xcstrings"

    public var scope: Scope
    /// The command that runs git-xcstrings: `git-xcstrings`, or an absolute path.
    public var executable: String
    /// Whether git passes the labels of the three versions to drivers (%S %X %Y, git 2.44+).
    public var gitPassesLabels: Bool
    /// Where to look for the repository (any directory inside it).
    public var directory: String

    public init(scope: Scope, executable: String, gitPassesLabels: Bool, directory: String = ".") {
        self.scope = scope
        self.executable = executable
        self.gitPassesLabels = gitPassesLabels
        self.directory = directory
    }

    /// The configuration install writes, name to value.
    public var settings: [(name: String, value: String)] {
        var driver = "\(executable) merge --marker-size %L --path %P"
        if gitPassesLabels { driver += " --label-base %S --label-ours %X --label-theirs %Y" }
        driver += " %O %A %B"
        return [
            ("merge.xcstrings.name", "String Catalog merge (git-xcstrings)"),
            ("merge.xcstrings.driver", driver),
            ("diff.xcstrings.textconv", "\(executable) textconv"),
        ]
    }

    /// Writes the settings and the attribute; returns what it changed, in words.
    public func install() throws(GitError) -> [String] {
        let (configuration, configurationName, attributesPath) = try locations()
        var changes: [String] = []
        for (name, value) in settings where configuration.string(name) != value {
            try configuration.set(name, value)
            changes.append("\(configurationName): \(name) = \(value)")
        }
        var lines = try readLines(attributesPath)
        if !lines.contains(where: { $0.split(whereSeparator: \.isWhitespace) == DriverSetup.attributesLine.split(separator: " ") }) {
            lines.append(DriverSetup.attributesLine)
            try writeLines(lines, to: attributesPath)
            changes.append("\(attributesPath): added \(DriverSetup.attributesLine)")
        }
        return changes
    }

    /// Removes exactly what ``install()`` adds; returns what it changed.
    public func uninstall() throws(GitError) -> [String] {
        let (configuration, configurationName, attributesPath) = try locations()
        var changes: [String] = []
        for name in ["merge.xcstrings.name", "merge.xcstrings.driver", "diff.xcstrings.textconv"] where try configuration.remove(name) {
            changes.append("\(configurationName): removed \(name)")
        }
        if !changes.isEmpty { try removeEmptySections(configurationName) }
        let lines = try readLines(attributesPath)
        let kept = lines.filter { $0.split(whereSeparator: \.isWhitespace) != DriverSetup.attributesLine.split(separator: " ") }
        if kept.count != lines.count {
            if kept.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
                _ = removeFile(attributesPath)
                changes.append("\(attributesPath): removed (it held only \(DriverSetup.attributesLine))")
            } else {
                try writeLines(kept, to: attributesPath)
                changes.append("\(attributesPath): removed \(DriverSetup.attributesLine)")
            }
        }
        return changes
    }

    /// The configuration to write, its name in messages, and the attributes file.
    private func locations() throws(GitError) -> (Configuration, String, String) {
        switch scope {
        case .repository:
            let repository = try Repository(discoveringFrom: directory)
            guard let workTree = repository.workTree else {
                throw GitError("\(repository.gitDirectory) is a bare repository: use --global")
            }
            return (try Configuration.local(repository), repository.gitDirectory + "config", workTree + ".gitattributes")
        case .global:
            let (configuration, path) = try Configuration.global()
            var attributes = configuration.string("core.attributesFile")
            if let file = attributes, file.hasPrefix("~/"), let home = ProcessEnvironment.value("HOME") {
                attributes = home + file.dropFirst()
            }
            if attributes == nil {
                if let xdg = ProcessEnvironment.value("XDG_CONFIG_HOME"), !xdg.isEmpty {
                    attributes = xdg + "/git/attributes"
                } else if let home = ProcessEnvironment.value("HOME") {
                    attributes = home + "/.config/git/attributes"
                }
            }
            guard let attributes else { throw GitError("cannot find git's global attributes file: set HOME") }
            return (configuration, path, attributes)
        }
    }

    /// Drops the `[merge "xcstrings"]` and `[diff "xcstrings"]` headers left
    /// with nothing under them (libgit2 removes entries, not sections).
    private func removeEmptySections(_ path: String) throws(GitError) {
        let lines = try readLines(path)
        var kept: [String] = []
        for (index, line) in lines.enumerated() {
            let header = line.trimmingSpaces()
            if header == "[merge \"xcstrings\"]" || header == "[diff \"xcstrings\"]" {
                let next = lines[(index + 1)...].first { !$0.trimmingSpaces().isEmpty }?.trimmingSpaces()
                if next == nil || next!.hasPrefix("[") { continue }
            }
            kept.append(line)
        }
        if kept.count != lines.count { try writeLines(kept, to: path) }
    }

    private func readLines(_ path: String) throws(GitError) -> [String] {
        guard FileBytes.exists(path) else { return [] }
        do {
            let text = String(decoding: try FileBytes.read(path), as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        } catch {
            throw GitError(error.description)
        }
    }

    private func writeLines(_ lines: [String], to path: String) throws(GitError) {
        do {
            try makeDirectories(forFile: path)
            try AtomicFile.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: path)
        } catch {
            throw GitError(error.description)
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
