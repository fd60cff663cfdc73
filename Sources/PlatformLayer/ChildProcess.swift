#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting programs with `posix_spawn`: Foundation's `Process` waits for
/// its child through its run loop, which adds milliseconds to every `git`
/// the tool runs.
public enum ChildProcess {
    /// A pipe whose ends are closed in the programs this process starts
    /// (but for the end a child is given), never numbered 0, 1 or 2.
    static func closedOnExecPipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        // With standard input or output closed (`>&-`), a pipe would take its
        // number, and what this process prints would go down the pipe.
        for index in 0..<2 {
            let moved = fcntl(ends[index], F_DUPFD_CLOEXEC, 3)
            close(ends[index])
            ends[index] = moved
        }
        guard ends[0] >= 3, ends[1] >= 3 else {
            for end in ends where end >= 3 { close(end) }
            return nil
        }
        return (ends[0], ends[1])
    }

    /// Starts `program` (an absolute path) with `arguments` (the first being
    /// its name), `environment` (`NAME=value`), and the given descriptors as
    /// its standard input, output and error where given (else this
    /// process's). Signals are unblocked in the child; what this process
    /// ignores for itself (a closed pipe, a file size limit), and
    /// `defaultSignals`, take their default action there. The child's pid,
    /// or the error number.
    public static func spawn(_ program: String, _ arguments: [String], environment: [String],
                             input: Int32? = nil, output: Int32? = nil, error: Int32? = nil,
                             defaultSignals: [Int32] = []) -> Result<pid_t, SpawnError> {
        // The one difference in these calls' Swift signatures: an opaque pointer on Darwin, a structure in glibc.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) }
        if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) }
        if let error { posix_spawn_file_actions_adddup2(&actions, error, 2) }
        // What this process ignores for itself (a closed pipe, a file size limit) is the child's to decide.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGXFSZ] + defaultSignals { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let status = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        return status == 0 ? .success(pid) : .failure(SpawnError(number: status))
    }

    /// Waits for `pid` to end: its exit status, or nil when a signal ended it.
    public static func wait(_ pid: pid_t) -> Int32? {
        waitForEnd(pid).status
    }

    /// Waits for `pid` to end: its exit status, or the signal that ended it.
    public static func waitForEnd(_ pid: pid_t) -> (status: Int32?, signal: Int32?) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return (nil, nil) }
        }
        // Exited normally: the low seven bits are zero and the status is in the second byte; else they are the signal.
        guard status & 0x7F == 0 else { return (nil, status & 0x7F) }
        return ((status >> 8) & 0xFF, nil)
    }

    public struct SpawnError: Error {
        public var number: Int32
    }
}
