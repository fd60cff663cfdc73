import PlatformLayer

/// git itself, run as a program, for what only git answers exactly: its
/// configuration (`git -c`, `GIT_CONFIG_COUNT`, includes, the system file
/// of this git's build), the repository this process is in (`GIT_DIR`,
/// `--work-tree`, linked work trees), revision names, its line merge, and
/// the index of repositories libgit2 cannot read.
///
/// git passes what it was given to the programs it runs (drivers, hooks,
/// textconv) in their environment, so a `git` started here sees what the
/// `git` that started this process saw. Nothing here loads libgit2: the
/// merge driver uses this.
public enum Git {
    /// What a git command printed and how it ended.
    public struct Outcome: Sendable {
        public var status: Int32
        public var output: [UInt8]
        public var error: String

        public var text: String { String(decoding: output, as: UTF8.self) }

        /// The output's lines, without their line ends.
        public var lines: [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map(String.init)
        }

        /// git's message, on one line: `fatal: ` and `error: ` dropped.
        public var message: String {
            let line = error.split(separator: "\n").first.map(String.init) ?? ""
            for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
            return line.isEmpty ? "git exited with status \(status)" : line
        }
    }

    /// Runs `git` with `arguments` (and `input` on its standard input); nil
    /// when git cannot be run at all.
    public static func run(_ arguments: [String], input: [UInt8]? = nil) -> Outcome? {
        guard let result = Subprocess.run(["git"] + arguments, input: input) else { return nil }
        return Outcome(status: result.status, output: result.output, error: result.error)
    }

    /// ``run(_:input:)`` that must succeed: its output, or git's own message.
    public static func output(_ arguments: [String], input: [UInt8]? = nil) throws(GitError) -> Outcome {
        guard let outcome = run(arguments, input: input) else { throw GitError("git cannot be run: is it installed and on PATH?") }
        guard outcome.status == 0 else { throw GitError(outcome.message) }
        return outcome
    }
}

/// A failure of git or libgit2, in words for the user.
public struct GitError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
