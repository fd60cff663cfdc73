import XCStringsCatalog
import XCStringsJSON

/// Entries a merge put together from whole localizations of the sides,
/// which the check after a clean merge need not read again.
///
/// A translator's branch merged with another (one adds a language to
/// every entry, the other another) puts every entry together; checking
/// them all again was a fifth of such a merge. But each localization is
/// then as a side had it, in an entry that, but for its localizations, is
/// the result's; and every error the check can find in a localization (its
/// plural categories, its placeholders and substitutions against the
/// source's, its language code, its schema) depends on nothing else than
/// that localization, the source language's localization, the entry's key
/// and its other members, and the catalog's source language. So that side
/// had each such error already, and none of it is new. (A rule finding
/// errors across the translations of an entry would end this.)
struct SidesLocalizations {
    let sources: MergeSources
    /// The catalog's source language, the same on both sides.
    let sourceLanguage: [UInt8]
    /// Ours' and theirs' entries, by key.
    private let ours: ObjectMembers?
    private let theirs: ObjectMembers?

    init(_ sources: MergeSources, sourceLanguage: [UInt8]) {
        self.sources = sources
        self.sourceLanguage = sourceLanguage
        ours = sources.ours.member(.strings, in: 0).map { ObjectMembers(sources.ours, $0) }
        theirs = sources.theirs.member(.strings, in: 0).map { ObjectMembers(sources.theirs, $0) }
    }

    /// Whether merged `entry` is made of whole localizations each as ours or
    /// theirs had it, in an entry of the same key whose other members and
    /// source-language localization are the same as the result's.
    func madeOfSidesLocalizations(_ entry: MergedMember) -> Bool {
        guard case .object(let fields) = entry.value, case .node(let keySide, let key) = entry.key else { return false }
        let localizationsName = Array(CatalogField.localizations.rawValue.utf8)
        var localizations: [MergedMember] = []
        var others: [(key: MergedKey, side: Side, node: Int)] = []
        for field in fields {
            if sources.text(field.key) == localizationsName {
                guard let members = CatalogMerge.mergedMembers(field.value, sources) else { return false }
                localizations = members
            } else {
                guard case .copy(let side, let node) = field.value else { return false }
                others.append((field.key, side, node))
            }
        }
        var fromOurs = false, fromTheirs = false
        var source: (side: Side, node: Int)?
        for localization in localizations {
            guard case .copy(let side, let node) = localization.value, side != .base else { return false }
            if side == .ours { fromOurs = true } else { fromTheirs = true }
            if sources.text(localization.key) == sourceLanguage { source = (side, node) }
        }
        return (!fromOurs || sameContext(.ours, key: key, of: keySide, others: others, source: source))
            && (!fromTheirs || sameContext(.theirs, key: key, of: keySide, others: others, source: source))
    }

    /// Whether `side`'s entry of key node `key` (of `keySide`) has exactly
    /// `others` besides its localizations, and `source` as its
    /// source-language localization (both none, or equal).
    private func sameContext(_ side: Side, key: Int, of keySide: Side, others: [(key: MergedKey, side: Side, node: Int)],
                             source: (side: Side, node: Int)?) -> Bool {
        let raw = sources[side]
        guard let entries = side == .ours ? ours : theirs,
              let entry = entries.find(sources[keySide], key)?.value, raw.nodes[entry].kind == .object else { return false }
        let members = ObjectMembers(raw, entry)
        var localizations: Int?
        var otherCount = 0
        for member in members {
            if raw.keyEquals(member.key, .localizations) { localizations = member.value } else { otherCount += 1 }
        }
        guard otherCount == others.count else { return false }
        for other in others {
            guard case .node(let otherKeySide, let otherKey) = other.key,
                  let mine = members.find(sources[otherKeySide], otherKey)?.value,
                  JSONEquality.equal(sources[other.side], other.node, raw, mine) else { return false }
        }
        let sideSource = localizations.flatMap { node in
            sourceLanguage.withUnsafeBufferPointer { raw.nodes[node].kind == .object ? raw.member($0, in: node) : nil }
        }
        switch (source, sideSource) {
        case (nil, nil): return true
        case let (source?, sideSource?): return JSONEquality.equal(sources[source.side], source.node, raw, sideSource)
        default: return false
        }
    }
}
