import Foundation
import SemanticDiff
import Testing
import TestSupport

/// git runs the merge driver and textconv from the top of the work tree, so
/// a library committed there must never be loaded in place of libgit2 (on
/// macOS, `dlopen` of a bare name would search the current directory).
@Suite("A library planted in a repository", .enabled(if: CLI.which("cc") != nil, "needs a C compiler (cc) to build the planted library"))
struct PlantedLibraryTests {
    typealias B = Build

    /// Thai keys: only Foundation orders them, so the driver and textconv hand the run to git-xcstrings, which loads libgit2.
    static func catalog(_ translations: [String]) -> JSONValue {
        B.catalog(zip(["สวัสดี", "เกม", "แม่"], translations).map { key, value in
            (key, B.entry([("de", B.text(value)), ("en", B.text(key))]))
        })
    }

    /// The names a loader could look for: the one this build links, and those of the libgit2 versions in use.
    static func plantedNames() throws -> [String] {
        let listed = try CLI.launch(CLI.executable, ["--version"], in: nil,
                                    environment: ["LD_TRACE_LOADED_OBJECTS": "1", "DYLD_PRINT_LIBRARIES": "1"], input: nil)
        let linked = (listed.stdout + listed.stderr).split(whereSeparator: { " \t\n=>()".contains($0) })
            .filter { $0.contains("libgit2") }.map { String($0.split(separator: "/").last!) }
        #if canImport(Darwin)
        let usual = ["libgit2.dylib", "libgit2.1.9.dylib", "libgit2.1.8.dylib", "libgit2.1.7.dylib"]
        #else
        let usual = ["libgit2.so", "libgit2.so.1.5", "libgit2.so.1.7", "libgit2.so.1.9"]
        #endif
        return Array(Set(usual + linked)).sorted()
    }

    @Test("named like libgit2 at the top of the work tree, it is loaded by none of git log -p, git diff, a merge, git xcstrings diff")
    func neverLoaded() throws {
        let repository = try TestRepository(installingDriver: true)
        let marker = repository.directory.path("LOADED")
        // Its constructor leaves a mark if any program loads it.
        try repository.directory.write("planted.c", """
            #include <fcntl.h>
            #include <unistd.h>
            __attribute__((constructor)) static void planted(void) {
                int descriptor = open("\(marker)", O_WRONLY | O_CREAT | O_APPEND, 0644);
                if (descriptor >= 0) { write(descriptor, "loaded\\n", 7); close(descriptor); }
            }
            """)
        #if canImport(Darwin)
        let shared = "-dynamiclib"
        #else
        let shared = "-shared"
        #endif
        let names = try Self.plantedNames()
        let compile = try CLI.launch(URL(fileURLWithPath: CLI.which("cc")!), [shared, "-fPIC", "-o", names[0], "planted.c"],
                                     in: repository.url, environment: [:], input: nil)
        try #require(compile.status == 0, "\(compile.stderr)")
        for name in names.dropFirst() {
            try FileManager.default.copyItem(atPath: repository.directory.path(names[0]), toPath: repository.directory.path(name))
        }
        try repository.commit(Self.catalog(["a", "b", "c"]), at: "Localizable.xcstrings", "catalog and libraries")
        try repository.git("checkout", "-q", "-b", "other")
        try repository.commit(Self.catalog(["a", "b", "C"]), at: "Localizable.xcstrings", "other")
        try repository.git("checkout", "-q", "main")
        try repository.commit(Self.catalog(["A", "b", "c"]), at: "Localizable.xcstrings", "main")

        let log = try repository.git("log", "-p", "--", "Localizable.xcstrings")
        #expect(log.status == 0, "\(log.stderr)")
        // textconv's lines, not the JSON.
        #expect(log.stdout.contains(#"+"สวัสดี" de "A" [translated]"#) || log.stdout.contains("สวัสดี"), "\(log.stdout)")
        #expect(!log.stdout.contains(#""stringUnit""#), "\(log.stdout)")
        let diff = try repository.git("diff", "other", "main")
        #expect(diff.status == 0, "\(diff.stderr)")
        let semantic = try repository.run(["diff", "other", "main"])
        #expect(semantic.status == 0 && semantic.stdout.contains("สวัสดี"), "\(semantic.stderr)")
        let merge = try repository.git("merge", "-q", "--no-edit", "other")
        #expect(merge.status == 0, "\(merge.stderr)")
        // Both sides' changes, in Foundation's order of the keys.
        let merged = String(decoding: try repository.directory.bytes("Localizable.xcstrings"), as: UTF8.self)
        let values = merged.split(separator: "\n").filter { $0.contains(#""value" : "#) }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Set(values) == [#""value" : "A""#, #""value" : "b""#, #""value" : "C""#, #""value" : "สวัสดี""#,
                                 #""value" : "เกม""#, #""value" : "แม่""#], "\(merged)")
        #expect(!FileManager.default.fileExists(atPath: marker), "a planted library was loaded")
    }
}
