import XCStringsJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Input files are mapped into memory (reading three 25 MB catalogs costs
/// page-table entries instead of 75 MB of copying: 20 to 30 ms of a 100 ms
/// merge). When another program truncates a mapped file while it is read,
/// touching the lost pages raises `SIGBUS`. This guard turns that signal
/// into a one-line error naming the file, removes the temporary file a
/// write had under way, and exits with status 2; nothing is replaced, since
/// files are only ever replaced by a rename once fully written.
///
/// The temporary file is removed on an interrupt too (`SIGINT`, `SIGTERM`,
/// `SIGHUP`, `SIGQUIT`: Control-C, `kill`, a closed terminal), before the
/// signal takes its usual course, as git's own temporary files are, and so
/// is a lock file the process holds (git's `index.lock`); and a
/// file size limit (`ulimit -f`) fails the write instead of killing the
/// process (`SIGXFSZ` is ignored), so that the write's error is reported
/// and its temporary file removed.
///
/// Everything the handlers touch is fixed memory set up by ``install()``,
/// so that they stay async-signal-safe.
public enum TruncationGuard {
    /// Mapped files the handler can name: address ranges and paths.
    private static let slots = 16
    private static let pathCapacity = Int(PATH_MAX) + 1
    nonisolated(unsafe) private static var ranges: UnsafeMutablePointer<(start: UInt, end: UInt)>?
    nonisolated(unsafe) private static var paths: UnsafeMutablePointer<CChar>?
    /// The temporary file being written, if any (an empty string when none).
    nonisolated(unsafe) private static var temporary: UnsafeMutablePointer<CChar>?
    /// A lock file this process holds (git's `index.lock`), if any.
    nonisolated(unsafe) private static var heldLock: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var lock = pthread_mutex_t()

    /// Installs the handler (once, at start-up, before any file is mapped).
    public static func install() {
        guard ranges == nil else { return }
        pthread_mutex_init(&lock, nil)
        ranges = .allocate(capacity: slots)
        ranges!.initialize(repeating: (0, 0), count: slots)
        // Only what is read is written: a slot's path once it is used, each
        // string's end. Zeroing all 73 KB cost every run 18 page faults.
        paths = .allocate(capacity: slots * pathCapacity)
        temporary = .allocate(capacity: pathCapacity)
        temporary![0] = 0
        heldLock = .allocate(capacity: pathCapacity)
        heldLock![0] = 0
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = handle
        #else
        action.__sigaction_u.__sa_sigaction = handle
        #endif
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, nil)
        for interrupt in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            var previous = sigaction()
            // A signal the caller ignores (nohup, a shell's background job) stays ignored.
            guard sigaction(interrupt, nil, &previous) == 0, !isIgnored(previous) else { continue }
            signal(interrupt, interrupted)
        }
        signal(SIGXFSZ, SIG_IGN)
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #else
        let handler = unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #endif
        return handler == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Removes the temporary file a write has under way, and the lock file
    /// held (from a signal handler).
    fileprivate static func removeTemporary() {
        if let temporary, temporary[0] != 0 { unlink(temporary) }
        if let heldLock, heldLock[0] != 0 { unlink(heldLock) }
    }

    /// Notes the lock file this process holds (nil: none), which an
    /// interrupt removes as git removes its own locks when it dies.
    public static func holding(lock path: String?) {
        guard let heldLock else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        heldLock[0] = 0
        if let path { copy(path, to: heldLock) }
    }

    /// Notes that `path` is mapped at `start..<start+count`.
    static func mapped(_ path: String, at start: UnsafeRawPointer, count: Int) {
        guard let ranges, let paths else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for slot in 0..<slots where ranges[slot].end == 0 {
            copy(path, to: paths + slot * pathCapacity)
            ranges[slot] = (UInt(bitPattern: start), UInt(bitPattern: start) + UInt(count))
            return
        }
    }

    /// Forgets the mapping at `start` (it is being unmapped).
    static func unmapped(_ start: UnsafeRawPointer) {
        guard let ranges else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for slot in 0..<slots where ranges[slot].start == UInt(bitPattern: start) {
            ranges[slot] = (0, 0)
        }
    }

    /// Notes the temporary file a write has under way (nil: none).
    static func writing(_ path: String?) {
        guard let temporary else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        temporary[0] = 0
        if let path { copy(path, to: temporary) }
    }

    private static func copy(_ text: String, to destination: UnsafeMutablePointer<CChar>) {
        let bytes = Array(text.utf8.prefix(pathCapacity - 1))
        for (index, byte) in bytes.enumerated() { destination[index] = CChar(bitPattern: byte) }
        destination[bytes.count] = 0
    }
}

private func say(_ text: UnsafePointer<CChar>) {
    _ = write(2, text, strlen(text))
}

/// The interrupts' handler: the temporary file removed, then the signal's
/// default action (the process ends as the signal says, for its parent to see).
private func interrupted(_ number: Int32) {
    TruncationGuard.removeTemporary()
    _ = signal(number, SIG_DFL)
    raise(number)
}

/// The `SIGBUS` handler: only `write`, `unlink` and `_exit`.
private func handle(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    TruncationGuard.report(address: info.map { UInt(bitPattern: faultAddress($0)) } ?? 0)
}

private func faultAddress(_ info: UnsafeMutablePointer<siginfo_t>) -> UnsafeMutableRawPointer? {
    #if canImport(Glibc)
    return info.pointee._sifields._sigfault.si_addr
    #else
    return info.pointee.si_addr
    #endif
}

extension TruncationGuard {
    /// Ends the process at once (from any thread), after `message` on
    /// standard error: the temporary file and lock are removed, exit 2.
    public static func abandon(_ message: String) -> Never {
        message.withCString { say($0) }
        removeTemporary()
        _exit(2)
    }

    fileprivate static func report(address: UInt) -> Never {
        say("error: ")
        var named = false
        if let ranges, let paths {
            for slot in 0..<slots where ranges[slot].start <= address && address < ranges[slot].end {
                say(paths + slot * pathCapacity)
                named = true
                break
            }
        }
        if !named { say("an input file") }
        say(" was truncated by another program while it was being read; nothing was written\n")
        removeTemporary()
        _exit(2)
    }
}
