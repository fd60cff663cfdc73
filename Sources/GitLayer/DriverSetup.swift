import GitProcess
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
    /// The command git runs for a merge, before its arguments:
    /// `git-xcstrings-merge` (or its absolute path) where it is installed,
    /// else `git-xcstrings merge`.
    public var mergeDriver: String
    /// The command git runs to show a catalog as text: `git-xcstrings-merge
    /// --textconv` where it is installed, else `git-xcstrings textconv`.
    public var textconv: String
    /// Whether git passes the labels of the three versions to drivers (%S %X %Y, git 2.44+).
    public var gitPassesLabels: Bool
    public init(scope: Scope, executable: String, perFileProgram: String? = nil, gitPassesLabels: Bool) {
        self.scope = scope
        self.executable = executable
        mergeDriver = perFileProgram ?? executable + " merge"
        textconv = perFileProgram.map { $0 + " --textconv" } ?? executable + " textconv"
        self.gitPassesLabels = gitPassesLabels
    }

    /// The configuration install writes, name to value.
    public var settings: [(name: String, value: String)] {
        var driver = "\(mergeDriver) --marker-size %L --path %P"
        if gitPassesLabels { driver += " --label-base %S --label-ours %X --label-theirs %Y" }
        driver += " %O %A %B"
        return [
            ("merge.xcstrings.name", "String Catalog merge (git-xcstrings)"),
            ("merge.xcstrings.driver", driver),
            ("diff.xcstrings.textconv", textconv),
        ]
    }

    /// What install or uninstall did, in words: the changes, and what it
    /// left alone because it is not git-xcstrings' to change.
    public struct Report: Sendable {
        public var changes: [String] = []
        public var keptAlone: [String] = []
    }

    /// Whether a setting's value is git-xcstrings' own (this install's or an earlier one's).
    static func isOurs(_ value: String) -> Bool {
        // A search over bytes: String's contains(_:) would link the regular-expression engine into the tool.
        let text = Array(value.utf8), name = Array("git-xcstrings".utf8)
        guard text.count >= name.count else { return false }
        return (0...(text.count - name.count)).contains { text[$0..<$0 + name.count].elementsEqual(name) }
    }

    /// Writes the settings and the attribute. A setting someone else set
    /// (another driver under the same name) is left alone, and said.
    public func install() throws(GitError) -> Report {
        let (configurationName, attributesPath) = try locations()
        // Read first: an attributes file that cannot be read must stop the install before anything is written.
        var attributes = try LineFile(path: attributesPath)
        var report = Report()
        for (name, value) in settings {
            let existing = try GitConfig.value(name, in: gitScope)
            if existing == value { continue }
            if let existing, !Self.isOurs(existing) {
                report.keptAlone.append("\(configurationName): kept \(name) = \(existing), which is not git-xcstrings'; "
                                        + "unset it (git config --unset \(name)) and run install again to use git-xcstrings")
                continue
            }
            try GitConfig.set(name, value, in: gitScope)
            report.changes.append("\(configurationName): \(name) = \(value)" + (existing == nil ? "" : " (was \(existing!))"))
        }
        if !attributes.lines.contains(where: DriverSetup.routesCatalogs) {
            attributes.append(DriverSetup.attributesLine)
            try attributes.write()
            report.changes.append("\(attributesPath): added \(DriverSetup.attributesLine)")
        }
        return report
    }

    /// Removes what ``install()`` adds: git-xcstrings' settings (not
    /// someone else's under the same names), and the attribute line unless
    /// it is committed, which makes it the team's.
    public func uninstall() throws(GitError) -> Report {
        let (configurationName, attributesPath) = try locations()
        var report = Report()
        for (name, _) in settings {
            guard let existing = try GitConfig.value(name, in: gitScope) else { continue }
            guard Self.isOurs(existing) else {
                report.keptAlone.append("\(configurationName): kept \(name) = \(existing), which is not git-xcstrings'")
                continue
            }
            if try GitConfig.unset(name, in: gitScope) { report.changes.append("\(configurationName): removed \(name)") }
        }
        if !report.changes.isEmpty {
            GitConfig.removeSectionIfEmpty("merge.xcstrings", in: gitScope)
            GitConfig.removeSectionIfEmpty("diff.xcstrings", in: gitScope)
            if scope == .global, (try? LineFile(path: configurationName))?.lines.allSatisfy({ $0.trimmingSpaces().isEmpty }) == true,
               !Files.isSymbolicLink(configurationName), removeFile(configurationName) {
                report.changes.append("\(configurationName): removed (nothing else was in it)")
            }
        }
        var attributes = try LineFile(path: attributesPath)
        guard attributes.lines.contains(where: DriverSetup.isAttributesLine) else { return report }
        if let committed = committedAttributes(), committed.lines.contains(where: DriverSetup.isAttributesLine) {
            report.keptAlone.append("\(attributesPath): kept \(DriverSetup.attributesLine): it is committed, so the whole team's; "
                                    + "remove it in a commit if nobody wants the driver")
            return report
        }
        attributes.removeLines(where: DriverSetup.isAttributesLine)
        if attributes.lines.allSatisfy({ $0.trimmingSpaces().isEmpty }) && committedAttributes() == nil {
            if Files.isSymbolicLink(attributesPath) {
                try attributes.remove()
                report.changes.append("\(attributesPath): emptied (it held only \(DriverSetup.attributesLine); the symbolic link is kept)")
                return report
            }
            try attributes.remove()
            removeEmptyDirectories(above: attributesPath)
            report.changes.append("\(attributesPath): removed (it held only \(DriverSetup.attributesLine))")
        } else {
            try attributes.write()
            report.changes.append("\(attributesPath): removed \(DriverSetup.attributesLine)")
        }
        return report
    }

    /// `.gitattributes` as HEAD has it, for a repository install.
    private func committedAttributes() -> LineFile? {
        guard scope == .repository, let repository = try? Repository.open().0,
              let bytes = repository.committedFile(".gitattributes") else { return nil }
        return LineFile(path: "", bytes: bytes.array)
    }

    /// The words of an attributes line: its pattern and its attributes.
    static func words(_ line: String) -> [Substring] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
    }

    /// Whether `line` is the attribute install adds, whatever its spacing and order.
    static func isAttributesLine(_ line: String) -> Bool {
        let words = words(line)
        return words.first == "*.xcstrings" && Set(words.dropFirst()) == ["merge=xcstrings", "diff=xcstrings"]
    }

    /// Whether `line` already sends catalogs to both drivers (with other attributes too, maybe).
    static func routesCatalogs(_ line: String) -> Bool {
        let words = words(line)
        return words.first == "*.xcstrings" && Set(words.dropFirst()).isSuperset(of: ["merge=xcstrings", "diff=xcstrings"])
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

    var gitScope: GitConfig.Scope { scope == .global ? .global : .local }

    /// The configuration file written, for messages, and the attributes file.
    private func locations() throws(GitError) -> (String, String) {
        switch scope {
        case .repository:
            let location = try RepositoryLocation.find().0
            guard let workTree = location.workTree else {
                throw GitError("\(location.gitDirectory) is a bare repository: use --global")
            }
            return (try RepositoryLocation.gitPath("config"), workTree + "/.gitattributes")
        case .global:
            let home = ProcessEnvironment.value("HOME") ?? ""
            var attributes = try GitConfig.value("core.attributesFile", in: .global)
            if let file = attributes, file.hasPrefix("~/") { attributes = home + file.dropFirst() }
            let xdg = ProcessEnvironment.value("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
            if attributes == nil { attributes = xdg + "/git/attributes" }
            guard !home.isEmpty || ProcessEnvironment.value("GIT_CONFIG_GLOBAL") != nil else {
                throw GitError("cannot find git's global configuration: set HOME")
            }
            return (Self.globalConfigurationFile(home: home, xdg: xdg), attributes!)
        }
    }

    /// The file `git config --global` writes: `GIT_CONFIG_GLOBAL`, else
    /// `~/.gitconfig`, unless only git's XDG file exists.
    static func globalConfigurationFile(home: String, xdg: String) -> String {
        if let file = ProcessEnvironment.value("GIT_CONFIG_GLOBAL"), !file.isEmpty { return file }
        let dotfile = home + "/.gitconfig", xdgFile = xdg + "/git/config"
        return !Files.exists(dotfile) && Files.exists(xdgFile) ? xdgFile : dotfile
    }
}

/// A small text file as lines, each kept with the line end it had, for
/// `.gitattributes` and git's config files. Written back, it has the bytes
/// it was read with, but for the lines changed.
struct LineFile {
    let path: String
    /// The lines without their LF; a line that ended with CR LF keeps its CR.
    var lines: [String]
    /// Whether the last line ended with a line break (a file without one keeps it so).
    var endsWithLineBreak = true

    /// Reads the file at `path` (through a symbolic link); a missing file
    /// has no lines. Anything but a regular file (a FIFO would be waited on
    /// forever) is refused before it is opened.
    init(path: String) throws(GitError) {
        do {
            let target = try AtomicFile.destination(path)
            guard Files.exists(target) else {
                self.init(path: path, bytes: [])
                return
            }
            self.init(path: path, bytes: try Files.read(target))
        } catch {
            throw GitError(error.description)
        }
    }

    /// Removes the file, or, when it is a symbolic link (a dotfiles
    /// repository's), empties the file it points to and keeps the link.
    func remove() throws(GitError) {
        guard Files.isSymbolicLink(path) else {
            removeFile(path)
            return
        }
        var empty = self
        empty.lines = []
        try empty.write()
    }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        // Split on bytes: in Swift, "\r\n" is one Character and never equals "\n".
        var parts = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true { parts.removeLast() } else if !bytes.isEmpty { endsWithLineBreak = false }
        lines = parts.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the file's lines end with CR LF.
    var usesCRLF: Bool { lines.contains { $0.utf8.last == 0x0D } }

    /// Adds `line` with the file's line end (CR LF when its lines have one);
    /// in a file without a final line break, the line it follows gets one.
    mutating func append(_ line: String) {
        let crlf = usesCRLF
        if !endsWithLineBreak, crlf, let last = lines.indices.last, lines[last].utf8.last != 0x0D { lines[last] += "\r" }
        lines.append(crlf && endsWithLineBreak ? line + "\r" : line)
    }

    /// Removes the lines `shouldRemove` picks; in a file without a final line
    /// break, the line left last loses its CR too, as ``append(_:)`` added it.
    mutating func removeLines(where shouldRemove: (String) -> Bool) {
        lines.removeAll(where: shouldRemove)
        if !endsWithLineBreak, let last = lines.indices.last, lines[last].utf8.last == 0x0D { lines[last].removeLast() }
    }

    func write() throws(GitError) {
        var text = lines.joined(separator: "\n")
        if endsWithLineBreak && !lines.isEmpty { text += "\n" }
        do {
            try makeDirectories(forFile: path)
            try AtomicFile.write(Array(text.utf8), to: path)
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
