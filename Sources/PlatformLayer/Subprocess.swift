import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Running a helper program and reading what it prints (only `git
/// --version`, at install time: every repository access goes through libgit2).
public enum Subprocess {
    /// The standard output of `arguments`, or nil if it could not run or failed.
    public static func output(_ arguments: [String]) -> String? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            return nil
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        close(pipeEnds[0])
        var exitStatus: Int32 = 0
        waitpid(pid, &exitStatus, 0)
        guard exitStatus == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
