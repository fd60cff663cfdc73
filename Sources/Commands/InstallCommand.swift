import PlatformLayer
import GitLayer
import SemanticDiff

/// `git xcstrings install`: register the drivers with git.
enum InstallCommand: Command {
    static let name = "install"
    static let synopsis = "git xcstrings install [--global | --hooks]"
    static let summary = "Register the merge driver with git (once per repository, or --global)."
    static let details = """
        options:
          --global     write to your global git configuration and global
                       attributes file instead of this repository's
          --hooks      also install a pre-commit hook (in core.hooksPath or
                       .git/hooks) that runs `check --staged` and `fmt --check`
                       on the catalogs each commit changes; a hook that is
                       not git-xcstrings' is never replaced (exit 1, with the
                       lines to add to it)
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
    static let spec = Arguments.Spec(flags: ["global", "hooks", "help"], aliases: ["h": "help"])

    static func run(_ arguments: Arguments) -> Int32 {
        guard arguments.positional.isEmpty else { return Tool.usageFailure(self, "unexpected argument '\(arguments.positional[0])'") }
        if arguments.has("hooks") && arguments.has("global") {
            return Tool.usageFailure(self, "hooks belong to a repository: run --hooks in each (or point core.hooksPath at one directory)")
        }
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
            var status = report.keptAlone.isEmpty ? ExitStatus.success : ExitStatus.attention
            if arguments.has("hooks") {
                let directory = try Repository(discoveringFrom: ".").hooksDirectory()
                switch try PreCommitHook(executable: executableCommand()).install(in: directory) {
                case .installed(let path): Console.out("installed the pre-commit hook \(path)\n")
                case .unchanged(let path): Console.out("the pre-commit hook \(path) is already installed\n")
                case .refused(let message):
                    Console.error("warning: " + message)
                    status = ExitStatus.attention
                }
            }
            return status
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
        return RepositoryPath.shellQuoted(running)
    }

    /// Whether the installed git passes %S %X %Y to merge drivers (2.44+).
    static func gitPassesLabels() -> Bool {
        guard let output = Subprocess.output(["git", "--version"]) else { return false }
        let numbers = output.split(separator: " ").dropFirst(2).first?.split(separator: ".").compactMap { Int($0) } ?? []
        guard numbers.count >= 2 else { return false }
        return numbers[0] > 2 || (numbers[0] == 2 && numbers[1] >= 44)
    }
}
