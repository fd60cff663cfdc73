#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment and how it was started.
public enum ProcessEnvironment {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The environment, `NAME=value` each, with `added` set in it, for a program to start.
    public static func all(adding added: [String: String] = [:]) -> [String] {
        // The one difference: Darwin's C library declares `environ` to Swift only through a function.
        #if canImport(Darwin)
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
        #else
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        var result: [String] = []
        while let pointer = entry?.pointee {
            let text = String(cString: pointer)
            let name = text.prefix { $0 != "=" }
            if added[String(name)] == nil { result.append(text) }
            entry = entry! + 1
        }
        return result + added.map { "\($0.key)=\($0.value)" }
    }

    /// Where `program` is found on `PATH`, as a shell would find it (empty
    /// entries, which a shell reads as the current directory, are skipped:
    /// nothing in a repository's files is run for being there).
    public static func which(_ program: String) -> String? {
        if program.contains("/") { return isProgram(program) ? program : nil }
        for directory in (value("PATH") ?? "").split(separator: ":") where directory.hasPrefix("/") {
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

    /// This program as it was started: the path it was named by, made
    /// absolute, else where `PATH` finds its name. Not resolved through
    /// symbolic links: a path a package manager keeps across upgrades
    /// (Homebrew's `/opt/homebrew/bin`) stays that path, not the versioned
    /// one it links to.
    public static func invokedPath() -> String? {
        guard let name = CommandLine.arguments.first, !name.isEmpty else { return nil }
        guard name.contains("/") else { return which(name) }
        if name.hasPrefix("/") { return name }
        guard let directory = getcwd(nil, 0) else { return nil }
        defer { free(directory) }
        return String(cString: directory) + "/" + name
    }

    /// `program` in the directory this program was started from, else
    /// where `PATH` finds it.
    public static func sibling(_ program: String) -> String? {
        if let invoked = invokedPath(), let slash = invoked.lastIndex(of: "/") {
            let candidate = String(invoked[...slash]) + program
            if isProgram(candidate) { return candidate }
        }
        return which(program)
    }

    /// `path` with symbolic links and `..` resolved; nil if it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The most memory this process has held at once (its peak resident
    /// set), in bytes.
    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        // The one difference: `RUSAGE_SELF` is a C enum's case in glibc, and the size in kilobytes there.
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
        #endif
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
