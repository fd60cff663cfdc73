import Foundation
@testable import GitLayer
import TestSupport
import Testing

/// Where a directory sits in its work tree, found without libgit2: the
/// same top and prefix as libgit2 finds, or nil where git could find
/// another answer.
@Suite("work tree location without libgit2")
struct WorkTreeLocationTests {
    func location(_ fixture: TestRepository, in directory: String = "", _ extra: [String: String] = [:]) -> WorkTreeLocation? {
        let top = fixture.url.resolvingSymlinksInPath().path
        let environment = ["HOME": top, "GIT_CONFIG_NOSYSTEM": "1"].merging(extra) { $1 }
        return WorkTreeLocation(directory: directory.isEmpty ? top : top + "/" + directory, environment: { environment[$0] })
    }

    @Test("the top and the prefix libgit2 gives, at the top, in a subdirectory and in a linked worktree")
    func found() throws {
        let fixture = try TestRepository()
        try fixture.directory.write("App/Sub/README", "x\n")
        try fixture.commitAll("one")
        let top = fixture.url.resolvingSymlinksInPath().path
        let atTop = try #require(location(fixture))
        #expect(atTop.top == top && atTop.prefix == "")
        let inside = try #require(location(fixture, in: "App/Sub"))
        let repository = try Repository(discoveringFrom: top + "/App/Sub")
        #expect(inside.prefix == "App/Sub/")
        #expect(repository.prefix(of: top + "/App/Sub") == inside.prefix)
        try fixture.git("worktree", "add", "-q", "linked", "-b", "other")
        let linked = try #require(location(fixture, in: "linked/App"))
        #expect(linked.top == top + "/linked" && linked.prefix == "App/")
    }

    @Test("nil where git's discovery could differ: GIT_DIR, GIT_WORK_TREE, core.worktree, a bare repository, a .git that is no repository to git (no HEAD, no refs)")
    func undecided() throws {
        let fixture = try TestRepository()
        #expect(location(fixture, ["GIT_DIR": fixture.url.path + "/.git"]) == nil)
        #expect(location(fixture, ["GIT_WORK_TREE": fixture.url.path]) == nil)
        try fixture.git("config", "core.worktree", "/tmp")
        #expect(location(fixture) == nil)
        try fixture.git("config", "--unset", "core.worktree")
        #expect(location(fixture) != nil)
        try fixture.git("config", "core.bare", "true")
        #expect(location(fixture) == nil)
        let other = try TemporaryDirectory()
        try other.write(".git/README", "not a repository\n")
        let path = other.url.resolvingSymlinksInPath().path
        #expect(WorkTreeLocation(directory: path, environment: { ["HOME": path][$0] }) == nil)
        // A HEAD and objects without refs is no repository to git, which looks further up.
        try other.write(".git/HEAD", "ref: refs/heads/main\n")
        try other.write(".git/objects/info/keep", "")
        #expect(WorkTreeLocation(directory: path, environment: { ["HOME": path][$0] }) == nil)
        try other.write(".git/refs/heads/keep", "")
        #expect(WorkTreeLocation(directory: path, environment: { ["HOME": path][$0] })?.top == path)
        try other.write(".git/HEAD", "not a ref\n")
        #expect(WorkTreeLocation(directory: path, environment: { ["HOME": path][$0] }) == nil)
    }

    @Test("a .git file that names no repository stops the search, as it stops git: not the repository around it")
    func brokenGitFile() throws {
        let fixture = try TestRepository()
        try fixture.directory.write("sub/README", "x\n")
        try fixture.commitAll("one")
        #expect(location(fixture, in: "sub")?.prefix == "sub/")
        for text in ["garbage\n", "gitdir: ../no/such/modules/sub\n"] {
            try fixture.directory.write("sub/.git", text)
            #expect(location(fixture, in: "sub") == nil, "\(text)")
            let git = try CLI.git(["rev-parse", "--show-toplevel"], in: fixture.url.appendingPathComponent("sub"))
            #expect(git.status != 0, "git stops there too")
        }
        // A bare repository inside the work tree, and a directory inside .git: git finds that git directory first.
        try FileManager.default.removeItem(atPath: fixture.directory.path("sub/.git"))
        try fixture.git("clone", "-q", "--bare", ".", "sub/inner.git")
        #expect(location(fixture, in: "sub/inner.git") == nil)
        #expect(location(fixture, in: "sub/inner.git/refs") == nil)
        #expect(location(fixture, in: ".git/objects") == nil)
        #expect(location(fixture, in: "sub")?.prefix == "sub/")
    }
}
