/// A deadline for work that may never end on damaged input: libgit2 reads
/// a truncated loose object forever, turning in a loop that waits for more
/// input. Past the deadline the process says why, in one line, removes its
/// temporary file and lock, and exits with status 2 (``TruncationGuard/abandon(_:)``).
///
/// One thread, started the first time it is needed, watches every deadline.
public enum Watchdog {
    /// `body`, which must end within `seconds`; else `message` and exit 2.
    public static func guarding<R>(seconds: Double, _ message: String, _ body: () throws -> R) rethrows -> R {
        let token = watcher.add(deadline: MonotonicClock.seconds() + seconds, message: message)
        defer { watcher.remove(token) }
        return try body()
    }

    private static let watcher = Watcher()

    private final class Watcher: @unchecked Sendable {
        private let monitor = Monitor()
        private var deadlines: [Int: (at: Double, message: String)] = [:]
        private var next = 0
        private var started = false

        func add(deadline: Double, message: String) -> Int {
            monitor.withLock {
                next += 1
                deadlines[next] = (deadline, message)
                if !started {
                    started = true
                    _ = BackgroundThread<Void> { [self] in watch() }
                }
                monitor.broadcast()
                return next
            }
        }

        func remove(_ token: Int) {
            monitor.withLock { deadlines[token] = nil }
        }

        /// Looks at the deadlines ten times a second while there are any.
        private func watch() {
            while true {
                let late: String? = monitor.withLock {
                    while deadlines.isEmpty { monitor.wait() }
                    let now = MonotonicClock.seconds()
                    return deadlines.values.first { $0.at <= now }?.message
                }
                if let late { TruncationGuard.abandon(late + "\n") }
                MonotonicClock.sleep(seconds: 0.1)
            }
        }
    }
}
