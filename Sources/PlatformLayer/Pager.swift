#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Long output through a pager, as git pages `git diff`: the command runs
/// with `sh -c`, reading what this process writes to standard output (and
/// to standard error, when that is the same terminal), and this process
/// waits for it before exiting. `LESS=FRX` and `LV=-c` are set unless they
/// are, so that `less` quits on one screen, keeps colours and leaves the
/// screen as it is.
public final class Pager {
    private let pid: pid_t
    /// Standard error as it was, when it was sent to the pager too.
    private let savedError: Int32?

    private init(pid: pid_t, savedError: Int32?) {
        self.pid = pid
        self.savedError = savedError
    }

    /// The pager git would use: `GIT_PAGER`, then `core.pager` (given),
    /// then `PAGER`, then `less`; nil for `cat` or an empty command, which
    /// mean no pager.
    public static func command(configured: String?) -> String? {
        let chosen = ProcessEnvironment.value("GIT_PAGER") ?? configured ?? ProcessEnvironment.value("PAGER") ?? "less"
        let trimmed = chosen.trimmingSpaces
        return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
    }

    /// Starts `command` with this process's standard output (and error, when
    /// it is the same terminal) going to it; nil when it cannot be started,
    /// and the output then goes where it went.
    public static func start(_ command: String) -> Pager? {
        setenv("LESS", "FRX", 0)
        setenv("LV", "-c", 0)
        guard let ends = ChildProcess.pipe() else { return nil }
        guard case .success(let pid) = ChildProcess.spawn(["/bin/sh", "-c", command], searchingPath: false, input: ends.read) else {
            close(ends.read)
            close(ends.write)
            return nil
        }
        close(ends.read)
        let savedError = isatty(1) != 0 && isatty(2) != 0 ? dup(2) : nil
        dup2(ends.write, 1)
        if let savedError, savedError >= 0 { dup2(ends.write, 2) }
        close(ends.write)
        // A pager that quits early must not kill this process with SIGPIPE.
        ProcessEnvironment.ignoreBrokenPipe()
        return Pager(pid: pid, savedError: savedError.flatMap { $0 >= 0 ? $0 : nil })
    }

    /// Closes the pager's input and waits for it to finish.
    public func finish() {
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            dup2(null, 1)
            close(null)
        }
        if let savedError {
            dup2(savedError, 2)
            close(savedError)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\n" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\n" { text.removeLast() }
        return String(text)
    }
}
