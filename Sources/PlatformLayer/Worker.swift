#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread that runs jobs one at a time, in the order they are handed
/// over under a lock; nobody waits for a job, only for what it takes on
/// (``Workers``).
final class Worker: @unchecked Sendable {
    private let monitor = Monitor()
    private var jobs: [() -> Void] = []
    private var stopping = false

    private init() {}

    /// A worker on a new thread, or nil when no thread can be made.
    static func start() -> Worker? {
        let worker = Worker()
        return startThread { worker.loop() } ? worker : nil
    }

    func submit(_ work: @escaping () -> Void) {
        monitor.withLock {
            jobs.append(work)
            monitor.broadcast()
        }
    }

    /// Ends the thread; jobs not begun are dropped (they have taken nothing on).
    func stop() {
        monitor.withLock {
            stopping = true
            monitor.broadcast()
        }
    }

    private func loop() {
        while true {
            let next: (() -> Void)? = monitor.withLock {
                while jobs.isEmpty && !stopping { monitor.wait() }
                return stopping ? nil : jobs.removeFirst()
            }
            guard let work = next else { return }
            work()
        }
    }
}

/// A function run on a thread of its own, whose result ``join()`` waits for.
public final class BackgroundThread<Result>: @unchecked Sendable {
    private let monitor = Monitor()
    private var result: Result?
    private var started = true

    /// `body` on a new thread; on this one if no thread can be made.
    public init(_ body: @escaping @Sendable () -> Result) {
        started = startThread { [self] in
            let value = body()
            monitor.withLock {
                result = value
                monitor.broadcast()
            }
        }
        if !started { result = body() }
    }

    /// Waits until the function has returned: what it returned.
    @discardableResult
    public func join() -> Result {
        monitor.withLock {
            while result == nil { monitor.wait() }
            return result!
        }
    }
}

/// Runs `body` on a new, detached thread; false when none can be made.
func startThread(_ body: @escaping () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(ThreadStart(body)).toOpaque()
    // The one difference in these calls' Swift signatures: an optional pointer on Darwin, an integer in glibc.
    #if canImport(Darwin)
    var thread: pthread_t? = nil
    #else
    var thread = pthread_t()
    #endif
    let status = pthread_create(&thread, &attributes, { context in
        ThreadStart.run(context)
        return nil
    }, context)
    guard status == 0 else {
        Unmanaged<ThreadStart>.fromOpaque(context).release()
        return false
    }
    return true
}

/// What a thread started by ``startThread(_:)`` runs.
private final class ThreadStart {
    let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }

    /// The thread's start: its function, given through `context` (optional in glibc's signature).
    static func run(_ context: UnsafeMutableRawPointer?) {
        Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().body()
    }
}
