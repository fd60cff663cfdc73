#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Long output through a pager, as git pages `git diff`: the command (git's
/// choice: `git var GIT_PAGER`) runs with `sh -c`, reading what this process writes to standard output (and
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

    /// `command` (as `git var GIT_PAGER` gives it) as a pager to start;
    /// nil for `cat` or an empty command, which mean no pager.
    public static func command(_ command: String?) -> String? {
        guard let trimmed = command?.trimmingSpaces, !trimmed.isEmpty, trimmed != "cat" else { return nil }
        return trimmed
    }

    /// Starts `command` with this process's standard output (and error, when
    /// it is the same terminal) going to it; nil when it cannot be started,
    /// and the output then goes where it went.
    public static func start(_ command: String) -> Pager? {
        guard let ends = ChildProcess.closedOnExecPipe() else { return nil }
        var environment: [String: String] = [:]
        if ProcessEnvironment.value("LESS") == nil { environment["LESS"] = "FRX" }
        if ProcessEnvironment.value("LV") == nil { environment["LV"] = "-c" }
        let started = ChildProcess.spawn("/bin/sh", ["sh", "-c", command], environment: ProcessEnvironment.all(adding: environment),
                                         input: ends.read)
        guard case .success(let pid) = started else {
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
        _ = ChildProcess.wait(pid)
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
