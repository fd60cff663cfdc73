import TestSupport
import Testing
@testable import SemanticDiff

/// Where a merge puts the keys theirs added to an object ours keeps sorted.
@Suite("Member order")
struct MemberOrderTests {
    /// Foundation's answers, counting the requests.
    final class CountingReference: CollationReference, @unchecked Sendable {
        var requests = 0

        func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
            requests += 1
            return Oracle.compare(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
        }

        func compare(pairs: [(a: [UInt8], b: [UInt8])]) -> [Int] {
            requests += 1
            return pairs.map { Oracle.compare(String(decoding: $0.a, as: UTF8.self), String(decoding: $0.b, as: UTF8.self)) }
        }
    }

    @Test("keys added among Chinese, Thai and Latin keys land where one binary search each with Foundation's comparison puts them, asked in one request per halving")
    func placesInFewRequests() {
        var random = SplitMix64(seed: 7)
        let letters: [Character] = Array("会えばすぐにハッピー一键长草下载作业失败成功不使用无人机") + (0x0E01...0x0E2E).map { Character(Unicode.Scalar($0)!) }
            + Array("abcXYZ%@ 12")
        var seen = DistinctKeys<String>()
        while seen.count < 500 {
            seen.insert(String((0..<(1 + random.below(6))).map { _ in letters[random.below(letters.count)] }))
        }
        var all = Array(seen)
        all.sort { Oracle.compare($0, $1) < 0 }
        // Every fifth key is one theirs added; the rest are ours', in Foundation's order.
        let added = all.enumerated().filter { $0.offset % 5 == 2 }.map { Array($0.element.utf8) }
        let keys = all.enumerated().filter { $0.offset % 5 != 2 }.map { Array($0.element.utf8) }
        let reference = CountingReference()
        let places = KeyCollation.places(of: added, in: keys, asking: reference)
        for (index, key) in added.enumerated() {
            // The place one search with Foundation's answers finds.
            var low = 0, high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if Oracle.compare(String(decoding: keys[middle], as: UTF8.self), String(decoding: key, as: UTF8.self)) < 0 {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            #expect(places[index] == low, "\(String(decoding: key, as: UTF8.self))")
        }
        // 400 keys: at most 9 halvings, each one request whatever the number of keys added.
        #expect(reference.requests >= 1)
        #expect(reference.requests <= 9)
    }
}
