#if canImport(Glibc)
import Glibc
import GlibcExtensions
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting a program that inherits only the descriptors it is given.
///
/// A descriptor another thread opened without close-on-exec (a pipe of
/// Foundation's `Process`, say) must not leak into a long-lived child such
/// as the collation helper: whoever reads that pipe would wait for an end
/// of file that never comes while the child lives.
enum ChildProcess {
    /// A pipe whose ends are closed in every program this process starts.
    static func pipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        #if canImport(Glibc)
        if let pipe2 = GNU.pipe2 {
            guard pipe2(&ends, O_CLOEXEC) == 0 else { return nil }
        } else {
            guard Glibc.pipe(&ends) == 0 else { return nil }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        #else
        guard Darwin.pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #endif
        // With standard input or output closed (`>&-`), a pipe would take
        // its number, and what this process prints would go down the pipe.
        for index in 0..<2 where ends[index] < 3 {
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

    /// Starts `arguments[0]` (looked up on PATH when `searchingPath`) with
    /// `input` as its standard input and `output` as its standard output
    /// when given, standard error shared, and no other descriptor. The
    /// child's pid, or the error number.
    static func spawn(_ arguments: [String], searchingPath: Bool, input: Int32? = nil, output: Int32? = nil) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) }
        if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) }
        // What this process ignores for itself (a closed pipe, a file size limit) is the child's to decide.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGXFSZ)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        #if canImport(Glibc)
        if let closeFrom = GNU.closeFrom {
            _ = closeFrom(&actions, 3)
        } else {
            // glibc before 2.34: each descriptor that may be open.
            for descriptor in 3..<min(Int32(sysconf(Int32(_SC_OPEN_MAX))), 4096) { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        #else
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT | POSIX_SPAWN_SETSIGDEF))
        if input == nil { posix_spawn_file_actions_addinherit_np(&actions, 0) }
        if output == nil { posix_spawn_file_actions_addinherit_np(&actions, 1) }
        posix_spawn_file_actions_addinherit_np(&actions, 2)
        #endif
        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = searchingPath
            ? posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
            : posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        return status == 0 ? .success(pid) : .failure(SpawnError(number: status))
    }

    #if canImport(Glibc)
    /// glibc's functions that its headers declare only for _GNU_SOURCE.
    private enum GNU {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

        static let pipe2: Pipe2? = git_xcstrings_glibc_function("pipe2").map { unsafeBitCast($0, to: Pipe2.self) }
        static let closeFrom: CloseFrom? = git_xcstrings_glibc_function("posix_spawn_file_actions_addclosefrom_np")
            .map { unsafeBitCast($0, to: CloseFrom.self) }
    }
    #endif

    struct SpawnError: Error {
        var number: Int32
    }
}
