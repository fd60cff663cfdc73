import Foundation
import PlatformLayer
import Testing

/// What a command leaves to the process's end.
@Suite("kept until exit")
struct KeptUntilExitTests {
    final class Marker {}

    @Test("a value kept is not freed when the last reference to it goes")
    func kept() {
        weak var kept: Marker?
        weak var dropped: Marker?
        do {
            let first = Marker(), second = Marker()
            kept = first
            dropped = second
            KeptUntilExit.keep(first)
        }
        #expect(kept != nil)
        #expect(dropped == nil)
    }
}
