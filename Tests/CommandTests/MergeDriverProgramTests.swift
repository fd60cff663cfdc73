import Foundation
import TestSupport
import Testing
import SemanticDiff

private typealias B = Build

/// `git-xcstrings-merge`, the program `install` registers as git's merge
/// driver (and, with `--textconv`, as textconv): the `merge` command alone,
/// in a program that loads no libgit2; a version that is not JSON is
/// merged by `git merge-file`.
@Suite("git-xcstrings-merge")
struct MergeDriverProgramTests {

    // The merge command's own versions of one entry: base, a change on each side, and one that conflicts with ours'.
    static let base = MergeCommandTests.base
    static let ours = MergeCommandTests.ours
    static let theirs = MergeCommandTests.theirs
    static let conflicting = MergeCommandTests.conflicting
    /// Not JSON: a catalog with git's markers already in it.
    static let broken = Array("{\n<<<<<<< HEAD\n  \"strings\" : {}\n=======\n  \"strings\" : { \"a\" : {} }\n>>>>>>> x\n}\n".utf8)

    /// What one program did to a merge: its status, output, and OURS after it.
    struct Run: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
        var ours: [UInt8]
    }

    func run(_ program: URL, prefix: [String], _ arguments: [String], base: [UInt8], ours: [UInt8], theirs: [UInt8],
             environment: [String: String] = [:]) throws -> Run {
        let directory = try TemporaryDirectory()
        try directory.write("base", base)
        try directory.write("ours", ours)
        try directory.write("theirs", theirs)
        let result = try CLI.launch(program, prefix + arguments + ["base", "ours", "theirs"], in: directory.url,
                                    environment: environment, input: nil)
        return Run(status: result.status, stdout: result.stdout, stderr: result.stderr, ours: try directory.bytes("ours"))
    }

    @Test("does what git-xcstrings merge does: clean, conflicted, printed, verbose, and inputs merged by lines")
    func sameAsMergeCommand() throws {
        let cases: [(String, [String], [UInt8], [UInt8], [UInt8], status: Int32)] = [
            ("clean", ["--path", "L.xcstrings"], Self.base.xcodeLayout(), Self.ours.xcodeLayout(), Self.theirs.xcodeLayout(), 0),
            ("conflict", ["--marker-size", "9", "--label-ours", "HEAD", "--diff3"], Self.base.xcodeLayout(), Self.ours.xcodeLayout(),
             Self.conflicting.xcodeLayout(), 1),
            ("printed", ["-p", "-v"], Self.base.xcodeLayout(), Self.ours.xcodeLayout(), Self.theirs.xcodeLayout(), 0),
            // Lines: markers on one side only, conflicting with theirs.
            ("not JSON", ["--path", "L.xcstrings"], Self.base.xcodeLayout(), Self.broken, Self.theirs.xcodeLayout(), 1),
            // Lines: base and ours alike, so theirs, which parses.
            ("not JSON, printed", ["-p"], Self.broken, Self.broken, Self.theirs.xcodeLayout(), 0),
        ]
        for (name, arguments, base, ours, theirs, status) in cases {
            let command = try run(CLI.executable, prefix: ["merge"], arguments, base: base, ours: ours, theirs: theirs)
            let driver = try run(CLI.mergeDriver, prefix: [], arguments, base: base, ours: ours, theirs: theirs)
            #expect(driver == command, "\(name)")
            #expect(command.status == status, "\(name): \(command.stderr)")
        }
        // The line merge really ran (libgit2's, linked in or through git-xcstrings merge): git's markers around the two sides.
        let lines = try run(CLI.mergeDriver, prefix: [], ["-p"], base: Self.base.xcodeLayout(), ours: Self.broken,
                            theirs: Self.theirs.xcodeLayout())
        #expect(lines.stderr.contains("merged line by line"), "\(lines.stderr)")
        #expect(lines.stdout.contains("<<<<<<< ours\n"), "\(lines.stdout)")
    }

    @Test("on its own, with nothing but git on PATH: catalogs merged, and a version that is not JSON merged by git merge-file, as git-xcstrings merge does")
    func alone() throws {
        let directory = try TemporaryDirectory()
        try directory.copyExecutable(CLI.mergeDriver, as: "git-xcstrings-merge")
        let lone = URL(fileURLWithPath: directory.path("git-xcstrings-merge"))
        let git = try #require(CLI.which("git"))
        let path = ["PATH": String(git.dropLast(4))]
        let result = try run(lone, prefix: [], ["--path", "L.xcstrings"], base: Self.base.xcodeLayout(), ours: Self.broken,
                             theirs: Self.theirs.xcodeLayout(), environment: path)
        let command = try run(CLI.executable, prefix: ["merge"], ["--path", "L.xcstrings"], base: Self.base.xcodeLayout(),
                              ours: Self.broken, theirs: Self.theirs.xcodeLayout())
        #expect(result.status == 1)
        #expect(result == command)
        #expect(String(decoding: result.ours, as: UTF8.self).contains("<<<<<<< ours\n"), "\(result.stderr)")
        let clean = try run(lone, prefix: [], [], base: Self.base.xcodeLayout(), ours: Self.ours.xcodeLayout(),
                            theirs: Self.theirs.xcodeLayout(), environment: path)
        #expect(clean.status == 0, "\(clean.stderr)")
    }

    @Test("merge.conflictStyle as git reads it: an included file, git -c, GIT_CONFIG_COUNT; a line merge in that style too")
    func styleAsGitReadsIt() throws {
        let directory = try TemporaryDirectory()
        try directory.write("base", Self.base.xcodeLayout())
        try directory.write("ours", Self.ours.xcodeLayout())
        try directory.write("theirs", Self.conflicting.xcodeLayout())
        try directory.write("broken", Self.broken)
        // HOME is the directory the program runs in (CLI.launch).
        try directory.write(".gitconfig", "[include]\n\tpath = style.gitconfig\n")
        try directory.write("style.gitconfig", "[merge]\n\tconflictStyle = diff3\n")
        let included = try CLI.launch(CLI.mergeDriver, ["-p", "base", "ours", "theirs"], in: directory.url, environment: [:], input: nil)
        #expect(included.status == 1, "\(included.stderr)")
        #expect(included.stdout.contains("\n||||||| base\n"), "\(included.stdout)")
        try directory.write("style.gitconfig", "")
        let plain = try CLI.launch(CLI.mergeDriver, ["-p", "base", "ours", "theirs"], in: directory.url, environment: [:], input: nil)
        #expect(!plain.stdout.contains("|||||||"), "\(plain.stdout)")
        for environment in [["GIT_CONFIG_PARAMETERS": "'merge.conflictstyle'='zdiff3'"],
                            ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "merge.conflictStyle", "GIT_CONFIG_VALUE_0": "zdiff3"]] {
            let given = try CLI.launch(CLI.mergeDriver, ["-p", "base", "ours", "theirs"], in: directory.url, environment: environment, input: nil)
            #expect(given.stdout.contains("\n||||||| base\n"), "\(environment): \(given.stdout)")
            let lines = try CLI.launch(CLI.mergeDriver, ["-p", "base", "broken", "theirs"], in: directory.url, environment: environment,
                                       input: nil)
            #expect(lines.stdout.contains("\n||||||| base\n"), "\(environment): \(lines.stdout)")
        }
    }

    @Test("--help, --version and wrong arguments, as the merge command's")
    func arguments() throws {
        let help = try CLI.launch(CLI.mergeDriver, ["--help"], in: nil, environment: [:], input: nil)
        #expect(help.status == 0)
        #expect(help.stdout == (try CLI.run(["merge", "--help"])).stdout)
        let version = try CLI.launch(CLI.mergeDriver, ["--version"], in: nil, environment: [:], input: nil)
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("git-xcstrings-merge "))
        let none = try CLI.launch(CLI.mergeDriver, [], in: nil, environment: [:], input: nil)
        #expect(none.status == 2)
        #expect(none.stderr == (try CLI.run(["merge"])).stderr)
    }

    @Test("-h after -- or as an option's value is a file or a value, not a request for help that exits 0 with nothing merged")
    func helpOnlyAsAnOption() throws {
        let directory = try TemporaryDirectory()
        try directory.write("base", Self.base.xcodeLayout())
        try directory.write("ours", Self.ours.xcodeLayout())
        for program in [(CLI.executable, ["merge"]), (CLI.mergeDriver, [])] {
            let afterSeparator = try CLI.launch(program.0, program.1 + ["--", "base", "ours", "-h"], in: directory.url,
                                                environment: [:], input: nil)
            #expect(afterSeparator.status == 2 && afterSeparator.stderr.hasPrefix("error: -h: "), "\(afterSeparator.stderr)")
            let value = try run(program.0, prefix: program.1, ["--path", "-h"], base: Self.base.xcodeLayout(),
                                ours: Self.ours.xcodeLayout(), theirs: Self.theirs.xcodeLayout())
            #expect(value.status == 0 && value.stderr.hasPrefix("-h: 1 key changed"), "\(value.stderr)")
            #expect(String(decoding: value.ours, as: UTF8.self).contains("Bonjour"))
        }
    }

    @Test("with standard input and output closed, -p fails (exit 2): nothing is printed into another file's descriptor")
    func closedStandardOutput() throws {
        // Thai keys: Foundation orders them.
        let thai = B.catalog([("สวัสดี", B.entry([("de", B.text("a"))])), ("เกม", B.entry([("de", B.text("b"))])),
                              ("แม่", B.entry([("de", B.text("c"))]))])
        let directory = try TemporaryDirectory()
        try directory.write("base", thai.xcodeLayout())
        try directory.write("ours", thai.xcodeLayout())
        try directory.write("theirs", thai.xcodeLayout())
        for program in [CLI.executable.path + " merge", CLI.mergeDriver.path] {
            let result = try CLI.launch(URL(fileURLWithPath: "/bin/sh"), ["-c", "\(program) -p base ours theirs >&- <&-"],
                                        in: directory.url, environment: [:], input: nil)
            #expect(result.status == 2, "\(program): \(result.stderr)")
            #expect(result.stderr.contains("error: write failure on standard output"), "\(program): \(result.stderr)")
        }
    }

    @Test("linked the ordinary way, and loads no libgit2: what the loader maps for it (ld.so's list on Linux, dyld's on macOS)")
    func loadsNoLibgit2() throws {
        // Linux's loader lists a program's libraries and exits; Darwin's prints them as it loads them. Each ignores the other's variable.
        let listed = try CLI.launch(CLI.mergeDriver, ["--version"], in: nil,
                                    environment: ["LD_TRACE_LOADED_OBJECTS": "1", "DYLD_PRINT_LIBRARIES": "1"], input: nil)
        let libraries = listed.stdout + listed.stderr
        #expect(libraries.contains("libc.so") || libraries.contains("libSystem"), "\(libraries)")
        #expect(!libraries.contains("libgit2"), "\(libraries)")
        // The same listing shows what git-xcstrings loads and the driver does not: Foundation (and libgit2, unless
        // it was linked statically).
        let tool = try CLI.launch(CLI.executable, ["--version"], in: nil,
                                  environment: ["LD_TRACE_LOADED_OBJECTS": "1", "DYLD_PRINT_LIBRARIES": "1"], input: nil)
        #expect((tool.stdout + tool.stderr).contains("Foundation"), "\(tool.stdout + tool.stderr)")
        #expect(!libraries.contains("Foundation"), "\(libraries)")
    }
}
