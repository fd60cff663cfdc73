import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads started before the work they will share is known.
///
/// Reading two or three large catalogs at once on two cores takes half the
/// time, but a thread started at the moment its work is ready can wait
/// milliseconds for a core of its own (a new thread is first queued on its
/// parent's core). Started while the command is still opening libgit2 or
/// mapping files, the threads are asleep on their own cores when the work
/// comes. With no threads, everything runs on the calling thread.
public final class Workers: @unchecked Sendable {
    private let threads: [Worker]

    /// `count` threads, or none when the work will not be worth it.
    public init(_ count: Int, worthIt: Bool = true) {
        threads = worthIt ? (0..<count).compactMap { _ in Worker.start() } : []
    }

    deinit { threads.forEach { $0.stop() } }

    /// `transform` applied to every item: the first on this thread, the
    /// others on the workers while it runs (on this thread when there are
    /// fewer workers than items).
    public func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
        guard let first = items.first else { return [] }
        let boxes = items.dropFirst().map { _ in ResultBox<R>() }
        var inline: [Int] = []
        for (offset, item) in items.dropFirst().enumerated() {
            let box = boxes[offset]
            if offset < threads.count {
                threads[offset].submit { box.value = transform(item) }
            } else {
                inline.append(offset)
            }
        }
        var results = [transform(first)]
        for offset in inline { boxes[offset].value = transform(items[offset + 1]) }
        for thread in threads.prefix(items.count - 1) { thread.wait() }
        results += boxes.map { $0.value! }
        return results
    }

    /// `main` run on this thread while `side` runs on the first worker;
    /// `main` is given `result`, which waits for `side` and returns what it
    /// gave (nil without workers: `side` is then never run). `side` is
    /// waited for before this returns, whether `main` asked for it or not.
    public func alongside<S: Sendable, T>(_ side: @escaping @Sendable () -> S, _ main: (_ result: () -> S?) -> T) -> T {
        guard let worker = threads.first else { return main { nil } }
        let box = ResultBox<S>()
        worker.submit { box.value = side() }
        var waited = false
        let outcome = main {
            if !waited { worker.wait(); waited = true }
            return box.value
        }
        if !waited { worker.wait() }
        return outcome
    }

    /// `bytes` read as JSON (``JSONReader/read(_:)``), a large file by this
    /// thread and a worker at once (``JSONSecondHalf``).
    public func readJSON(_ bytes: Bytes) throws(JSONSyntaxError) -> JSONDocument {
        guard !threads.isEmpty, let cut = JSONReader.secondHalfStart(in: bytes) else { return try JSONReader.read(bytes) }
        let read: Result<JSONDocument, JSONSyntaxError> = alongside({ JSONReader.readSecondHalf(bytes, from: cut) }) { result in
            // Called by the reader while it reads, never after.
            withoutActuallyEscaping({ result() ?? nil }) { take in
                do throws(JSONSyntaxError) {
                    return .success(try JSONReader.read(bytes, cut: cut, secondHalf: take))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try read.get()
    }

    /// `bytes` viewed as a catalog, read as ``readJSON(_:)`` reads them.
    public func readCatalog(_ bytes: Bytes) throws(CatalogError) -> Catalog {
        try Catalog(parsing: bytes) { bytes throws(JSONSyntaxError) in try readJSON(bytes) }
    }

    /// `transform` applied to every item, the results in the items' order;
    /// each free thread (this one and the workers) takes the next item not
    /// yet taken: for many items of uneven cost, which no split made in
    /// advance would share evenly.
    public func mapTakingTurns<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
        guard !threads.isEmpty, items.count > 1 else { return items.map(transform) }
        let turns = Turns(count: items.count)
        let boxes = items.map { _ in ResultBox<R>() }
        let work: @Sendable () -> Void = {
            while let index = turns.next() { boxes[index].value = transform(items[index]) }
        }
        let helping = threads.prefix(items.count - 1)
        for thread in helping { thread.submit(work) }
        work()
        for thread in helping { thread.wait() }
        return boxes.map { $0.value! }
    }
}

/// The next item to take, under a lock.
private final class Turns: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var taken = 0
    private let count: Int

    init(count: Int) {
        self.count = count
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The index of an item no thread has taken yet; nil when none is left.
    func next() -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }
}

/// Where a worker leaves its result.
private final class ResultBox<R>: @unchecked Sendable {
    var value: R?
}

/// One thread that runs one job at a time, handed over under a lock.
private final class Worker: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var job: (() -> Void)?
    private var busy = false
    private var stopping = false

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
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            Unmanaged<Worker>.fromOpaque(context!).takeRetainedValue().loop()
            return nil
        }, context) == 0 else {
            Unmanaged<Worker>.fromOpaque(context).release()
            return nil
        }
        pthread_detach(thread)
        return worker
    }

    func submit(_ work: @escaping () -> Void) {
        pthread_mutex_lock(mutex)
        job = work
        busy = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until the job submitted last is done.
    func wait() {
        pthread_mutex_lock(mutex)
        while busy { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }

    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    private func loop() {
        pthread_mutex_lock(mutex)
        while true {
            while job == nil && !stopping { pthread_cond_wait(condition, mutex) }
            guard let work = job else { break }
            job = nil
            pthread_mutex_unlock(mutex)
            work()
            pthread_mutex_lock(mutex)
            busy = false
            pthread_cond_broadcast(condition)
        }
        pthread_mutex_unlock(mutex)
    }
}
