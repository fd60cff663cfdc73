import XCStringsJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replacing a file so that readers see the old contents or the new, never
/// half of either: the bytes go to a temporary file in the same directory,
/// which then takes the file's name in one `rename`.
///
/// Only regular files are replaced. A symbolic link is written through:
/// its target gets the new contents and the link stays a link. A FIFO, a
/// device, a socket or a directory is refused and left as it is.
///
/// The temporary file is `.NAME.git-xcstrings-XXXXXX`, shortened to fit
/// the system's limit on names. One left behind by a run that was killed
/// is removed by the next write to the same file once it is an hour old.
public enum AtomicFile {
    /// How old a temporary file must be before it counts as left behind.
    static let staleAge: time_t = 3600
    static let marker = ".git-xcstrings-"

    /// Writes `bytes` to `path`. An existing file keeps its permissions; a
    /// new one gets 0644 less the umask.
    public static func write(_ bytes: [UInt8], to path: String, replacingReadOnly: Bool = false) throws(FileError) {
        let result: Result<Void, FileError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(FileError) {
                try write(buffer, to: path, replacingReadOnly: replacingReadOnly)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Writes `bytes` to `path`, as ``write(_:to:)-([UInt8],_)`` does;
    /// `replacingReadOnly` as ``Replacement/init(_:replacingReadOnly:)``.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String, replacingReadOnly: Bool = false) throws(FileError) {
        let replacement = try Replacement(path, replacingReadOnly: replacingReadOnly)
        replacement.write(bytes)
        try replacement.commit()
    }

    /// A replacement of a file being written in pieces: the temporary file,
    /// which ``commit()`` renames over the file; dropped without a commit
    /// (or after a failed write), it is removed and the file is left as it was.
    public final class Replacement {
        private let path: String
        private let target: String
        private let temporary: String
        private var descriptor: Int32
        private var failure: String?
        private var finished = false

        /// Starts replacing `path` (or the file its symbolic link points to).
        /// An existing file must be writable, unless `replacingReadOnly` (a
        /// work-tree file, which git itself replaces whatever its mode), and
        /// keeps its permissions (and its owner and group, where this process
        /// may give them); a new one gets 0644 less the umask.
        public init(_ path: String, replacingReadOnly: Bool = false) throws(FileError) {
            self.path = path
            target = try destination(path)
            var mode: mode_t = 0o644
            var info = stat()
            let exists = stat(target, &info) == 0
            if exists {
                // A file that could not be opened for writing is not replaced either (as root, it could).
                guard replacingReadOnly || access(target, W_OK) == 0 else { throw FileError(path: path, reason: "\(systemError()); left untouched") }
                mode = info.st_mode & 0o7777
            } else {
                let mask = umask(0)
                umask(mask)
                mode &= ~mask
            }
            let (directory, prefix) = temporaryPrefix(for: target)
            removeStaleTemporaries(in: directory, prefix: prefix)
            var template = Array((directory + prefix + "XXXXXX").utf8CString)
            // Closed on exec: the collation helper, started while the file is written, does not hold it.
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { throw FileError(path: path, reason: "cannot create a temporary file: \(systemError())") }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            TruncationGuard.writing(temporary)
            if exists && (info.st_uid != geteuid() || info.st_gid != getegid()) && fchown(descriptor, info.st_uid, info.st_gid) != 0 {
                // The file keeps its owner and group where this process may give them (root may); where it
                // may not, no set-ID bit is carried over to an owner or group the file did not have.
                if info.st_uid != geteuid() { mode &= ~mode_t(S_ISUID) }
                if info.st_gid != getegid() { mode &= ~mode_t(S_ISGID) }
            }
            if fchmod(descriptor, mode) != 0 { failure = systemError() }
        }

        /// Appends `bytes` to the new contents (a failure is reported by ``commit()``).
        public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            if failure == nil { failure = writeAll(bytes, to: descriptor) }
        }

        /// Puts the new contents in the file's place, in one rename.
        public func commit() throws(FileError) {
            guard !finished else { return }
            finished = true
            if close(descriptor) != 0 && failure == nil { failure = systemError() }
            descriptor = -1
            if failure == nil && rename(temporary, target) != 0 { failure = systemError() }
            TruncationGuard.writing(nil)
            if let failure {
                unlink(temporary)
                throw FileError(path: path, reason: failure)
            }
        }

        deinit {
            guard !finished else { return }
            close(descriptor)
            unlink(temporary)
            TruncationGuard.writing(nil)
        }
    }

    /// The file a write to `path` replaces: `path`, or the file a symbolic
    /// link there points to. Throws when it exists and is not a regular file.
    public static func destination(_ path: String) throws(FileError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return path }
            throw FileError(path: path, reason: systemError())
        }
        var target = path
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = ProcessEnvironment.realPath(path) else {
                let reason = errno == ELOOP ? "is a symbolic link in a loop" : errno == ENOENT ? "is a symbolic link to a file that does not exist"
                    : "is a symbolic link that cannot be followed (\(systemError()))"
                throw FileError(path: path, reason: reason + "; left untouched")
            }
            target = resolved
            guard stat(target, &info) == 0 else { throw FileError(path: path, reason: systemError()) }
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileError(path: path, reason: "is \(FileKind(info.st_mode)), not a regular file; left untouched")
        }
        return target
    }

    private static func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> String? {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
        var written = 0
        while written < buffer.count {
            let count = systemWrite(descriptor, base + written, buffer.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return systemError()
            }
            written += count
        }
        return nil
    }

    /// The directory of `path` (with its slash; empty for the current one)
    /// and `.NAME.git-xcstrings-`, NAME cut short enough that the whole
    /// name with six random characters fits in `NAME_MAX` bytes.
    static func temporaryPrefix(for path: String) -> (directory: String, prefix: String) {
        var directory = "", name = Substring(path)
        if let slash = path.lastIndex(of: "/") {
            directory = String(path[...slash])
            name = path[path.index(after: slash)...]
        }
        let room = Int(NAME_MAX) - 1 - marker.utf8.count - 6
        var utf8 = Array(name.utf8)
        if utf8.count > room {
            utf8 = Array(utf8[0..<room])
            // Cut at a character boundary, so the name stays valid UTF-8.
            while let last = utf8.last, last & 0xC0 == 0x80 { utf8.removeLast() }
            if let last = utf8.last, last >= 0xC0 { utf8.removeLast() }
        }
        return (directory, "." + String(decoding: utf8, as: UTF8.self) + marker)
    }

    /// Removes this file's temporary files that a killed run left: named
    /// `prefix` and six characters, regular, unchanged for an hour.
    static func removeStaleTemporaries(in directory: String, prefix: String) {
        guard let stream = opendir(directory.isEmpty ? "." : directory) else { return }
        defer { closedir(stream) }
        let wanted = Array(prefix.utf8)
        let limit = time(nil) - staleAge
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard name.count == wanted.count + 6, name.starts(with: wanted) else { continue }
            let path = directory + String(decoding: name, as: UTF8.self)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, modificationTime(info) < limit else { continue }
            unlink(path)
        }
    }
}

private func modificationTime(_ info: stat) -> time_t {
    #if canImport(Darwin)
    return info.st_mtimespec.tv_sec
    #else
    return info.st_mtim.tv_sec
    #endif
}

/// What kind of file a mode describes, in words for messages.
struct FileKind: CustomStringConvertible {
    let mode: mode_t
    init(_ mode: mode_t) { self.mode = mode }

    var description: String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
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
    if Files.exists(directory) { return }
    try makeDirectories(forFile: directory)
    if mkdir(directory, 0o755) != 0 && errno != EEXIST {
        throw FileError(path: directory, reason: systemError())
    }
}

/// Lets everyone who may read `path` run it (`chmod a+x`, within the read bits).
public func makeExecutable(_ path: String) throws(FileError) {
    var info = stat()
    guard stat(path, &info) == 0 else { throw FileError(path: path, reason: systemError()) }
    let mode = (info.st_mode & 0o7777) | ((info.st_mode & 0o444) >> 2)
    guard chmod(path, mode) == 0 else { throw FileError(path: path, reason: systemError()) }
}

/// Removes a file; true if it was there.
@discardableResult
public func removeFile(_ path: String) -> Bool {
    unlink(path) == 0
}

/// Removes a directory if it is empty; true if it was removed.
@discardableResult
public func removeDirectoryIfEmpty(_ path: String) -> Bool {
    rmdir(path) == 0
}
