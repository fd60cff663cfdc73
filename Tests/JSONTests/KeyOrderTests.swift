@testable import FoundationKeyOrder
import TestSupport
import Testing
import SemanticDiff

/// ``KeyOrder``: the walk, and Foundation in process for the rest.
@Suite("Key order")
struct KeyOrderTests {
    /// A reference that counts what it is asked, and answers as Foundation.
    final class Counting: KeyReference, @unchecked Sendable {
        var pairs = 0, orders = 0
        func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
            pairs += 1
            return FoundationOrder().compare(a, b)
        }
        func order(of keys: [[UInt8]]) -> [Int] {
            orders += 1
            return FoundationOrder().order(of: keys)
        }
    }

    /// Whether Foundation puts `b` first, asked both ways round.
    static func misordered(_ a: String, _ b: String) -> Bool {
        Oracle.compare(a, b) > 0 && Oracle.compare(b, a) < 0
    }

    @Test("keys of every script are sorted into Foundation's order: no neighbours Foundation puts the other way round")
    func sortsAsFoundation() {
        var random = SplitMix64(seed: 31)
        var keys = DistinctKeys<String>()
        while keys.count < 3_000 { keys.insert(KeyCollationTests.generatedKey(&random, near: keys.randomElement(using: &random))) }
        let list = Array(keys)
        let order = KeyOrder.foundation.order(of: list)
        #expect(order.sorted() == Array(list.indices))
        let sorted = order.map { list[$0] }
        let wrong = zip(sorted, sorted.dropFirst()).filter { Self.misordered($0, $1) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(KeyOrder.foundation.isStrictlyOrdered(sorted))
        #expect(!KeyOrder.foundation.isStrictlyOrdered(sorted.reversed()))
    }

    @Test("keys the walk decides are sorted and checked without asking Foundation; one pair it cannot tell hands the whole sort to it")
    func asksOnlyWhereNeeded() {
        let counting = Counting()
        let order = KeyOrder(counting)
        let ascii = ["Save", "save", "Cancel", "Item 10", "Item 9", "%lld files", "zh-Hans", "es-419", "es"]
        #expect(order.order(of: ascii).map { ascii[$0] } == ["%lld files", "Cancel", "es", "es-419", "Item 9", "Item 10", "save", "Save", "zh-Hans"])
        #expect(order.isStrictlyOrdered(["a", "b", "c"]))
        #expect(counting.pairs == 0 && counting.orders == 0)
        let mixed = ["Édition", "Edit", "Ende", "éditer"]
        let sorted = order.order(of: mixed).map { mixed[$0] }
        #expect(sorted == mixed.sorted { Oracle.compare($0, $1) < 0 })
        #expect(counting.orders == 1)
    }

    @Test("a binary search places a key among sorted keys as Foundation orders them")
    func places() {
        let keys = ["apple", "Äpfel", "banana", "Bär", "cherry", "中文", "日本"].sorted { Oracle.compare($0, $1) < 0 }
        let bytes = keys.map { Array($0.utf8) }
        for added in ["a", "ápple", "Apfel", "bz", "zz", "中", "日本語", "😀"] {
            var key = Array(added.utf8)
            let place = key.withUnsafeMutableBufferPointer { key in
                KeyOrder.foundation.place(of: UnsafeBufferPointer(key), count: bytes.count) { index, compare in
                    bytes[index].withUnsafeBufferPointer(compare)
                }
            }
            #expect(place == keys.filter { Oracle.compare($0, added) < 0 }.count, "\(added)")
        }
    }

    @Test("a key over 64 UTF-16 units: the fixed rule gives one answer each way round, Foundation's where the difference is near the start")
    func longKeys() throws {
        var random = SplitMix64(seed: 64)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .,-’…éèёе我ア0123456789")
        func text(_ count: Int) -> String { String((0..<count).map { _ in letters[random.below(letters.count)] }) }
        var disagreements: [String] = []
        for _ in 0..<3_000 {
            let start = text(random.below(20))
            let a = start + text(70 + random.below(30)), b = start + text(1 + random.below(90))
            let rule = try #require(LongKeys.compare(a, b)), back = try #require(LongKeys.compare(b, a))
            #expect(rule.signum() == -back.signum(), "\(a) vs \(b)")
            // Alike but for case over a long start, Foundation's answer may change from run to run; not so here.
            let alikeFor = zip(a.lowercased(), b.lowercased()).prefix { $0 == $1 }.count
            if alikeFor < 30, rule.signum() != Oracle.compare(a, b).signum() { disagreements.append("\(a) vs \(b)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(LongKeys.compare("short", "keys") == nil)
        // Keys alike but for case: the first letter in another case decides, lower case first.
        let long = String(repeating: "Abc ", count: 20)
        #expect(try #require(LongKeys.compare(long.lowercased(), long)) < 0)
        // And a key that runs out where the other goes on sorts first.
        #expect(try #require(LongKeys.compare(long, long.lowercased() + "!")) < 0)
    }
}
