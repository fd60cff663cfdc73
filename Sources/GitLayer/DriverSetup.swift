import PlatformLayer
import SemanticDiff
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
        var attributes = try LineFile(path: attributesPath)
        if !attributes.lines.contains(where: DriverSetup.isAttributesLine) {
            attributes.append(DriverSetup.attributesLine)
            try attributes.write()
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
        if !changes.isEmpty, try removeEmptySections(configurationName) {
            changes.append("\(configurationName): removed (nothing else was in it)")
        }
        var attributes = try LineFile(path: attributesPath)
        let count = attributes.lines.count
        attributes.lines.removeAll(where: DriverSetup.isAttributesLine)
        if attributes.lines.count != count {
            if attributes.lines.allSatisfy({ $0.trimmingSpaces().isEmpty }) {
                removeFile(attributesPath)
                removeEmptyDirectories(above: attributesPath)
                changes.append("\(attributesPath): removed (it held only \(DriverSetup.attributesLine))")
            } else {
                try attributes.write()
                changes.append("\(attributesPath): removed \(DriverSetup.attributesLine)")
            }
        }
        return changes
    }

    /// Whether `line` is the attribute install adds, whatever its spacing.
    static func isAttributesLine(_ line: String) -> Bool {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) == DriverSetup.attributesLine.split(separator: " ")
    }

    /// Removes the directories install may have created above a global
    /// attributes file (git's `…/git`, then `~/.config`), if they are empty.
    private func removeEmptyDirectories(above path: String) {
        guard scope == .global, let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        guard directory.hasSuffix("/git"), removeDirectoryIfEmpty(directory) else { return }
        let parent = String(directory.dropLast(4))
        if parent.hasSuffix("/.config") { removeDirectoryIfEmpty(parent) }
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
    /// with nothing under them (libgit2 removes entries, not sections), and
    /// a global file left with nothing in it at all; true if the file went.
    private func removeEmptySections(_ path: String) throws(GitError) -> Bool {
        var file = try LineFile(path: path)
        var kept: [String] = []
        for (index, line) in file.lines.enumerated() {
            let header = line.trimmingSpaces()
            if header == "[merge \"xcstrings\"]" || header == "[diff \"xcstrings\"]" {
                let next = file.lines[(index + 1)...].first { !$0.trimmingSpaces().isEmpty }?.trimmingSpaces()
                if next == nil || next!.hasPrefix("[") { continue }
            }
            kept.append(line)
        }
        if scope == .global && kept.allSatisfy({ $0.trimmingSpaces().isEmpty }) {
            return removeFile(path)
        }
        if kept.count != file.lines.count {
            file.lines = kept
            try file.write()
        }
        return false
    }
}

/// A small text file as lines, each kept with the line end it had, for
/// `.gitattributes` and git's config files.
struct LineFile {
    let path: String
    /// The lines without their LF; a line that ended with CR LF keeps its CR.
    var lines: [String]

    init(path: String) throws(GitError) {
        self.path = path
        guard Files.exists(path) else {
            lines = []
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path)
        } catch {
            throw GitError(error.description)
        }
        // Split on bytes: in Swift, "\r\n" is one Character and never equals "\n".
        var parts = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true { parts.removeLast() }
        lines = parts.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Adds `line` with the file's line end: CR LF when its last line has one.
    mutating func append(_ line: String) {
        lines.append(lines.last?.utf8.last == 0x0D ? line + "\r" : line)
    }

    func write() throws(GitError) {
        do {
            try makeDirectories(forFile: path)
            try AtomicFile.write(Array(lines.map { $0 + "\n" }.joined().utf8), to: path)
        } catch {
            throw GitError(error.description)
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
