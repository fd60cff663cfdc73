import Foundation
import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// `install` says what to commit and when GUI clients will not find the
/// tool, `--absolute`; `fmt` without FILE or with a directory; a
/// `GIT_XCSTRINGS_LIBGIT2` that names nothing is said.
@Suite("install and fmt for a team")
struct SetupCommandTests {

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
        let mergeDriver = CLI.mergeDriver.resolvingSymlinksInPath().path
        #expect(driver.hasPrefix(mergeDriver + " --marker-size ") || driver.hasPrefix("'\(mergeDriver)' --marker-size "), "\(driver)")
        #expect(textconv.hasPrefix(mergeDriver + " --textconv") || textconv.hasPrefix("'\(mergeDriver)' --textconv"), "\(textconv)")
        _ = path
        // A git-xcstrings installed without git-xcstrings-merge beside it registers its own merge command.
        let alone = try TemporaryDirectory()
        try alone.copyExecutable(CLI.executable, as: "git-xcstrings")
        let lonePath = URL(fileURLWithPath: alone.path("git-xcstrings")).resolvingSymlinksInPath().path
        let loneInstall = try CLI.launch(URL(fileURLWithPath: lonePath), ["install"], in: url, environment: [:], input: nil)
        #expect(loneInstall.status == 0, "\(loneInstall.stderr)")
        let loneDriver = try CLI.git(["config", "merge.xcstrings.driver"], in: url).stdout
        #expect(loneDriver.hasPrefix(lonePath + " merge --marker-size ") || loneDriver.hasPrefix("'\(lonePath)' merge --marker-size "),
                "\(loneDriver)")
        let help = try CLI.run(["install", "--help"], in: url).stdout
        for setting in ["merge.xcstrings.name", "merge.xcstrings.driver", "diff.xcstrings.textconv", "*.xcstrings merge=xcstrings diff=xcstrings", "--absolute"] {
            #expect(help.contains(setting), "\(setting)")
        }
    }

    @Test("install registers git-xcstrings-merge only named as git-xcstrings is, and only this version of it")
    func mergeDriverNamedAsTheTool() throws {
        let repository = try TestRepository()
        let url = repository.directory.url
        // Both programs in a build directory; only git-xcstrings linked into a directory on PATH.
        let build = try TemporaryDirectory(), bin = try TemporaryDirectory()
        try build.copyExecutable(CLI.executable, as: "git-xcstrings")
        try build.copyExecutable(CLI.mergeDriver, as: "git-xcstrings-merge")
        try FileManager.default.createSymbolicLink(atPath: bin.path("git-xcstrings"), withDestinationPath: build.path("git-xcstrings"))
        let linked = try CLI.launch(URL(fileURLWithPath: bin.path("git-xcstrings")), ["install"], in: url,
                                    environment: ["PATH": bin.url.path + ":/usr/bin:/bin"], input: nil)
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(try CLI.git(["config", "merge.xcstrings.driver"], in: url).stdout.hasPrefix("git-xcstrings merge --marker-size "))
        // Both on PATH: the merge program by name.
        let both = try CLI.launch(URL(fileURLWithPath: build.path("git-xcstrings")), ["install"], in: url,
                                  environment: ["PATH": build.url.path + ":/usr/bin:/bin"], input: nil)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(try CLI.git(["config", "merge.xcstrings.driver"], in: url).stdout.hasPrefix("git-xcstrings-merge --marker-size "))
        // Another program of that name (another version) is not registered.
        let other = try TemporaryDirectory()
        try other.copyExecutable(CLI.executable, as: "git-xcstrings")
        try other.writeExecutable("git-xcstrings-merge", "#!/bin/sh\necho 'git-xcstrings-merge 9.9.9'\n")
        let otherInstall = try CLI.launch(URL(fileURLWithPath: other.path("git-xcstrings")), ["install"], in: url,
                                          environment: ["PATH": other.url.path + ":/usr/bin:/bin"], input: nil)
        #expect(otherInstall.status == 0, "\(otherInstall.stderr)")
        #expect(try CLI.git(["config", "merge.xcstrings.driver"], in: url).stdout.hasPrefix("git-xcstrings merge --marker-size "))
        // As Homebrew installs them: both linked into a prefix's bin from a versioned directory. --absolute writes the
        // prefix's paths, which outlive an upgrade, never the versioned ones they link to.
        let prefix = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: prefix.path("Cellar/git-xcstrings/0.1.0/bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix.path("bin"), withIntermediateDirectories: true)
        for name in ["git-xcstrings", "git-xcstrings-merge"] {
            try prefix.copyExecutable(name == "git-xcstrings" ? CLI.executable : CLI.mergeDriver, as: "Cellar/git-xcstrings/0.1.0/bin/" + name)
            try FileManager.default.createSymbolicLink(atPath: prefix.path("bin/" + name),
                                                       withDestinationPath: "../Cellar/git-xcstrings/0.1.0/bin/" + name)
        }
        let brewed = try CLI.launch(URL(fileURLWithPath: "/usr/bin/env"), ["git-xcstrings", "install", "--absolute"], in: url,
                                    environment: ["PATH": prefix.path("bin") + ":/usr/bin:/bin"], input: nil)
        #expect(brewed.status == 0, "\(brewed.stderr)")
        let top = prefix.url.resolvingSymlinksInPath().path
        for name in ["merge.xcstrings.driver", "diff.xcstrings.textconv"] {
            let value = try CLI.git(["config", name], in: url).stdout
            #expect(value.hasPrefix(prefix.path("bin/git-xcstrings-merge") + " --") || value.hasPrefix(top + "/bin/git-xcstrings-merge --"),
                    "\(name): \(value)")
            #expect(!value.contains("Cellar"), "\(name): \(value)")
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

    @Test("install and uninstall refuse a .gitattributes that is a FIFO (exit 2, untouched, no wait); a symbolic link, here or global, is written through and stays a link")
    func specialFiles() throws {
        let repository = try TestRepository()
        let url = repository.directory.url
        let attributes = repository.directory.path(".gitattributes")
        #expect(mkfifo(attributes, 0o644) == 0)
        for command in ["install", "uninstall"] {
            let started = Date()
            let result = try CLI.run([command], in: url)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(".gitattributes: is a FIFO, not a regular file"), "\(result.stderr)")
            #expect(Date().timeIntervalSince(started) < 10)
        }
        let kind = try FileManager.default.attributesOfItem(atPath: attributes)[.type] as? FileAttributeType
        #expect(kind != .typeRegular, "the FIFO is left as it was")
        try FileManager.default.removeItem(atPath: attributes)

        // A repository's .gitattributes kept in a dotfiles folder and linked.
        let elsewhere = try TemporaryDirectory()
        try elsewhere.write("attributes", "*.png binary\n")
        try FileManager.default.createSymbolicLink(atPath: attributes, withDestinationPath: elsewhere.path("attributes"))
        #expect(try CLI.run(["install"], in: url).status == 0)
        #expect(try elsewhere.read("attributes") == "*.png binary\n*.xcstrings merge=xcstrings diff=xcstrings\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: attributes) == elsewhere.path("attributes"))
        #expect(try CLI.run(["uninstall"], in: url).status == 0)
        #expect(try elsewhere.read("attributes") == "*.png binary\n")
        // Holding only our line, it is emptied through the link, never the link removed.
        try elsewhere.write("attributes", "")
        #expect(try CLI.run(["install"], in: url).status == 0)
        #expect(try CLI.run(["uninstall"], in: url).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: attributes) == elsewhere.path("attributes"))
        #expect(try elsewhere.read("attributes") == "")

        // ~/.gitconfig and git's global attributes file as links into a dotfiles repository.
        let home = try TemporaryDirectory()
        try elsewhere.write("gitconfig", "")
        try elsewhere.write("global-attributes", "")
        try FileManager.default.createSymbolicLink(atPath: home.path(".gitconfig"), withDestinationPath: elsewhere.path("gitconfig"))
        try FileManager.default.createDirectory(atPath: home.path(".config/git"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.path(".config/git/attributes"), withDestinationPath: elsewhere.path("global-attributes"))
        let environment = ["HOME": home.url.path, "XDG_CONFIG_HOME": home.path(".config")]
        #expect(try CLI.run(["install", "--global"], in: home.url, environment: environment).status == 0)
        #expect(try elsewhere.read("gitconfig").contains("[merge \"xcstrings\"]"))
        #expect(try elsewhere.read("global-attributes") == "*.xcstrings merge=xcstrings diff=xcstrings\n")
        let undo = try CLI.run(["uninstall", "--global"], in: home.url, environment: environment)
        #expect(undo.status == 0, "\(undo.stderr)")
        for (link, target) in [(".gitconfig", "gitconfig"), (".config/git/attributes", "global-attributes")] {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: home.path(link)) == elsewhere.path(target), "\(link)")
            let left = try elsewhere.read(target)
            #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) == "", "\(target): \(left)")
        }
    }

    @Test("check and fmt without FILE refuse a tracked catalog that is a FIFO in the work tree (exit 2, no wait) and do the others")
    func trackedFIFO() throws {
        let repository = try TestRepository()
        try repository.commit(B.catalog([("Hello", B.entry([("en", B.text("Hello"))]))]), at: "A.xcstrings", "a")
        try repository.commit(B.catalog([("Hello", B.entry([("en", B.text("Hello"))]))]), at: "B.xcstrings", "b")
        try FileManager.default.removeItem(atPath: repository.directory.path("B.xcstrings"))
        #expect(mkfifo(repository.directory.path("B.xcstrings"), 0o644) == 0)
        for arguments in [["check"], ["fmt", "--check"], ["fmt"]] {
            let started = Date()
            let result = try repository.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("B.xcstrings: is a FIFO, not a regular file"), "\(arguments): \(result.stderr)")
            #expect(Date().timeIntervalSince(started) < 10, "\(arguments)")
        }
    }
}
