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
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [() -> Void] = []
    private var stopping = false
    private var thread = pthread_t()
    #if canImport(Glibc)
    /// The processors the thread may run on, as its starter's.
    private var processors: ProcessorSet?
    /// Whether the job handed over was placed away from the thread that handed it.
    private var placed = false
    #endif

    private init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

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
        let away = processors?.withoutCallersProcessor()
        away?.apply(to: thread)
        #endif
        pthread_mutex_lock(mutex)
        #if canImport(Glibc)
        placed = away != nil
        #endif
        jobs.append(work)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Ends the thread; jobs not begun are dropped (they have taken nothing on).
    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    private func loop() {
        pthread_mutex_lock(mutex)
        while true {
            while jobs.isEmpty && !stopping { pthread_cond_wait(condition, mutex) }
            guard !stopping else { break }
            let work = jobs.removeFirst()
            #if canImport(Glibc)
            let giveBack = placed ? processors : nil
            #endif
            pthread_mutex_unlock(mutex)
            #if canImport(Glibc)
            giveBack?.apply(to: pthread_self())
            #endif
            work()
            pthread_mutex_lock(mutex)
        }
        pthread_mutex_unlock(mutex)
    }
}
