import XCStringsCatalog
import XCStringsJSON

/// The three-way semantic merge of String Catalogs.
///
/// ```swift
/// let result = try CatalogMerge.merge(base: base, ours: ours, theirs: theirs, keyOrder: keyOrder)
/// let bytes = result.bytes(markers: ConflictMarkers())
/// ```
public enum CatalogMerge {
    /// Merges `ours` and `theirs`, which both descend from `base` (nil when
    /// both sides added the file). Every root must be an object. The result
    /// is in Xcode's layout and order whatever the inputs' layout. With
    /// `settling`, conflicts are settled by taking that side (`.ours` or
    /// `.theirs`), each translation so taken marked `needs_review`. Keys
    /// are placed and sorted in `keyOrder`.
    public static func merge(base: JSONDocument?, ours: JSONDocument, theirs: JSONDocument,
                             settling: Side? = nil, keyOrder: KeyOrder) throws(MergeInputError) -> CatalogMergeResult {
        precondition(settling != .base, "conflicts are settled by taking ours or theirs")
        for (side, document) in [(Side.base, base), (.ours, ours), (.theirs, theirs)] {
            if let document, document.kind(document.root) != .object {
                throw MergeInputError(side: side.name, message: "the top level is not an object, so it is not a catalog")
            }
        }
        return ours.withRawDocument { oursRaw in
            theirs.withRawDocument { theirsRaw in
                withOptionalRaw(base) { baseRaw in
                    // Pairs of ours' keys only Foundation can order are asked too, whatever ours' layout:
                    // Xcode's whitespace does not make Xcode's order (a key renamed by hand, another tool's file).
                    let oursOrder = SortedMembers(oursRaw, keyOrder: keyOrder)
                    let sources = MergeSources(base: baseRaw, ours: oursRaw, theirs: theirsRaw, oursOrder: oursOrder,
                                               keyOrder: keyOrder)
                    var engine = MergeEngine(sources: sources)
                    var merged = engine.mergeRoots()
                    if let settling, !engine.report.conflicts.isEmpty { merged = engine.settle(merged, taking: settling) }
                    var writer = MergedWriter(sources: sources, mode: nil,
                                              capacity: max(ours.bytes.count, theirs.bytes.count) + 4096)
                    writer.write(merged, depth: 0)
                    let newline = mergedFinalNewline(base?.endsWithNewline, ours.endsWithNewline, theirs.endsWithNewline)
                    if newline { writer.writer.output.append(UInt8(ascii: "\n")) }
                    // The entries put together from both sides, written as they are in the result, for what checks
                    // them after a clean merge. An entry taken whole from one side is what that side had, findings and all
                    // (unless the source language changed under it).
                    let main = WrittenOutput(writer.writer.finishedOutput())
                    var changedEntries: WrittenOutput?
                    let oursSource = ours.stringValue(ours.value(.sourceLanguage, in: ours.root))
                    let sameSource = oursSource == theirs.stringValue(theirs.value(.sourceLanguage, in: theirs.root))
                    // Nor is an entry made of whole localizations as a side had them (``SidesLocalizations``).
                    let whole = sameSource ? oursSource.map { SidesLocalizations(sources, sourceLanguage: Array($0.utf8)) } : nil
                    if writer.pieces.isEmpty, !engine.report.changedKeys.isEmpty,
                       let subset = changedEntriesOnly(merged, keys: Set(engine.report.changedKeys.map { Array($0.utf8) }),
                                                       takenWhole: !sameSource, skipping: whole, sources) {
                        if subset.isEveryEntry {
                            // Every entry was put together from both sides (a translator's branch against a
                            // feature branch): the result itself is that catalog, not written a second time.
                            changedEntries = main
                        } else {
                            var subsetWriter = MergedWriter(sources: sources, mode: nil, capacity: 4096)
                            subsetWriter.write(subset.catalog, depth: 0)
                            changedEntries = WrittenOutput(subsetWriter.writer.finishedOutput())
                        }
                    }
                    return CatalogMergeResult(main: main, pieces: writer.pieces, report: engine.report,
                                              oursWasInXcodeLayout: ours.isInXcodeLayout && oursOrder.subtreeIsSorted(0),
                                              changedEntriesOutput: changedEntries,
                                              warnings: equivalentKeyWarnings(merged, sources))
                }
            }
        }
    }

    /// The merged catalog with only the entries whose keys are in `keys`
    /// (and the other top-level members), those taken whole from one side
    /// too only when `takenWhole`, those `skipping` finds made of the sides'
    /// localizations left out, and whether that is every entry of it;
    /// nil when there are none, or when its root or `strings` is not an object.
    static func changedEntriesOnly(_ merged: Merged, keys: Set<[UInt8]>, takenWhole: Bool, skipping: SidesLocalizations? = nil,
                                   _ sources: MergeSources) -> (catalog: Merged, isEveryEntry: Bool)? {
        func members(_ value: Merged) -> [MergedMember]? { mergedMembers(value, sources) }
        guard let root = members(merged) else { return nil }
        let strings = Array(CatalogField.strings.rawValue.utf8)
        var kept: [MergedMember] = []
        var anyEntry = false, everyEntry = true
        for member in root {
            guard sources.text(member.key) == strings else { kept.append(member); continue }
            guard let entries = members(member.value) else { return nil }
            let changed = entries.filter { entry in
                if !takenWhole, case .copy = entry.value { return false }
                return keys.contains(sources.text(entry.key)) && skipping?.madeOfSidesLocalizations(entry) != true
            }
            anyEntry = !changed.isEmpty
            if changed.count != entries.count { everyEntry = false }
            kept.append(MergedMember(key: member.key, value: .object(changed)))
        }
        // Nothing put together from both sides: nothing the sides did not have, nothing to check.
        return anyEntry ? (.object(kept), everyEntry) : nil
    }

    /// The members of a merged object (or of one copied from a side); nil when it is not an object.
    static func mergedMembers(_ value: Merged, _ sources: MergeSources) -> [MergedMember]? {
        switch value {
        case .object(let members): return members
        case .copy(let side, let node):
            let raw = sources[side]
            guard raw.nodes[node].kind == .object else { return nil }
            return raw.members(of: node).map { MergedMember(key: .node(side, $0.key), value: .copy(side, $0.value)) }
        default: return nil
        }
    }

    /// Keys of the result that differ only in Unicode normalization and
    /// that neither side had together (ours added `Café` one way, theirs the
    /// other), in words: Xcode reads them as one key and keeps one entry.
    static func equivalentKeyWarnings(_ merged: Merged, _ sources: MergeSources) -> [String] {
        let strings = Array(CatalogField.strings.rawValue.utf8)
        guard let root = mergedMembers(merged, sources),
              let member = root.first(where: { sources.text($0.key) == strings }),
              let entries = mergedMembers(member.value, sources) else { return [] }
        let candidates = entries.filter { entry in
            guard case .node(let side, let node) = entry.key else { return true }
            return !sources[side].nodes[node].flags.isDisjoint(with: [.nonASCII, .escaped])
        }
        guard candidates.count > 1 else { return [] }
        let keys = candidates.map { sources.text($0.key) }
        let theirsStrings = sources.theirs.member(.strings, in: 0).map { ObjectMembers(sources.theirs, $0) }
        func inOurs(_ key: MergedKey) -> Bool { if case .node(.ours, _) = key { return true } else { return false } }
        func inTheirs(_ key: MergedKey) -> Bool {
            switch key {
            case .node(.theirs, _): return true
            case .node(let side, let node): return theirsStrings?.position(of: sources[side], node) != nil
            case .name: return false
            }
        }
        return EquivalentKeys.groups(keys).compactMap { group in
            let members = group.map { candidates[$0].key }
            guard !members.allSatisfy(inOurs), !members.allSatisfy(inTheirs) else { return nil }
            return "keys \(EquivalentKeys.names(group.map { keys[$0] })) differ only in Unicode normalization, one from each side: "
                + "Xcode reads them as one key and keeps one of the entries; make them one"
        }
    }

    /// The final newline is merged like a value: the side that changed it wins.
    static func mergedFinalNewline(_ base: Bool?, _ ours: Bool, _ theirs: Bool) -> Bool {
        if ours == theirs { return ours }
        guard let base else { return ours }
        return ours == base ? theirs : ours
    }

    private static func withOptionalRaw<R>(_ document: JSONDocument?, _ body: (RawDocument?) -> R) -> R {
        guard let document else { return body(nil) }
        return document.withRawDocument { body($0) }
    }
}

/// One of the merge's inputs is JSON but not a catalog.
public struct MergeInputError: Error, Sendable, CustomStringConvertible {
    /// `base`, `ours` or `theirs`.
    public var side: String
    public var message: String
    public var description: String { "\(side): \(message)" }
}

/// A finished merge: the catalog, and what the merge did.
public struct CatalogMergeResult: Sendable {
    /// The output with conflicts not yet written.
    let main: WrittenOutput
    let pieces: [ConflictPiece]
    let report: MergeReport
    /// Whether ours was already in Xcode's layout and order (else the
    /// result, always in Xcode's layout, rewrote more than the merge changed).
    public let oursWasInXcodeLayout: Bool
    let changedEntriesOutput: WrittenOutput?
    /// What the merge noticed that a person should know and no rule decides
    /// (keys that differ only in Unicode normalization, one from each side).
    public let warnings: [String]

    /// A clean result with only the entries the merge put together from both
    /// sides (and the other top-level members), each written byte for byte
    /// as in the result: what a check of the merge needs, without reading the
    /// whole result again (an entry taken whole from one side has that side's
    /// findings). nil for a result with conflicts, or without such entries.
    public var changedEntries: [UInt8]? { changedEntriesOutput?.array }

    /// The conflicts left for a person, in file order.
    public var conflicts: [CatalogLocation] { report.conflicts }
    /// Every decision a rule made, in words (`-v`).
    public var decisions: [String] { report.decisions }
    /// Entries at least one side changed.
    public var mergedKeys: Int { report.keys }
    /// The keys of the entries ours or theirs changed.
    public var changedKeys: Set<String> { Set(report.changedKeys) }
    /// Translations (a language's text or one of its variants) that ours
    /// changed, that theirs changed, and that both changed.
    public var mergedTranslations: TranslationChanges { report.translations }
    /// Translations with the same text on both sides, whose state precedence decided.
    public var statesByPrecedence: Int { report.statesByPrecedence }
    /// Placeholders (`new`, or copies of the source text) that lost to the other side's translation.
    public var placeholdersReplaced: Int { report.placeholdersReplaced }
    /// Of those, the copies of the source text in `new` or `needs_review`.
    public var copiesReplaced: Int { report.copiesReplaced }
    /// Translations marked `needs_review` because the other side changed the source text.
    public var reviewMarks: Int { report.reviewMarks }
    /// The conflicts settled by taking one side, in file order, with what they became.
    public var settled: [SettledConflict] { report.settled }

    /// The summary's first line:
    /// `Localizable.xcstrings: 12 keys changed; translations: 3 from ours,
    /// 9 from theirs; 2 states by precedence; 1 conflict: "Hello" de`.
    /// Up to five conflicts are named in it; more go to ``summaryDetails(verbose:)``.
    public func summary(name: String) -> String {
        var parts = ["\(name): \(count(mergedKeys, "key")) changed"]
        let changes = mergedTranslations
        if changes.total == 0 {
            parts.append("no translation changed")
        } else {
            var taken: [String] = []
            if changes.ours > 0 { taken.append("\(changes.ours) from ours") }
            if changes.theirs > 0 { taken.append("\(changes.theirs) from theirs") }
            if changes.both > 0 { taken.append("\(changes.both) changed by both") }
            parts.append("translations: " + taken.joined(separator: ", "))
        }
        if statesByPrecedence > 0 { parts.append("\(count(statesByPrecedence, "state")) by precedence") }
        if placeholdersReplaced > 0 { parts.append("\(count(placeholdersReplaced, "placeholder")) replaced by a translation") }
        if reviewMarks > 0 { parts.append("\(reviewMarks) marked needs_review (the source changed)") }
        if !settled.isEmpty {
            let side = settled[0].side == .ours ? "ours" : "theirs"
            parts.append("\(count(settled.count, "conflict")) settled with \(side)" + (settled.count == 1 ? ": \(settled[0])" : ""))
        } else if conflicts.isEmpty {
            parts.append("no conflicts")
        } else {
            let named = conflicts.count <= 5 ? ": " + conflicts.map(\.description).joined(separator: ", ") : ""
            parts.append(count(conflicts.count, "conflict") + named)
        }
        if !oursWasInXcodeLayout { parts.append("rewritten in Xcode's layout") }
        return parts.joined(separator: "; ")
    }

    /// The lines under the summary's first line, indented: the conflicts
    /// five to a line, or one settled conflict a line, at most three lines
    /// of conflicts or ten settled ones unless `verbose`, then `and N more (run with -v)`.
    public func summaryDetails(verbose: Bool = false) -> [String] {
        if settled.count > 1 {
            let shown = verbose ? settled[...] : settled.prefix(10)
            return shown.map { "  \($0)" } + more(settled.count - shown.count)
        }
        guard conflicts.count > 5 else { return [] }
        var lines: [String] = []
        var rest = conflicts[...]
        while !rest.isEmpty && (verbose || lines.count < 3) {
            lines.append("  " + rest.prefix(5).map(\.description).joined(separator: ", "))
            rest = rest.dropFirst(5)
        }
        return lines + more(rest.count)
    }

    private func more(_ count: Int) -> [String] { count > 0 ? ["  and \(count) more (run with -v)"] : [] }

    private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// The merged catalog in Xcode's layout, with conflicts as `markers` say.
    public func bytes(markers: ConflictMarkers = ConflictMarkers()) -> [UInt8] {
        pieces.isEmpty ? main.array : markers.apply(main.array, pieces)
    }

    /// Calls `body` with the merged catalog, without copying it when there
    /// are no conflicts.
    public func withBytes<R>(markers: ConflictMarkers = ConflictMarkers(), _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if pieces.isEmpty { return try main.withUnsafeBufferPointer(body) }
        return try markers.apply(main.array, pieces).withUnsafeBufferPointer(body)
    }
}
