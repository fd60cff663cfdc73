import PlatformLayer
import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every program of the tool does around a command: its set-up, its
/// help, argument errors, and the exit status.
package enum Runner {
    package static let version = "0.1.0"

    /// The signal handlers every run needs first.
    package static func prepare() {
        TruncationGuard.install()
        ProcessEnvironment.ignoreBrokenPipe()
    }

    package static func usageFailure(_ command: any Command.Type, _ message: String) -> Int32 {
        Console.error("error: \(message)")
        Console.error("usage: \(command.synopsis)")
        Console.error("(see 'git xcstrings help \(command.name)')")
        return ExitStatus.failure
    }

    /// `status`, or a failure when standard output did not take what was written.
    package static func finish(_ status: Int32) -> Int32 {
        if let failure = Console.outputFailure {
            Console.error("error: write failure on standard output: \(String(cString: strerror(failure)))")
            return ExitStatus.failure
        }
        return status
    }

    /// `command` with the arguments after its name: its help, or `body`
    /// with them parsed.
    package static func run(_ command: any Command.Type, _ rest: [String], _ body: (Arguments) -> Int32) -> Int32 {
        if Arguments.askForHelp(rest, spec: command.spec) {
            Console.out(command.help + "\n")
            return ExitStatus.success
        }
        do {
            return body(try Arguments(rest, spec: command.spec))
        } catch {
            return usageFailure(command, error.message)
        }
    }
}

/// `git-xcstrings-merge`: the program git starts once per file, which
/// loads neither libgit2 nor Foundation. With `--textconv FILE`, the diff
/// driver's text (`git xcstrings textconv`); else the merge driver (`git
/// xcstrings merge`). Keys only Foundation can order hand the whole run to
/// `git-xcstrings` (``HandOff``).
public enum Driver {
    public static func run(_ arguments: [String]) -> Int32 {
        Runner.prepare()
        if arguments == ["--version"] {
            Console.out("git-xcstrings-merge \(Runner.version)\n")
            return ExitStatus.success
        }
        if arguments.first == "--textconv" {
            let rest = Array(arguments.dropFirst())
            let keyOrder = HandOff.keyOrder(["textconv"] + rest)
            return Runner.finish(Runner.run(TextconvCommand.self, rest) { TextconvCommand.run($0, keyOrder: keyOrder) })
        }
        let keyOrder = HandOff.keyOrder(["merge"] + arguments)
        return Runner.finish(Runner.run(MergeCommand.self, arguments) { MergeCommand.run($0, keyOrder: keyOrder) })
    }
}
