import PlatformLayer
import TestSupport
import Foundation
import Testing
import SemanticDiff

private typealias B = Build

/// What the driver must never do to a user's file, whatever the inputs:
/// empty it, replace it with something that does not parse while saying
/// all is well, replace what is not a regular file, or leave it out of
/// Xcode's layout.
@Suite("merge driver safety")
struct MergeDriverSafetyTests {

    static let base = B.catalog([("Hello", B.entry([("de", B.text("Hallo")), ("fr", B.text("Salut"))]))])
    static let ours = B.catalog([("Hello", B.entry([("de", B.text("Servus")), ("fr", B.text("Salut"))]))])
    static let theirs = B.catalog([("Hello", B.entry([("de", B.text("Hallo")), ("fr", B.text("Bonjour"))]))])
    static let merged = B.catalog([("Hello", B.entry([("de", B.text("Servus")), ("fr", B.text("Bonjour"))]))])

    func files(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("base", base)
        try directory.write("ours", ours)
        try directory.write("theirs", theirs)
        return directory
    }

    // MARK: Binary and other encodings

    @Test("a NUL byte in any input: OURS is left exactly as it was, exit 1, the input named")
    func nulByte() throws {
        for side in ["base", "ours", "theirs"] {
            let directory = try files(Self.base.xcodeLayout(), Self.ours.xcodeLayout(), Self.theirs.xcodeLayout())
            var broken = try directory.bytes(side)
            broken.insert(0, at: 20)
            try directory.write(side, broken)
            let before = try directory.bytes("ours")
            let result = try CLI.run(["merge", "--path", "L.xcstrings", "base", "ours", "theirs"], in: directory.url)
            #expect(result.status == 1, "\(side): \(result.stderr)")
            #expect(try directory.bytes("ours") == before, "\(side)")
            #expect(result.stderr.contains("L.xcstrings: \(side) holds NUL bytes"), "\(result.stderr)")
        }
    }

    @Test("a catalog saved as UTF-16 is merged by meaning and written in UTF-8, as Xcode writes it")
    func utf16Input() throws {
        let units = String(decoding: Self.theirs.xcodeLayout(), as: UTF8.self).utf16
        let utf16: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let directory = try files(Self.base.xcodeLayout(), Self.ours.xcodeLayout(), utf16)
        let result = try CLI.run(["merge", "--path", "L.xcstrings", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try directory.bytes("ours") == Self.merged.xcodeLayout())
    }

    @Test("in a real git merge, a binary catalog on one branch leaves ours' catalog in the work tree, conflicted")
    func binaryInGit() throws {
        let directory = try TemporaryDirectory()
        try CLI.git(["init", "-q", "-b", "main"], in: directory.url)
        #expect(try CLI.run(["install"], in: directory.url).status == 0)
        try directory.write("L.xcstrings", Self.base.xcodeLayout())
        try CLI.git(["add", "-A"], in: directory.url)
        try CLI.git(["commit", "-qm", "base"], in: directory.url)
        try CLI.git(["checkout", "-qb", "other"], in: directory.url)
        try directory.write("L.xcstrings", Self.theirs.xcodeLayout() + [0, 0])
        try CLI.git(["commit", "-qam", "binary"], in: directory.url)
        try CLI.git(["checkout", "-q", "main"], in: directory.url)
        try directory.write("L.xcstrings", Self.ours.xcodeLayout())
        try CLI.git(["commit", "-qam", "ours"], in: directory.url)
        let merge = try CLI.git(["merge", "-q", "other"], in: directory.url)
        #expect(merge.status != 0)
        #expect(try directory.bytes("L.xcstrings") == Self.ours.xcodeLayout())
        #expect(try CLI.git(["diff", "--name-only", "--diff-filter=U"], in: directory.url).stdout == "L.xcstrings\n")
    }

    // MARK: Results that do not parse

    @Test("an input already broken, a clean line merge that does not parse: exit 1, the broken input and LINE:COLUMN named")
    func cleanLineMergeThatDoesNotParse() throws {
        // A missing comma, committed: both sides keep it and edit other lines.
        let broken = "{\n  \"sourceLanguage\" : \"en\"\n  \"strings\" : {\n    \"a\" : {\n\n    },\n    \"b\" : {\n\n    }\n  },\n  \"version\" : \"1.0\"\n}"
        let directory = try files(bytes(broken), bytes(broken.replacingOccurrences(of: "\"a\"", with: "\"a1\"")),
                                  bytes(broken.replacingOccurrences(of: "\"b\"", with: "\"b1\"")))
        let result = try CLI.run(["merge", "--path", "L.xcstrings", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("base is not valid JSON (3:3: expected ',' or '}' after a member, found '\"')"), "\(result.stderr)")
        #expect(result.stderr.contains("the result does not parse (3:3:"), "\(result.stderr)")
        let written = try directory.read("ours")
        #expect(written.contains("\"a1\"") && written.contains("\"b1\""))
    }

    @Test("whichever versions are not JSON, and whatever is read while the line merge runs: the first of them named, every other one's warnings said, the lines merged as git merges them", arguments: [["base"], ["ours"], ["theirs"], ["base", "theirs"], ["ours", "theirs"], ["base", "ours", "theirs"]])
    func notJSONAnywhere(broken: [String]) throws {
        // Twenty entries; ours and theirs each change one far from the other, every version gives one key twice.
        func catalog(_ changed: String?) -> String {
            let entries = (0..<20).map { index in
                let value = (changed == "ours" && index == 2) || (changed == "theirs" && index == 17) ? changed! : "v"
                // Ours' change adds a line: what follows it sits a line lower in the result than in theirs.
                let added = changed == "ours" && index == 2 ? "      \"extractionState\" : \"manual\",\n" : ""
                return "    \"k\(index)\" : {\n      \"comment\" : \"\(value)\",\n" + added + "      \"shouldTranslate\" : true\n    }"
            }
            return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n")
                + ",\n    \"k0\" : {\n\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
        }
        var texts = ["base": catalog(nil), "ours": catalog("ours"), "theirs": catalog("theirs")]
        // A line the broken versions have in the middle, where nothing else changes: the line merge is clean, and keeps
        // the line unless ours or theirs removed it (a base that was broken, repaired).
        for name in broken { texts[name] = texts[name]!.replacingOccurrences(of: "    \"k10\"", with: "  garbage\n    \"k10\"") }
        let directory = try files(bytes(texts["base"]!), bytes(texts["ours"]!), bytes(texts["theirs"]!))
        let result = try CLI.run(["merge", "-p", "--path", "L.xcstrings", "base", "ours", "theirs"], in: directory.url)
        let first = ["base", "ours", "theirs"].first { broken.contains($0) }!
        #expect(result.stderr.contains("L.xcstrings: \(first) is not valid JSON ("), "\(result.stderr)")
        for name in ["base", "ours", "theirs"] where !broken.contains(name) {
            #expect(result.stderr.contains("L.xcstrings (\(name)):4:5: warning: duplicate key \"k0\""), "\(name): \(result.stderr)")
        }
        let git = try CLI.git(["merge-file", "-p", "ours", "base", "theirs"], in: directory.url)
        #expect(git.status == 0, "\(git.stderr)")
        if git.stdout.contains("garbage") {
            // Merged by lines into what does not parse: written as it is, marked conflicted, and where it fails said
            // as reading it says (whether it was read, or is known to fail as the broken version before it).
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout == git.stdout)
            #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: Array(git.stdout.utf8)) }
            if case .failure(let error) = Result(catching: { () throws(JSONSyntaxError) in try JSONDocument(parsing: Array(git.stdout.utf8)) }) {
                #expect(result.stderr.contains("but the result does not parse (\(error)): marked conflicted"), "\(result.stderr)")
            }
        } else {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("merged line by line into valid JSON"), "\(result.stderr)")
        }
    }

    @Test("a clean line merge that parses is written in Xcode's layout and exits 0")
    func cleanLineMergeThatParses() throws {
        let compact = #"{"sourceLanguage":"en","strings":{"a":{}},"version":"1.0"}"#
        // Ours repairs a file that arrived broken; theirs changed nothing.
        let directory = try files(bytes(compact + "\n<<<<<<<\n"), bytes(compact + "\n"), bytes(compact + "\n<<<<<<<\n"))
        let result = try CLI.run(["merge", "--path", "L.xcstrings", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try directory.bytes("ours") == Oracle.format(bytes(compact)) + [0x0A])
    }

    @Test("trailing commas, which Foundation and Xcode accept, are merged by meaning")
    func trailingCommas() throws {
        let withComma = String(decoding: Self.base.xcodeLayout(), as: UTF8.self)
            .replacingOccurrences(of: "\"version\" : \"1.0\"\n}", with: "\"version\" : \"1.0\",\n}")
        let directory = try files(bytes(withComma), Self.ours.xcodeLayout(), Self.theirs.xcodeLayout())
        let result = try CLI.run(["merge", "-q", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try directory.bytes("ours") == Self.merged.xcodeLayout())
    }

    // MARK: Layout

    @Test("the result is in Xcode's layout and order whatever the inputs' layout; the summary says so")
    func xcodeLayoutAlways() throws {
        let compact = Self.ours.xcodeLayoutKeepingOrder().filter { $0 != 0x0A && $0 != 0x20 }
        let unsorted = B.catalog([("Zebra", B.entry([("fr", B.text("Zèbre")), ("de", B.text("Zebra"))])),
                                  ("Apple", B.entry([])), ("apple", B.entry([]))])
        // Keys only Foundation can order (ア, あ), in Xcode's whitespace but one order of the two out of Xcode's order:
        // the layout does not vouch for the order (found by the fuzzer, with a key holding DEL).
        let undecided = [("ア", "あ"), ("あ", "ア"), ("S\u{7F}spension", "Stops"), ("Stops", "S\u{7F}spension")].map { first, second in
            B.catalog([(first, B.entry([("en", B.text("1"))])), (second, B.entry([("en", B.text("2"))]))]).xcodeLayoutKeepingOrder()
        }
        for input in [compact, unsorted.xcodeLayoutKeepingOrder()] + undecided {
            let directory = try files(input, input, input)
            let printed = try CLI.run(["merge", "-p", "--path", "L.xcstrings", "base", "ours", "theirs"], in: directory.url)
            #expect(printed.status == 0)
            #expect(printed.stdoutBytes == (try Oracle.format(input)))
            #expect(printed.stderr.contains("rewritten in Xcode's layout") == (printed.stdoutBytes != input), "\(printed.stderr)")
        }
        // Ours unsorted, theirs adds a key: every object of the result is in order.
        let theirs = B.catalog([("Zebra", B.entry([("fr", B.text("Zèbre")), ("de", B.text("Zebra")), ("ja", B.text("シマウマ"))])),
                                ("Apple", B.entry([])), ("apple", B.entry([])), ("Mango", B.entry([]))])
        let directory = try files(unsorted.xcodeLayoutKeepingOrder(), unsorted.xcodeLayoutKeepingOrder(), theirs.xcodeLayoutKeepingOrder())
        let merged = try CLI.run(["merge", "-p", "base", "ours", "theirs"], in: directory.url)
        #expect(merged.status == 0)
        #expect(merged.stdoutBytes == theirs.xcodeLayout())
        let inLayout = try files(Self.base.xcodeLayout(), Self.ours.xcodeLayout(), Self.theirs.xcodeLayout())
        #expect(try !CLI.run(["merge", "-p", "base", "ours", "theirs"], in: inLayout.url).stderr.contains("rewritten"))
    }

    // MARK: Files that are not regular

    @Test("OURS a symbolic link: the target gets the result, the link stays a link")
    func symlink() throws {
        let directory = try files(Self.base.xcodeLayout(), Self.ours.xcodeLayout(), Self.theirs.xcodeLayout())
        try FileManager.default.createDirectory(atPath: directory.path("real"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: directory.path("ours"), toPath: directory.path("real/L.xcstrings"))
        try FileManager.default.createSymbolicLink(atPath: directory.path("ours"), withDestinationPath: "real/L.xcstrings")
        let result = try CLI.run(["merge", "-q", "base", "ours", "theirs"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.path("ours")) == "real/L.xcstrings")
        #expect(try directory.bytes("real/L.xcstrings") == Self.merged.xcodeLayout())
        // fmt writes through the link as well.
        try directory.write("real/L.xcstrings", Self.merged.xcodeLayoutKeepingOrder().filter { $0 != 0x0A })
        #expect(try CLI.run(["fmt", "ours"], in: directory.url).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.path("ours")) == "real/L.xcstrings")
        #expect(try directory.bytes("real/L.xcstrings") == Self.merged.xcodeLayout())
    }

    @Test("OURS a FIFO, or a link to one: refused with exit 2 and left as it is")
    func fifo() throws {
        let directory = try files(Self.base.xcodeLayout(), Self.ours.xcodeLayout(), Self.theirs.xcodeLayout())
        #expect(mkfifo(directory.path("pipe"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory.path("link"), withDestinationPath: "pipe")
        for target in ["pipe", "link"] {
            let result = try CLI.run(["merge", "base", target, "theirs"], in: directory.url)
            #expect(result.status == 2, "\(target): \(result.stderr)")
            #expect(result.stderr.contains("a FIFO, not a regular file"), "\(result.stderr)")
            let formatted = try CLI.run(["fmt", target], in: directory.url)
            #expect(formatted.status == 2, "\(target): \(formatted.stderr)")
        }
        var info = stat()
        #expect(lstat(directory.path("pipe"), &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(lstat(directory.path("link"), &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    }

    // MARK: Writing

    @Test("a write that fails: exit 2, the error, and no summary claiming a merge")
    func failedWrite() throws {
        let directory = try files(Self.base.xcodeLayout(), Self.ours.xcodeLayout(), Self.theirs.xcodeLayout())
        try withUnwritableDirectory(directory.url) {
            let result = try CLI.run(["merge", "--path", "L.xcstrings", "base", "ours", "theirs"], in: directory.url)
            #expect(result.status == 2)
            #expect(result.stderr.contains("error: ours: cannot create a temporary file"), "\(result.stderr)")
            #expect(!result.stderr.contains("merged"), "\(result.stderr)")
        }
        #expect(try directory.bytes("ours") == Self.ours.xcodeLayout())
    }

    @Test("a file name of 250 bytes is written (the temporary name fits NAME_MAX)")
    func longName() throws {
        let name = String(repeating: "é", count: 120) + ".xcstrings"
        #expect(name.utf8.count == 250)
        let directory = try files(Self.base.xcodeLayout(), Self.ours.xcodeLayout(), Self.theirs.xcodeLayout())
        try FileManager.default.moveItem(atPath: directory.path("ours"), toPath: directory.path(name))
        let result = try CLI.run(["merge", "-q", "base", name, "theirs"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try directory.bytes(name) == Self.merged.xcodeLayout())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).count == 3)
    }

    @Test("a temporary file left by a killed run is removed by the next write once an hour old; a fresh one is not")
    func staleTemporaries() throws {
        let directory = try TemporaryDirectory()
        try directory.write("L.xcstrings", Self.base.xcodeLayoutKeepingOrder().filter { $0 != 0x0A })
        try directory.write(".L.xcstrings.git-xcstrings-a1b2c3", "half")
        try directory.write(".L.xcstrings.git-xcstrings-d4e5f6", "half")
        try directory.write(".Other.xcstrings.git-xcstrings-a1b2c3", "half")
        let old = Date(timeIntervalSinceNow: -7200)
        for name in [".L.xcstrings.git-xcstrings-a1b2c3", ".Other.xcstrings.git-xcstrings-a1b2c3"] {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: directory.path(name))
        }
        #expect(try CLI.run(["fmt", "L.xcstrings"], in: directory.url).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
                == [".L.xcstrings.git-xcstrings-d4e5f6", ".Other.xcstrings.git-xcstrings-a1b2c3", "L.xcstrings"])
    }

    // MARK: Inputs that change while they are read

    @Test("a mapped input truncated while it is read: a one-line error naming it, exit 2, no crash report")
    func truncatedWhileMapped() throws {
        let directory = try TemporaryDirectory()
        try directory.write("big.xcstrings", [UInt8](repeating: 0x20, count: 1 << 20))
        let result = try CLI.launch(CLI.executable.deletingLastPathComponent().appendingPathComponent("xcstrings-bench"),
                                    ["truncate-while-mapped", directory.path("big.xcstrings")], in: directory.url,
                                    environment: [:], input: nil)
        #expect(result.status == 2)
        #expect(result.stderr == "error: \(directory.path("big.xcstrings")) was truncated by another program while it was being read; nothing was written\n")
    }

    @Test("truncating an input again and again while merges read it never crashes the driver or half-writes OURS")
    func truncationStress() throws {
        let generated = CatalogGenerator(keys: 400, languages: 20, seed: 7).bytes()
        let directory = try files(generated, generated, generated)
        for round in 0..<12 {
            try directory.write("theirs", generated)
            try directory.write("ours", generated)
            let path = directory.path("theirs"), size = off_t(generated.count / 3)
            let cutter = Thread {
                usleep(UInt32(1000 * (round % 6)))
                truncate(path, size)
            }
            cutter.start()
            let result = try CLI.run(["merge", "-q", "base", "ours", "theirs"], in: directory.url)
            #expect([0, 1, 2].contains(result.status), "round \(round): \(result.status) \(result.stderr)")
            #expect(!result.stderr.contains("Backtrac") && !result.stderr.contains("Fatal error"), "\(result.stderr)")
            let written = try directory.bytes("ours")
            #expect(written == generated || (try? JSONDocument(parsing: written)) != nil || result.status != 0)
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}

/// Runs `body` while nobody, root included, can create files in `directory`.
func withUnwritableDirectory(_ directory: URL, _ body: () throws -> Void) throws {
    if geteuid() == 0 {
        // Root writes through permissions: the immutable flag stops it (chattr on Linux, chflags on BSD and macOS).
        let (set, clear) = ProcessEnvironment.which("chattr") != nil ? (["chattr", "+i"], ["chattr", "-i"]) : (["chflags", "uchg"], ["chflags", "nouchg"])
        _ = try CLI.launch(URL(fileURLWithPath: "/usr/bin/env"), set + [directory.path], in: nil, environment: [:], input: nil)
        defer { _ = try? CLI.launch(URL(fileURLWithPath: "/usr/bin/env"), clear + [directory.path], in: nil, environment: [:], input: nil) }
        try body()
    } else {
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path) }
        try body()
    }
}
