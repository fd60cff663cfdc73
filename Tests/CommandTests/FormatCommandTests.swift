import Foundation
import TestSupport
import Testing

/// `git xcstrings fmt` as a user runs it.
@Suite("fmt command")
struct FormatCommandTests {

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
        #expect(help.stdout.hasPrefix("usage: git xcstrings fmt [--check [--staged]] [-p] [FILE | DIRECTORY]…"))
        let unknown = try CLI.run(["fmt", "--frobnicate", "x"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: unknown option '--frobnicate'\nusage: git xcstrings fmt"))
        // Without FILE outside a repository there is nothing to format.
        let outside = try TemporaryDirectory()
        let bare = try CLI.run(["fmt"], in: outside.url, environment: ["GIT_CEILING_DIRECTORIES": outside.url.deletingLastPathComponent().path])
        #expect(bare.status == 2)
        #expect(bare.stderr.hasPrefix("error: not in a git repository: name the catalogs to format"))
    }

    @Test("keys only Foundation orders are sorted as it sorts them, in process, by a copy of the tool alone in a directory")
    func foundationInProcess() throws {
        let directory = try TemporaryDirectory()
        // é and ก only Foundation orders; sorted, 1 stands between them. ア and あ are another such pair.
        let keys = ["é", "1", "ก", "ア", "あ", "Ä", "a", "中文", "日本"]
        let catalog = "{\"sourceLanguage\":\"en\",\"strings\":{" + keys.map { "\"\($0)\":{}" }.joined(separator: ",") + "},\"version\":\"1.0\"}"
        try directory.write("S.xcstrings", catalog)
        try directory.copyExecutable(CLI.executable, as: "git-xcstrings")
        let alone = try CLI.launch(URL(fileURLWithPath: directory.path("git-xcstrings")), ["fmt", "-p", "S.xcstrings"],
                                   in: directory.url, environment: ["PATH": "/usr/bin:/bin"], input: nil)
        #expect(alone.status == 0 && alone.stderr == "", "\(alone.stderr)")
        #expect(alone.stdout == (try Oracle.format(catalog)), "\(alone.stdout)")
    }

    @Test("keys over 64 UTF-16 units that corelibs Foundation orders differently from one run to the next: the same bytes at every run, formatting them again changes nothing, and check finds them in Xcode's layout")
    func longKeysAtEveryRun() throws {
        let directory = try TemporaryDirectory()
        // Seen to change from run to run: a long run of punctuation, then a difference; keys alike but for case.
        var keys = ["No " + String(repeating: ".", count: 64) + "inistrator", "No " + String(repeating: ".", count: 63) + "nd"]
        var random = SplitMix64(seed: 64)
        let letters = Array("abcdefghijklmnopqrstuvwxyzéèёа我ア ’…")
        for _ in 0..<40 {
            let key = String((0..<(65 + random.below(10))).map { _ in letters[random.below(letters.count)] })
            keys.append(key)
            keys.append(String(key.map { random.below(3) == 0 ? Character($0.uppercased()) : $0 }))
        }
        let catalog = "{\"sourceLanguage\":\"en\",\"strings\":{" + Set(keys).map { "\"\($0)\":{}" }.joined(separator: ",") + "},\"version\":\"1.0\"}"
        try directory.write("L.xcstrings", catalog)
        var outputs = Set<String>()
        for _ in 0..<12 { outputs.insert(try CLI.run(["fmt", "-p", "L.xcstrings"], in: directory.url).stdout) }
        #expect(outputs.count == 1)
        try directory.write("F.xcstrings", try #require(outputs.first))
        #expect(try CLI.run(["fmt", "--check", "F.xcstrings"], in: directory.url).status == 0)
        let check = try CLI.run(["check", "--strict", "--rule", "layout", "F.xcstrings"], in: directory.url)
        #expect(check.status == 0 && check.stdout.contains("no findings"), "\(check.stdout)")
    }
}
