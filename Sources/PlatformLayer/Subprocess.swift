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
        waitpid(pid, &exitStatus, 0)
        guard exitStatus == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
