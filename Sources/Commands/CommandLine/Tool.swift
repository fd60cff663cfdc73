import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `git-xcstrings` executable: dispatches to a ``Command``.
public enum Tool {
    /// The commands, in the order `--help` lists them.
    static let commands: [any Command.Type] = [
        MergeCommand.self,
        ResolveCommand.self,
        DiffCommand.self,
        CheckCommand.self,
        TextconvCommand.self,
        InstallCommand.self,
        UninstallCommand.self,
        FormatCommand.self,
        CompletionCommand.self,
    ]

    static var version: String { Runner.version }

    static func usageFailure(_ command: any Command.Type, _ message: String) -> Int32 {
        Runner.usageFailure(command, message)
    }

    /// ` (did you mean 'diff'?)` for a name one or two edits from a command's, else nothing.
    static func suggestion(for name: String) -> String {
        let names = commands.map { $0.name } + ["help", "version"]
        let close = names.map { ($0, editDistance(name.lowercased(), $0)) }.filter { $0.1 <= 2 && $0.1 < $0.0.count }
        guard let best = close.min(by: { $0.1 < $1.1 }) else { return "" }
        return " (did you mean '\(best.0)'?)"
    }

    /// Levenshtein's distance between two names.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        var row = Array(0...y.count)
        for i in 1...x.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: y.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (x[i - 1] == y[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[y.count]
    }

    /// `git xcstrings help --help`.
    static let helpOfHelp = """
        usage: git xcstrings help [COMMAND | --man]

        Prints the list of commands, a command's options (as COMMAND --help
        does), or with --man the manual page in roff ('git help xcstrings'
        shows it through man).

        """

    static func mainHelp() -> String {
        var text = "usage: git xcstrings <command> [<args>]\n\n"
        text += "A merge driver and semantic diff for Apple String Catalogs (.xcstrings).\n\ncommands:\n"
        let width = commands.map { $0.name.count }.max()! + 2
        for command in commands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary + "\n"
        }
        text += "\n  --version   print the version and the libgit2 it runs on\n"
        text += "\nSee 'git xcstrings help <command>' for a command's options ('git help xcstrings' for the manual).\n"
        return text
    }

    /// `git-xcstrings`: the command `arguments` name, keys ordered by `keyOrder`.
    public static func run(_ arguments: [String], keyOrder: KeyOrder) -> Int32 {
        Runner.finish(dispatch(arguments, keyOrder: keyOrder))
    }

    private static func dispatch(_ arguments: [String], keyOrder: KeyOrder) -> Int32 {
        Runner.prepare()
        guard let first = arguments.first else {
            Console.write(Array(mainHelp().utf8), to: 2)
            return ExitStatus.failure
        }
        switch first {
        case "-h", "--help", "help":
            if arguments.count > 1 && arguments[1] == "--man" {
                Console.out(ManPage.roff(commands: commands, version: version))
            } else if arguments.count > 1 && ["help", "--help", "-h"].contains(arguments[1]) {
                Console.out(helpOfHelp)
            } else if arguments.count > 1 {
                guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                    Console.error("error: no command '\(arguments[1])'\(suggestion(for: arguments[1])). See 'git xcstrings help'.")
                    return ExitStatus.failure
                }
                Console.out(command.help + "\n")
            } else {
                Console.out(mainHelp())
            }
            return ExitStatus.success
        case "--version", "version":
            Console.out("git-xcstrings \(version) (libgit2 \(GitLibrary.version))\n")
            return ExitStatus.success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            Console.error("error: '\(first)' is not a git xcstrings command\(suggestion(for: first)). See 'git xcstrings help'.")
            return ExitStatus.failure
        }
        return Runner.run(command, Array(arguments.dropFirst())) { command.run($0, keyOrder: keyOrder) }
    }
}
