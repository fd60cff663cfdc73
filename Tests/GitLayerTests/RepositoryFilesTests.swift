import Foundation
@testable import GitLayer
import SemanticDiff
import TestSupport
import Testing

/// git's references, trees and blobs read from its files without libgit2:
/// what git itself answers (`git rev-parse`, `git cat-file`) and the
/// catalogs libgit2's diff finds, however git stored the objects (loose,
/// packed whole, as offset and named deltas, in several packs), and nil
/// wherever the answer could differ.
@Suite("repository read from git's files")
struct RepositoryFilesTests {
    init() { FoundationOrder.use() }

    func files(_ fixture: TestRepository, _ extra: [String: String] = [:]) -> RepositoryFiles? {
        let top = fixture.url.resolvingSymlinksInPath().path
        let environment = ["HOME": top, "GIT_CONFIG_NOSYSTEM": "1"].merging(extra) { $1 }
        return RepositoryFiles(directory: top, environment: { environment[$0] })
    }

    /// A history of two catalogs in nested directories: edits on main and
    /// on a branch merged back, an annotated and a light tag, a remote's
    /// references, and a tag and a branch of one name.
    func history() throws -> TestRepository {
        let fixture = try TestRepository()
        var app = CatalogGenerator(keys: 120, languages: 6, seed: 3).catalog()
        var settings = CatalogGenerator(keys: 40, languages: 3, seed: 4).catalog()
        try fixture.write(app, to: "App/Localizable.xcstrings")
        try fixture.write(settings, to: "Other/Deep/Settings.xcstrings")
        try fixture.directory.write("README", "one\n")
        try fixture.commitAll("one")
        for round in 1...3 {
            app = CatalogEditor(seed: UInt64(round), edits: 20).apply(to: app)
            try fixture.write(app, to: "App/Localizable.xcstrings")
            try fixture.directory.write("README", "round \(round)\n")
            try fixture.commitAll("app \(round)")
        }
        try fixture.git("checkout", "-q", "-b", "side", "HEAD~1")
        settings = CatalogEditor(seed: 9, edits: 10).apply(to: settings)
        try fixture.write(settings, to: "Other/Deep/Settings.xcstrings")
        try fixture.commitAll("settings")
        try fixture.git("checkout", "-q", "main")
        try fixture.git("-c", "user.name=t", "-c", "user.email=t@example.com", "merge", "-q", "--no-ff", "-m", "merge side", "side")
        try fixture.git("-c", "user.name=t", "-c", "user.email=t@example.com", "tag", "-a", "-m", "release", "v1", "HEAD~1")
        try fixture.git("tag", "light", "HEAD~2")
        try fixture.git("tag", "both", "HEAD~3")
        try fixture.git("branch", "both", "HEAD")
        try fixture.git("update-ref", "refs/remotes/origin/main", "HEAD~2")
        try fixture.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
        return fixture
    }

    static let revisions = ["HEAD", "@", "main", "HEAD~1", "HEAD^", "HEAD^1", "HEAD^2", "HEAD^2~1", "HEAD~2^0", "HEAD~1~1", "HEAD^^",
                            "side", "side~1", "v1", "v1~1", "light", "both", "refs/heads/both", "heads/main", "tags/v1",
                            "origin/main", "origin", "refs/remotes/origin/main"]

    /// Every revision's tree as git names it, every pair's changed catalogs
    /// as libgit2 finds them, every catalog version's bytes as git has them.
    func expectSameAsGit(_ fixture: TestRepository, _ state: String) throws {
        let read = try #require(files(fixture), "\(state): not read from the files")
        let repository = try Repository(discoveringFrom: fixture.url.path)
        for revision in Self.revisions {
            let tree = try fixture.git("rev-parse", "--verify", "-q", revision + "^{tree}").stdout
            // Where git finds no such revision (HEAD^2 once HEAD is no merge), neither is one found here.
            #expect(try read.tree(revision)?.description ?? "" == tree.trimmingCharacters(in: .whitespacesAndNewlines), "\(state): \(revision)")
        }
        let id = try fixture.git("rev-parse", "HEAD~1").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try read.tree(id) != nil && read.tree(id) == read.tree("HEAD~1"), "\(state): a full id")
        for (old, new) in [("HEAD~4", "HEAD"), ("HEAD~1", "HEAD"), ("side", "main"), ("v1", "light"), ("side", "v1"), ("HEAD", "HEAD")] {
            let changes = try #require(try read.changedCatalogs(from: old, to: new), "\(state): \(old) \(new)")
            let expected = try repository.changedCatalogs(.revisions(old, new))
            #expect(changes.map { $0.newPath ?? "" } == expected.map { $0.newPath ?? "" }, "\(state): \(old) \(new)")
            for (mine, theirs) in zip(changes, expected) {
                #expect(mine.oldPath == theirs.oldPath)
                for (side, expectedSide) in [(mine.old, theirs.old), (mine.new, theirs.new)] {
                    let bytes = try #require(side).bytes(in: nil), reference = try #require(expectedSide).bytes(in: repository)
                    #expect(bytes.array == reference.array, "\(state): \(old) \(new) \(mine.newPath ?? "")")
                }
            }
        }
        // Every blob and tree of the history, byte for byte.
        let objects = try fixture.git("rev-list", "--objects", "--all").stdout.split(separator: "\n").map { String($0.prefix(40)) }
        for hex in objects {
            let objectID = try #require(ObjectID(hex: hex))
            let kind = try fixture.git("cat-file", "-t", hex).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let found = try #require(read.objects.object(objectID), "\(state): \(kind) \(hex) not read")
            let expected = try fixture.git("cat-file", kind, hex).stdoutBytes
            #expect("\(found.0)" == kind && Array(UnsafeRawBufferPointer(found.1.memory)) == expected, "\(state): \(kind) \(hex)")
        }
    }

    @Test("trees, changed catalogs and objects as git has them: loose, packed with deltas on offsets, on ids, in several packs")
    func sameAsGit() throws {
        let fixture = try history()
        try expectSameAsGit(fixture, "loose")
        try fixture.git("gc", "-q", "--aggressive")
        #expect(try fixture.git("count-objects", "-v").stdout.contains("count: 0"))
        let verified = try fixture.git("verify-pack", "-v", try packIndex(fixture)).stdout
        #expect(verified.contains("chain length"), "the pack holds deltas")
        try expectSameAsGit(fixture, "packed, deltas on offsets, packed-refs")
        try fixture.git("-c", "repack.useDeltaBaseOffset=false", "repack", "-a", "-d", "-f", "-q")
        try expectSameAsGit(fixture, "deltas on ids")
        // More history after the pack: loose objects and a second pack beside the first.
        let app = CatalogEditor(seed: 40, edits: 5).apply(to: try fixture.catalog(at: "App/Localizable.xcstrings"))
        try fixture.commit(app, at: "App/Localizable.xcstrings", "after the pack")
        try expectSameAsGit(fixture, "a pack and loose objects")
        try fixture.git("repack", "-q")
        #expect(try fixture.directory.url.appendingPathComponent(".git/objects/pack").listing().filter { $0.hasSuffix(".idx") }.count == 2)
        try expectSameAsGit(fixture, "two packs")
    }

    func packIndex(_ fixture: TestRepository) throws -> String {
        let pack = fixture.url.appendingPathComponent(".git/objects/pack")
        let index = try #require(try pack.listing().first { $0.hasSuffix(".idx") })
        return pack.appendingPathComponent(index).path
    }

    @Test("forms not read here are left to libgit2: reflogs, peeling, paths, abbreviated ids, unknown names, past the root")
    func otherForms() throws {
        let fixture = try history()
        let read = try #require(files(fixture))
        let short = String(try fixture.git("rev-parse", "HEAD").stdout.prefix(7))
        for revision in ["HEAD@{1}", "main^{tree}", "HEAD:App", short, "nosuch", "HEAD~40", "HEAD^3", ":/app", "-p", "main..side", "a..b",
                         "@{u}", "HEAD^!", "HEAD^-", ".lock", "x.lock", "refs//heads/main", "/main", "main/"] {
            #expect(try read.tree(revision) == nil, "\(revision)")
        }
        // A file of a lower-case name in the git directory may be taken by git: not certain.
        try fixture.directory.write(".git/side", try fixture.git("rev-parse", "HEAD~3").stdout)
        #expect(try read.tree("side") == nil)
        // A file in a form git writes but not read here (FETCH_HEAD's).
        try fixture.directory.write(".git/FETCH_HEAD", "0123456789012345678901234567890123456789\t\tbranch 'x' of there\n")
        #expect(try read.tree("FETCH_HEAD") == nil)
    }

    @Test("catalogs added, removed, renamed or changed in mode are left to libgit2, which finds renames")
    func leftToLibgit2() throws {
        let fixture = try history()
        let read = try #require(files(fixture))
        // Nothing of a catalog changed but other files: no changes, certainly.
        try fixture.directory.write("notes.txt", "x\n")
        try fixture.commitAll("notes")
        #expect(try read.changedCatalogs(from: "HEAD~1", to: "HEAD")?.isEmpty == true)
        try fixture.git("mv", "App/Localizable.xcstrings", "App/Main.xcstrings")
        try fixture.commitAll("renamed")
        #expect(try read.changedCatalogs(from: "HEAD~1", to: "HEAD") == nil)
        try fixture.directory.write("New/Dir/Added.xcstrings", "{}\n")
        try fixture.commitAll("added in a new directory")
        #expect(try read.changedCatalogs(from: "HEAD~1", to: "HEAD") == nil)
        #expect(try read.changedCatalogs(from: "HEAD", to: "HEAD~1") == nil)
        try fixture.git("update-index", "--chmod=+x", "Other/Deep/Settings.xcstrings")
        try fixture.git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "mode")
        #expect(try read.changedCatalogs(from: "HEAD~1", to: "HEAD") == nil)
    }

    @Test("repositories read only by libgit2: moved object stores, alternates, shallow, another object format, another reference store, no work tree")
    func notRead() throws {
        let fixture = try history()
        #expect(files(fixture) != nil)
        #expect(files(fixture, ["GIT_OBJECT_DIRECTORY": "/tmp"]) == nil)
        #expect(files(fixture, ["GIT_ALTERNATE_OBJECT_DIRECTORIES": "/tmp"]) == nil)
        #expect(files(fixture, ["GIT_DIR": fixture.url.path + "/.git"]) == nil)
        try fixture.directory.write(".git/objects/info/alternates", "/tmp/elsewhere\n")
        #expect(files(fixture) == nil)
        try FileManager.default.removeItem(atPath: fixture.directory.path(".git/objects/info/alternates"))
        try fixture.directory.write(".git/shallow", "")
        #expect(files(fixture) == nil)
        try FileManager.default.removeItem(atPath: fixture.directory.path(".git/shallow"))
        // git will not unset an extension once set: the file is written and put back.
        let configuration = try fixture.directory.read(".git/config")
        // An extension stops a reader that does not know it; git refuses a version past 1 and a bare that is no boolean.
        for added in ["[extensions]\n\tobjectFormat = sha256\n", "[extensions]\n\trefStorage = reftable\n",
                      "[extensions]\n\tobjectFormat = SHA1\n", "[extensions]\n\tworktreeConfig = true\n",
                      "[extensions]\n\tpartialClone = origin\n", "[extensions]\n\tnoSuchExtension = 1\n",
                      "[core]\n\trepositoryFormatVersion = 2\n", "[core]\n\tbare = maybe\n"] {
            try fixture.directory.write(".git/config", configuration + added)
            #expect(files(fixture) == nil, "\(added)")
        }
        try fixture.directory.write(".git/config", configuration + "[extensions]\n\tobjectFormat = sha1\n[core]\n\trepositoryFormatVersion = 1\n")
        #expect(files(fixture) != nil)
    }

    @Test("a linked work tree reads its own HEAD and the shared references and objects")
    func linkedWorkTree() throws {
        let fixture = try history()
        try fixture.git("worktree", "add", "-q", "linked", "side")
        let top = fixture.url.resolvingSymlinksInPath().path + "/linked"
        let environment = ["HOME": top, "GIT_CONFIG_NOSYSTEM": "1"]
        let read = try #require(RepositoryFiles(directory: top, environment: { environment[$0] }))
        for revision in ["HEAD", "HEAD~1", "main", "v1"] {
            let tree = try CLI.git(["rev-parse", revision + "^{tree}"], in: URL(fileURLWithPath: top)).stdout
            #expect(try read.tree(revision)?.description == tree.trimmingCharacters(in: .whitespacesAndNewlines), "\(revision)")
        }
    }

    @Test("damaged objects are not read: a truncated loose object, a pack cut short, an index of another version")
    func damaged() throws {
        let fixture = try history()
        let read = try #require(files(fixture))
        let hex = try fixture.git("rev-parse", "HEAD:App/Localizable.xcstrings").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let id = try #require(ObjectID(hex: hex))
        let path = fixture.directory.path(".git/objects/" + id.loosePath)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        for cut in [2, whole.count / 2, whole.count - 1] {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: path))
            #expect(read.objects.blob(id) == nil, "cut at \(cut)")
        }
        // As a diff says it: which blob, and that it is damaged.
        let damage = #expect(throws: GitError.self) { try CatalogSource.object(id, read.objects).bytes(in: nil) }
        #expect(damage?.description == "cannot read blob \(hex): it is damaged in the object store (git fsck says more)")
        let missing = try #require(ObjectID(hex: String(repeating: "ab", count: 20)))
        let absent = #expect(throws: GitError.self) { try CatalogSource.object(missing, read.objects).bytes(in: nil) }
        #expect(absent?.description.hasSuffix(": it is not in the object store") == true)
        // A byte changed in the data, and in the checksum that ends the stream (only the checksum tells).
        for place in [whole.count / 2, whole.count - 1] {
            var flipped = whole
            flipped[place] ^= 0x55
            try flipped.write(to: URL(fileURLWithPath: path))
            #expect(read.objects.blob(id) == nil, "byte \(place) of \(whole.count) changed")
        }
        try whole.write(to: URL(fileURLWithPath: path))
        #expect(read.objects.blob(id) != nil)

        try fixture.git("gc", "-q")
        let index = try packIndex(fixture)
        let pack = String(index.dropLast(4)) + ".pack"
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pack)
        let packed = try Data(contentsOf: URL(fileURLWithPath: pack))
        // A pack cut short, or another pack of as many objects beside the index: its checksum is not the one the index names.
        try packed.prefix(packed.count / 2).write(to: URL(fileURLWithPath: pack))
        #expect(files(fixture) == nil)
        var other = packed
        other[packed.count - 1] ^= 1
        try other.write(to: URL(fileURLWithPath: pack))
        #expect(files(fixture) == nil)
        try packed.write(to: URL(fileURLWithPath: pack))
        #expect(files(fixture) != nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: index)
        let indexWhole = try Data(contentsOf: URL(fileURLWithPath: index))
        // Longer than any index git writes for as many objects: git refuses it, and so it is not read.
        let tail = indexWhole.count - 40
        try (indexWhole.prefix(tail) + Data(repeating: 0, count: 8 * 4096) + indexWhole.suffix(40)).write(to: URL(fileURLWithPath: index))
        #expect(files(fixture) == nil)
        var indexBytes = indexWhole
        indexBytes[7] = 3
        try indexBytes.write(to: URL(fileURLWithPath: index))
        #expect(files(fixture) == nil)
    }

    /// `git hash-object -w` of `bytes` as an object of `kind`, taken as it is (`--literally`).
    func object(_ fixture: TestRepository, _ kind: String, _ bytes: [UInt8]) throws -> String {
        let made = try CLI.launch(URL(fileURLWithPath: "/usr/bin/env"), ["git", "hash-object", "-t", kind, "--literally", "-w", "--stdin"],
                                  in: fixture.url, environment: [:], input: bytes)
        return made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("chains of 150 deltas on ids read whole; a directory of mode 40755 is a directory; packed-refs as git reads it")
    func readAsGitReads() throws {
        let fixture = try TestRepository()
        var catalog = CatalogGenerator(keys: 80, languages: 3, seed: 21).catalog()
        for round in 0..<150 {
            catalog = CatalogEditor(seed: UInt64(round), edits: 2).apply(to: catalog)
            try fixture.write(catalog, to: "L.xcstrings")
            try fixture.directory.write("n.txt", "\(round)\n")
            try fixture.commitAll("edit \(round)")
        }
        try fixture.git("-c", "repack.useDeltaBaseOffset=false", "repack", "-q", "-a", "-d", "-f", "--depth=250", "--window=250")
        let chains = try fixture.git("verify-pack", "-v", try packIndex(fixture)).stdout
        #expect(chains.contains("chain length = 100"), "deltas 100 deep and more")
        let read = try #require(files(fixture))
        for back in [0, 60, 149] {
            let tree = try #require(try read.tree("HEAD~\(back)"))
            let entry = try #require(try TreeChanges.entries(tree, read.objects)?.first { $0.name == Array("L.xcstrings".utf8) })
            let bytes = try #require(read.objects.blob(entry.id), "HEAD~\(back)")
            #expect(bytes.array == (try fixture.git("show", "HEAD~\(back):L.xcstrings").stdoutBytes), "HEAD~\(back)")
        }

        // Trees written by another tool, with a directory's mode as 40755.
        let blobs = try ["HEAD~149", "HEAD"].map { try fixture.git("rev-parse", $0 + ":L.xcstrings").stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        var commits: [String] = []
        for blob in blobs {
            let inner = try object(fixture, "tree", Array("100644 A.xcstrings\0".utf8) + ObjectID(hex: blob)!.bytes)
            let outer = try object(fixture, "tree", Array("40755 d\0".utf8) + ObjectID(hex: inner)!.bytes)
            let parent = commits.last.map { ["-p", $0] } ?? []
            commits.append(try fixture.git(["commit-tree", "-m", "odd"] + parent + [outer]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let odd = try #require(try read.changedCatalogs(from: commits[0], to: commits[1]))
        #expect(odd.map { $0.newPath ?? "" } == ["d/A.xcstrings"])

        // packed-refs: a name twice, the last line wins; lines in another form are not certain.
        let ids = try ["HEAD~1", "HEAD~2"].map { try fixture.git("rev-parse", $0).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        try fixture.directory.write(".git/packed-refs", "# pack-refs with: peeled\n\(ids[0]) refs/heads/twice\n\(ids[1]) refs/heads/twice\n")
        #expect(try files(fixture)?.tree("twice") == read.tree("HEAD~2"))
        for text in ["\(ids[0]) refs/heads/twice\r\n", "^\(ids[0])\n\(ids[0]) refs/heads/twice\n", "\(ids[0]) refs/heads/twice\n# late\n"] {
            try fixture.directory.write(".git/packed-refs", text)
            #expect(try files(fixture)?.tree("twice") == nil, "\(text)")
        }
    }

    @Test("names libgit2 reads otherwise, commits in another form, history that loops, a damaged tree: not read, or said")
    func notCertainOrDamaged() throws {
        let fixture = try history()
        let read = try #require(files(fixture))
        let head = try fixture.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // One-level names libgit2 does not look for in the git directory, and a name git refuses.
        try fixture.git("branch", "FOO_", "HEAD~1")
        try fixture.directory.write(".git/FOO_", head + "\n")
        #expect(try read.tree("FOO_") == nil)
        try fixture.directory.write(".git/refs/heads/.hidden", head + "\n")
        #expect(try read.tree(".hidden") == nil && read.tree("heads/.hidden") == nil)
        // A commit whose parent comes after its author: libgit2 refuses it.
        let tree = try fixture.git("rev-parse", "HEAD^{tree}").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let odd = try object(fixture, "commit", Array("tree \(tree)\nauthor a <a@b> 1 +0000\nparent \(head)\ncommitter a <a@b> 1 +0000\n\nodd\n".utf8))
        #expect(try read.tree(odd + "~1") == nil)
        #expect(try read.tree(odd) != nil)
        // History that comes back to a commit (only a damaged store can hold it): said, not walked forever.
        let first = try object(fixture, "commit", Array("tree \(tree)\nparent \(String(repeating: "0", count: 40))\nauthor a <a@b> 1 +0000\ncommitter a <a@b> 1 +0000\n\nx\n".utf8))
        let looping = try object(fixture, "commit", Array("tree \(tree)\nparent \(first)\nauthor a <a@b> 1 +0000\ncommitter a <a@b> 1 +0000\n\ny\n".utf8))
        // first's parent file is replaced by looping's bytes: first → looping → first …
        let firstPath = fixture.directory.path(".git/objects/" + ObjectID(hex: first)!.loosePath)
        let loopingPath = fixture.directory.path(".git/objects/" + ObjectID(hex: looping)!.loosePath)
        try FileManager.default.removeItem(atPath: firstPath)
        try FileManager.default.copyItem(atPath: loopingPath, toPath: firstPath)
        let loop = #expect(throws: GitError.self) { try read.tree(looping + "~1000000") }
        #expect(loop?.description.contains("is its own ancestor") == true)
        // A tree the store holds, cut short: said, where libgit2 would spin.
        let treePath = fixture.directory.path(".git/objects/" + ObjectID(hex: tree)!.loosePath)
        let whole = try Data(contentsOf: URL(fileURLWithPath: treePath))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: treePath)
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: treePath))
        let damage = #expect(throws: GitError.self) { try read.changedCatalogs(from: "HEAD~1", to: "HEAD") }
        #expect(damage?.description == "cannot read object \(tree): it is damaged in the object store (git fsck says more)")
    }

    @Test("every corpus catalog committed as versions of one file, packed with deltas: each version read as committed",
          .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func corpusVersions() throws {
        let fixture = try TestRepository()
        let names = try Corpus.table("catalogs.tsv").compactMap { $0["blob"] }
        #expect(names.count > 400)
        for name in names {
            try fixture.directory.write("Localizable.xcstrings", try Corpus.blob(name))
            try fixture.git("add", "Localizable.xcstrings")
            try fixture.git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", name)
        }
        try fixture.git("gc", "-q", "--aggressive")
        let read = try #require(files(fixture))
        for (back, name) in names.reversed().enumerated() {
            let tree = try #require(try read.tree("HEAD~\(back)"))
            let entries = try #require(try TreeChanges.entries(tree, read.objects))
            let blob = try #require(read.objects.blob(entries[0].id), "\(name)")
            #expect(blob.array == (try Corpus.blob(name)), "\(name)")
        }
    }
}

private extension URL {
    func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path) }
}

/// zlib's checksum, summed sixteen bytes at a time, against its definition.
@Suite("Adler-32")
struct Adler32Tests {
    /// RFC 1950's definition, one byte at a time, both sums reduced at every byte.
    static func definition(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    @Test("the known value of \"Wikipedia\", and the definition's on every length to 40,000 in pieces of every size, 0xff bytes the worst case")
    func sums() {
        var whole = Adler32()
        Array("Wikipedia".utf8).withUnsafeBytes { whole.update($0) }
        #expect(whole.value == 0x11E6_0398)
        var random = SplitMix64(seed: 7)
        for length in [0, 1, 15, 16, 17, 31, 5_535, 5_536, 5_537, 5_552, 5_553, 11_104, 40_000] {
            for fill in ["random", "0xff"] {
                let bytes = (0..<length).map { _ in fill == "0xff" ? UInt8(0xff) : UInt8.random(in: 0...255, using: &random) }
                for piece in [1, 7, 16, 100, 5_536, 65_536] {
                    var sum = Adler32()
                    bytes.withUnsafeBytes { all in
                        var start = 0
                        while start < all.count {
                            let end = min(start + piece, all.count)
                            sum.update(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                            start = end
                        }
                    }
                    #expect(sum.value == Self.definition(bytes), "\(length) bytes, \(fill), pieces of \(piece)")
                }
            }
        }
    }
}
