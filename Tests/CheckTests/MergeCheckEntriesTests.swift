import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// The check after a clean merge reads only the entries the merge put
/// together (``CatalogMergeResult/changedEntries``), and not those made of
/// whole localizations as a side had them: what it finds new must be what
/// checking the whole result over every changed key finds new.
@Suite("check after a merge: the entries read")
struct MergeCheckEntriesTests {
    /// One side's edits of an entry: languages added (some with errors: a
    /// dropped argument, a plural lacking categories, a code Apple does not
    /// resolve), a source text given an argument or removed, a translation changed.
    static func edited(_ entry: (key: String, source: String, german: String), side: String,
                       _ random: inout SplitMix64) -> (String, JSONValue) {
        var source = entry.source, german = entry.german
        var added: [(String, JSONValue)] = []
        var removesSource = false
        // Most entries get the side's own language (a translator's branch), a few something else as well.
        let language = side == "ours" ? "fr" : "it"
        switch random.below(10) {
        case 0: added.append((language, B.text("x \(entry.key)")))
        case 1: source += " %@"
        case 2: german += " (neu)"
        case 3: added.append(("ru", B.plural([("one", "%lld файл"), ("other", "%lld файлов")])))
        case 4: added.append((side == "ours" ? "zh-CN" : "en_GB", B.text("x")))
        // Without the source's text, translations are held to the key's specifiers.
        case 5: removesSource = true
        default: break
        }
        if random.below(4) != 0 { added.append((language, B.text(random.below(3) == 0 ? "sans argument" : entry.source))) }
        var localizations: [(String, JSONValue)] = [("de", B.text(german))] + (removesSource ? [] : [("en", B.text(source))])
        for (name, value) in added where !localizations.contains(where: { $0.0 == name }) { localizations.append((name, value)) }
        localizations.sort { $0.0 < $1.0 }
        return (entry.key, B.entry(localizations, extraction: random.below(8) == 0 && side == "theirs" ? "stale" : nil))
    }

    @Test("what the merge's check finds new, reading only the entries put together, is what checking the whole result over every changed key finds new", arguments: Array(1...24) as [UInt64])
    func sameAsWholeResult(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let entries = (0..<30).map { index in
            (key: index % 3 == 0 ? "%lld files \(index)" : "key \(index)", source: index % 3 == 0 ? "%lld files in %@" : "Text \(index)",
             german: index % 3 == 0 ? "%lld Dateien in %@" : "Text \(index) auf Deutsch")
        }
        let base = B.catalog(entries.map { ($0.key, B.entry([("de", B.text($0.german)), ("en", B.text($0.source))])) })
        let ours = B.catalog(entries.map { Self.edited($0, side: "ours", &random) })
        let theirs = B.catalog(entries.map { Self.edited($0, side: "theirs", &random) })
        let documents = try [base, ours, theirs].map { try JSONDocument(parsing: $0.xcodeLayout()) }
        let result = try CatalogMerge.merge(base: documents[0], ours: documents[1], theirs: documents[2])
        guard result.conflicts.isEmpty else { return }
        let merged = result.bytes()
        let sides = try [Catalog(documents[1]), Catalog(documents[2])]
        let whole = CatalogCheck.newFindings(in: try Catalog(parsing: merged), comparedWith: sides, keys: result.changedKeys)
        var read: [Finding] = []
        if let changed = result.changedEntries {
            read = merged.withUnsafeBufferPointer { text in
                CatalogCheck.newFindings(inChangedEntries: try! Catalog(parsing: changed), of: text, comparedWith: sides)
            }
        }
        func lines(_ findings: [Finding]) -> [String] { findings.map { "\($0.position) \($0.text) [\($0.rule.rawValue)]" } }
        #expect(lines(read) == lines(whole), "seed \(seed)")
    }

    @Test("a translator's branch against another (a language added to every entry on each side) leaves nothing to read again, and a source given an argument on one side is still read")
    func translatorsBranches() throws {
        let keys = (0..<10).map { "key \($0)" }
        func catalog(_ languages: [String], changedSource: String? = nil) -> JSONValue {
            B.catalog(keys.map { key in
                let source = key == changedSource ? "\(key) %@" : key
                return (key, B.entry([("en", B.text(source))] + languages.map { ($0, B.text("\(key) (\($0))")) }))
            })
        }
        let documents = try [catalog([]), catalog(["fr"]), catalog(["it"])].map { try JSONDocument(parsing: $0.xcodeLayout()) }
        let result = try CatalogMerge.merge(base: documents[0], ours: documents[1], theirs: documents[2])
        #expect(result.changedKeys.count == 10)
        #expect(result.changedEntries == nil)
        // Ours gives one source an argument its Italian, from theirs, lacks: that entry is read, and the error is new.
        let changing = try JSONDocument(parsing: catalog(["fr"], changedSource: "key 3").xcodeLayout())
        let again = try CatalogMerge.merge(base: documents[0], ours: changing, theirs: documents[2])
        let changed = try #require(again.changedEntries)
        let catalogRead = try Catalog(parsing: changed)
        #expect(catalogRead.entries.map(\.key) == ["key 3"])
        let new = again.bytes().withUnsafeBufferPointer { text in
            CatalogCheck.newFindings(inChangedEntries: catalogRead, of: text, comparedWith: [try! Catalog(changing), try! Catalog(documents[2])])
        }
        #expect(new.map(\.rule) == [.placeholderMismatch], "\(new.map(\.text))")
    }
}
