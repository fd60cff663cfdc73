import XCStringsJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading whole files into memory, with POSIX calls only.
public enum Files {
    /// The contents of the file at `path`.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let (descriptor, info) = try openForReading(path)
        defer { close(descriptor) }
        return try read(descriptor, info, path)
    }

    /// The rest of the file open on `descriptor`, of which `fstat` said `info`.
    private static func read(_ descriptor: Int32, _ info: stat, _ path: String) throws(FileError) -> [UInt8] {
        var contents: [UInt8] = []
        var chunk = max(Int(info.st_size), 0) + 1
        while true {
            var failure: Int32 = 0
            let part = [UInt8](unsafeUninitializedCapacity: chunk) { buffer, initialized in
                initialized = 0
                while initialized < chunk {
                    let count = systemRead(descriptor, buffer.baseAddress! + initialized, chunk - initialized)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if count == 0 { return }
                    initialized += count
                }
            }
            if failure != 0 { throw FileError(path: path, reason: systemError(failure)) }
            if contents.isEmpty { contents = part } else { contents += part }
            // A short read is the end of the file; a full one means it grew since fstat.
            if part.count < chunk { return contents }
            chunk = max(chunk, 1 << 16)
        }
    }

    /// An open descriptor on the file at `path` (not a directory) and what
    /// `fstat` says of it; the caller closes it.
    static func openForReading(_ path: String) throws(FileError) -> (Int32, stat) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, reason: systemError()) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = systemError()
            close(descriptor)
            throw FileError(path: path, reason: reason)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            close(descriptor)
            throw FileError(path: path, reason: "is a directory")
        case S_IFCHR where !isNullDevice(info), S_IFBLK:
            // A terminal or a device like /dev/zero would be read forever.
            close(descriptor)
            throw FileError(path: path, reason: "is \(FileKind(info.st_mode)), not a file to read")
        default:
            break
        }
        return (descriptor, info)
    }

    /// Whether `info` describes /dev/null, which reads as an empty file.
    private static func isNullDevice(_ info: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && (null.st_mode & S_IFMT) == S_IFCHR && null.st_rdev == info.st_rdev
    }

    /// The size of the file at `path` in bytes; nil when it cannot be found.
    public static func size(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// The contents of the file at `path`, mapped into memory rather than
    /// copied when it is large (see ``TruncationGuard`` for what happens if
    /// another program truncates it meanwhile); small files and pipes are read.
    /// On Linux every page is read in at once (`MAP_POPULATE`): the file is
    /// read whole, and a 25 MB catalog then takes no page faults one by one.
    public static func mapping(_ path: String) throws(FileError) -> Bytes {
        let (descriptor, info) = try openForReading(path)
        defer { close(descriptor) }
        let size = Int(info.st_size)
        guard (info.st_mode & S_IFMT) == S_IFREG, size >= 1 << 16 else { return Bytes(try read(descriptor, info, path)) }
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let address = mmap(nil, size, PROT_READ, flags, descriptor, 0), address != MAP_FAILED else {
            return Bytes(try read(descriptor, info, path))
        }
        TruncationGuard.mapped(path, at: address, count: size)
        let start = UInt(bitPattern: address)
        return Bytes.borrowing(UnsafeRawBufferPointer(start: address, count: size)) {
            let address = UnsafeMutableRawPointer(bitPattern: start)!
            TruncationGuard.unmapped(address)
            munmap(address, size)
        }
    }

    /// Whether a file or directory exists at `path`.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether something is at `path`, or certainly nothing (no such name,
    /// or a part of the path that is no directory), or that cannot be told
    /// (a directory on the way that may not be searched).
    public static func presence(_ path: String) -> Presence {
        var status = stat()
        if stat(path, &status) == 0 { return (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .file }
        return errno == ENOENT || errno == ENOTDIR ? .absent : .unknown
    }

    /// Drops the file at `path` from the page cache, so that the next read
    /// comes from disk (as after a restart): for timing programs fairly. On
    /// Linux only (`posix_fadvise`); elsewhere it does nothing
    /// (``Platform/canDropCachedPages``).
    public static func dropFromPageCache(_ path: String) {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fdatasync(descriptor)
        _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED))
        close(descriptor)
        #endif
    }

    /// The device (file system) that holds `path`; nil when it cannot be found.
    public static func device(_ path: String) -> UInt64? {
        var status = stat()
        // `dev_t` is signed on Darwin, and negative for some volumes: its bits, not its value.
        return stat(path, &status) == 0 ? UInt64(truncatingIfNeeded: status.st_dev) : nil
    }

    /// What ``presence(_:)`` found.
    public enum Presence: Sendable {
        case file, directory, absent, unknown
    }

    /// Whether `path` is a regular file (or a symbolic link to one).
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` is a symbolic link (to anything, or to nothing).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// Whether `path` exists and belongs to the user this process runs as.
    public static func isOwnedByUser(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_uid == geteuid()
    }

    /// Whether `path` is a directory (or a symbolic link to one).
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in directory `path` (hidden ones too, not `.` and `..`),
    /// in the order the system lists them; nil when it cannot be listed.
    public static func names(in path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The `.xcstrings` files under directory `path`, sorted; hidden
    /// directories (`.git`, `.build`) are skipped, and links to directories
    /// are not followed (they may loop). A catalog is never left out without
    /// a word: what could not be searched or read comes back in `problems`
    /// (an unreadable directory, a catalog that is not a file, a name that
    /// is not UTF-8, which no path here can spell), and the search goes on.
    /// Whether `name` is a String Catalog's: it ends in `.xcstrings`, in
    /// any case (as on a Mac's file system, where `L.XCStrings` is one).
    public static func isCatalogName(_ name: String) -> Bool {
        let suffix = Array(".xcstrings".utf8), bytes = Array(name.utf8.suffix(suffix.count))
        return bytes.count == suffix.count && zip(bytes, suffix).allSatisfy { byte, wanted in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == wanted
        }
    }

    public static func catalogs(under path: String) -> (found: [String], problems: [FileError]) {
        var found: [String] = [], problems: [FileError] = []
        search(path, &found, &problems)
        return (found.sorted(), problems)
    }

    private static func search(_ path: String, _ found: inout [String], _ problems: inout [FileError]) {
        guard let directory = opendir(path) else {
            problems.append(FileError(path: path, reason: systemError()))
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let (name, isUTF8) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = UnsafeBufferPointer(start: raw.bindMemory(to: UInt8.self).baseAddress!, count: strlen(raw.bindMemory(to: CChar.self).baseAddress!))
                let name = String(decoding: bytes, as: UTF8.self)
                return (name, name.utf8.elementsEqual(bytes))
            }
            guard !name.hasPrefix(".") else { continue }
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            guard isUTF8 else {
                if isCatalogName(name) {
                    problems.append(FileError(path: child, reason: "has a name that is not UTF-8, which git-xcstrings cannot open; rename it"))
                } else if entry.pointee.d_type == UInt8(DT_DIR) {
                    problems.append(FileError(path: child, reason: "has a name that is not UTF-8: not searched for catalogs"))
                }
                continue
            }
            var status = stat()
            guard lstat(child, &status) == 0 else {
                problems.append(FileError(path: child, reason: systemError()))
                continue
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                search(child, &found, &problems)
            case S_IFREG, S_IFLNK:
                if isCatalogName(name) { found.append(child) }
            default:
                // A FIFO or a device named like a catalog would be waited on or read forever.
                if isCatalogName(name) {
                    problems.append(FileError(path: child, reason: "is \(FileKind(status.st_mode)), not a catalog file; skipped"))
                }
            }
        }
    }
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// The text of `errno`.
func systemError(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}
