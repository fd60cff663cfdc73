import Foundation
import PlatformLayer
import Testing

/// The threads a large catalog's work is shared on.
@Suite("workers")
struct WorkersTests {
    @Test("taking turns: every item once, results in the items' order, the first on this thread, and both threads take items when one is slow")
    func takingTurns() {
        let workers = Workers(1)
        let items = Array(0..<40)
        let here = ObjectIdentifier(Thread.current)
        let results = workers.map(items) { item -> (Int, ObjectIdentifier) in
            // The first item is slow: the other thread must take most of the rest meanwhile.
            if item == 0 { usleep(200_000) }
            return (item * item, ObjectIdentifier(Thread.current))
        }
        #expect(results.map { $0.0 } == items.map { $0 * $0 })
        #expect(results[0].1 == here)
        #expect(results.dropFirst().filter { $0.1 != here }.count >= 30)
        // Without workers, or with one item, everything runs here.
        #expect(Workers(1, worthIt: false).map(items) { $0 + 1 } == items.map { $0 + 1 })
        #expect(workers.map([7]) { $0 } == [7])
        #expect(workers.map([Int]()) { $0 } == [])
    }

    @Test("a worker that cannot begin: what it has not taken is done by the caller, which does not wait for it")
    func workerThatCannotBegin() {
        let workers = Workers(1)
        let here = ObjectIdentifier(Thread.current)
        let release = DispatchSemaphore(value: 0)
        // The worker is held in a job of its own until the end.
        let held = workers.alongside({ release.wait(); return 1 }) { result -> [ObjectIdentifier] in
            let threads = workers.map(Array(0..<8)) { _ in ObjectIdentifier(Thread.current) }
            // A second piece of work alongside, asked for before the worker could begin it: run here.
            let inline = workers.alongside({ ObjectIdentifier(Thread.current) }) { $0() }
            #expect(inline == here)
            release.signal()
            #expect(result() == 1)
            return threads
        }
        #expect(held == Array(repeating: here, count: 8))
        // Never asked for, and not begun: not run at all.
        let ran = Ran()
        let release2 = DispatchSemaphore(value: 0)
        workers.alongside({ release2.wait() }) { _ in
            workers.alongside({ ran.mark() }) { _ in () }
            release2.signal()
        }
        // Whatever was queued behind has had its turn once this returns.
        _ = workers.map([1, 2]) { $0 }
        usleep(50_000)
        #expect(!ran.value)
    }
}

/// Whether a job ran, under a lock.
private final class Ran: @unchecked Sendable {
    private let lock = NSLock()
    private var marked = false
    func mark() { lock.withLock { marked = true } }
    var value: Bool { lock.withLock { marked } }
}
