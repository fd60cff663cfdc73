#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Running a program and reading what it prints: git, for what only git answers.
public enum Subprocess {
    /// What a program printed, and how it exited.
    public struct Result: Sendable {
        public var status: Int32
        public var output: [UInt8]
        public var error: String
    }

    /// Runs `arguments` (the program found on `PATH`), with `input` on its
    /// standard input (nothing when nil) and `environment` added to this
    /// process's; nil when it could not be started or was killed.
    public static func run(_ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:]) -> Result? {
        guard let program = ProcessEnvironment.which(arguments[0]),
              let output = ChildProcess.closedOnExecPipe() else { return nil }
        guard let errors = ChildProcess.closedOnExecPipe() else {
            close(output.read); close(output.write)
            return nil
        }
        let feed = input == nil ? nil : ChildProcess.closedOnExecPipe()
        let nothing = input == nil ? open("/dev/null", O_RDONLY | O_CLOEXEC) : -1
        let started = ChildProcess.spawn(program, arguments, environment: ProcessEnvironment.all(adding: environment),
                                         input: feed?.read ?? nothing, output: output.write, error: errors.write)
        close(output.write)
        close(errors.write)
        if let feed { close(feed.read) }
        if nothing >= 0 { close(nothing) }
        guard case .success(let pid) = started else {
            close(output.read); close(errors.read)
            if let feed { close(feed.write) }
            return nil
        }
        // The input is written, and the error output read, by threads of their own, so that a
        // program that prints much before it has read its input cannot wait on this one forever.
        var writer: BackgroundThread<Void>?
        if let feed, let input {
            writer = BackgroundThread {
                input.withUnsafeBytes { bytes in _ = writeAll(feed.write, bytes) }
                close(feed.write)
            }
        }
        let errorReader = BackgroundThread { readAll(errors.read) }
        let printed = readAll(output.read)
        let errorText = errorReader.join()
        writer?.join()
        close(output.read)
        close(errors.read)
        guard let status = ChildProcess.wait(pid) else { return nil }
        return Result(status: status, output: printed, error: String(decoding: errorText, as: UTF8.self))
    }

    /// Everything that can be read from `descriptor` until its end.
    static func readAll(_ descriptor: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            result += buffer[0..<count]
        }
        return result
    }

    /// Writes all of `bytes`; false when the reader went away.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }
}
