import SemanticDiff

/// What must hold for any input, however hostile: the fuzzer's checks, also
/// run over saved inputs by the tests. Each check returns what it found
/// wrong (empty when everything holds); a crash is a violation too.
public enum Invariants {
    /// Every check on one input.
    public static func violations(_ input: [UInt8]) -> [String] {
        var found = reader(input)
        guard let document = try? JSONDocument(parsing: input) else { return found }
        found += writer(input, document)
        found += merge(input, document)
        return found
    }

    /// The reader accepts exactly what Foundation's `JSONSerialization`
    /// (and so Xcode) accepts.
    public static func reader(_ input: [UInt8]) -> [String] {
        let ours = (try? JSONDocument(parsing: input)) != nil
        let foundation = Oracle.accepts(input)
        guard ours != foundation else { return [] }
        return ["reader \(ours ? "accepts" : "refuses") what Foundation \(foundation ? "accepts" : "refuses")"]
    }

    /// The writer writes what Foundation writes, its output reads back as the
    /// same value, formatting twice changes nothing, and a document is called
    /// in Xcode's layout exactly when it is what the writer writes, key order aside.
    public static func writer(_ input: [UInt8], _ document: JSONDocument) -> [String] {
        var found: [String] = []
        let written = XcodeLayout.format(document)
        guard let again = try? JSONDocument(parsing: written) else { return ["the writer's output does not parse"] }
        if XcodeLayout.format(again) != written { found.append("formatting the writer's output changes it") }
        let value = JSONValue(document, document.root), inOrder = sorted(value)
        // Numbers are written as Foundation writes them (checked against it below), not always digit for digit.
        if !identicalButNumbers(JSONValue(again, again.root), inOrder) {
            found.append("the writer's output is not the input's value")
        }
        if let oracle = try? Oracle.format(input), oracle != written, !sameButKeyOrder(written, oracle) {
            found.append("the writer differs from Foundation's")
        }
        let asWritten = XcodeLayout.format(document, finalNewline: document.endsWithNewline)
        if asWritten == input && !document.isInXcodeLayout { found.append("a file as Xcode writes it is not called in Xcode's layout") }
        if document.isInXcodeLayout && value.isIdentical(to: inOrder) && asWritten != input {
            found.append("a file in Xcode's order called in Xcode's layout is not as Xcode writes it")
        }
        return found
    }

    /// Two sides made from the input by ``CatalogMutator`` merged through it
    /// in every arrangement: no one-sided change is lost, a clean result is
    /// a catalog without markers, either side of every conflict is a catalog,
    /// and the merge laws hold.
    public static func merge(_ input: [UInt8], _ base: JSONDocument) -> [String] {
        guard base.kind(base.root) == .object else { return [] }
        let (_, oursBytes, theirsBytes) = sides(input, base)
        let baseValue = JSONValue(base, base.root)
        guard let ours = try? JSONDocument(parsing: oursBytes), let theirs = try? JSONDocument(parsing: theirsBytes) else {
            return ["a mutated side does not parse"]
        }
        let sides = [JSONValue(ours, ours.root), JSONValue(theirs, theirs.root)]
        var found: [String] = []
        let leaves = [baseValue, sides[0], sides[1]].map(Leaves.init)
        let result: CatalogMergeResult
        do {
            result = try CatalogMerge.merge(base: base, ours: ours, theirs: theirs)
        } catch {
            // Only a file that is not a catalog may be refused.
            if (try? Catalog(parsing: input)) != nil { found.append("a merge of catalogs failed: \(error)") }
            return found
        }
        let text = String(decoding: result.bytes(), as: UTF8.self)
        if result.conflicts.isEmpty {
            guard let merged = try? JSONDocument(parsing: Array(text.utf8)) else { return found + ["a clean merge does not parse"] }
            if text.split(separator: "\n").contains(where: { $0.hasPrefix("<<<<<<<") || $0.hasPrefix(">>>>>>>") }) {
                found.append("a clean merge holds markers")
            }
            let lost = Leaves(JSONValue(merged, merged.root)).lost(base: leaves[0], ours: leaves[1], theirs: leaves[2])
            if !lost.isEmpty { found.append("a clean merge lost \(lost.prefix(3))") }
            // Of two generated comments both sides rewrote, theirs wins by design (rule 7): the one asymmetry.
            let byDesign = result.decisions.contains { $0.contains("two generated comments: theirs") }
            if !byDesign, let swapped = try? CatalogMerge.merge(base: base, ours: theirs, theirs: ours), swapped.conflicts.isEmpty,
               let other = try? JSONDocument(parsing: swapped.bytes()),
               !JSONValue(other, other.root).isIdentical(to: JSONValue(merged, merged.root)) {
                found.append("merge(B, X, Y) and merge(B, Y, X) differ")
            }
        } else {
            for takingOurs in [true, false] where (try? JSONDocument(parsing: Array(MergeText(text: text).resolved(takingOurs: takingOurs).utf8))) == nil {
                found.append("taking \(takingOurs ? "ours" : "theirs") in every hunk does not give valid JSON")
            }
        }
        for (name, document) in [("ours", ours), ("theirs", theirs)] {
            let formatted = XcodeLayout.format(document, finalNewline: document.endsWithNewline)
            if let same = try? CatalogMerge.merge(base: base, ours: document, theirs: document), same.bytes() != formatted {
                found.append("merge(B, X, X) is not X for \(name)")
            }
            if let one = try? CatalogMerge.merge(base: base, ours: base, theirs: document),
               !one.conflicts.isEmpty || one.bytes() != formatted {
                found.append("merge(B, B, Y) is not Y for \(name)")
            }
        }
        return found
    }

    /// The three versions ``merge(_:_:)`` merges for `input`: the input, and
    /// two edits of it seeded from its bytes, ours in Xcode's layout and
    /// theirs compact and in its own order, as other tools write.
    public static func sides(_ input: [UInt8], _ base: JSONDocument) -> (base: [UInt8], ours: [UInt8], theirs: [UInt8]) {
        let seed = input.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        let value = JSONValue(base, base.root)
        let edited = [seed, seed &* 31 &+ 7].map { CatalogMutator(seed: $0, edits: 1 + Int($0 % 6)).apply(to: value) }
        return (input, edited[0].xcodeLayout(), edited[1].compactText())
    }

    /// Whether the writer's output `written` differs from Foundation's
    /// `oracle` only in key orders Foundation itself would have written:
    /// the same value, written the same way in Foundation's order, and an
    /// order of ours Foundation accepts pair by pair.
    static func sameButKeyOrder(_ written: [UInt8], _ oracle: [UInt8]) -> Bool {
        guard let ours = try? JSONDocument(parsing: written), let theirs = try? JSONDocument(parsing: oracle) else { return false }
        let ourValue = JSONValue(ours, ours.root), oracleValue = JSONValue(theirs, theirs.root)
        return oracleValue.xcodeLayoutKeepingOrder() == oracle && sameIgnoringOrder(ourValue, oracleValue) && Oracle.acceptsOrder(of: ourValue)
    }

    /// Whether two values are the same but for the order of objects' members.
    static func sameIgnoringOrder(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.object(x), .object(y)):
            guard x.count == y.count else { return false }
            let sortedX = x.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            let sortedY = y.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return zip(sortedX, sortedY).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && sameIgnoringOrder($0.value, $1.value) }
        case let (.array(x), .array(y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameIgnoringOrder($0, $1) }
        default:
            return a.isIdentical(to: b)
        }
    }

    /// Whether two values are the same, strings and names by their bytes,
    /// any number being equal to any other.
    public static func identicalButNumbers(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number, .number): return true
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && identicalButNumbers($0.value, $1.value) }
        case let (.array(x), .array(y)):
            return x.count == y.count && zip(x, y).allSatisfy { identicalButNumbers($0, $1) }
        default:
            return a.isIdentical(to: b)
        }
    }

    /// The value with every object's members in Xcode's order and duplicate
    /// names dropped but the last, as the writer writes it.
    public static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var last: [[UInt8]: Int] = [:]
            for (index, member) in members.enumerated() { last[Array(member.key.utf8)] = index }
            let kept = members.indices.filter { last[Array(members[$0].key.utf8)] == $0 }.map { (key: members[$0].key, value: sorted(members[$0].value)) }
            return .object(kept.sorted { KeyOrder.foundation.precedes($0.key, $1.key) })
        case .array(let items):
            return .array(items.map(sorted))
        default:
            return value
        }
    }
}
