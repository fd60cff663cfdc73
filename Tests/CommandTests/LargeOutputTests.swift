import Foundation
import PlatformLayer
import Testing

/// Large outputs widen the pipe they go out through.
@Suite("pipe capacity")
struct PipeCapacityTests {
    #if os(Linux)
    @Test("a pipe is widened for a large output only, to at most 1 MB, and never narrowed; anything else is left alone")
    func widened() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let start = try #require(PipeCapacity.capacity(ends[1]))
        #expect(start == 65_536)
        PipeCapacity.prepare(ends[1], for: 100_000)
        #expect(PipeCapacity.capacity(ends[1]) == start)
        PipeCapacity.prepare(ends[1], for: 600_000)
        #expect(PipeCapacity.capacity(ends[1]) == 1 << 20)
        PipeCapacity.prepare(ends[1], for: 300_000)
        #expect(PipeCapacity.capacity(ends[1]) == 1 << 20)
        PipeCapacity.prepare(ends[1], for: 50_000_000)
        #expect(PipeCapacity.capacity(ends[1]) == 1 << 20)
        // A file is no pipe.
        let file = open("/dev/null", O_WRONLY)
        defer { close(file) }
        PipeCapacity.prepare(file, for: 600_000)
        #expect(PipeCapacity.capacity(file) == nil)
    }
    #endif
}

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
