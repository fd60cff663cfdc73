import Foundation
import SemanticDiff
import TestSupport
import Testing

private typealias B = Build

/// The repository, revisions and configuration a command uses are the ones
/// git would use for it: built from what went wrong when the tool read
/// git's layout itself (the current directory's repository under `git
/// --git-dir`, the branch's reflog for `HEAD@{1}`, a hook that blocked
/// every commit in a split index, `resolve` deaf to `git -c`).
@Suite("git's repository, revisions and configuration, as git has them")
struct GitLayoutTests {
    static let path = "L.xcstrings"

    static func catalog(_ german: String, _ keys: [String] = []) -> JSONValue {
        B.catalog([("Hello", B.entry([("de", B.text(german))]))] + keys.map { ($0, B.entry([("de", B.text($0 + " de"))])) })
    }

    /// A repository with `Hallo` then `Servus` committed on main.
    static func twoCommits() throws -> TestRepository {
        let fixture = try TestRepository()
        try fixture.commit(catalog("Hallo"), at: path, "one")
        try fixture.commit(catalog("Servus"), at: path, "two")
        return fixture
    }

    @Test("git --git-dir and --work-tree, GIT_DIR and GIT_WORK_TREE: that repository and work tree, not the current directory's")
    func gitDirectory() throws {
        let elsewhere = try TestRepository()
        try elsewhere.commit(Self.catalog("Anderswo"), at: Self.path, "one")
        try elsewhere.commit(Self.catalog("Woanders"), at: Self.path, "two")
        let fixture = try Self.twoCommits()
        let gitDirectory = fixture.url.appendingPathComponent(".git").path
        let throughGit = try CLI.git(["--git-dir=" + gitDirectory, "--work-tree=" + fixture.url.path, "xcstrings", "diff", "HEAD~1", "HEAD"],
                                     in: elsewhere.url)
        #expect(throughGit.status == 0, "\(throughGit.stderr)")
        #expect(throughGit.stdout.contains("Servus") && !throughGit.stdout.contains("Woanders"), "\(throughGit.stdout)")
        let variables = try CLI.run(["diff", "HEAD~1", "HEAD"], in: elsewhere.url,
                                    environment: ["GIT_DIR": gitDirectory, "GIT_WORK_TREE": fixture.url.path])
        #expect(variables.status == 0 && variables.stdout == throughGit.stdout, "\(variables.stdout) \(variables.stderr)")
        // The work tree is the one given: its change, against its index.
        try fixture.write(Self.catalog("Grüezi"), to: Self.path)
        let workTree = try CLI.git(["--git-dir=" + gitDirectory, "--work-tree=" + fixture.url.path, "xcstrings", "diff"], in: elsewhere.url)
        #expect(workTree.status == 0 && workTree.stdout.contains("Grüezi"), "\(workTree.stdout) \(workTree.stderr)")
        let check = try CLI.git(["--git-dir=" + gitDirectory, "--work-tree=" + fixture.url.path, "xcstrings", "check"], in: elsewhere.url)
        #expect(check.status == 0 && !check.stdout.contains("Woanders"), "\(check.stdout) \(check.stderr)")
    }

    @Test("a linked work tree and a submodule: their own HEAD, index and work tree; main-worktree/HEAD names the main one's")
    func worktreesAndSubmodules() throws {
        let fixture = try Self.twoCommits()
        let container = try TemporaryDirectory()
        let linked = container.url.appendingPathComponent("linked")
        #expect(try fixture.git("worktree", "add", "-q", "-b", "side", linked.path, "HEAD~1").status == 0)
        try CLI.git(["commit", "-q", "--allow-empty", "-m", "empty"], in: linked)
        // In the linked work tree, HEAD is its own (Hallo); main-worktree/HEAD is main's (Servus).
        let own = try CLI.run(["diff", "HEAD", "main-worktree/HEAD"], in: linked)
        #expect(own.status == 0 && own.stdout.contains("Hallo") && own.stdout.contains("Servus"), "\(own.stdout) \(own.stderr)")
        try container.write("linked/" + Self.path, Self.catalog("Moin").xcodeLayout())
        let workTree = try CLI.run(["diff"], in: linked)
        #expect(workTree.stdout.contains("Moin") && workTree.stdout.contains("Hallo"), "\(workTree.stdout) \(workTree.stderr)")
        // A submodule is a repository of its own.
        let outer = try TestRepository()
        try outer.commit(Self.catalog("Außen"), at: Self.path, "outer")
        let added = try outer.git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", fixture.url.path, "inner"])
        #expect(added.status == 0, "\(added.stderr)")
        let inner = try CLI.run(["diff", "HEAD~1", "HEAD"], in: outer.url.appendingPathComponent("inner"))
        #expect(inner.status == 0 && inner.stdout.contains("Servus") && !inner.stdout.contains("Außen"), "\(inner.stdout) \(inner.stderr)")
    }

    @Test("@~1, @^, :/text and HEAD@{1} after a checkout (HEAD's reflog, not the branch's) mean what they mean to git")
    func revisionNames() throws {
        let fixture = try Self.twoCommits()
        for arguments in [["@~1", "@"], ["@^", "HEAD"], [":/one", ":/two"], ["HEAD~1..@"]] {
            let shown = try fixture.run(["diff"] + arguments)
            #expect(shown.status == 0 && shown.stdout.contains("Hallo") && shown.stdout.contains("Servus"), "\(arguments): \(shown.stdout) \(shown.stderr)")
        }
        // On a new branch at the first commit, HEAD@{1} is where HEAD was before: main's tip.
        try fixture.git("checkout", "-q", "-b", "other", "HEAD~1")
        #expect(try fixture.git("rev-parse", "HEAD@{1}").stdout == fixture.git("rev-parse", "main").stdout)
        let reflog = try fixture.run(["diff", "HEAD@{1}", "HEAD"])
        #expect(reflog.status == 0, "\(reflog.stderr)")
        let change = try #require(reflog.stdout.split(separator: "\n").first { $0.contains("Servus") }, "\(reflog.stdout)")
        // From main's Servus back to Hallo.
        #expect(change.range(of: "Servus")!.lowerBound < change.range(of: "Hallo")!.lowerBound, "\(change)")
        // A name git does not know is git's error, not another revision's catalog.
        let unknown = try fixture.run(["diff", "HEAD@{9}", "HEAD"])
        #expect(unknown.status == 2 && unknown.stdout.isEmpty, "\(unknown.stdout)")
    }

    @Test("A...B with several merge bases: the first, and git's warning")
    func severalMergeBases() throws {
        let fixture = try TestRepository()
        try fixture.commit(Self.catalog("Hallo"), at: Self.path, "base")
        try fixture.git("checkout", "-q", "-b", "a")
        try fixture.directory.write("a.txt", "a\n")
        try fixture.commitAll("a1")
        let a1 = try fixture.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try fixture.git("checkout", "-q", "-b", "b", "main")
        try fixture.directory.write("b.txt", "b\n")
        try fixture.commitAll("b1")
        // A criss-cross: each branch merges the other's first commit.
        try fixture.git("checkout", "-q", "a")
        #expect(try fixture.git("merge", "-q", "--no-edit", "b").status == 0)
        try fixture.git("checkout", "-q", "b")
        #expect(try fixture.git("merge", "-q", "--no-edit", a1).status == 0)
        try fixture.commit(Self.catalog("Servus"), at: Self.path, "b2")
        #expect(try fixture.git("merge-base", "--all", "a", "b").stdout.split(separator: "\n").count == 2)
        let shown = try fixture.run(["diff", "a...b"])
        #expect(shown.status == 0 && shown.stdout.contains("Servus"), "\(shown.stdout) \(shown.stderr)")
        #expect(shown.stderr.hasPrefix("warning: a...b: multiple merge bases, using "), "\(shown.stderr)")
    }

    @Test("a split index: the pre-commit hook checks the staged catalogs through git and never blocks a commit for it; diff --cached says why it cannot, in one line")
    func splitIndex() throws {
        let fixture = try Self.twoCommits()
        #expect(try fixture.run(["install", "--hooks"]).status == 0)
        #expect(try fixture.git("update-index", "--split-index").status == 0)
        let gitFiles = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path(".git"))
        #expect(gitFiles.contains { $0.hasPrefix("sharedindex.") }, "the index is split")
        try fixture.write(Self.catalog("Moin"), to: Self.path)
        try fixture.git("add", Self.path)
        let committed = try fixture.git("commit", "-q", "-m", "three")
        #expect(committed.status == 0, "\(committed.stderr)")
        #expect(!committed.stderr.contains("needs a git repository"), "\(committed.stderr)")
        // The hook still checks: a language code Xcode rejects stops the commit, with check's own message.
        var broken = Self.catalog("Moin")
        broken[path: "strings", "Hello", "localizations", "zh-CN"] = B.text("你好")
        try fixture.write(broken, to: Self.path)
        try fixture.git("add", Self.path)
        let refused = try fixture.git("commit", "-q", "-m", "four")
        #expect(refused.status != 0 && (refused.stdout + refused.stderr).contains("zh-CN is not a language"), "\(refused.stdout) \(refused.stderr)")
        // libgit2 1.5 reads no split index: one line, the cause, the way out.
        let cached = try fixture.run(["diff", "--cached"])
        #expect(cached.status == 2, "\(cached.stdout)")
        let lines = cached.stderr.split(separator: "\n")
        #expect(lines.count == 1 && cached.stderr.contains("split") && cached.stderr.contains("git update-index --no-split-index"), "\(cached.stderr)")
    }

    @Test("resolve honours git -c merge.conflictStyle and GIT_CONFIG_COUNT, as the driver does")
    func resolveConfiguration() throws {
        func conflicted() throws -> TestRepository {
            let fixture = try TestRepository()
            try fixture.commit(Self.catalog("Hallo"), at: Self.path, "base")
            try fixture.git("checkout", "-q", "-b", "topic")
            try fixture.commit(Self.catalog("Servus"), at: Self.path, "topic")
            try fixture.git("checkout", "-q", "main")
            try fixture.commit(Self.catalog("Moin"), at: Self.path, "main")
            #expect(try fixture.git("merge", "topic").status != 0)
            return fixture
        }
        let plain = try conflicted()
        let merged = try plain.run(["resolve"])
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(!(text(try plain.directory.bytes(Self.path))).contains("|||||||"))
        let withOption = try conflicted()
        let optioned = try CLI.git(["-c", "merge.conflictStyle=diff3", "xcstrings", "resolve"], in: withOption.url)
        #expect(optioned.status == 1, "\(optioned.stderr)")
        let optionedText = text(try withOption.directory.bytes(Self.path))
        // Labelled as git labels the base of a merge: the merge base's short id.
        let base = try withOption.git("merge-base", "HEAD", "MERGE_HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let short = try withOption.git("rev-parse", "--short", base).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(optionedText.contains("||||||| \(short)\n"), "\(optionedText)")
        let withVariables = try conflicted()
        let counted = try CLI.run(["resolve"], in: withVariables.url, environment: [
            "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "merge.conflictStyle", "GIT_CONFIG_VALUE_0": "zdiff3"])
        #expect(counted.status == 1, "\(counted.stderr)")
        #expect((text(try withVariables.directory.bytes(Self.path))).contains("||||||| "))
    }

    @Test("git am -3 stopped on a catalog: resolve merges it and names the next step, git am --continue")
    func applyingPatches() throws {
        func catalog(_ languages: [String]) -> JSONValue {
            B.catalog([("Hello", B.entry(languages.map { ($0, B.text("Hello \($0)")) }))])
        }
        let fixture = try TestRepository()
        try fixture.commit(catalog(["de"]), at: Self.path, "base")
        try fixture.git("checkout", "-q", "-b", "topic")
        try fixture.commit(catalog(["de", "es"]), at: Self.path, "Spanish")
        let patch = try fixture.git("format-patch", "-1", "--stdout").stdout
        try fixture.git("checkout", "-q", "main")
        try fixture.commit(catalog(["de", "fr"]), at: Self.path, "French")
        try fixture.directory.write(".git/topic.patch", patch)
        let applied = try fixture.git("am", "-3", ".git/topic.patch")
        #expect(applied.status != 0, "both add a language at one place: git's line merge conflicts")
        let resolved = try fixture.run(["resolve"])
        #expect(resolved.status == 0, "\(resolved.stdout) \(resolved.stderr)")
        let said = resolved.stdout + resolved.stderr
        #expect(said.contains("am in progress") && said.contains("git am --continue"), "\(said)")
        let languages = try fixture.catalog(at: Self.path)[path: "strings", "Hello", "localizations"]?.members.map(\.key) ?? []
        #expect(languages == ["de", "es", "fr"], "\(languages)")
        #expect(try fixture.git("am", "--continue").status == 0)
        #expect(try fixture.git("log", "-1", "--format=%s").stdout == "Spanish\n")
    }

    @Test("a bare repository: two revisions compared; what needs a work tree says so in one line, exit 2")
    func bareRepository() throws {
        let fixture = try Self.twoCommits()
        let directory = try TemporaryDirectory()
        #expect(try CLI.git(["clone", "-q", "--bare", fixture.url.path, "bare.git"], in: directory.url).status == 0)
        let bare = directory.url.appendingPathComponent("bare.git")
        let revisions = try CLI.run(["diff", "HEAD~1", "HEAD"], in: bare)
        #expect(revisions.status == 0 && revisions.stdout.contains("Servus"), "\(revisions.stderr)")
        for arguments in [["diff"], ["diff", "HEAD~1"], ["diff", "--cached"], ["check"], ["fmt", "--check"]] {
            let refused = try CLI.run(arguments, in: bare)
            #expect(refused.status == 2 && refused.stdout.isEmpty, "\(arguments): \(refused.stdout)")
            #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("must be run in a work tree"),
                    "\(arguments): \(refused.stderr)")
        }
    }

    @Test("a damaged object (a loose blob cut short) is a one-line error naming it, never a wait")
    func damagedObject() throws {
        let fixture = try Self.twoCommits()
        let blob = try fixture.git("rev-parse", "HEAD:" + Self.path).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let file = fixture.directory.path(".git/objects/\(blob.prefix(2))/\(blob.dropFirst(2))")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: file))
        let started = Date()
        let shown = try fixture.run(["diff", "HEAD~1", "HEAD"])
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(shown.status == 2, "\(shown.stdout)")
        let lines = shown.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(blob) && !shown.stderr.contains("Backtrac"), "\(shown.stderr)")
    }

    @Test("replaced objects (git replace): refused in one line with the way out, and read as stored with GIT_NO_REPLACE_OBJECTS")
    func replacedObjects() throws {
        let fixture = try Self.twoCommits()
        let old = try fixture.git("rev-parse", "HEAD~1:" + Self.path).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let new = try fixture.git("rev-parse", "HEAD:" + Self.path).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try fixture.git("replace", old, new).status == 0)
        let refused = try fixture.run(["diff", "HEAD~1", "HEAD"])
        #expect(refused.status == 2 && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("refs/replace/") && refused.stderr.contains("GIT_NO_REPLACE_OBJECTS=1"), "\(refused.stderr)")
        let original = try CLI.run(["diff", "HEAD~1", "HEAD"], in: fixture.url, environment: ["GIT_NO_REPLACE_OBJECTS": "1"])
        #expect(original.status == 0 && original.stdout.contains("Hallo") && original.stdout.contains("Servus"), "\(original.stderr)")
    }

    @Test("a partial clone: blobs it lacks are fetched through git, as git diff fetches them; without the remote, one line says so")
    func partialClone() throws {
        let source = try Self.twoCommits()
        try source.git("config", "uploadpack.allowFilter", "true")
        let directory = try TemporaryDirectory()
        let cloned = try CLI.git(["clone", "-q", "--filter=blob:none", "--no-local", "file://" + source.url.path, "clone"], in: directory.url)
        #expect(cloned.status == 0, "\(cloned.stderr)")
        let clone = directory.url.appendingPathComponent("clone")
        let fetched = try CLI.run(["diff", "HEAD~1", "HEAD"], in: clone)
        #expect(fetched.status == 0 && fetched.stdout.contains("Hallo") && fetched.stdout.contains("Servus"), "\(fetched.stderr)")
        // Another clone, its remote gone: nothing to fetch from.
        let again = try CLI.git(["clone", "-q", "--filter=blob:none", "--no-local", "file://" + source.url.path, "again"], in: directory.url)
        #expect(again.status == 0)
        try CLI.git(["remote", "set-url", "origin", "file:///nonexistent/repository"], in: directory.url.appendingPathComponent("again"))
        let offline = try CLI.run(["diff", "HEAD~1", "HEAD"], in: directory.url.appendingPathComponent("again"))
        #expect(offline.status == 2 && offline.stderr.contains("partial clone"), "\(offline.stderr)")
    }
}
