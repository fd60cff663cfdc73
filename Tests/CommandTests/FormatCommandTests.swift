import Foundation
import TestSupport
import Testing

/// `git xcstrings fmt` as a user runs it.
@Suite("fmt command")
struct FormatCommandTests {
    init() { FoundationOrder.use() }

    static let messy = "{\"version\":\"1.0\",\"strings\":{\"b\":{},\"a\":{\"comment\":\"x\\/y\"}},\"sourceLanguage\":\"en\"}\n"
    static let tidy = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : {\n      \"comment\" : \"x/y\"\n    },\n    \"b\" : {\n\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"

    @Test("rewrites a file in place, keeping its final newline and its mode")
    func rewrites() throws {
        let directory = try TemporaryDirectory()
        try directory.write("L.xcstrings", FormatCommandTests.messy)
        chmod(directory.path("L.xcstrings"), 0o640)
        let result = try CLI.run(["fmt", "L.xcstrings"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(try directory.read("L.xcstrings") == FormatCommandTests.tidy)
        let mode = try FileManager.default.attributesOfItem(atPath: directory.path("L.xcstrings"))[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["L.xcstrings"])
    }

    @Test("a file in layout is not rewritten (same inode); one whose formatted bytes are its start, or that differs only at its end, is")
    func rewritesOnlyWhatDiffers() throws {
        let directory = try TemporaryDirectory()
        func inode(_ name: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: directory.path(name))[.systemFileNumber] as? Int
        }
        try directory.write("tidy.xcstrings", FormatCommandTests.tidy)
        let before = try inode("tidy.xcstrings")
        #expect(try CLI.run(["fmt", "tidy.xcstrings"], in: directory.url).status == 0)
        #expect(try inode("tidy.xcstrings") == before)
        // Blank lines after the last brace: the formatted file is this one's start.
        try directory.write("trailing.xcstrings", FormatCommandTests.tidy + "\n\n")
        #expect(try CLI.run(["fmt", "trailing.xcstrings"], in: directory.url).status == 0)
        #expect(try directory.read("trailing.xcstrings") == FormatCommandTests.tidy)
        // The same bytes but the last member's value: rewritten from the first difference on.
        try directory.write("late.xcstrings", FormatCommandTests.tidy.replacingOccurrences(of: "\"version\" : \"1.0\"", with: "\"version\":\"1.0\""))
        #expect(try CLI.run(["fmt", "late.xcstrings"], in: directory.url).status == 0)
        #expect(try directory.read("late.xcstrings") == FormatCommandTests.tidy)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == ["late.xcstrings", "tidy.xcstrings", "trailing.xcstrings"])
    }

    @Test("-p prints one file and leaves it alone")
    func prints() throws {
        let directory = try TemporaryDirectory()
        try directory.write("L.xcstrings", FormatCommandTests.messy)
        let result = try CLI.run(["fmt", "-p", "L.xcstrings"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.stdout == FormatCommandTests.tidy)
        #expect(try directory.read("L.xcstrings") == FormatCommandTests.messy)
        let two = try CLI.run(["fmt", "-p", "L.xcstrings", "L.xcstrings"], in: directory.url)
        #expect(two.status == 2)
        #expect(two.stderr.contains("-p prints one file"))
    }

    @Test("--check lists files not in Xcode's layout, changes nothing, exits 1")
    func check() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.xcstrings", FormatCommandTests.messy)
        try directory.write("b.xcstrings", FormatCommandTests.tidy)
        let result = try CLI.run(["fmt", "--check", "a.xcstrings", "b.xcstrings"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.stdout == "a.xcstrings\n")
        #expect(try directory.read("a.xcstrings") == FormatCommandTests.messy)
        let clean = try CLI.run(["fmt", "--check", "b.xcstrings"], in: directory.url)
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)
    }

    @Test("invalid JSON: FILE:LINE:COLUMN: message, exit 2, file untouched, other files still done")
    func invalidInput() throws {
        let directory = try TemporaryDirectory()
        let broken = "{\n  \"strings\" : {\n<<<<<<< HEAD\n  }\n}"
        try directory.write("bad.xcstrings", broken)
        try directory.write("good.xcstrings", FormatCommandTests.messy)
        let result = try CLI.run(["fmt", "bad.xcstrings", "good.xcstrings"], in: directory.url)
        #expect(result.status == 2)
        #expect(result.stderr == "bad.xcstrings:3:1: expected a key in quotes, found '<'\n")
        #expect(try directory.read("bad.xcstrings") == broken)
        #expect(try directory.read("good.xcstrings") == FormatCommandTests.tidy)
    }

    @Test("a missing file and duplicate keys are reported on stderr")
    func diagnostics() throws {
        let directory = try TemporaryDirectory()
        try directory.write("dup.xcstrings", "{\"a\":1,\"a\":2}")
        let result = try CLI.run(["fmt", "-p", "dup.xcstrings"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.stdout == "{\n  \"a\" : 2\n}")
        #expect(result.stderr == "dup.xcstrings:1:2: warning: duplicate key \"a\"; the one at 1:8 wins\n")
        let missing = try CLI.run(["fmt", "nope.xcstrings"], in: directory.url)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: nope.xcstrings: No such file or directory\n")
    }

    @Test("--help, unknown options and no files")
    func usage() throws {
        let help = try CLI.run(["fmt", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: git xcstrings fmt [--check] [-p] [FILE | DIRECTORY]…"))
        let unknown = try CLI.run(["fmt", "--frobnicate", "x"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: unknown option '--frobnicate'\nusage: git xcstrings fmt"))
        // Without FILE outside a repository there is nothing to format.
        let outside = try TemporaryDirectory()
        let bare = try CLI.run(["fmt"], in: outside.url, environment: ["GIT_CEILING_DIRECTORIES": outside.url.deletingLastPathComponent().path])
        #expect(bare.status == 2)
        #expect(bare.stderr.hasPrefix("error: not in a git repository: name the catalogs to format"))
    }

    @Test("a helper started early for keys only Foundation orders, that the sort then never asks, is not reported when it cannot start")
    func unneededHelper() throws {
        let directory = try TemporaryDirectory()
        // é and ก are neighbours in the file that only Foundation orders; sorted, 1 stands between them.
        let catalog = "{\"sourceLanguage\":\"en\",\"strings\":{\"é\":{},\"1\":{},\"ก\":{}},\"version\":\"1.0\"}"
        try directory.write("S.xcstrings", catalog)
        try directory.writeExecutable("helper", "#!/bin/sh\ntouch \"$0.started\"\nexit 3\n")
        let started = try CLI.run(["fmt", "-p", "S.xcstrings"], in: directory.url, environment: ["GIT_XCSTRINGS_COLLATE": directory.path("helper")])
        #expect(started.status == 0)
        #expect(started.stderr == "")
        #expect(started.stdout.contains("\"1\" : {\n\n    },\n    \"é\""), "\(started.stdout)")
        // It was started as soon as the catalog was read.
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: directory.path("helper.started")) && Date() < deadline { usleep(10_000) }
        #expect(FileManager.default.fileExists(atPath: directory.path("helper.started")))
        // A copy of the tool alone in a directory, with no helper on PATH: it cannot start, and is not needed.
        try directory.copyExecutable(CLI.executable, as: "git-xcstrings")
        for arguments in [["fmt", "-p", "S.xcstrings"], ["fmt", "S.xcstrings"]] {
            let alone = try CLI.launch(URL(fileURLWithPath: directory.path("git-xcstrings")), arguments,
                                       in: directory.url, environment: ["PATH": "/usr/bin:/bin"], input: nil)
            #expect(alone.status == 0, "\(arguments)")
            #expect(alone.stderr == "", "\(arguments): \(alone.stderr)")
        }
        #expect(try directory.read("S.xcstrings").hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"1\""))
    }

    @Test("a collation helper that is missing, or fails, is named with what went wrong; nothing is printed, rewritten or listed by --check on a guess (exit 2)")
    func collationHelperFailures() throws {
        let directory = try TemporaryDirectory()
        // ア and あ are among the pairs only Foundation decides.
        let catalog = "{\"sourceLanguage\":\"en\",\"strings\":{\"ア\":{},\"あ\":{}},\"version\":\"1.0\"}"
        try directory.write("L.xcstrings", catalog)
        let failing = try CLI.run(["fmt", "-p", "L.xcstrings"], in: directory.url, environment: ["GIT_XCSTRINGS_COLLATE": "/bin/false"])
        #expect(failing.status == 2)
        // Said once: no closing warning repeats it.
        #expect(failing.stderr == "error: L.xcstrings: the order of its keys needs git-xcstrings-collate, which stopped before answering in full "
                + "(it exited with status 1); the output stops where the order was guessed\n", "\(failing.stderr)")
        #expect(failing.stdout == "")
        for arguments in [["fmt", "L.xcstrings"], ["fmt", "--check", "L.xcstrings"]] {
            let guessed = try CLI.run(arguments, in: directory.url, environment: ["GIT_XCSTRINGS_COLLATE": "/bin/false"])
            #expect(guessed.status == 2, "\(arguments)")
            #expect(guessed.stdout == "", "\(arguments)")
            #expect(guessed.stderr == "error: L.xcstrings: the order of its keys needs git-xcstrings-collate, which stopped before answering in full "
                    + "(it exited with status 1); the file is left as it was\n", "\(guessed.stderr)")
            #expect(try directory.read("L.xcstrings") == catalog)
            // The replacement begun as the formatted bytes came is dropped, not left behind.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["L.xcstrings"], "\(arguments)")
        }
        // A helper that hangs is stopped after 10 s, and the command goes on.
        try directory.writeExecutable("hang", "#!/bin/sh\nexec sleep 120\n")
        let started = Date()
        let hung = try CLI.run(["fmt", "-p", "L.xcstrings"], in: directory.url, environment: ["GIT_XCSTRINGS_COLLATE": directory.path("hang")])
        #expect(hung.status == 2)
        #expect(hung.stderr == "error: L.xcstrings: the order of its keys needs git-xcstrings-collate, which did not answer within 10 s "
                + "and was stopped; the output stops where the order was guessed\n", "\(hung.stderr)")
        #expect(Date().timeIntervalSince(started) < 60)
        // A copy of the tool alone in a directory, with no helper on PATH.
        try directory.copyExecutable(CLI.executable, as: "git-xcstrings")
        let alone = try CLI.launch(URL(fileURLWithPath: directory.path("git-xcstrings")), ["fmt", "-p", "L.xcstrings"],
                                   in: directory.url, environment: ["PATH": "/usr/bin:/bin"], input: nil)
        #expect(alone.status == 2)
        #expect(alone.stdout == "")
        #expect(alone.stderr.contains("error: L.xcstrings: the order of its keys needs git-xcstrings-collate, which was not found next to git-xcstrings or on PATH; the output stops"),
                "\(alone.stderr)")
    }
}
