import Foundation
import PlatformLayer
import Testing

/// The threads a large catalog's work is shared on.
@Suite("workers")
struct WorkersTests {
    @Test("taking turns: every item once, results in the items' order, and both threads take items when one is slow")
    func takingTurns() {
        let workers = Workers(1)
        let items = Array(0..<40)
        let results = workers.mapTakingTurns(items) { item -> (Int, ObjectIdentifier) in
            // The first item is slow: the other thread must take most of the rest meanwhile.
            if item == 0 { usleep(200_000) }
            return (item * item, ObjectIdentifier(Thread.current))
        }
        #expect(results.map { $0.0 } == items.map { $0 * $0 })
        let slowThread = results[0].1
        #expect(results.dropFirst().filter { $0.1 != slowThread }.count >= 30)
        // Without workers, or with one item, everything runs here.
        #expect(Workers(1, worthIt: false).mapTakingTurns(items) { $0 + 1 } == items.map { $0 + 1 })
        #expect(workers.mapTakingTurns([7]) { $0 } == [7])
        #expect(workers.mapTakingTurns([Int]()) { $0 } == [])
    }
}
