import PlatformLayer
import SemanticDiff

/// The program git starts once per file loads neither libgit2 nor
/// Foundation, to start in about a millisecond. When a merge or textconv
/// meets a pair of keys only Foundation can order, the whole job goes to
/// `git-xcstrings`, which has Foundation: the same command and arguments,
/// run in this process's place (one `execv`, nothing to talk over).
/// Nothing has been written by then: a merge and textconv order every key
/// before they write anything.
package enum HandOff {
    /// The key order of a run of `git-xcstrings-merge` whose command line,
    /// as `git-xcstrings` takes it, is `arguments`.
    package static func keyOrder(_ arguments: [String]) -> KeyOrder {
        KeyOrder(Reference(arguments: arguments))
    }

    /// Runs `git-xcstrings` with `arguments` in this process's place:
    /// found beside this program, else on `PATH`. Returns only why it could not.
    static func run(_ arguments: [String]) -> String {
        guard let tool = ProcessEnvironment.sibling("git-xcstrings") else {
            return "git-xcstrings is neither next to this program nor on PATH"
        }
        return ProcessEnvironment.replaceProcess(with: tool, arguments: ["git-xcstrings"] + arguments)
    }

    /// Foundation, reached by handing the job over. Where `git-xcstrings`
    /// cannot be run, the keys are ordered by their Unicode scalars, and said.
    private final class Reference: KeyReference, @unchecked Sendable {
        let arguments: [String]
        private let monitor = Monitor()
        private var failed = false

        init(arguments: [String]) {
            self.arguments = arguments
        }

        func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
            monitor.withLock {
                guard !failed else { return }
                failed = true
                let failure = HandOff.run(arguments)
                Console.error("warning: keys only Foundation can order need git-xcstrings, which could not be run "
                              + "(\(failure)): they are in Unicode code point order, which may not be Xcode's")
            }
            return UnicodeScalarOrder().compare(a, b)
        }
    }
}
