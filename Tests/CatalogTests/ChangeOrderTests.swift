import TestSupport
import Testing
import SemanticDiff

/// The order `diff` shows changes in, put in place by swaps.
@Suite("Change order")
struct ChangeOrderTests {

    /// The order as the documentation states it, by a plain sort of copies: catalog-level changes first as they came; then entries, one
    /// group per key's bytes in Xcode's key order; in an entry, its own
    /// changes, then translations by language (source first) and variant,
    /// changes at one place as they came.
    static func expected(_ changes: [CatalogChange], source: String?) -> [CatalogChange] {
        let catalogLevel = changes.filter { $0.key == nil }
        var keys: [String] = []
        for change in changes {
            guard let key = change.key, !keys.contains(where: { $0.utf8.elementsEqual(key.utf8) }) else { continue }
            keys.append(key)
        }
        // Xcode's key order as the key comparator gives it (its own tests hold it to Foundation's).
        let sortedKeys = KeyOrder.foundation.order(of: keys).map { keys[$0] }
        func rank(_ kind: CatalogChange.Kind) -> Int {
            kind == .entryAdded || kind == .entryRemoved ? 0 : kind == .entryChanged ? 1 : 2
        }
        var result = catalogLevel
        for key in sortedKeys {
            let group = changes.enumerated().filter { $0.element.key.map { $0.utf8.elementsEqual(key.utf8) } == true }
            result += group.sorted { a, b in
                let x = a.element, y = b.element
                if rank(x.kind) != rank(y.kind) { return rank(x.kind) < rank(y.kind) }
                if let first = x.language, let second = y.language, first != second {
                    return ChangeOrder.languagePrecedes(first, second, source: source)
                }
                let first = x.variant.split(separator: ".").map(String.init), second = y.variant.split(separator: ".").map(String.init)
                if first != second { return ChangeOrder.variantPrecedes(first, second) }
                return a.offset < b.offset
            }.map(\.element)
        }
        return result
    }

    @Test("2,000 random lists of changes: in place, the same order as a plain sort; keys told apart by their bytes")
    func randomChanges() {
        var random = SplitMix64(seed: 12)
        let keys = ["Apple", "apple", "Zebra", "é", "e\u{301}", "%lld items", "10 items", "2 items", ""]
        let languages: [String?] = [nil, "en", "de", "fr", "ja", "zh-Hans"]
        let variants = ["", "plural.one", "plural.other", "plural.few", "device.iphone", "device.mac.plural.one", "substitutions.x.plural.one"]
        let kinds = CatalogChange.Kind.allCases
        for round in 0..<2_000 {
            var changes: [CatalogChange] = []
            // An entry's changes mostly come together, as a diff makes them; some keys come back later.
            var key = keys.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                if Int.random(in: 0..<4, using: &random) == 0 { key = keys.randomElement(using: &random)! }
                let kind = kinds.randomElement(using: &random)!
                var change = CatalogChange(kind: kind, key: kind == .catalogChanged ? nil : key,
                                           language: languages.randomElement(using: &random)!,
                                           variant: variants.randomElement(using: &random)!)
                change.field = "f\(changes.count)"
                changes.append(change)
            }
            let source = round % 3 == 0 ? nil : "en"
            let sorted = ChangeOrder.sorted(changes, sourceLanguage: source)
            #expect(sorted.map(\.field) == Self.expected(changes, source: source).map(\.field), "round \(round)")
        }
    }

    @Test("2,000 random lists of one run per key: each run put in order where it is, then only the entries placed, is the whole sort")
    func entriesInOrder() {
        var random = SplitMix64(seed: 13)
        let keys = ["Apple", "apple", "Zebra", "é", "e\u{301}", "%lld items", "10 items", "2 items", "", "b", "B"]
        let languages: [String?] = [nil, "en", "de", "fr", "ja", "zh-Hans"]
        let variants = ["", "plural.one", "plural.other", "plural.few", "device.iphone", "device.mac.plural.one", "substitutions.x.plural.one"]
        let kinds = CatalogChange.Kind.allCases.filter { $0 != .catalogChanged }
        var reordered = 0
        for round in 0..<2_000 {
            // Catalog-level changes first, as a diff makes them; then each key's changes in one run, keys in any order.
            var changes = (0..<Int.random(in: 0...2, using: &random)).map { _ in CatalogChange(kind: .catalogChanged, field: "version") }
            var runs: [Range<Int>] = []
            for key in keys.shuffled(using: &random).prefix(Int.random(in: 0...keys.count, using: &random)) {
                let start = changes.count
                for _ in 0..<Int.random(in: 1...12, using: &random) {
                    changes.append(CatalogChange(kind: kinds.randomElement(using: &random)!, key: key,
                                                 language: languages.randomElement(using: &random)!,
                                                 variant: variants.randomElement(using: &random)!))
                }
                runs.append(start..<changes.count)
            }
            for index in changes.indices { changes[index].field = "f\(index)" }
            let source = round % 3 == 0 ? nil : "en"
            var inPlace = changes
            for run in runs { ChangeOrder.sortEntry(&inPlace, run, sourceLanguage: source) }
            if inPlace.map(\.field) != changes.map(\.field) { reordered += 1 }
            // Each run in its place, in the order the whole sort gives it.
            for run in runs {
                let whole = ChangeOrder.sorted(Array(changes[run]), sourceLanguage: source)
                #expect(inPlace[run].map(\.field) == whole.map(\.field), "round \(round)")
            }
            ChangeOrder.sort(&inPlace, sourceLanguage: source, entriesInOrder: true, keyOrder: .foundation)
            #expect(inPlace.map(\.field) == Self.expected(changes, source: source).map(\.field), "round \(round)")
        }
        #expect(reordered > 1_000)
    }
}
