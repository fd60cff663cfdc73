import Foundation

/// Runs the built `git-xcstrings` (and git) as a user would, in a directory.
public enum CLI {
    /// The executable built next to this test bundle: the `.xctest` bundle
    /// on macOS (run by Xcode's tools, whose own path is elsewhere), the test
    /// program itself on Linux.
    public static let executable: URL = {
        let bundle = Bundle(for: BundleMarker.self).bundleURL.resolvingSymlinksInPath()
        let products = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        return products.appendingPathComponent("git-xcstrings")
    }()

    /// A class of this module, to find the bundle its code was loaded from.
    private final class BundleMarker {}

    /// Where `program` is on `PATH`, as a shell finds it.
    public static func which(_ program: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") where directory.hasPrefix("/") {
            let candidate = directory + "/" + program
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The merge driver's own executable (`git-xcstrings-merge`), built next to it.
    public static let mergeDriver: URL = executable.deletingLastPathComponent().appendingPathComponent("git-xcstrings-merge")

    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var stdoutBytes: [UInt8]
    }

    /// Runs `git-xcstrings ARGUMENTS` in `directory`.
    @discardableResult
    public static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    input: [UInt8]? = nil) throws -> Result {
        try launch(executable, arguments, in: directory, environment: environment, input: input)
    }

    /// Runs `git ARGUMENTS` in `directory`, with this build of git-xcstrings first on PATH.
    @discardableResult
    public static func git(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Result {
        try launch(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: directory, environment: environment, input: nil)
    }

    public static func launch(_ program: URL, _ arguments: [String], in directory: URL?, environment: [String: String],
                       input: [UInt8]?) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = executable.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        // A predictable git: no user or system configuration, fixed identity and dates.
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["HOME"] = (directory ?? FileManager.default.temporaryDirectory).path
        env["XDG_CONFIG_HOME"] = (directory ?? FileManager.default.temporaryDirectory).appendingPathComponent(".config").path
        env["GIT_AUTHOR_NAME"] = "Test"
        env["GIT_AUTHOR_EMAIL"] = "test@example.com"
        env["GIT_COMMITTER_NAME"] = "Test"
        env["GIT_COMMITTER_EMAIL"] = "test@example.com"
        env["GIT_AUTHOR_DATE"] = "2026-01-01T00:00:00Z"
        env["GIT_COMMITTER_DATE"] = "2026-01-01T00:00:00Z"
        env.removeValue(forKey: "NO_COLOR")
        env.removeValue(forKey: "GIT_DIR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a full pipe cannot block the child.
        let errors = DataBox()
        let group = DispatchGroup()
        group.enter()
        let errorHandle = stderr.fileHandleForReading
        DispatchQueue.global().async {
            errors.data = errorHandle.readDataToEndOfFile()
            group.leave()
        }
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errors.data, as: UTF8.self), stdoutBytes: [UInt8](outData))
    }
}

private final class DataBox: @unchecked Sendable {
    public var data = Data()
}

/// A directory that is removed when the test ends.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("git-xcstrings-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    public func write(_ name: String, _ contents: String) throws {
        try write(name, Array(contents.utf8))
    }

    public func write(_ name: String, _ contents: [UInt8]) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents).write(to: file)
    }

    /// Writes an executable script. A child process writes it, not this one: a descriptor open for writing here
    /// would be inherited by any process another test starts meanwhile, and running the script would then fail
    /// with "Text file busy" (ETXTBSY) for as long as that process holds it.
    public func writeExecutable(_ name: String, _ contents: String) throws {
        try runWriter(["/bin/sh", "-c", "cat > \"$1\" && chmod 755 \"$1\"", "sh", path(name)], input: Array(contents.utf8))
    }

    /// Copies an executable in, by a child process for the reason given at `writeExecutable`.
    public func copyExecutable(_ source: URL, as name: String) throws {
        try runWriter(["/bin/cp", source.path, path(name)], input: nil)
    }

    private func runWriter(_ command: [String], input: [UInt8]?) throws {
        let result = try CLI.launch(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), in: url,
                                    environment: [:], input: input)
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(command): \(result.stderr)"])
        }
    }

    public func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: url.appendingPathComponent(name)), as: UTF8.self)
    }

    public func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }
}
