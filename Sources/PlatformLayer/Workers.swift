
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads started before the work they will share is known, for the
/// large catalogs: reading two or three at once on two cores takes half the
/// time. Started while the command is still opening files, the threads are
/// asleep when the work comes. Work is taken, not assigned (work stealing):
/// a piece no worker has begun when the caller is free is done by the
/// caller, so a worker that gets no core soon costs no more than doing
/// everything on one thread. With no threads, everything runs on the
/// calling thread.
public final class Workers: @unchecked Sendable {
    private let threads: [Worker]

    /// `count` threads, or none when the work will not be worth it.
    public init(_ count: Int, worthIt: Bool = true) {
        threads = worthIt ? (0..<count).compactMap { _ in Worker.start() } : []
    }

    deinit { threads.forEach { $0.stop() } }

    /// Whether there are threads besides the caller's: whether work given
    /// to ``map(_:_:)`` may run at the same time as other work.
    public var runAlongside: Bool { !threads.isEmpty }

    /// `transform` applied to every item, the results in the items' order:
    /// this thread takes the first item, and each free thread (this one and
    /// the workers) the next item not yet taken, so items of uneven cost are
    /// shared as evenly as they can be.
    public func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
        guard !threads.isEmpty, items.count > 1 else { return items.map(transform) }
        let turns = Turns(count: items.count)
        let boxes = items.map { _ in ResultBox<R>() }
        let work: @Sendable () -> Void = {
            while let index = turns.next() {
                boxes[index].value = transform(items[index])
                turns.done()
            }
        }
        // The first item is this thread's before any worker wakes.
        let first = turns.next()
        for thread in threads.prefix(items.count - 1) { thread.submit(work) }
        if let first {
            boxes[first].value = transform(items[first])
            turns.done()
        }
        work()
        turns.waitUntilAllDone()
        return boxes.map { $0.value! }
    }

    /// `main` run on this thread while `side` runs on the first worker;
    /// `main` is given `result`, which waits for `side` and returns what it
    /// gave (nil without workers: `side` is then never run). When `main`
    /// asks before the worker has begun, `side` runs on this thread; when
    /// `main` never asks, `side` is run only if the worker has begun it,
    /// and waited for before this returns.
    public func alongside<S: Sendable, T>(_ side: @escaping @Sendable () -> S, _ main: (_ result: () -> S?) -> T) -> T {
        guard let worker = threads.first else { return main { nil } }
        let turns = Turns(count: 1)
        let box = ResultBox<S>()
        worker.submit {
            guard turns.next() != nil else { return }
            box.value = side()
            turns.done()
        }
        var waited = false
        let outcome = main {
            if !waited {
                if turns.next() != nil {
                    box.value = side()
                    turns.done()
                }
                turns.waitUntilAllDone()
                waited = true
            }
            return box.value
        }
        if !waited {
            // Not asked for: taken here (and not run) unless the worker has begun it.
            if turns.next() != nil { turns.done() }
            turns.waitUntilAllDone()
        }
        return outcome
    }
}

/// The items of one call: the next one to take, under a lock, and how many
/// of those taken are done.
private final class Turns: @unchecked Sendable {
    private let monitor = Monitor()
    private var taken = 0
    private var finished = 0
    private let count: Int

    init(count: Int) { self.count = count }

    /// The index of an item no thread has taken yet, now taken by the
    /// caller, who must call ``done()`` when it is; nil when none is left.
    func next() -> Int? {
        monitor.withLock {
            guard taken < count else { return nil }
            taken += 1
            return taken - 1
        }
    }

    /// One item taken is done.
    func done() {
        monitor.withLock {
            finished += 1
            if finished == count { monitor.broadcast() }
        }
    }

    /// Waits until every item is done; called once the caller has found
    /// none left to take, so that only items begun by others are waited for.
    func waitUntilAllDone() {
        monitor.withLock {
            while finished < count { monitor.wait() }
        }
    }
}

/// Where a worker leaves its result.
private final class ResultBox<R>: @unchecked Sendable {
    var value: R?
}
