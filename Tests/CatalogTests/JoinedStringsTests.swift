import Testing
import TestSupport
import SemanticDiff

/// `[String].joined(separator:)` answered by the core's own overload
/// (Memory/JoinedStrings.swift) gives what the standard library's gives.
@Suite("Joined strings")
struct JoinedStringsTests {
    @Test("the same text as the standard library's joined, for empty, single and many parts, empty parts and separators, and text beyond ASCII")
    func sameAsStandardLibrary() {
        var random = SplitMix64(seed: 5)
        let pool = ["", "a", "de", "Hello, world", "e\u{301}", "\u{E9}", "中文", "👩‍👩‍👧", "\n", "a somewhat longer part than the others"]
        for _ in 0..<500 {
            let parts = (0..<Int(random.next() % 7)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
            let separator = ["", " ", ".", ", ", "\n", "é"][Int(random.next() % 6)]
            // A slice is not an array: the standard library's joined answers it.
            let expected = parts[...].joined(separator: separator)
            let joined: String = parts.joined(separator: separator)
            #expect(Array(joined.utf8) == Array(expected.utf8), "\(parts) joined by \(separator.debugDescription)")
            #expect(Array(parts.joined().utf8) == Array(parts[...].joined().utf8))
        }
    }
}
