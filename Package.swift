// swift-tools-version:6.0
import PackageDescription
#if canImport(Foundation)
import Foundation
#endif

// The layers, each allowed to use only those above it (ARCHITECTURE.md):
//
//   SemanticDiff    the pure core: bytes in, bytes and values out
//   PlatformLayer   files, mapping, atomic writes, processes, threads, environment
//   GitLayer        the only door to libgit2 (CGit2)
//   Commands        one file per subcommand, and the driver's and resolve's policies
//   git-xcstrings   the entry point
/// Generics specialized across the layers' module boundaries, as they were
/// when everything was one module: a merge of a small catalog would
/// otherwise pay for instantiating generic metadata at run time. And the
/// metadata of a concrete generic type (`Set<String>`, `Result<…>`) made by
/// a direct call, not by demangling its name at first use, which checks
/// each requirement by scanning the binary's conformance records: a third
/// of a small merge's instructions (docs/SPEED.md, "generic types reached
/// directly").
let crossModule: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
    // Each function in a section of its own, for the merge driver's link to place (`startupOrder`).
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release)),
]

/// What a program's start-up costs before `main` is most of a small merge
/// (docs/SPEED.md): on Linux, link the C++ library the Swift runtime (and
/// Foundation's ICU, in the collation helper) uses statically
/// (Sources/git-xcstrings/StaticLibstdcxx), and so the unwinder, instead of
/// binding some 1,700 symbols of libstdc++.so at every start.
let staticCxx = ["-L", Context.packageDirectory + "/Sources/git-xcstrings/StaticLibstdcxx", "-Xclang-linker", "-static-libgcc"]
/// The tool also exports the stand-in for mbedTLS's certificate parsing that
/// libgit2 binds to when it is opened (Sources/GitLayer/CertificateLoading.swift).
let startUp = LinkerSetting.unsafeFlags(
    staticCxx + ["-Xlinker", "--export-dynamic-symbol=mbedtls_x509_crt_parse_file"],
    .when(platforms: [.linux])
)

/// A merge of a small catalog is mostly the program's start. On Linux, in
/// release builds, the merge driver's own executable is linked whole, C
/// library and Swift runtime included, as a static executable at a fixed
/// address: no dynamic loader, no shared library to map, and no relocation
/// to apply at start (a position-independent one relocates 22,000 pointers
/// on 75 pages, a seventh of a small merge: docs/SPEED.md, "The merge
/// driver on its own"). It must never `dlopen`: a static glibc can load a
/// shared library only of its own exact version; the line merge is
/// libgit2's xdiff linked in (`staticLibgit2` below), or, where the build
/// found no static libgit2, handed to `git-xcstrings merge`.
/// GIT_XCSTRINGS_MERGE_LINKING=pie links it position-independent (placed
/// at a random address, as the other two programs are), through lld, since
/// gold cannot; build it so with `--disable-local-rpath`, as README says:
/// glibc refuses to start a static PIE with a run path.
/// Sanitizers' runtimes cannot be linked whole: `scripts/test --sanitize`
/// sets GIT_XCSTRINGS_MERGE_LINKING=dynamic.
let mergeDriverLinking = Context.environment["GIT_XCSTRINGS_MERGE_LINKING"] ?? "static"
/// The functions a merge runs, first in the merge driver's code, together:
/// a small merge then faults in about 35 pieces of it instead of 77, some
/// 0.1 ms of its 0.7 ms (docs/SPEED.md, "Timing programs fairly, and where
/// a small merge's code lies"). The list is made by
/// scripts/generate-startup-order; names it has that the code no longer
/// has are skipped.
let startupOrder = ["-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/Sources/git-xcstrings-merge/startup.order",
                    "-Xlinker", "--no-warn-symbol-ordering"]
let wholeProgram = LinkerSetting.unsafeFlags(
    mergeDriverLinking == "dynamic" ? []
        : ["-static-executable", "-use-ld=lld"] + startupOrder + (mergeDriverLinking == "pie" ? ["-Xclang-linker", "-static-pie"] : []),
    .when(platforms: [.linux], configuration: .release)
)

/// libgit2's static library, where the build finds one of version 1.5 (the
/// one whose internal xdiff interface Sources/CLineMerge declares): its
/// line merge is then linked into the programs, and the merge driver merges
/// a catalog that is not valid JSON line by line itself, rather than
/// handing it to a process that opens libgit2's shared library (5 ms, three
/// times `git merge-file`'s whole run: docs/SPEED.md, "The line merge in
/// the driver"). Only the xdiff objects are taken from the archive.
/// Elsewhere, or with GIT_XCSTRINGS_STATIC_XDIFF=0, libgit2's
/// `git_merge_file` merges, through the shared library.
let staticLibgit2: String? = {
    #if os(Linux) && canImport(Foundation)
    guard Context.environment["GIT_XCSTRINGS_STATIC_XDIFF"] != "0" else { return nil }
    for prefix in ["/usr", "/usr/local"] {
        guard let version = try? String(contentsOfFile: prefix + "/include/git2/version.h", encoding: .utf8) else { continue }
        func number(_ name: String) -> String? {
            version.split(separator: "\n").first { $0.hasPrefix("#define \(name) ") }?.split(separator: " ").last.map(String.init)
        }
        guard number("LIBGIT2_VER_MAJOR") == "1", number("LIBGIT2_VER_MINOR") == "5" else { continue }
        let directories = ["lib/x86_64-linux-gnu", "lib/aarch64-linux-gnu", "lib64", "lib"]
        if let archive = directories.map({ prefix + "/" + $0 + "/libgit2.a" }).first(where: { FileManager.default.fileExists(atPath: $0) }) {
            return archive
        }
    }
    #endif
    return nil
}()

let package = Package(
    name: "git-xcstrings",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "git-xcstrings", targets: ["git-xcstrings"]),
        .executable(name: "git-xcstrings-merge", targets: ["git-xcstrings-merge"]),
        .executable(name: "git-xcstrings-collate", targets: ["git-xcstrings-collate"]),
        .library(name: "SemanticDiff", targets: ["SemanticDiff"]),
    ],
    targets: [
        // The pure core: JSON, the catalog schema and views, merge, diff.
        // It reads no file, environment or terminal and spawns nothing.
        .target(name: "SemanticDiff", swiftSettings: crossModule),

        // What the operating system does for the tool: reading and mapping
        // files, replacing them atomically, the collation helper process,
        // worker threads, the environment.
        .target(name: "PlatformLayer", dependencies: ["SemanticDiff", "GlibcExtensions"], swiftSettings: crossModule),
        // glibc's functions declared only for _GNU_SOURCE (threads' processors, pipes, spawning), bound at link time.
        // DWARF 4: valgrind 3.19 (callgrind, docs/SPEED.md) cannot read clang's default DWARF 5.
        .target(name: "GlibcExtensions", cSettings: [.unsafeFlags(["-gdwarf-4"])]),

        // libgit2's headers only (and zlib's, for GitLayer/Objects). The library is opened at run time (see
        // Sources/GitLayer/LibGit2.swift): a merge that needs no git must not
        // pay for loading libgit2, its TLS, SSH and Kerberos libraries and
        // its CA certificates (over 10 ms a run). A `pkgConfig` entry here
        // would put `-lgit2` first on every link line, where no `--as-needed`
        // can drop it, so shim.h finds the headers itself and names the
        // package to install when they are missing.
        .systemLibrary(name: "CGit2", providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]),
        // Repositories, revisions, trees, the index, blobs, configuration and
        // git's line merge, through libgit2; and, for a diff of two revisions,
        // git's references and objects read from its files (Objects/).
        .target(name: "GitLayer", dependencies: ["CGit2", "CLineMerge", "SemanticDiff", "PlatformLayer"], swiftSettings: crossModule),
        // git's line merge in this process: libgit2's xdiff, from its static library where there is one (above).
        .target(name: "CLineMerge",
                cSettings: [.unsafeFlags(["-gdwarf-4"])] + (staticLibgit2 == nil ? [] : [.define("GIT_XCSTRINGS_STATIC_XDIFF")]),
                linkerSettings: staticLibgit2.map { [.unsafeFlags(["-Xlinker", $0])] } ?? []),

        // The subcommands and their policies, as a library.
        .target(
            name: "Commands",
            dependencies: ["SemanticDiff", "PlatformLayer", "GitLayer"],
            swiftSettings: crossModule,
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // The merge driver alone (`git xcstrings merge` as git runs it), linked whole on Linux.
        .executableTarget(name: "git-xcstrings-merge", dependencies: ["Commands"], exclude: ["startup.order"], swiftSettings: crossModule,
                          linkerSettings: [wholeProgram]),
        .executableTarget(
            name: "git-xcstrings",
            dependencies: ["Commands"],
            exclude: ["StaticLibstdcxx"],
            swiftSettings: crossModule,
            linkerSettings: [startUp]
        ),

        // Foundation's key comparison, the reference for the few pairs the
        // fast comparator leaves undecided; kept out of the tool itself.
        .target(name: "FoundationCollation", dependencies: ["SemanticDiff"],
                linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
        .executableTarget(name: "git-xcstrings-collate", dependencies: ["FoundationCollation"],
                         linkerSettings: [.unsafeFlags(staticCxx, .when(platforms: [.linux]))]),
        // Writes JSON/CollationTable+Generated.swift from Foundation (scripts/generate-collation-table).
        .executableTarget(name: "generate-collation-table", dependencies: ["SemanticDiff", "FoundationCollation"]),

        // CLDR's plural rules, read from the ICU behind Foundation.
        .target(name: "FoundationPlurals", dependencies: ["SemanticDiff"],
                linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
        // Writes Check/PluralRules+Generated.swift (scripts/generate-plural-rules).
        .executableTarget(name: "generate-plural-rules", dependencies: ["FoundationPlurals"]),

        // For tests, benchmarks and the fuzzer: generated and edited
        // catalogs, the Foundation oracle, the invariants every merge must
        // keep, repositories made with git, and the corpus.
        .target(name: "TestSupport", dependencies: ["SemanticDiff", "PlatformLayer", "FoundationCollation"]),
        // libFuzzer's entry point, declared for Swift (linked only with -sanitize=fuzzer).
        .target(name: "LibFuzzerDriver"),
        // scripts/fuzz: the reader, the writer and the merge under libFuzzer;
        // without the fuzzer, it replays inputs given as files.
        .executableTarget(
            name: "xcstrings-fuzz",
            dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport", "FoundationCollation", "LibFuzzerDriver"]
        ),
        // The in-process half of scripts/bench and scripts/replay.
        .executableTarget(
            name: "xcstrings-bench",
            dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport", "FoundationCollation"]
        ),

        // Tests, by layer.
        .testTarget(name: "JSONTests", dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport", "FoundationCollation"]),
        .testTarget(name: "CatalogTests", dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport"]),
        .testTarget(name: "GitLayerTests", dependencies: ["GitLayer", "SemanticDiff", "TestSupport"]),
        .testTarget(name: "CheckTests", dependencies: ["SemanticDiff", "TestSupport", "FoundationPlurals"]),
        .testTarget(name: "CommandTests", dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport", "CLineMerge"]),
        .testTarget(name: "CorpusTests", dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
