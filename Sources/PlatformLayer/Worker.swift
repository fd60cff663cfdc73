#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread that runs jobs one at a time, in the order they are handed
/// over under a lock; nobody waits for a job, only for what it takes on
/// (``Workers``). On Linux it is started, and woken for each job, away from
/// the processor of the thread that hands it the job (``ProcessorSet``).
final class Worker: @unchecked Sendable {
    private let monitor = Monitor()
    private var jobs: [() -> Void] = []
    private var stopping = false
    private var thread = pthread_t()
    #if canImport(Glibc)
    /// The processors the thread may run on, as its starter's.
    private var processors: ProcessorSet?
    #endif

    private init() {}

    /// A worker on a new thread, or nil when no thread can be made.
    static func start() -> Worker? {
        let worker = Worker()
        let context = Unmanaged.passRetained(worker).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        #if canImport(Glibc)
        worker.processors = ProcessorSet.ofCallingThread()
        worker.processors?.withoutCallersProcessor()?.apply(to: &attributes)
        #endif
        // The thread is not told of its handle: it never needs it, and it is set before any job is handed over.
        guard pthread_create(&worker.thread, &attributes, { context in
            Unmanaged<Worker>.fromOpaque(context!).takeRetainedValue().loop()
            return nil
        }, context) == 0 else {
            Unmanaged<Worker>.fromOpaque(context).release()
            return nil
        }
        pthread_detach(worker.thread)
        return worker
    }

    func submit(_ work: @escaping () -> Void) {
        #if canImport(Glibc)
        processors?.withoutCallersProcessor()?.apply(to: thread)
        #endif
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
            #if canImport(Glibc)
            // Its whole set back, so that the scheduler can move it where there is room.
            processors?.apply(to: pthread_self())
            #endif
            work()
        }
    }
}
