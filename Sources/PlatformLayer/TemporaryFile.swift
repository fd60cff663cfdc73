#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of the system's temporary directory (`TMPDIR`, else `/tmp`),
/// holding given bytes, removed when the value goes.
public final class TemporaryFile {
    public let path: String

    public init(_ bytes: [UInt8]) throws(FileError) {
        let directory = ProcessEnvironment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast()) + Array("git-xcstrings.XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard descriptor >= 0 else { throw FileError(path: path, reason: systemError()) }
        defer { close(descriptor) }
        self.path = path
        let written = bytes.withUnsafeBytes { Subprocess.writeAll(descriptor, $0) }
        guard written else {
            let reason = systemError()
            unlink(path)
            throw FileError(path: path, reason: reason)
        }
    }

    deinit { unlink(path) }
}
