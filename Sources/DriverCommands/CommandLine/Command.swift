import SemanticDiff
import PlatformLayer
import GitProcess
/// One subcommand of `git xcstrings`.
package protocol Command: Sendable {
    static var name: String { get }
    /// The synopsis, as in `git help`: `git xcstrings fmt [--check] [-p] FILE…`.
    static var synopsis: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The rest of `--help`: options and what the command does.
    static var details: String { get }
    static var spec: Arguments.Spec { get }
    /// Runs the command; the result is the process's exit status.
    static func run(_ arguments: Arguments, keyOrder: KeyOrder) -> Int32
}

extension Command {
    package static var help: String {
        "usage: \(synopsis)\n\n\(summary)\n\n\(details)"
    }
}

/// Exit statuses shared by every command.
package enum ExitStatus {
    package static let success: Int32 = 0
    /// Conflicts remain, files need formatting, changes were found with --exit-code.
    package static let attention: Int32 = 1
    /// Wrong arguments, unreadable or invalid input.
    package static let failure: Int32 = 2
}
