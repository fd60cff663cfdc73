import Testing
import TestSupport
import SemanticDiff
@testable import XCStringsCheck

/// The source text a translation's placeholders are compared with.
@Suite struct SourceTextsTests {
    /// Variants a source localization may have texts for.
    static let sourceVariants: [[String]] = [
        [], ["plural", "one"], ["plural", "other"], ["device", "iphone"], ["device", "other"],
        ["device", "iphone", "plural", "one"], ["device", "iphone", "plural", "other"],
        ["device", "other", "plural", "one"], ["device", "other", "plural", "other"],
        ["substitutions", "n", "plural", "one"], ["substitutions", "n", "plural", "other"], ["substitutions", "n"],
        ["device", "device"], ["substitutions", "device", "plural", "other"],
    ]

    /// Variants of translations looked up: shapes the lookups without paths take, and names that are also field names.
    static let translationVariants: [[String]] = [
        ["device", "iphone"], ["device", "ipad"], ["device", "other"], ["device", "device"],
        ["device", "iphone", "plural", "one"], ["device", "iphone", "plural", "few"], ["device", "ipad", "plural", "other"],
        ["device", "other", "plural", "few"], ["device", "plural", "plural", "one"],
        ["substitutions", "n", "plural", "one"], ["substitutions", "n", "plural", "few"], ["substitutions", "m", "plural", "one"],
        ["substitutions", "device", "plural", "one"], ["substitutions", "plural", "plural", "other"],
    ]

    @Test("the lookups without paths find what building the candidates' paths finds, for every source")
    func lookupsMatchCandidates() {
        var random = SplitMix64(seed: 12)
        for _ in 0..<3000 {
            var sources = SourceTexts([])
            for variant in Self.sourceVariants where random.next() % 3 == 0 {
                sources.add(Variant(variant), variant.joined(separator: ".") + " %@")
            }
            for path in Self.translationVariants {
                let fast = PlaceholderCheck.reference(for: Variant(path), in: sources)
                let built = PlaceholderCheck.referenceByCandidates(path, in: sources)
                #expect(fast?.own === built?.own, "\(path)")
                #expect(fast?.other === built?.other, "\(path)")
                #expect(fast?.category == built?.category, "\(path)")
                #expect((fast == nil) == (built == nil), "\(path)")
            }
        }
    }

    @Test("a device's text falls back to the other device, then to the text without devices")
    func deviceFallbacks() {
        var sources = SourceTexts([])
        sources.add(Variant(["device", "other", "plural", "other"]), "%lld files")
        sources.add(Variant([]), "%@")
        let plural = PlaceholderCheck.reference(for: Variant(["device", "ipad", "plural", "few"]), in: sources)
        #expect(plural?.own == nil)
        #expect(plural?.other?.value == "%lld files")
        #expect(plural?.category == "few")
        #expect(PlaceholderCheck.reference(for: Variant(["device", "ipad"]), in: sources)?.own?.value == "%lld files")
        sources.add(Variant(["device", "ipad"]), "%d")
        #expect(PlaceholderCheck.reference(for: Variant(["device", "ipad"]), in: sources)?.own?.value == "%d")
        #expect(PlaceholderCheck.reference(for: Variant(["substitutions", "n", "plural", "one"]), in: sources) == nil)
    }
}
