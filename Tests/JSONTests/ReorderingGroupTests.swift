import TestSupport
import Testing
import SemanticDiff
@testable import XCStringsJSON

/// The walk's knowledge of characters outside ASCII
/// (``KeyCollation/typographicCompare(_:_:_:_:)``), each claim checked
/// against Foundation over every character it covers.
@Suite("Reordering groups and typographic characters")
struct ReorderingGroupTests {
    /// Foundation's order of two strings, as -1, 0 or 1.
    private func foundation(_ a: String, _ b: String) -> Int { Oracle.compare(a, b).signum() }

    private func walk(_ a: String, _ b: String) -> Int? {
        var a = a, b = b
        return a.withUTF8 { a in b.withUTF8 { b in KeyCollation.walkCompare(a, b) } }
    }

    /// Every Unicode scalar with a reordering group outside ASCII and the
    /// typographic list.
    private static let grouped: [(Unicode.Scalar, ReorderingGroup)] = (0x80...0x10FFFF).compactMap { value in
        guard let scalar = Unicode.Scalar(UInt32(value)), KeyCollation.typographicRank[scalar.value] == nil,
              let group = ReorderingGroup(scalar) else { return nil }
        return (scalar, group)
    }

    /// The first and last characters of each group in the first-level
    /// order (both cases of letters, the first and last digit): every
    /// character of a group sorts between them.
    private static let groupEnds: [(String, ReorderingGroup)] = {
        var ends: [(String, ReorderingGroup)] = []
        var previous: ReorderingGroup?
        for (index, characters) in KeyCollation.firstLevelOrder.enumerated() {
            let group = KeyCollation.group(ofRank: UInt8(index + 1))
            let next = index + 1 < KeyCollation.firstLevelOrder.count ? KeyCollation.group(ofRank: UInt8(index + 2)) : nil
            if group != previous || group != next {
                ends += characters.map { (String($0), group) }
            }
            previous = group
        }
        return ends + [("A", .latin), ("Z", .latin), ("9", .digit)]
    }()

    @Test("the first-level order is Foundation's: each place before the next, the characters of one place alike at that level")
    func firstLevelOrder() {
        let order = KeyCollation.firstLevelOrder
        for (earlier, later) in zip(order, order.dropFirst()) {
            let a = String(earlier.first!), b = String(later.first!)
            #expect(foundation(a, b) == -1, "\(a) < \(b)")
            // A later difference does not turn them round: they differ at the first level.
            #expect(foundation(a + "z", b + "a") == -1, "\(a)z < \(b)a")
        }
        for characters in order {
            let first = String(characters.first!)
            for character in characters.dropFirst().map(String.init) {
                if KeyCollation.expansions.contains(character.unicodeScalars.first!.value) {
                    // Its first weight is the place's: after the place and anything lighter, before anything heavier.
                    #expect(foundation(first + " ", character) == -1 && foundation(character, first + "z") == -1, "\(character)")
                } else {
                    // Alike at the first level: what follows decides.
                    #expect(foundation(first + "b", character + "a") == 1 && foundation(character + "b", first + "a") == 1,
                            "\(first) and \(character)")
                }
            }
        }
    }

    @Test("every character placed by its reordering group sorts before or after every other group's ends as its group says, after ASCII and after punctuation")
    func everyGroupedCharacter() {
        #expect(Self.grouped.count > 100_000)
        var failures = 0
        for (scalar, group) in Self.grouped {
            let character = String(Character(scalar))
            for (end, endGroup) in Self.groupEnds where endGroup != group {
                let sign = group < endGroup ? -1 : 1
                // What follows the difference cannot turn it round: the heavier text goes on the lighter side.
                let (heavier, lighter) = ("z", " ")
                for prefix in ["", "k", "’"] {
                    let a = prefix + character + (sign < 0 ? heavier : lighter), b = prefix + end + (sign < 0 ? lighter : heavier)
                    if foundation(a, b) != sign {
                        failures += 1
                        if failures < 20 { Issue.record("U+\(String(scalar.value, radix: 16)) (\(group)) against \(end.debugDescription) after \(prefix.debugDescription)") }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    @Test("the runs the walk orders by code point are in Foundation's order, character by character")
    func codePointRuns() {
        for run in ReorderingGroup.codePointOrdered {
            let characters = run.compactMap(Unicode.Scalar.init).filter { ReorderingGroup($0) != nil }.map { String(Character($0)) }
            #expect(characters.count > 30)
            for (a, b) in zip(characters, characters.dropFirst()) {
                // Whatever follows: heavier text (a letter, an ideograph) after the first than after the second.
                #expect(foundation(a + "z", b + "a") == -1 && foundation(a + "一", b + " ") == -1, "\(a) < \(b)")
            }
        }
    }

    @Test("no space, punctuation mark, symbol or currency sign the walk reads past joins what follows it")
    func joinless() {
        let typographic = KeyCollation.firstLevelOrder.joined().unicodeScalars.filter { $0.value >= 0x80 }
        let candidates = Array(typographic) + Self.grouped.filter { $0.1.isJoinless }.map(\.0)
        var failures = 0
        for scalar in candidates {
            let character = String(Character(scalar))
            for (a, b) in [("l", "r"), ("%", "a"), ("a", "B"), ("-", "."), ("9", "a")] where foundation(character + a, character + b) != -1 {
                failures += 1
                if failures < 20 { Issue.record("U+\(String(scalar.value, radix: 16)) joins \(a) or \(b)") }
            }
        }
        #expect(failures == 0)
    }

    @Test("examples from real catalogs: decided without Foundation, as Foundation decides them")
    func examples() {
        let pairs = [("Made with ♥ by", "Made with love"), ("%@", "🤠"), ("godapp.jp", "会えば"), ("We’ll use", "Weather"),
                     ("Enable…", "Enabled"), ("Resize window", "Resize…"), ("%lld words", "••••"), ("-%@", "·"),
                     ("“开局”", "%@"), ("You've got it", "You’ve leveled up"), ("🤠", "🦄 Maintainer"), ("⚙️ Service", "⚠️ Conflicts")]
        for (a, b) in pairs {
            let expected = foundation(a, b)
            #expect(walk(a, b) == expected, "\(a) vs \(b)")
            #expect(walk(b, a) == -expected, "\(b) vs \(a)")
        }
        // Alike at the first level to the end, or ideographs: Foundation's.
        #expect(walk("Configure...", "Configure…") == nil)
        #expect(walk("一层", "一键") == nil)
        // Hangul syllables weigh as their letters: `됂` is `돼` and one more.
        #expect(walk("됂💻", "돼你") == nil)
    }
}
