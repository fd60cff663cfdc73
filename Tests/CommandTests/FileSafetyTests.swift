import TestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What happens around the bytes: output that cannot be written, files that
/// are not files, names that cannot be read, an interrupted write.
@Suite("file safety")
struct FileSafetyTests {
    /// A catalog not in Xcode's layout, so that fmt has something to write.
    static let unsorted = "{\"sourceLanguage\":\"en\",\"strings\":{\"b\":{},\"a\":{}},\"version\":\"1.0\"}"

    @Test("a write to standard output that fails (a full disk) is an error, exit 2; a closed pipe is not",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here (macOS) to stand for a full disk"))
    func outputFailure() throws {
        let directory = try TemporaryDirectory()
        try directory.write("L.xcstrings", Self.unsorted)
        for command in ["fmt -p L.xcstrings", "check L.xcstrings", "diff --no-index L.xcstrings L.xcstrings --stat"] {
            let full = try CLI.launch(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" \(command) > /dev/full", CLI.executable.path],
                                      in: directory.url, environment: [:], input: nil)
            if command.hasPrefix("diff") {
                // Nothing to print, nothing that failed.
                #expect(full.status == 0, "\(command): \(full.stderr)")
                continue
            }
            #expect(full.status == 2, "\(command)")
            #expect(full.stderr.hasSuffix("error: write failure on standard output: No space left on device\n"), "\(command): \(full.stderr)")
        }
        let piped = try CLI.launch(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" fmt -p L.xcstrings | head -c 1 >/dev/null", CLI.executable.path],
                                   in: directory.url, environment: [:], input: nil)
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
        // The merge's summary says the result is where it belongs: not when it is not.
        try directory.write("O.xcstrings", Self.unsorted.replacingOccurrences(of: "\"b\":{}", with: "\"c\":{}"))
        let merged = try CLI.launch(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" merge -p L.xcstrings O.xcstrings L.xcstrings > /dev/full", CLI.executable.path],
                                    in: directory.url, environment: [:], input: nil)
        #expect(merged.status == 2)
        #expect(merged.stderr == "error: write failure on standard output: No space left on device\n", "\(merged.stderr)")
    }

    @Test("a FIFO named like a catalog in a directory is named and skipped, never waited on; one given by name is read as its writer writes")
    func fifo() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("d"), withIntermediateDirectories: true)
        #expect(mkfifo(directory.path("d/x.xcstrings"), 0o644) == 0)
        try directory.write("d/L.xcstrings", Self.unsorted)
        let checked = try CLI.run(["check", "--format", "json", "d"], in: directory.url)
        #expect(checked.status == 2)
        #expect(checked.stderr.contains("error: d/x.xcstrings: is a FIFO, not a catalog file; skipped"), "\(checked.stderr)")
        // The other catalog is checked, and the report is whole.
        let report = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdoutBytes)) as? [String: Any])
        #expect((report["files"] as? [[String: Any]])?.map { $0["path"] as? String } == ["d/L.xcstrings"])
        let listed = try CLI.run(["fmt", "--check", "d"], in: directory.url)
        #expect(listed.status == 2 && listed.stdout == "d/L.xcstrings\n", "\(listed.stdout) \(listed.stderr)")
        // Started before its writer, as `cat` would be.
        try directory.write("L.xcstrings", Self.unsorted)
        let piped = try CLI.launch(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" fmt -p d/x.xcstrings & sleep 0.3; cat L.xcstrings > d/x.xcstrings; wait", CLI.executable.path],
                                   in: directory.url, environment: [:], input: nil)
        #expect(piped.status == 0 && piped.stdout.hasPrefix("{\n  \"sourceLanguage\" : \"en\""), "\(piped.stderr)")
    }

    @Test("a catalog whose name is not UTF-8 is an error naming it, not skipped in silence")
    func nameNotUTF8() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("d"), withIntermediateDirectories: true)
        let name = Array(directory.path("d/b").utf8) + [0xFE] + Array(".xcstrings".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        // APFS and HFS+ refuse such a name (EILSEQ): there, no catalog can have one.
        if descriptor < 0 && errno == EILSEQ { return }
        #expect(descriptor >= 0)
        close(descriptor)
        try directory.write("d/ok.xcstrings", Self.unsorted)
        for arguments in [["check", "d"], ["fmt", "--check", "d"]] {
            let listed = try CLI.run(arguments, in: directory.url)
            #expect(listed.status == 2, "\(arguments)")
            #expect(listed.stderr.contains("has a name that is not UTF-8, which git-xcstrings cannot open; rename it"), "\(arguments): \(listed.stderr)")
            // The others are still done.
            #expect(listed.stdout.contains("d/ok.xcstrings"), "\(arguments): \(listed.stdout)")
        }
    }

    @Test("an interrupted fmt (SIGTERM) removes its temporary file and leaves the catalog as it was")
    func interruptedWrite() throws {
        let directory = try TemporaryDirectory()
        // Compact and large, so that the write is under way for a while.
        let catalog = CatalogGenerator(keys: 1500, languages: 40).catalog().compactText()
        try directory.write("L.xcstrings", catalog)
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["fmt", "L.xcstrings"]
        process.currentDirectoryURL = directory.url
        try process.run()
        // Until the temporary file appears (or the write is already done).
        var sawTemporary = false
        for _ in 0..<2000 where process.isRunning {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            if names.contains(where: { $0.contains(".git-xcstrings-") }) { sawTemporary = true; break }
            usleep(1000)
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["L.xcstrings"])
        let after = try directory.bytes("L.xcstrings")
        if sawTemporary && process.terminationReason == .uncaughtSignal {
            #expect(process.terminationStatus == SIGTERM)
            #expect(after == catalog)
        } else {
            // The write finished first: the catalog is whole, formatted.
            #expect(after != catalog && after.count > catalog.count)
        }
    }
}
