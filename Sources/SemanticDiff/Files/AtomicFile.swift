#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replacing a file so that readers see the old contents or the new, never
/// half of either: the bytes go to a temporary file in the same directory,
/// which then takes the file's name in one `rename`.
public enum AtomicFile {
    /// Writes `bytes` to `path`. An existing file keeps its permissions; a
    /// new one gets 0644 less the umask.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let result: Result<Void, FileError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(FileError) {
                try write(buffer, to: path)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Writes `bytes` to `path`, as ``write(_:to:)-([UInt8],_)`` does.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(FileError) {
        var mode: mode_t = 0o644
        var info = stat()
        if stat(path, &info) == 0 {
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode &= ~mask
        }
        var template = Array((temporaryPrefix(for: path) + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileError(path: path, reason: "cannot create a temporary file: \(systemError())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        if fchmod(descriptor, mode) != 0 { failure = systemError() }
        if failure == nil {
            failure = { (buffer: UnsafeBufferPointer<UInt8>) -> String? in
                guard buffer.count > 0 else { return nil }
                var written = 0
                while written < buffer.count {
                    let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if count < 0 {
                        if errno == EINTR { continue }
                        return systemError()
                    }
                    written += count
                }
                return nil
            }(bytes)
        }
        if close(descriptor) != 0 && failure == nil { failure = systemError() }
        if failure == nil && rename(temporary, path) != 0 { failure = systemError() }
        if let failure {
            unlink(temporary)
            throw FileError(path: path, reason: failure)
        }
    }

    /// `dir/.name.` for `dir/name`: hidden, in the same directory (so the
    /// rename stays on one file system).
    private static func temporaryPrefix(for path: String) -> String {
        if let slash = path.lastIndex(of: "/") {
            return String(path[...slash]) + "." + String(path[path.index(after: slash)...]) + "."
        }
        return "." + path + "."
    }
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// Creates the directories above `path` that are missing.
public func makeDirectories(forFile path: String) throws(FileError) {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
    let directory = String(path[..<slash])
    if FileBytes.exists(directory) { return }
    try makeDirectories(forFile: directory)
    if mkdir(directory, 0o755) != 0 && errno != EEXIST {
        throw FileError(path: directory, reason: systemError())
    }
}

/// Removes a file; true if it was there.
@discardableResult
public func removeFile(_ path: String) -> Bool {
    unlink(path) == 0
}
