import Testing
import SemanticDiff
import TestSupport

@Suite("Format strings")
struct FormatStringTests {
    @Test("arguments are numbered as printf numbers them, typed by conversion and length", arguments: [
        ("%@ and %lld", [1: FormatArgument.object, 2: .integer(bits: 64)]),
        ("%d %ld %hhd %zu %qd", [1: .integer(bits: 32), 2: .integer(bits: 64), 3: .integer(bits: 32), 4: .integer(bits: 64), 5: .integer(bits: 64)]),
        ("%2$@ %1$lld", [1: .integer(bits: 64), 2: .object]),
        ("%.2f %5.1e %g %Lf", [1: .floatingPoint(long: false), 2: .floatingPoint(long: false), 3: .floatingPoint(long: false), 4: .floatingPoint(long: true)]),
        ("%s %S %c %C %p", [1: .cString(wide: false), 2: .cString(wide: true), 3: .character(wide: false), 4: .character(wide: true), 5: .pointer]),
        ("%*d", [1: .integer(bits: 32), 2: .integer(bits: 32)]),
        ("%-08.3x", [1: .integer(bits: 32)]),
    ])
    func arguments(_ text: String, _ expected: [Int: FormatArgument]) {
        #expect(FormatString(text).arguments == expected)
    }

    @Test("text that is not a conversion is text", arguments: ["100%", "50% off", "50 % de réduction", "%%", "100%%", "% d", "%y", "%"])
    func notConversions(_ text: String) {
        #expect(FormatString(text).isEmpty)
    }

    @Test("substitutions and %arg")
    func substitutions() {
        let format = FormatString("%#@files@ in %1$#@folders@ of %@")
        #expect(format.substitutions == ["files", "folders"])
        #expect(format.arguments == [1: .object])
        #expect(FormatString("%arg files", inSubstitution: true).showsSubstitutionArgument)
        #expect(FormatString("%arg files", inSubstitution: true).arguments.isEmpty)
        // Outside a substitution, %a is a hexadecimal float.
        #expect(FormatString("%arg").arguments == [1: .floatingPoint(long: false)])
    }

    @Test("compatibility: the same kind, another integer size, or another kind")
    func compatibility() {
        #expect(FormatArgument.integer(bits: 32).compatibility(with: .integer(bits: 64)) == .otherSize)
        #expect(FormatArgument.object.compatibility(with: .integer(bits: 64)) == .different)
        #expect(FormatArgument.object.compatibility(with: .object) == .same)
    }
}

@Suite("Language tags")
struct LanguageTagTests {
    @Test("well-formed BCP 47", arguments: ["en", "pt-BR", "zh-Hans", "zh-Hant-HK", "sr-Latn", "es-419", "de-CH-1996", "yue", "en-US-x-private", "x-klingon", "ca-ES-valencia"])
    func wellFormed(_ tag: String) {
        #expect(LanguageTag.isWellFormed(tag))
    }

    @Test("malformed", arguments: ["en_US", "", "e", "english-language-x", "en--US", "123", "en-", "pt-BR-", "zh-Hans-CN-x", "toolongtag"])
    func malformed(_ tag: String) {
        #expect(!LanguageTag.isWellFormed(tag))
    }

    @Test("the plain shapes (de, pt-BR, sr-Latn-RS, es-419) are well formed and need no replacement, and generated tags of every shape are plain only when both say so")
    func plainlyWellFormed() {
        for tag in ["de", "yue", "pt-BR", "sr-Latn", "sr-Latn-RS", "es-419", "en-GB"] {
            #expect(LanguageTag.isPlainlyWellFormed(tag), "\(tag)")
        }
        for tag in ["zh", "zh-CN", "zh-Hans", "en_US", "EN", "e", "engl", "en-", "en--US", "en-gb", "en-Latn-", "en-US-x-a", "i-klingon",
                    "en-GB-oed", "de-CH-1996", "en-419-US", "en-LATN", "en-Latn-us", "é", ""] {
            #expect(!LanguageTag.isPlainlyWellFormed(tag), "\(tag)")
        }
        // Every tag of up to four parts drawn from parts of each shape: plain ones are well formed and need no replacement.
        let parts = ["de", "zh", "yue", "eng", "e", "DE", "Latn", "latn", "LATN", "BR", "br", "419", "41", "1996", "x", "valencia", "é", ""]
        var random = SplitMix64(seed: 7)
        var plain = 0
        for _ in 0..<20_000 {
            let tag = (0..<Int(1 + random.next() % 4)).map { _ in parts[Int(random.next() % UInt64(parts.count))] }.joined(separator: "-")
            guard LanguageTag.isPlainlyWellFormed(tag) else { continue }
            plain += 1
            #expect(LanguageTag.isWellFormed(tag) && LanguageTag.replacement(for: tag) == nil, "\(tag)")
        }
        #expect(plain > 500)
    }

    @Test("Chinese by region is replaced by Chinese by script; zh-HK stays")
    func chinese() {
        #expect(LanguageTag.replacement(for: "zh-CN") == "zh-Hans")
        #expect(LanguageTag.replacement(for: "zh-sg") == "zh-Hans")
        #expect(LanguageTag.replacement(for: "zh") == "zh-Hans")
        #expect(LanguageTag.replacement(for: "zh-TW") == "zh-Hant")
        #expect(LanguageTag.replacement(for: "zh-HK") == nil)
        #expect(LanguageTag.replacement(for: "zh-Hans") == nil)
        #expect(LanguageTag.replacement(for: "zh-Hant-TW") == nil)
    }
}
