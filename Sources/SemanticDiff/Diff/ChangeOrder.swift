/// The order `diff`, `--json` and `textconv` show a catalog in, whatever
/// order its file has: what concerns the whole catalog first; entries in
/// Xcode's key order; in an entry, its own fields before its translations;
/// translations by language, the source language first and then the others
/// alphabetically; and in a language, the plain text, then plural
/// categories in CLDR's order (zero, one, two, few, many, other), devices
/// in Xcode's order (``Device``) and substitutions by name.
public enum ChangeOrder {
    /// `changes` in that order (a stable sort: changes at one place keep theirs).
    public static func sorted(_ changes: [CatalogChange], sourceLanguage: String?) -> [CatalogChange] {
        var catalogLevel: [CatalogChange] = []
        // Grouped by the key's bytes: two keys that differ only in Unicode normalization
        // are two entries, which a String key would take for one.
        var groups: [[UInt8]: [CatalogChange]] = [:]
        var keys: [String] = []
        for change in changes {
            guard let key = change.key else { catalogLevel.append(change); continue }
            let bytes = Array(key.utf8)
            if groups[bytes] == nil { keys.append(key) }
            groups[bytes, default: []].append(change)
        }
        if !KeyCollation.isStrictlyOrdered(keys) {
            keys = KeyCollation.order(of: keys).map { keys[$0] }
        }
        var result = catalogLevel
        result.reserveCapacity(changes.count)
        for key in keys {
            let group = groups[Array(key.utf8)]!
            guard group.count > 1 else { result += group; continue }
            // Each change's place read once, not at every comparison.
            let places = group.map { (rank: rank($0.kind), language: $0.language, variant: $0.variant.split(separator: ".").map(String.init)) }
            result += group.indices.sorted { a, b in
                let x = places[a], y = places[b]
                if x.rank != y.rank { return x.rank < y.rank }
                if let first = x.language, let second = y.language, first != second {
                    return languagePrecedes(first, second, source: sourceLanguage)
                }
                if x.variant != y.variant { return variantPrecedes(x.variant, y.variant) }
                return a < b
            }.map { group[$0] }
        }
        return result
    }

    /// Entry-level changes, then changes of translations.
    private static func rank(_ kind: CatalogChange.Kind) -> Int {
        switch kind {
        case .entryAdded, .entryRemoved: return 0
        case .entryChanged: return 1
        default: return 2
        }
    }

    /// Whether language `a` comes before `b`: the source language first, then by code.
    public static func languagePrecedes(_ a: String, _ b: String, source: String?) -> Bool {
        if a == source || b == source { return a == source && b != source }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Whether variant path `a` (`plural.one`, `device.iphone.plural.few`)
    /// comes before `b`: a path before those inside it, plural before device
    /// before substitutions, categories in CLDR's order, devices in Xcode's.
    public static func variantPrecedes(_ a: [String], _ b: [String]) -> Bool {
        for index in 0..<min(a.count, b.count) where a[index] != b[index] {
            if index % 2 == 0 { return kindOrder(a[index]) < kindOrder(b[index]) || (kindOrder(a[index]) == kindOrder(b[index]) && a[index] < b[index]) }
            let kind = a[index - 1]
            let x = nameOrder(a[index], kind: kind), y = nameOrder(b[index], kind: kind)
            return x != y ? x < y : a[index].utf8.lexicographicallyPrecedes(b[index].utf8)
        }
        return a.count < b.count
    }

    private static func kindOrder(_ kind: String) -> Int {
        switch CatalogField(rawValue: kind) {
        case .plural?: return 0
        case .device?: return 1
        case .substitutions?: return 2
        default: return 3
        }
    }

    private static func nameOrder(_ name: String, kind: String) -> Int {
        switch CatalogField(rawValue: kind) {
        case .plural?: return PluralCategory(rawValue: name).map { PluralCategory.allCases.firstIndex(of: $0)! } ?? PluralCategory.allCases.count
        case .device?: return Device.order(of: name)
        default: return 0
        }
    }

    /// `translations` of one entry in this order.
    public static func sorted(_ translations: [Translation], sourceLanguage: String?) -> [Translation] {
        translations.enumerated().sorted { a, b in
            let x = a.element, y = b.element
            if x.language != y.language { return languagePrecedes(x.language, y.language, source: sourceLanguage) }
            if x.variant.path != y.variant.path { return variantPrecedes(x.variant.path, y.variant.path) }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// `entries` in Xcode's key order (as they are when already in it).
    public static func sorted(_ entries: [Entry]) -> [Entry] {
        let keys = entries.map(\.key)
        if KeyCollation.isStrictlyOrdered(keys) { return entries }
        return KeyCollation.order(of: keys).map { entries[$0] }
    }
}
