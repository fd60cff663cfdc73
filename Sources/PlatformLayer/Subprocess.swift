import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Running a helper program and reading what it prints: `git --version` at
/// install time, and `git config` for a setting git's files leave to git.
public enum Subprocess {
    /// The standard output of `arguments`, or nil if it could not run or failed.
    public static func output(_ arguments: [String]) -> String? {
        guard let result = run(arguments), result.status == 0 else { return nil }
        return result.output
    }

    /// The exit status and standard output of `arguments` (found on `PATH`),
    /// or nil if it could not be started or did not exit.
    public static func run(_ arguments: [String]) -> (status: Int32, output: String)? {
        guard let pipe = ChildProcess.pipe() else { return nil }
        let started = ChildProcess.spawn(arguments, searchingPath: true, output: pipe.write)
        close(pipe.write)
        guard case .success(let pid) = started else {
            close(pipe.read)
            return nil
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipe.read, &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        close(pipe.read)
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // Exited normally: the status is in the second byte.
        guard exitStatus & 0x7F == 0 else { return nil }
        return ((exitStatus >> 8) & 0xFF, String(decoding: output, as: UTF8.self))
    }
}
