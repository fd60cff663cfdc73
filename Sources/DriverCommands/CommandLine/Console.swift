import PlatformLayer
import SemanticDiff
import GitProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error, written with `write(2)` in whole buffers.
package enum Console {
    /// The error of the first write to standard output that failed, other
    /// than a closed pipe (`| head`, which ends the output as its reader
    /// wished): a full disk, a device that refuses it. The tool then exits
    /// 2, as git does ("write failure on standard output"), and never 0
    /// with part of a catalog printed. Later output is dropped.
    package nonisolated(unsafe) static var outputFailure: Int32?

    package static func write(_ bytes: [UInt8], to descriptor: Int32 = 1) {
        bytes.withUnsafeBufferPointer { write($0, to: descriptor) }
    }

    package static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32 = 1) {
        if descriptor == 1 && outputFailure != nil { return }
        var written = 0
        while written < buffer.count {
            let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    // A descriptor someone made non-blocking: wait until it takes more, as git's xwrite does.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                if descriptor == 1 && errno != EPIPE { outputFailure = errno }
                return
            }
            written += count
        }
    }

    package static func out(_ text: String) {
        write(Array(text.utf8), to: 1)
    }

    /// One line on standard output.
    package static func line(_ text: String) {
        write(Array((text + "\n").utf8), to: 1)
    }

    /// One line on standard error (or a few), with anything in it that a
    /// terminal would obey escaped (``VisibleText``): messages name keys,
    /// languages and paths from other people's files.
    package static func error(_ text: String) {
        write(Array((VisibleText.of(text, keepingLineBreaks: true) + "\n").utf8), to: 2)
    }

    /// Whether `descriptor` is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }

    /// Whether colour should be used on `descriptor` under `--color=auto`:
    /// a terminal, and `NO_COLOR` not set (https://no-color.org).
    package static func wantsColor(_ descriptor: Int32 = 1) -> Bool {
        if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return isatty(descriptor) != 0
    }
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
