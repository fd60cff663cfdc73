import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff
/// `git xcstrings uninstall`: undo `install`.
enum UninstallCommand: Command {
    static let name = "uninstall"
    static let synopsis = "git xcstrings uninstall [--global]"
    static let summary = "Remove exactly what install added."
    static let details = """
        options:
          --global     undo a global install
          -h, --help   show this help

        Removes the merge.xcstrings and diff.xcstrings settings install wrote
        (not another tool's under the same names) and its line in the
        attributes file (the file too, if nothing else is left). A line that
        is committed in .gitattributes is the team's: it is kept, and said.
        The pre-commit hook of install --hooks goes too (another hook stays).
        """
    static let spec = Arguments.Spec(flags: ["global", "help"], aliases: ["h": "help"])

    static func run(_ arguments: Arguments, keyOrder: KeyOrder) -> Int32 {
        guard arguments.positional.isEmpty else { return Tool.usageFailure(self, "unexpected argument '\(arguments.positional[0])'") }
        let setup = DriverSetup(scope: arguments.has("global") ? .global : .repository, executable: "git-xcstrings",
                                gitPassesLabels: false)
        do {
            var report = try setup.uninstall()
            if !arguments.has("global"), let directory = (try? RepositoryLocation.gitPath("hooks")).map({ $0 + "/" }),
               let removed = PreCommitHook.uninstall(from: directory) {
                report.changes.append("removed the pre-commit hook \(removed)")
            }
            if report.changes.isEmpty && report.keptAlone.isEmpty {
                Console.out("git-xcstrings was not installed\(arguments.has("global") ? " globally" : " in this repository")\n")
            }
            for change in report.changes { Console.out(change + "\n") }
            for kept in report.keptAlone { Console.out("kept: " + kept + "\n") }
            return ExitStatus.success
        } catch {
            Console.error("error: \(error)")
            return ExitStatus.failure
        }
    }
}
