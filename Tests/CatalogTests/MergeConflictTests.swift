import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// Conflicts: the smallest hunks, valid either way, in git's marker styles.
@Suite("Merge conflicts")
struct MergeConflictTests {

    /// Checks what every conflicted merge must satisfy.
    func checkHunks(_ merge: MergeCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!merge.conflicts.isEmpty, sourceLocation: sourceLocation)
        #expect(merge.hunks.count >= 1, sourceLocation: sourceLocation)
        for side in [true, false] {
            let text = merge.resolved(takingOurs: side)
            let document = try JSONDocument(parsing: Array(text.utf8))
            // Each side is a catalog in Xcode's layout (with the rest of the merge done).
            #expect(String(decoding: XcodeLayout.format(document), as: UTF8.self) == text, sourceLocation: sourceLocation)
        }
    }

    @Test("a value conflict is one line on each side")
    func valueConflict() throws {
        let base = B.catalog([("Hello", B.entry([("de", B.text("Hallo")), ("fr", B.text("Salut"))]))])
        let ours = B.catalog([("Hello", B.entry([("de", B.text("Servus")), ("fr", B.text("Salut"))]))])
        let theirs = B.catalog([("Hello", B.entry([("de", B.text("Moin")), ("fr", B.text("Bonjour"))]))])
        let merge = try MergeCase(base, ours, theirs)
        try checkHunks(merge)
        #expect(merge.conflicts == ["\"Hello\" de"])
        #expect(merge.hunks == [["<<<<<<< ours", "            \"value\" : \"Servus\"", "=======",
                                 "            \"value\" : \"Moin\"", ">>>>>>> theirs"]])
        // The other side's change to French is merged outside the hunk.
        #expect(merge.resolved(takingOurs: true).contains("\"value\" : \"Bonjour\""))
    }

    @Test("settling with one side: each conflict takes that side, its translations marked needs_review, nothing else touched")
    func settling() throws {
        let base = B.catalog([("Items", B.entry([("en", B.text("Items")), ("ru", B.plural([("few", "a"), ("other", "b")]))], comment: "c0")),
                              ("Keep", B.entry([("de", B.text("k", "needs_review")), ("en", B.text("Keep"))]))])
        let ours = B.catalog([("Items", B.entry([("en", B.text("Items")), ("ru", B.plural([("few", "a1"), ("other", "b")]))], comment: "c1")),
                              ("Keep", B.entry([("de", B.text("k")), ("en", B.text("Keep"))]))])
        let theirs = B.catalog([("Items", B.entry([("en", B.text("Items")), ("ru", B.plural([("few", "a2"), ("other", "b")]))], comment: "c2")),
                                ("Keep", B.entry([("de", B.text("k", "needs_review")), ("en", B.text("Keep"))]))])
        #expect(try MergeCase(base, ours, theirs).conflicts == ["\"Items\" comment", "\"Items\" ru plural.few"])
        for (side, text, comment) in [(Side.theirs, "a2", "c2"), (.ours, "a1", "c1")] {
            let merge = try MergeCase(base, ours, theirs, settling: side)
            #expect(merge.conflicts.isEmpty)
            #expect(merge.result.settled.map(\.description) == ["\"Items\" comment: \(side.name)'", "\"Items\" ru plural.few: \(side.name)' text, now needs_review"])
            let few = B.unit(text, "needs_review")
            #expect(try merge.value == B.catalog([
                ("Items", B.entry([("en", B.text("Items")), ("ru", .object([("variations", .object([("plural", .object([
                    ("few", .object([("stringUnit", few)])), ("other", B.text("b")),
                ]))]))]))], comment: comment)),
                ("Keep", B.entry([("de", B.text("k")), ("en", B.text("Keep"))])),
            ]))
            #expect(merge.result.summary(name: "L.xcstrings").hasSuffix("; 2 conflicts settled with \(side.name)"))
            #expect(merge.result.summaryDetails() == merge.result.settled.map { "  \($0)" })
        }
    }

    @Test("add/add: both sides added the same key differently")
    func addAdd() throws {
        let base = B.catalog([])
        let ours = B.catalog([("New", B.entry([("de", B.text("Neu")), ("ja", B.text("新しい"))]))])
        let theirs = B.catalog([("New", B.entry([("de", B.text("Frisch")), ("fr", B.text("Nouveau"))]))])
        let merge = try MergeCase(base, ours, theirs)
        try checkHunks(merge)
        #expect(merge.conflicts == ["\"New\" de"])
        #expect(merge.resolved(takingOurs: false).contains("Nouveau"))
        #expect(merge.resolved(takingOurs: false).contains("新しい"))
    }

    @Test("settling says per conflict what it took and the state now: a new translation stays new, a removed one is gone")
    func settlingReportsStates() throws {
        let base = B.catalog([("Open", B.entry([("de", B.text("Öffnen", "new")), ("en", B.text("Open")), ("fr", B.text("Ouvrir"))]))])
        let ours = B.catalog([("Open", B.entry([("de", B.text("Aufmachen", "new")), ("en", B.text("Open")), ("fr", B.text("Ouvrez"))]))])
        let theirs = B.catalog([("Open", B.entry([("de", B.text("Öffne", "new")), ("en", B.text("Open"))]))])
        let merge = try MergeCase(base, ours, theirs, settling: .ours)
        #expect(merge.result.settled.map(\.description) == ["\"Open\" de: ours' text, still new"])
        #expect(merge.result.summary(name: "L").hasSuffix("; 1 conflict settled with ours: \"Open\" de: ours' text, still new"))
        // fr: ours changed it, theirs deleted it: rule 6 keeps it, no conflict to settle.
        #expect(try merge.value[path: "strings", "Open", "localizations", "fr", "stringUnit"] == B.unit("Ouvrez"))
        let deleted = B.catalog([("Open", B.entry([("en", B.text("Open"))], comment: "gone"))])
        let commented = B.catalog([("Open", B.entry([("de", B.text("Öffnen", "new")), ("en", B.text("Open"))], comment: "kept"))])
        let withComment = B.catalog([("Open", B.entry([("de", B.text("Öffnen", "new")), ("en", B.text("Open"))], comment: "base"))])
        let settled = try MergeCase(withComment, deleted, commented, settling: .theirs)
        #expect(settled.result.settled.map(\.description) == ["\"Open\" comment: theirs'"])
    }

    @Test("a plural category and a device variant conflict on their own lines")
    func variantConflicts() throws {
        let base = B.catalog([("k", B.entry([("ru", B.plural([("few", "a"), ("other", "b")])),
                                             ("de", B.device([("iphone", "i"), ("mac", "m")]))]))])
        let ours = B.catalog([("k", B.entry([("ru", B.plural([("few", "A"), ("other", "b")])),
                                             ("de", B.device([("iphone", "I"), ("mac", "m")]))]))])
        let theirs = B.catalog([("k", B.entry([("ru", B.plural([("few", "á"), ("other", "b")])),
                                               ("de", B.device([("iphone", "í"), ("mac", "m")]))]))])
        let merge = try MergeCase(base, ours, theirs)
        try checkHunks(merge)
        #expect(merge.conflicts == ["\"k\" de device.iphone", "\"k\" ru plural.few"])
        #expect(merge.hunks.count == 2)
        #expect(merge.hunks.allSatisfy { $0.count == 5 })
    }

    @Test("a structural conflict (text against variations) shows the localization on each side")
    func structural() throws {
        let base = B.catalog([("k", B.entry([("de", B.text("x"))]))])
        let ours = B.catalog([("k", B.entry([("de", B.text("y"))]))])
        let theirs = B.catalog([("k", B.entry([("de", B.plural([("one", "x"), ("other", "xs")]))]))])
        let merge = try MergeCase(base, ours, theirs)
        try checkHunks(merge)
        #expect(merge.conflicts == ["\"k\" de"])
    }

    @Test("a comment conflict and a comment deleted against one changed")
    func comments() throws {
        let base = B.catalog([("k", B.entry([("de", B.text("x"))], comment: "c"))])
        let ours = B.catalog([("k", B.entry([("de", B.text("x"))], comment: "ours"))])
        let theirs = B.catalog([("k", B.entry([("de", B.text("x"))], comment: "theirs"))])
        try checkHunks(try MergeCase(base, ours, theirs))
        let deleted = B.catalog([("k", B.entry([("de", B.text("x"))]))])
        let kept = try MergeCase(base, deleted, theirs)
        #expect(kept.conflicts.isEmpty)
        #expect(try kept.value[path: "strings", "k", "comment"] == .string("theirs"))
    }

    @Test("a member present on one side only: the object is shown whole on each side, still valid")
    func presenceConflict() throws {
        let base = B.catalog([("k", B.entry([("de", B.text("x"))], extra: [("flag", .string("a"))]))])
        let ours = B.catalog([("k", B.entry([("de", B.text("x"))]))])
        let theirs = B.catalog([("k", B.entry([("de", B.text("x"))], extra: [("flag", .string("b"))]))])
        let merge = try MergeCase(base, ours, theirs)
        try checkHunks(merge)
        #expect(merge.conflicts == ["\"k\" flag"])
    }

    @Test("marker size, labels, and the diff3 and zdiff3 styles")
    func markerStyles() throws {
        let base = B.catalog([("Hello", B.entry([("de", B.text("Hallo"))]))])
        let ours = B.catalog([("Hello", B.entry([("de", B.text("Servus"))]))])
        let theirs = B.catalog([("Hello", B.entry([("de", B.text("Moin"))]))])
        let sized = try MergeCase(base, ours, theirs, markers: ConflictMarkers(size: 10, oursLabel: "HEAD", theirsLabel: "feature"))
        #expect(sized.text.contains("\n<<<<<<<<<< HEAD\n"))
        #expect(sized.text.contains("\n==========\n"))
        #expect(sized.text.contains("\n>>>>>>>>>> feature\n"))
        let diff3 = try MergeCase(base, ours, theirs, markers: ConflictMarkers(style: .diff3, baseLabel: "merged common ancestors"))
        #expect(diff3.text.contains("""
            <<<<<<< ours
                        "value" : "Servus"
            ||||||| merged common ancestors
                        "value" : "Hallo"
            =======
                        "value" : "Moin"
            >>>>>>> theirs
            """))
        let zdiff3 = try MergeCase(base, ours, theirs, markers: ConflictMarkers(style: .zdiff3))
        #expect(zdiff3.text.contains("||||||| base\n            \"value\" : \"Hallo\"\n=======\n"))
        // Base section of an add/add conflict: empty.
        let addAdd = try MergeCase(B.catalog([]), ours, theirs, markers: ConflictMarkers(style: .diff3))
        #expect(addAdd.text.contains("||||||| base\n======="))
    }

    @Test("conflicts are listed in file order with where they are")
    func summary() throws {
        let base = B.catalog([("A", B.entry([("de", B.text("a"))])), ("B", B.entry([("fr", B.text("b"))]))])
        let ours = B.catalog([("A", B.entry([("de", B.text("a1"))])), ("B", B.entry([("fr", B.text("b1"))]))])
        let theirs = B.catalog([("A", B.entry([("de", B.text("a2"))])), ("B", B.entry([("fr", B.text("b2"))]))])
        let merge = try MergeCase(base, ours, theirs)
        #expect(merge.conflicts == ["\"A\" de", "\"B\" fr"])
        #expect(merge.result.conflicts[0] == CatalogLocation(key: "A", language: "de"))
    }
}
