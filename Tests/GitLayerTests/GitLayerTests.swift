import Foundation
@testable import GitLayer
import GitProcess
import SemanticDiff
import TestSupport
import Testing

private typealias B = Build

/// The git layer on its own: repositories made with git, found by git, read through libgit2.
@Suite("git layer")
struct GitLayerTests {

    static let v1 = B.catalog([("Hello", B.entry([("de", B.text("Hallo"))]))])
    static let v2 = B.catalog([("Hello", B.entry([("de", B.text("Servus"))]))])

    @Test("git's line merge: clean, or conflicted with git's labels, marker size and diff3 base")
    func lineMerge() throws {
        let base = Array("a\nb\nc\nd\ne\n".utf8), ours = Array("a\nB\nc\nd\ne\n".utf8), theirs = Array("a\nb\nc\nD\ne\n".utf8)
        let clean = try LineMerge.merge(base: Bytes(base), ours: Bytes(ours), theirs: Bytes(theirs), markers: ConflictMarkers())
        #expect(clean.clean && clean.bytes.array == Array("a\nB\nc\nD\ne\n".utf8))
        let other = Array("a\nX\nc\nd\ne\n".utf8)
        let markers = ConflictMarkers(style: .diff3, size: 9, oursLabel: "HEAD", baseLabel: "base", theirsLabel: "topic")
        let conflicted = try LineMerge.merge(base: Bytes(base), ours: Bytes(ours), theirs: Bytes(other), markers: markers)
        #expect(!conflicted.clean)
        #expect(String(decoding: conflicted.bytes, as: UTF8.self)
                == "a\n<<<<<<<<< HEAD\nB\n||||||||| base\nb\n=========\nX\n>>>>>>>>> topic\nc\nd\ne\n")
    }

    @Test("revisions, ranges, the prefix of a subdirectory, and catalogs changed between commits, renames followed")
    func changedCatalogs() throws {
        let fixture = try TestRepository()
        try fixture.commit(Self.v1, at: "App/L.xcstrings", "one")
        try fixture.git("mv", "App/L.xcstrings", "App/Localizable.xcstrings")
        try fixture.write(Self.v2, to: "App/Localizable.xcstrings")
        try fixture.directory.write("App/notes.txt", "not a catalog\n")
        try fixture.commitAll("two")
        let app = fixture.url.appendingPathComponent("App").path
        let (repository, trees) = try Repository.open(resolving: ["HEAD~1^{tree}", "@^{tree}"], from: app)
        #expect(repository.location.prefix == "App/")
        #expect(try RepositoryLocation.find(from: fixture.url.path).0.prefix == "")
        #expect(throws: GitError.self) { try RepositoryLocation.find(resolving: ["no-such-branch"], from: app) }
        let range = try #require(Repository.splitRange("HEAD~1..HEAD"))
        #expect(range.0 == "HEAD~1" && range.1 == "HEAD" && !range.mergeBase)
        let symmetric = try #require(Repository.splitRange("main...HEAD"))
        #expect(symmetric.0 == "main" && symmetric.1 == "HEAD" && symmetric.mergeBase)
        let changes = try repository.changedCatalogs(.trees(trees[0], trees[1]))
        #expect(changes.map { "\($0.oldPath ?? "-") \($0.newPath ?? "-")" } == ["App/L.xcstrings App/Localizable.xcstrings"])
        let bytes = try changes[0].new!.bytes(in: repository)
        #expect(bytes.array == Self.v2.xcodeLayout())
    }

    @Test("the index's conflicts after a conflicting merge, and git's index.lock")
    func indexConflictsAndLock() throws {
        let fixture = try TestRepository()
        try fixture.commit(Self.v1, at: "L.xcstrings", "base")
        try fixture.git("checkout", "-q", "-b", "other")
        try fixture.commit(B.catalog([("Hello", B.entry([("de", B.text("Grüß Gott"))]))]), at: "L.xcstrings", "other")
        try fixture.git("checkout", "-q", "main")
        try fixture.commit(Self.v2, at: "L.xcstrings", "main")
        #expect(try fixture.git("merge", "other").status != 0)
        let repository = try Repository.open(from: fixture.url.path).0
        let index = try repository.index()
        let conflicts = try index.conflicts()
        #expect(conflicts.map(\.path) == ["L.xcstrings"])
        #expect(conflicts[0].base != nil && conflicts[0].ours != nil && conflicts[0].theirs != nil)
        #expect(try repository.operation().kind == .merge)
        // While another git holds the lock, it cannot be had; released, it is gone.
        try fixture.directory.write(".git/index.lock", "")
        #expect(throws: GitError.self) { try index.lock() }
        try FileManager.default.removeItem(atPath: fixture.directory.path(".git/index.lock"))
        let lock = try index.lock()
        #expect(FileManager.default.fileExists(atPath: fixture.directory.path(".git/index.lock")))
        lock.release()
        #expect(!FileManager.default.fileExists(atPath: fixture.directory.path(".git/index.lock")))
    }

    @Test("an attributes file keeps its line ends: CRLF lines stay CRLF, an added line gets CRLF")
    func lineFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write(".gitattributes", "*.png binary\r\n")
        var file = try LineFile(path: directory.path(".gitattributes"))
        #expect(file.lines == ["*.png binary\r"])
        file.append("*.xcstrings merge=xcstrings")
        try file.write()
        #expect(try directory.bytes(".gitattributes") == Array("*.png binary\r\n*.xcstrings merge=xcstrings\r\n".utf8))
    }
}
