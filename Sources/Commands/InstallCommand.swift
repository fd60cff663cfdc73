import PlatformLayer
import GitLayer
import SemanticDiff

/// `git xcstrings install`: register the drivers with git.
enum InstallCommand: Command {
    static let name = "install"
    static let synopsis = "git xcstrings install [--global]"
    static let summary = "Register the merge driver with git (once per repository, or --global)."
    static let details = """
        options:
          --global     write to your global git configuration and global
                       attributes file instead of this repository's
          -h, --help   show this help

        Writes merge.xcstrings.name, merge.xcstrings.driver and
        diff.xcstrings.textconv (so git diff and git log -p show one line per
        translation) into .git/config (or ~/.gitconfig) through libgit2, and
        adds the line
            \(DriverSetup.attributesLine)
        to .gitattributes at the top of the work tree (or git's global
        attributes file) unless it is there. Run it again at any time: it
        changes only what is missing or an earlier install wrote; a setting of
        another tool under the same name is kept, with a warning, and the exit
        status is 1. Works from any directory of the work tree.
        `git xcstrings uninstall` removes exactly what it adds.
        """
    static let spec = Arguments.Spec(flags: ["global", "help"], aliases: ["h": "help"])

    static func run(_ arguments: Arguments) -> Int32 {
        guard arguments.positional.isEmpty else { return Tool.usageFailure(self, "unexpected argument '\(arguments.positional[0])'") }
        let setup = DriverSetup(scope: arguments.has("global") ? .global : .repository,
                                executable: executableCommand(),
                                gitPassesLabels: gitPassesLabels())
        do {
            let report = try setup.install()
            if report.changes.isEmpty && report.keptAlone.isEmpty {
                Console.out("git-xcstrings is already installed\(arguments.has("global") ? " globally" : " in this repository")\n")
            }
            for change in report.changes { Console.out(change + "\n") }
            for kept in report.keptAlone { Console.error("warning: " + kept) }
            return report.keptAlone.isEmpty ? ExitStatus.success : ExitStatus.attention
        } catch {
            Console.error("error: \(error)")
            return ExitStatus.failure
        }
    }

    /// How git should run this executable: by name when that is what PATH
    /// finds, else by its absolute path (quoted for the shell).
    static func executableCommand() -> String {
        guard let running = ProcessEnvironment.executablePath() else { return "git-xcstrings" }
        if let found = ProcessEnvironment.which("git-xcstrings"),
           ProcessEnvironment.realPath(found) == ProcessEnvironment.realPath(running) {
            return "git-xcstrings"
        }
        return "'" + running.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Whether the installed git passes %S %X %Y to merge drivers (2.44+).
    static func gitPassesLabels() -> Bool {
        guard let output = Subprocess.output(["git", "--version"]) else { return false }
        let numbers = output.split(separator: " ").dropFirst(2).first?.split(separator: ".").compactMap { Int($0) } ?? []
        guard numbers.count >= 2 else { return false }
        return numbers[0] > 2 || (numbers[0] == 2 && numbers[1] >= 44)
    }
}
