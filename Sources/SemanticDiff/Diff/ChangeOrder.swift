import XCStringsCatalog
import XCStringsJSON

/// The order `diff`, `--json` and `textconv` show a catalog in, whatever
/// order its file has: what concerns the whole catalog first; entries in
/// Xcode's key order; in an entry, its own fields before its translations;
/// translations by language, the source language first and then the others
/// alphabetically; and in a language, the plain text, then plural
/// categories in CLDR's order (zero, one, two, few, many, other), devices
/// in Xcode's order (``Device``) and substitutions by name.
public enum ChangeOrder {
    /// `changes` in that order (a stable sort: changes at one place keep theirs).
    public static func sorted(_ changes: [CatalogChange], sourceLanguage: String?, keyOrder: KeyOrder) -> [CatalogChange] {
        var changes = changes
        sort(&changes, sourceLanguage: sourceLanguage, keyOrder: keyOrder)
        return changes
    }

    /// Puts `changes` in that order in place: the order is found on their
    /// positions, then the changes are swapped into it, never copied. With
    /// `entriesInOrder`, each entry's changes are one run already in their
    /// order (``sortEntry(_:_:sourceLanguage:)``), and only the entries are put in theirs.
    public static func sort(_ changes: inout [CatalogChange], sourceLanguage: String?, entriesInOrder: Bool = false,
                            keyOrder: KeyOrder) {
        if entriesInOrder { return sortRuns(&changes, keyOrder: keyOrder) }
        var catalogLevel: [Int] = []
        // Grouped by the key's bytes: two keys that differ only in Unicode normalization
        // are two entries, which a String key would take for one. An entry's changes
        // come one after another, so a key is looked up once per entry, not per change.
        var groupOfKey: [KeyBytes: Int] = [:]
        var groups: [[Int]] = []
        var keys: [String] = []
        var last: (key: String, group: Int)?
        // By index, each field read in place: a change bound whole is copied, its strings retained and released.
        for index in changes.indices {
            guard let key = changes[index].key else { catalogLevel.append(index); continue }
            if let last, same(last.key, key) {
                groups[last.group].append(index)
                continue
            }
            let group: Int
            if let known = groupOfKey[KeyBytes(key)] {
                group = known
            } else {
                group = groups.count
                groupOfKey[KeyBytes(key)] = group
                groups.append([])
                keys.append(key)
            }
            groups[group].append(index)
            last = (key, group)
        }
        var order = Array(keys.indices)
        if !keyOrder.isStrictlyOrdered(keys) {
            order = keyOrder.order(of: keys)
        }
        // The position each change goes to, as the change that goes there.
        var source = catalogLevel
        source.reserveCapacity(changes.count)
        for group in order.lazy.map({ groups[$0] }) {
            guard group.count > 1 else { source += group; continue }
            source += entryOrder(group, in: changes, sourceLanguage: sourceLanguage)
        }
        permute(&changes, into: source, at: 0)
    }

    /// ``sort(_:sourceLanguage:entriesInOrder:)`` of changes whose entries'
    /// changes are runs in their order already: the runs are found by
    /// comparing each key with the one before, and moved whole into Xcode's
    /// key order (the sort is stable, so runs of one key's bytes end up
    /// together, in the order they came), the catalog's own changes first.
    /// Nothing moves when the runs are in order already, as a diff's
    /// changes are unless entries were removed or the file is out of order.
    private static func sortRuns(_ changes: inout [CatalogChange], keyOrder: KeyOrder) {
        var catalogLevel: [Int] = []
        // The keys' bytes, made once for the order check and the sort.
        var keys: [[UInt8]] = []
        var runs: [Range<Int>] = []
        var index = 0
        while index < changes.count {
            guard let key = changes[index].key else {
                catalogLevel.append(index)
                index += 1
                continue
            }
            var end = index + 1
            while end < changes.count && same(changes[end].key, key) { end += 1 }
            keys.append(Array(key.utf8))
            runs.append(index..<end)
            index = end
        }
        let catalogFirst = catalogLevel.last.map { $0 == catalogLevel.count - 1 } ?? true
        if catalogFirst && keyOrder.isStrictlyOrdered(keys) { return }
        var source = catalogLevel
        source.reserveCapacity(changes.count)
        for run in keyOrder.order(of: keys) { source += runs[run] }
        permute(&changes, into: source, at: 0)
    }

    /// Puts the changes at `range`, one entry's (all of one key's bytes),
    /// in their order within the entry, in place: what ``sort(_:sourceLanguage:entriesInOrder:)``
    /// does to each entry's changes, done where they are made (by each thread, for its own).
    public static func sortEntry(_ changes: inout [CatalogChange], _ range: Range<Int>, sourceLanguage: String?) {
        guard range.count > 1 else { return }
        let group = Array(range)
        let order = entryOrder(group, in: changes, sourceLanguage: sourceLanguage)
        if order != group { permute(&changes, into: order, at: range.lowerBound) }
    }

    /// The positions of one entry's changes in their order: its own first,
    /// then translations by language (the source first) and variant; changes
    /// at one place as they came.
    private static func entryOrder(_ group: [Int], in changes: [CatalogChange], sourceLanguage: String?) -> [Int] {
        let ranks = group.map { rank(changes[$0].kind) }
        func precedes(_ a: Int, _ b: Int) -> Bool {
            if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            let (x, y) = (group[a], group[b])
            if let first = changes[x].language, let second = changes[y].language, first != second {
                return languagePrecedes(first, second, source: sourceLanguage)
            }
            // Variants are split into their parts only where two differ.
            if !same(changes[x].variant, changes[y].variant) {
                let first = changes[x].variant.split(separator: ".").map(String.init)
                let second = changes[y].variant.split(separator: ".").map(String.init)
                if first != second { return variantPrecedes(first, second) }
            }
            return a < b
        }
        // Most entries' changes come in their order (Xcode keeps the languages sorted). When none
        // precedes the one before it, the stable sort finds the whole list one run and leaves it
        // as it is (whatever the comparison): so it is left as it is here, without the sort's lists.
        if group.indices.dropFirst().allSatisfy({ !precedes($0, $0 - 1) }) { return group }
        return group.indices.sorted(by: precedes).map { group[$0] }
    }

    /// Moves the changes at `offset…` into `source`'s order (`source[i]`
    /// the position of the change that goes to `offset + i`, each of those
    /// positions once): each cycle of the permutation followed once, by swaps
    /// of the changes' memory (an array's own swap copies both changes,
    /// retaining and releasing their strings).
    private static func permute(_ changes: inout [CatalogChange], into source: [Int], at offset: Int) {
        var placed = [Bool](repeating: false, count: source.count)
        changes.withUnsafeMutableBufferPointer { changes in
            for start in source.indices where !placed[start] {
                var position = start
                while true {
                    placed[position] = true
                    let from = source[position] - offset
                    if from == start { break }
                    changes.swapAt(offset + position, offset + from)
                    position = from
                }
            }
        }
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
    public static func sorted(_ entries: [Entry], keyOrder: KeyOrder) -> [Entry] {
        let keys = entries.map(\.key)
        if keyOrder.isStrictlyOrdered(keys) { return entries }
        return keyOrder.order(of: keys).map { entries[$0] }
    }
}
