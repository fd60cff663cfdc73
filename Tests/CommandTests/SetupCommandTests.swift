import Foundation
import TestSupport
import Testing
@testable import SemanticDiff

private typealias B = Build

/// `install` says what to commit and when GUI clients will not find the
/// tool, `--absolute`; `fmt` without FILE or with a directory; a
/// `GIT_XCSTRINGS_LIBGIT2` that names nothing is said.
@Suite("install and fmt for a team")
struct SetupCommandTests {
    init() { FoundationOrder.use() }

    @Test("install ends with what to commit; --absolute names the binary by path; the GUI PATH warning; --help lists every setting")
    func install() throws {
        let repository = try TestRepository()
        let url = repository.directory.url
        // The test runs the built binary from PATH, as a user who installed it in a directory GUI clients do not see.
        let first = try CLI.run(["install"], in: url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("next: commit .gitattributes so that your team uses the driver (git add .gitattributes && git commit)\n"))
        #expect(first.stderr.contains("GUI clients (Xcode, Fork, Tower, SourceTree) run git with PATH=/usr/bin:/bin:/usr/sbin:/sbin"))
        #expect(first.stderr.contains("git xcstrings install --absolute"))
        // Again: nothing to commit, so no such line.
        #expect(!(try CLI.run(["install"], in: url).stdout.contains("next: commit")))
        let absolute = try CLI.run(["install", "--absolute"], in: url)
        #expect(absolute.status == 0, "\(absolute.stderr)")
        #expect(!absolute.stderr.contains("GUI clients"))
        let driver = try CLI.git(["config", "merge.xcstrings.driver"], in: url).stdout
        let textconv = try CLI.git(["config", "diff.xcstrings.textconv"], in: url).stdout
        let path = CLI.executable.resolvingSymlinksInPath().path
        #expect(driver.hasPrefix(path + " merge ") || driver.hasPrefix("'\(path)' merge "), "\(driver)")
        #expect(textconv.hasPrefix(path + " textconv") || textconv.hasPrefix("'\(path)' textconv"), "\(textconv)")
        let help = try CLI.run(["install", "--help"], in: url).stdout
        for setting in ["merge.xcstrings.name", "merge.xcstrings.driver", "diff.xcstrings.textconv", "*.xcstrings merge=xcstrings diff=xcstrings", "--absolute"] {
            #expect(help.contains(setting), "\(setting)")
        }
    }

    @Test("fmt without FILE formats every tracked catalog from any directory; a directory means the catalogs under it")
    func formatTracked() throws {
        let repository = try TestRepository()
        let compact = Array(#"{"sourceLanguage":"en","strings":{"b":{},"a":{}},"version":"1.0"}"#.utf8)
        try repository.directory.write("App/A.xcstrings", compact)
        try repository.directory.write("Widget/W.xcstrings", compact)
        try repository.directory.write("Untracked.xcstrings", compact)
        try CLI.git(["add", "App", "Widget"], in: repository.directory.url)
        let app = repository.directory.url.appendingPathComponent("App")
        let check = try CLI.run(["fmt", "--check"], in: app)
        #expect(check.status == 1)
        #expect(check.stdout == "A.xcstrings\n../Widget/W.xcstrings\n")
        let directory = try CLI.run(["fmt", "--check", "Widget"], in: repository.directory.url)
        #expect(directory.stdout == "Widget/W.xcstrings\n")
        #expect(try CLI.run(["fmt"], in: app).status == 0)
        #expect(try CLI.run(["fmt", "--check"], in: app).status == 0)
        // The untracked catalog was left alone; the tracked ones are in Xcode's layout.
        #expect(try repository.directory.bytes("Untracked.xcstrings") == compact)
        let value = try JSONSerialization.jsonObject(with: Data(compact))
        let xcode = try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(try repository.directory.bytes("Widget/W.xcstrings") == Array(xcode))
        let outside = try TemporaryDirectory()
        let refused = try CLI.run(["fmt"], in: outside.url, environment: ["GIT_CEILING_DIRECTORIES": outside.url.deletingLastPathComponent().path])
        #expect(refused.status == 2 && refused.stderr.contains("name the catalogs to format"))
    }

    @Test("GIT_XCSTRINGS_LIBGIT2 naming a missing file is said, and the installed libgit2 used")
    func missingLibrary() throws {
        let repository = try TestRepository()
        try repository.write(B.catalog([("A", B.entry([("en", B.text("A"))]))]), to: "L.xcstrings")
        try repository.commitAll("one")
        let result = try CLI.run(["diff", "HEAD"], in: repository.directory.url, environment: ["GIT_XCSTRINGS_LIBGIT2": "/nonexistent/libgit2.so"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: GIT_XCSTRINGS_LIBGIT2=/nonexistent/libgit2.so cannot be opened"))
        let version = try CLI.run(["--version"], in: repository.directory.url, environment: ["GIT_XCSTRINGS_LIBGIT2": "/nonexistent/libgit2.so"])
        #expect(version.stderr.contains("cannot be opened"))
        // Empty is unset, as with git's variables.
        let empty = try CLI.run(["diff", "HEAD"], in: repository.directory.url, environment: ["GIT_XCSTRINGS_LIBGIT2": ""])
        #expect(empty.status == 0 && empty.stderr.isEmpty, "\(empty.stderr)")
    }
}
