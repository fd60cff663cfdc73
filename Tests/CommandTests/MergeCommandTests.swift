import Foundation
import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// `git xcstrings merge` as git runs it: files in, OURS replaced, exit status.
@Suite("merge command")
struct MergeCommandTests {

    static let base = B.catalog([("Hello", B.entry([("de", B.text("Hallo")), ("fr", B.text("Salut"))]))])
    static let ours = B.catalog([("Hello", B.entry([("de", B.text("Servus")), ("fr", B.text("Salut"))]))])
    static let theirs = B.catalog([("Hello", B.entry([("de", B.text("Hallo")), ("fr", B.text("Bonjour"))]))])
    static let conflicting = B.catalog([("Hello", B.entry([("de", B.text("Moin")), ("fr", B.text("Salut"))]))])

    func files(_ base: JSONValue, _ ours: JSONValue, _ theirs: JSONValue) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("base", base.xcodeLayout())
        try directory.write("ours", ours.xcodeLayout())
        try directory.write("theirs", theirs.xcodeLayout())
        return directory
    }

    @Test("a clean merge replaces OURS, exits 0 and says what it merged")
    func clean() throws {
        let directory = try files(Self.base, Self.ours, Self.theirs)
        let result = try CLI.run(["merge", "--path", "App/Localizable.xcstrings", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "App/Localizable.xcstrings: 1 key changed; translations: 1 from ours, 1 from theirs; no conflicts\n")
        let merged = try directory.read("ours")
        #expect(merged.contains("\"value\" : \"Servus\"") && merged.contains("\"value\" : \"Bonjour\""))
        #expect(try directory.read("base") == String(decoding: Self.base.xcodeLayout(), as: UTF8.self))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == ["base", "ours", "theirs"])
    }

    @Test("a conflict: exit 1, markers sized by --marker-size and labelled, the conflict named")
    func conflict() throws {
        let directory = try files(Self.base, Self.ours, Self.conflicting)
        let result = try CLI.run(["merge", "--marker-size", "9", "--label-ours", "HEAD", "--label-theirs", "topic",
                                  "--path", "L.xcstrings", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.stderr == "L.xcstrings: 1 key changed; translations: 1 changed by both; 1 conflict: \"Hello\" de\n")
        let merged = try directory.read("ours")
        #expect(merged.contains("<<<<<<<<< HEAD\n            \"value\" : \"Servus\"\n=========\n            \"value\" : \"Moin\"\n>>>>>>>>> topic\n"))
        // Any marker size git may pass (conflict-marker-size=1000 in .gitattributes), and labels kept on one line.
        try directory.write("ours", Self.ours.xcodeLayout())
        let long = try CLI.run(["merge", "--marker-size", "1000", "--label-ours", "two\nlines", "base", "ours", "theirs"], in: directory.url)
        #expect(long.status == 1, "\(long.stderr)")
        let text = try directory.read("ours")
        #expect(text.contains("\n" + String(repeating: "<", count: 1000) + " two lines\n"))
        #expect(text.contains("\n" + String(repeating: ">", count: 1000) + " theirs\n"))
    }

    @Test("-p prints and leaves OURS alone; -q is silent; -v lists the decisions")
    func options() throws {
        let precedence = B.catalog([("Hello", B.entry([("de", B.text("Hallo", "needs_review")), ("fr", B.text("Salut"))]))])
        let directory = try files(precedence, Self.base, B.catalog([("Hello", B.entry([("de", B.text("Hallo", "new")), ("fr", B.text("Salut"))]))]))
        let before = try directory.read("ours")
        let printed = try CLI.run(["merge", "-p", "-q", "base", "ours", "theirs"], in: directory.url)
        #expect(printed.status == 0)
        #expect(printed.stderr.isEmpty)
        #expect(printed.stdout.contains("\"state\" : \"translated\""))
        #expect(try directory.read("ours") == before)
        let verbose = try CLI.run(["merge", "-p", "-v", "base", "ours", "theirs"], in: directory.url)
        #expect(verbose.stderr.contains("ours: \"Hello\" de: state translated by precedence over new\n"))
        #expect(verbose.stderr.contains("1 state by precedence"))
    }

    @Test("usage errors exit 2 and touch nothing")
    func usage() throws {
        let directory = try files(Self.base, Self.ours, Self.theirs)
        let before = try directory.read("ours")
        for arguments in [["merge", "base", "ours"], ["merge", "--marker-size", "x", "base", "ours", "theirs"],
                          ["merge", "--bogus", "base", "ours", "theirs"], ["merge", "base", "ours", "missing"]] {
            let result = try CLI.run(arguments, in: directory.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(!result.stderr.isEmpty)
        }
        #expect(try directory.read("ours") == before)
    }

    @Test("input that is not JSON falls back to git's line merge through libgit2")
    func fallback() throws {
        let directory = try files(Self.base, Self.ours, Self.theirs)
        // Theirs already holds conflict markers from an earlier line merge.
        let broken = "{\n<<<<<<< HEAD\n  \"a\" : 1\n=======\n  \"a\" : 2\n>>>>>>> x\n}\n"
        try directory.write("theirs", broken)
        try directory.write("base", broken)
        let result = try CLI.run(["merge", "--path", "L.xcstrings", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("L.xcstrings: base is not valid JSON (2:1: expected a key in quotes, found '<'); merged line by line"))
        #expect(try directory.read("ours") == String(decoding: Self.ours.xcodeLayout(), as: UTF8.self))
        // A line merge that conflicts exits 1 with git's markers.
        try directory.write("base", "a\nb\nc\n")
        try directory.write("ours", "a\nX\nc\n")
        try directory.write("theirs", "a\nY\nc\n")
        let conflicted = try CLI.run(["merge", "-q", "base", "ours", "theirs"], in: directory.url)
        #expect(conflicted.status == 1)
        #expect(try directory.read("ours") == "a\n<<<<<<< ours\nX\n=======\nY\n>>>>>>> theirs\nc\n")
    }

    @Test("an empty base: both sides added the file")
    func emptyBase() throws {
        let directory = try files(Self.base, Self.ours, Self.theirs)
        try directory.write("base", "")
        let result = try CLI.run(["merge", "-q", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 1) // de differs on both sides with nothing to decide by
        #expect(try directory.read("ours").contains("<<<<<<< ours"))
    }

    @Test("merge.conflictStyle = diff3 in the repository adds the base section")
    func conflictStyleFromConfig() throws {
        let directory = try files(Self.base, Self.ours, Self.conflicting)
        try CLI.git(["init", "-q"], in: directory.url)
        try CLI.git(["config", "merge.conflictStyle", "diff3"], in: directory.url)
        let result = try CLI.run(["merge", "-q", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 1)
        #expect(try directory.read("ours").contains("||||||| base\n            \"value\" : \"Hallo\"\n=======\n"))
    }
}
