import FoundationCollation
import TestSupport
import Testing
@testable import SemanticDiff

/// The reference the helper process answers with: on Linux it compares
/// CoreFoundation's own strings, one call below `String.compare`, and must
/// give `String.compare`'s answer (``Oracle``, what `JSONSerialization`
/// calls for `.sortedKeys`) for every pair.
@Suite("Foundation's comparison")
struct FoundationCollationTests {
    /// Keys of every kind the fast comparator's tests generate, and keys in
    /// the scripts the helper is asked about most, some over 64 characters.
    static let keys: [String] = {
        var random = SplitMix64(seed: 2026)
        var keys = DistinctKeys<String>()
        var previous: String?
        while keys.count < 20_000 {
            let key = KeyCollationTests.generatedKey(&random, near: previous)
            keys.insert(key)
            previous = key
        }
        let scripts: [[UInt32]] = [
            Array(0x0621...0x0652), Array(0x0905...0x094D), Array(0x0E01...0x0E39), Array(0xAC00...0xAC40), Array(0x0430...0x0451),
            Array("aăâeêioôơuưyđ ấầẩẫậếềểễệốồổỗộớờởỡợứừửữựáàảãạAĂÂĐ".unicodeScalars.map(\.value)) + [0x300, 0x301, 0x303, 0x309, 0x323],
        ]
        for letters in scripts {
            let valid = letters.compactMap(Unicode.Scalar.init)
            for _ in 0..<3_000 {
                var key = ""
                let length = random.below(10) == 0 ? 60 + random.below(10) : 1 + random.below(9)
                for _ in 0..<length { key.unicodeScalars.append(valid[random.below(valid.count)]) }
                keys.insert(key)
            }
        }
        // A key that starts with U+FEFF, which CoreFoundation would read as a byte order mark.
        for key in ["", "x1", "x01", "p", "ρ", "\u{200D}", "\u{FEFF}"] { keys.insert("\u{FEFF}" + key) }
        return keys.sorted()
    }()

    @Test("every pair of keys, neighbours in Foundation's order and random pairs, gets String.compare's answer")
    func pairs() {
        let keys = FoundationCollationTests.keys
        let sorted = keys.sorted { Oracle.compare($0, $1) < 0 }
        var pairs = Array(zip(sorted, sorted.dropFirst()))
        let marked = keys.filter { $0.hasPrefix("\u{FEFF}") }
        for a in marked { for b in ["", "x1", "x01", "p", "ρ", "\u{200D}\u{FEFF}ρ"] { pairs.append((a, b)) } }
        var random = SplitMix64(seed: 7)
        for _ in 0..<100_000 { pairs.append((keys[random.below(keys.count)], keys[random.below(keys.count)])) }
        let reference = FoundationCollation()
        var disagreements: [String] = [], compared = 0
        for (a, b) in pairs + pairs.map({ ($1, $0) }) {
            let expected = Oracle.compare(a, b).signum()
            // Foundation answers some long ties differently from call to call (KeyCollation.ranOutClearly).
            guard Oracle.compare(a, b).signum() == expected else { continue }
            compared += 1
            let answer = Array(a.utf8).withUnsafeBufferPointer { x in Array(b.utf8).withUnsafeBufferPointer { y in reference.compare(x, y) } }
            if answer.signum() != expected { disagreements.append("\(a.debugDescription) vs \(b.debugDescription): \(answer), String.compare \(expected)") }
        }
        #expect(compared > 200_000)
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10))")
    }

    @Test("an order of keys is the one String.compare's answers give")
    func order() {
        var random = SplitMix64(seed: 8)
        let keys = FoundationCollationTests.keys
        let chosen = (0..<6_000).map { _ in keys[random.below(keys.count)] }
        let bytes = chosen.map { Array($0.utf8) }
        let expected = KeyCollation.settledOrder(of: bytes) { x, y in Oracle.compare(chosen[x], chosen[y]) }
        #expect(FoundationCollation().order(of: bytes) == expected)
    }

    @Test("bytes that are not UTF-8 are compared as String(decoding:) reads them")
    func notUTF8() {
        let keys: [[UInt8]] = [[0x61, 0xFF], [0x61, 0xEF, 0xBF, 0xBD], [0x61], [0xC3], [0xC3, 0xA9], [0x62, 0x80, 0x61], [0x62]]
        let reference = FoundationCollation()
        for a in keys {
            for b in keys {
                let expected = Oracle.compare(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self)).signum()
                let answer = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in reference.compare(x, y) } }
                #expect(answer.signum() == expected, "\(a) \(b)")
            }
        }
        let expected = KeyCollation.settledOrder(of: keys) { x, y in
            Oracle.compare(String(decoding: keys[x], as: UTF8.self), String(decoding: keys[y], as: UTF8.self))
        }
        #expect(FoundationCollation().order(of: keys) == expected)
    }
}
