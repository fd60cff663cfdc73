import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// Properties every merge must have, over generated catalogs and edits.
@Suite("Merge properties")
struct MergePropertiesTests {

    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]

    static func catalogs(_ seed: UInt64) -> (base: JSONValue, x: JSONValue, y: JSONValue) {
        let base = CatalogGenerator(keys: 120, languages: 10, seed: seed).catalog()
        let x = CatalogEditor(seed: seed * 100 + 1, edits: 40).apply(to: base)
        let y = CatalogEditor(seed: seed * 100 + 2, edits: 40).apply(to: base)
        return (base, x, y)
    }

    static func document(_ value: JSONValue) throws -> JSONDocument {
        try JSONDocument(parsing: value.xcodeLayout())
    }

    static func merged(_ base: JSONValue, _ ours: JSONValue, _ theirs: JSONValue) throws -> CatalogMergeResult {
        try CatalogMerge.merge(base: document(base), ours: document(ours), theirs: document(theirs))
    }

    static func same(_ a: [UInt8], _ b: [UInt8]) throws -> Bool {
        let left = try JSONDocument(parsing: a), right = try JSONDocument(parsing: b)
        return JSONEquality.equal(left, left.root, right, right.root)
    }

    @Test("merge(B, X, B) is X, byte for byte", arguments: seeds)
    func oursOnly(seed: UInt64) throws {
        let (base, x, _) = Self.catalogs(seed)
        let result = try Self.merged(base, x, base)
        #expect(result.conflicts.isEmpty)
        #expect(result.bytes() == x.xcodeLayout())
    }

    @Test("merge(B, B, Y) is Y, byte for byte", arguments: seeds)
    func theirsOnly(seed: UInt64) throws {
        let (base, _, y) = Self.catalogs(seed)
        let result = try Self.merged(base, base, y)
        #expect(result.conflicts.isEmpty)
        #expect(result.bytes() == y.xcodeLayout())
    }

    @Test("merge(B, X, X) is X", arguments: seeds)
    func sameChange(seed: UInt64) throws {
        let (base, x, _) = Self.catalogs(seed)
        #expect(try Self.merged(base, x, x).bytes() == x.xcodeLayout())
    }

    @Test("a clean merge(B, X, Y) has the same content as merge(B, Y, X), and loses no one-sided change", arguments: seeds)
    func symmetryAndNothingLost(seed: UInt64) throws {
        let (base, x, y) = Self.catalogs(seed)
        let forward = try Self.merged(base, x, y), backward = try Self.merged(base, y, x)
        #expect(forward.conflicts.count == backward.conflicts.count)
        guard forward.conflicts.isEmpty else { return }
        #expect(try Self.same(forward.bytes(), backward.bytes()))
        // Sorted inputs give a sorted output.
        let output = try JSONDocument(parsing: forward.bytes())
        #expect(XcodeLayout.format(output) == forward.bytes())
        let leaves = [base, x, y].map(Leaves.init)
        let merged = Leaves(JSONValue(output, output.root))
        #expect(merged.lost(base: leaves[0], ours: leaves[1], theirs: leaves[2]).isEmpty)
    }

    @Test("conflicting edits on generated catalogs: every hunk valid either way, and nothing else lost")
    func conflictingEdits() throws {
        let base = CatalogGenerator(keys: 60, languages: 6, seed: 9).catalog()
        // Both sides edit the same entries: some edits collide.
        let x = CatalogEditor(seed: 5, edits: 150).apply(to: base)
        let y = CatalogEditor(seed: 6, edits: 150).apply(to: base)
        let result = try Self.merged(base, x, y)
        let text = String(decoding: result.bytes(), as: UTF8.self)
        let merge = try MergeCase(base, x, y)
        #expect(merge.text == text)
        for side in [true, false] {
            let resolved = merge.resolved(takingOurs: side)
            let document = try JSONDocument(parsing: Array(resolved.utf8))
            #expect(String(decoding: XcodeLayout.format(document), as: UTF8.self) == resolved)
        }
        let leaves = [base, x, y].map(Leaves.init)
        let resolved = try JSONDocument(parsing: Array(merge.resolved(takingOurs: true).utf8))
        let lost = Leaves(JSONValue(resolved, resolved.root)).lost(base: leaves[0], ours: leaves[1], theirs: leaves[2])
        // Only theirs' side of a conflict may be missing when ours is taken.
        let conflictKeys = Set(result.conflicts.compactMap(\.key))
        #expect(lost.allSatisfy { path in conflictKeys.contains { path.contains("/\($0)/") } }, "\(lost)")
    }
}

@Suite("Merge layout")
struct MergeLayoutTests {

    @Test("new keys land at their sorted place in sorted objects; ours' keys never move")
    func sortedInsertion() throws {
        let base = B.catalog([("b", B.entry([])), ("d", B.entry([]))])
        let ours = B.catalog([("b", B.entry([])), ("c", B.entry([])), ("d", B.entry([]))])
        let theirs = B.catalog([("a", B.entry([])), ("b", B.entry([])), ("d", B.entry([])), ("e", B.entry([])), ("Item 10", B.entry([])),
                                ("Item 9", B.entry([]))])
        let merge = try MergeCase(base, ours, theirs)
        #expect(try merge.value["strings"]!.members.map(\.key) == ["a", "b", "c", "d", "e", "Item 9", "Item 10"])
    }

    @Test("in unsorted objects, the result is still in Xcode's order, new keys included")
    func unsortedInsertion() throws {
        let base = B.catalog([("z", B.entry([])), ("m", B.entry([]))])
        let ours = B.catalog([("z", B.entry([])), ("m", B.entry([])), ("a", B.entry([]))])
        let theirs = B.catalog([("new1", B.entry([])), ("z", B.entry([])), ("new2", B.entry([])), ("new3", B.entry([])),
                                ("m", B.entry([]))])
        let merge = try MergeCase(base, ours, theirs, keepOrder: true)
        #expect(try merge.value["strings"]!.members.map(\.key) == ["a", "m", "new1", "new2", "new3", "z"])
    }

    /// `count` different keys of one to `length` of `pieces`, in Xcode's order.
    static func sortedKeys(_ count: Int, of pieces: [String], upTo length: Int, _ random: inout SplitMix64) -> [String] {
        var keys = DistinctKeys<String>()
        while keys.count < count { keys.insert((0..<(1 + random.below(length))).map { _ in pieces[random.below(pieces.count)] }.joined()) }
        return KeyOrder.foundation.sorted(Array(keys), by: { $0 })
    }

    @Test("keys partly out of order in ours, among keys only Foundation orders and a duplicate: the result is in Xcode's order, ours' neighbours found in order when it was read kept without a second look", arguments: Array(1...12) as [UInt64])
    func partlyOrderedOurs(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces = ["%@ ", "**%@** ", "a", "A", "ê", "e\u{301}", "Item 9", "Item 10", "-", " ", "(", "zh", "ss", "ä", "あ", "Ä", "_", "•"]
        let sorted = Self.sortedKeys(60, of: pieces, upTo: 4, &random)
        // Ours: in order but for a few neighbours swapped, with a duplicate of one key written before it.
        var ours = sorted
        for _ in 0..<(seed % 4 == 0 ? 0 : 1 + random.below(2)) {
            let at = random.below(ours.count - 1)
            ours.swapAt(at, at + 1)
        }
        let base = ours.filter { _ in random.below(5) != 0 }
        var theirs = base.filter { _ in random.below(6) != 0 }
        // Keys theirs adds go at the end of an object out of order, which the writer then sorts whole: half the time none.
        if seed % 2 == 0 { theirs += ["new %@ key", "**new**", "Ä new", "a new"].filter { _ in random.below(2) == 0 } }
        func text(_ keys: [String], duplicate: Bool) -> [UInt8] {
            var members = keys.map { "\(String(decoding: JSONString.quoted($0), as: UTF8.self)) : {}" }
            if duplicate, let last = members.indices.last { members.insert(members[last], at: random.below(members.count)) }
            return Array("{\"sourceLanguage\" : \"en\", \"strings\" : {\(members.joined(separator: ", "))}, \"version\" : \"1.0\"}".utf8)
        }
        let result = try CatalogMerge.merge(base: JSONDocument(parsing: text(base, duplicate: false)),
                                            ours: JSONDocument(parsing: text(ours, duplicate: random.below(2) == 0)),
                                            theirs: JSONDocument(parsing: text(theirs, duplicate: false)))
        #expect(result.conflicts.isEmpty)
        let bytes = result.bytes()
        #expect(try bytes == Oracle.format(bytes), "seed \(seed)")
    }

    @Test("one key theirs added to an object ours keeps sorted, at every depth, lands where Xcode's order puts it, whether the fast comparator tells its place or Foundation is asked", arguments: Array(1...16) as [UInt64])
    func oneKeyAdded(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces = ["%@ ", "a", "A", "ê", "e\u{301}", "Item 9", "Item 10", "-", " ", "zh", "zh-Hans", "ss", "ä", "あ", "ก", "_", "•", "1"]
        let sorted = Self.sortedKeys(12, of: pieces, upTo: 3, &random)
        let added = sorted[random.below(sorted.count)]
        let kept = sorted.filter { $0 != added }
        // The same keys as an entry's languages and as the catalog's entries: theirs adds one to each, ours changes
        // every entry's first translation, so that both sides' entries are merged member by member.
        func entry(_ languages: [String], first: String = "x") -> JSONValue {
            B.entry(languages.enumerated().map { ($0.element, B.text($0.offset == 0 ? first : "x")) })
        }
        let base = B.catalog(kept.map { ($0, entry(kept)) })
        let ours = B.catalog(kept.map { ($0, entry(kept, first: "y")) })
        let theirs = B.catalog(sorted.map { ($0, entry(sorted)) })
        let result = try MergeCase(base, ours, theirs, keepOrder: true).result
        #expect(result.conflicts.isEmpty)
        let bytes = result.bytes()
        #expect(try bytes == Oracle.format(bytes), "seed \(seed): \(added)")
    }

    @Test("the final newline is merged like a value")
    func finalNewline() throws {
        let catalog = B.catalog([("k", B.entry([("de", B.text("x"))]))])
        let plain = catalog.xcodeLayout(), newline = catalog.xcodeLayout(finalNewline: true)
        func merge(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8]) throws -> Bool {
            try CatalogMerge.merge(base: JSONDocument(parsing: base), ours: JSONDocument(parsing: ours),
                                   theirs: JSONDocument(parsing: theirs)).bytes().last == UInt8(ascii: "\n")
        }
        #expect(try merge(plain, plain, newline))
        #expect(try merge(plain, newline, plain))
        #expect(try !merge(newline, newline, plain))
        #expect(try !merge(plain, plain, plain))
    }

    @Test("no base: both sides added the file, merged against an empty catalog")
    func noBase() throws {
        let ours = B.catalog([("a", B.entry([("de", B.text("A"))]))])
        let theirs = B.catalog([("b", B.entry([("fr", B.text("B"))]))])
        let merge = try MergeCase(nil, ours, theirs)
        #expect(merge.conflicts.isEmpty)
        #expect(try merge.value["strings"]!.members.map(\.key) == ["a", "b"])
    }

    @Test("ours in another tool's layout and order: the result is in Xcode's layout and order")
    func otherLayout() throws {
        let base = B.catalog([("b", B.entry([("de", B.text("x"))])), ("a", B.entry([]))])
        let oursText = #"{"strings":{"b":{"localizations":{"de":{"stringUnit":{"value":"y","state":"translated"}}}},"a":{}},"sourceLanguage":"en","version":"1.0"}"#
        let result = try CatalogMerge.merge(base: JSONDocument(parsing: base.xcodeLayoutKeepingOrder()),
                                            ours: JSONDocument(parsing: Array(oursText.utf8)),
                                            theirs: JSONDocument(parsing: base.xcodeLayoutKeepingOrder()))
        #expect(!result.oursWasInXcodeLayout)
        #expect(try result.bytes() == Oracle.format(Array(oursText.utf8)))
    }
}
