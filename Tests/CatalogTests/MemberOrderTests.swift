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

    @Test("one key added lands where the general way, asking Foundation at each step it cannot tell, puts it: read in place when the fast comparator tells every step")
    func oneKeyAdded() throws {
        FoundationOrder.use()
        var random = SplitMix64(seed: 11)
        let letters: [Character] = Array("会えばすぐにハッピー一键长草") + (0x0E01...0x0E10).map { Character(Unicode.Scalar($0)!) }
            + Array("abcXYZ%@ 12-_•éêä") + ["e\u{301}"]
        var seen = DistinctKeys<String>()
        while seen.count < 400 {
            seen.insert(String((0..<(1 + random.below(5))).map { _ in letters[random.below(letters.count)] }))
        }
        let all = KeyCollation.sorted(Array(seen), by: { $0 })
        let document = try JSONDocument(parsing: Array("{}".utf8))
        try document.withRawDocument { raw in
            let sources = MergeSources(base: raw, ours: raw, theirs: raw, oursOrder: KeyOrder(raw))
            let order = MemberOrder(sources: sources, oursIsSorted: true)
            for _ in 0..<300 {
                // A sorted object of 1 to 12 keys, and one more key.
                var chosen = Set<Int>()
                let size = 2 + random.below(12)
                while chosen.count < size { chosen.insert(random.below(all.count)) }
                var picked = chosen.sorted().map { all[$0] }
                let added = picked.remove(at: random.below(picked.count))
                func members(_ keys: [String]) -> [MergedMember] { keys.map { MergedMember(key: .name($0), value: .string("")) } }
                var result = members(picked)
                order.place(members([added]), into: &result)
                let expected = KeyCollation.places(of: [Array(added.utf8)], in: picked.map { Array($0.utf8) })[0]
                let names = result.map { member -> String in
                    guard case .name(let name) = member.key else { return "" }
                    return name
                }
                #expect(names == Array(picked[..<expected]) + [added] + Array(picked[expected...]), "\(added) among \(picked)")
            }
        }
    }
}
