import TestSupport
import Testing
import SemanticDiff
@testable import XCStringsMerge

/// Where a merge puts the keys theirs added to an object ours keeps sorted.
@Suite("Member order")
struct MemberOrderTests {
    @Test("keys added among Chinese, Thai and Latin keys land where a binary search with Foundation's comparison puts them, several in one gap in Foundation's order")
    func placesAsFoundation() throws {
        var random = SplitMix64(seed: 7)
        let letters: [Character] = Array("会えばすぐにハッピー一键长草下载作业失败成功不使用无人机") + (0x0E01...0x0E2E).map { Character(Unicode.Scalar($0)!) }
            + Array("abcXYZ%@ 12-_•éêä") + ["e\u{301}"]
        var seen = DistinctKeys<String>()
        while seen.count < 400 {
            seen.insert(String((0..<(1 + random.below(6))).map { _ in letters[random.below(letters.count)] }))
        }
        let all = KeyOrder.foundation.sorted(Array(seen), by: { $0 })
        let document = try JSONDocument(parsing: Array("{}".utf8))
        try document.withRawDocument { raw in
            let sources = MergeSources(base: raw, ours: raw, theirs: raw, oursOrder: SortedMembers(raw, keyOrder: .foundation),
                                       keyOrder: .foundation)
            let order = MemberOrder(sources: sources, oursIsSorted: true)
            for _ in 0..<300 {
                // A sorted object of 2 to 14 keys; one to three of them are theirs' additions.
                var chosen = Set<Int>()
                let size = 3 + random.below(12)
                while chosen.count < size { chosen.insert(random.below(all.count)) }
                let picked = chosen.sorted().map { all[$0] }
                let addedIndices = Set((0..<(1 + random.below(3))).map { _ in random.below(picked.count) })
                let ours = picked.indices.filter { !addedIndices.contains($0) }.map { picked[$0] }
                let added = addedIndices.sorted().map { picked[$0] }
                func members(_ keys: [String]) -> [MergedMember] { keys.map { MergedMember(key: .name($0), value: .string("")) } }
                var result = members(ours)
                order.place(members(added.shuffled(using: &random)), into: &result)
                let names = result.map { member -> String in
                    guard case .name(let name) = member.key else { return "" }
                    return name
                }
                // Where one binary search with Foundation's answers puts each, among ours' keys.
                var expected = ours
                let places = added.map { key in ours.filter { Oracle.compare($0, key) < 0 }.count }
                for (key, place) in zip(added, places).sorted(by: { $0.1 != $1.1 ? $0.1 > $1.1 : Oracle.compare($0.0, $1.0) > 0 }) {
                    expected.insert(key, at: place)
                }
                #expect(names == expected, "\(added) among \(ours)")
            }
        }
    }
}
