import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment and location, with POSIX calls only.
public enum ProcessEnvironment {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The absolute path of the running executable.
    public static func executablePath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        var size: UInt32 = 4096
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return realPath(String(cString: buffer))
        #endif
    }

    /// `path` with symbolic links and `..` resolved; nil if it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where `program` is found on `PATH`, as a shell would find it (empty
    /// entries, which a shell reads as the current directory, are skipped).
    public static func which(_ program: String) -> String? {
        for directory in (value("PATH") ?? "").split(separator: ":") {
            let candidate = String(directory) + "/" + program
            if isProgram(candidate) { return candidate }
        }
        return nil
    }

    /// Whether `path` is a regular file (or a link to one) this process may run.
    static func isProgram(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }

    /// `program` next to the running executable (installed side by side),
    /// else where `PATH` finds it.
    public static func sibling(_ program: String) -> String? {
        besideExecutable(program) ?? which(program)
    }

    /// `program` in the running executable's directory, if it is there and may be run.
    public static func besideExecutable(_ program: String) -> String? {
        guard let executable = executablePath(), let slash = executable.lastIndex(of: "/") else { return nil }
        let candidate = String(executable[...slash]) + program
        return isProgram(candidate) ? candidate : nil
    }

    /// Runs `program` in this process's place (`execv`), with the same
    /// environment, descriptors and process id; returns only if that failed,
    /// saying why.
    public static func replaceProcess(with program: String, arguments: [String]) -> String {
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        execv(program, pointers)
        let failure = systemError()
        pointers.forEach { free($0) }
        return "\(program): \(failure)"
    }

    /// Makes a closed standard output (`| head`) an error of `write`, which
    /// the console ignores, instead of a signal that would kill the process
    /// halfway (with git's index lock still held, say).
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}
