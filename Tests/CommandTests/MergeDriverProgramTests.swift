import CLineMerge
import Foundation
import TestSupport
import Testing
@testable import SemanticDiff

private typealias B = Build

/// `git-xcstrings-merge`, the program `install` registers as git's merge
/// driver: the `merge` command alone, linked whole on Linux, which merges
/// by lines with libgit2's xdiff linked in where the build found libgit2's
/// static library, and elsewhere hands a line merge to `git-xcstrings merge`.
@Suite("git-xcstrings-merge")
struct MergeDriverProgramTests {
    init() { FoundationOrder.use() }

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

    @Test("without git-xcstrings to hand a line merge to: merged by lines all the same where libgit2's is linked in; else exit 1, OURS as it was, and why")
    func alone() throws {
        let directory = try TemporaryDirectory()
        try directory.copyExecutable(CLI.mergeDriver, as: "git-xcstrings-merge")
        let lone = URL(fileURLWithPath: directory.path("git-xcstrings-merge"))
        // Only the system's directories on PATH: no git-xcstrings there.
        let result = try run(lone, prefix: [], ["--path", "L.xcstrings"], base: Self.base.xcodeLayout(), ours: Self.broken,
                             theirs: Self.theirs.xcodeLayout(), environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 1)
        if git_xcstrings_line_merge_available() != 0 {
            let command = try run(CLI.executable, prefix: ["merge"], ["--path", "L.xcstrings"], base: Self.base.xcodeLayout(),
                                  ours: Self.broken, theirs: Self.theirs.xcodeLayout())
            #expect(result == command)
            #expect(String(decoding: result.ours, as: UTF8.self).contains("<<<<<<< ours\n"), "\(result.stderr)")
            return
        }
        #expect(result.ours == Self.broken)
        #expect(result.stderr == "L.xcstrings: ours is not valid JSON (2:1: expected a key in quotes, found '<'); "
            + "the line merge is git-xcstrings merge's, which could not be run (git-xcstrings is neither next to this program "
            + "nor on PATH): ours left as it was\n", "\(result.stderr)")
        // Catalogs it merges alone.
        let clean = try run(lone, prefix: [], [], base: Self.base.xcodeLayout(), ours: Self.ours.xcodeLayout(),
                            theirs: Self.theirs.xcodeLayout(), environment: ["PATH": "/usr/bin:/bin"])
        #expect(clean.status == 0, "\(clean.stderr)")
    }

    @Test("merge.conflictStyle only libgit2 can read (an include, and no git to run): handed to git-xcstrings merge; alone, git's default style and a warning")
    func styleOnlyLibgit2Reads() throws {
        let directory = try TemporaryDirectory()
        try directory.write("base", Self.base.xcodeLayout())
        try directory.write("ours", Self.ours.xcodeLayout())
        try directory.write("theirs", Self.conflicting.xcodeLayout())
        // HOME is the directory the program runs in (CLI.launch).
        try directory.write(".gitconfig", "[include]\n\tpath = style.gitconfig\n")
        try directory.write("style.gitconfig", "[merge]\n\tconflictStyle = diff3\n")
        let noGit = ["PATH": "/nonexistent"]
        let handedOff = try CLI.launch(CLI.mergeDriver, ["-p", "base", "ours", "theirs"], in: directory.url, environment: noGit, input: nil)
        #expect(handedOff.status == 1, "\(handedOff.stderr)")
        #expect(handedOff.stdout.contains("\n||||||| base\n"), "\(handedOff.stdout)")
        let elsewhere = try TemporaryDirectory()
        try elsewhere.copyExecutable(CLI.mergeDriver, as: "git-xcstrings-merge")
        let alone = try CLI.launch(URL(fileURLWithPath: elsewhere.path("git-xcstrings-merge")), ["-p", "base", "ours", "theirs"],
                                   in: directory.url, environment: noGit, input: nil)
        #expect(alone.status == 1, "\(alone.stderr)")
        #expect(alone.stdout.contains("\n<<<<<<< ours\n") && !alone.stdout.contains("|||||||"), "\(alone.stdout)")
        #expect(alone.stderr.hasPrefix("warning: merge.conflictStyle needs git or git-xcstrings merge to be read here"), "\(alone.stderr)")
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

    @Test("with standard input and output closed, the collation helper's pipes do not take their numbers: -p fails (exit 2), it does not print into the helper")
    func closedStandardOutput() throws {
        // Thai keys: the helper is started as soon as ours is read.
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

    #if os(Linux) && !DEBUG
    @Test("linked whole on Linux: a static executable at a fixed address, with no program interpreter and nothing to relocate")
    func linkedWhole() throws {
        let bytes = try Array(Data(contentsOf: CLI.mergeDriver))
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let linking = ProcessInfo.processInfo.environment["GIT_XCSTRINGS_MERGE_LINKING"]  // as Package.swift read it
        #expect(Array(bytes[0..<4]) == [0x7F, 0x45, 0x4C, 0x46] && bytes[4] == 2)  // ELF, 64-bit
        let table = integer(32, 8), entrySize = integer(54, 2), count = integer(56, 2)
        let types = (0..<count).map { integer(table + $0 * entrySize, 4) }
        guard linking != "dynamic" else { return }
        #expect(!types.contains(3))  // no PT_INTERP: no dynamic loader, no shared library
        if linking == "pie" {
            #expect(integer(16, 2) == 3)  // ET_DYN: position-independent, so placed at a random address
            #expect(types.contains(2))  // PT_DYNAMIC: its own relocations, applied at start
        } else {
            #expect(integer(16, 2) == 2)  // ET_EXEC: at the address it was linked for
            #expect(!types.contains(2))  // no PT_DYNAMIC: no relocation to apply at start
        }
    }
    #endif
}
