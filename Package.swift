// swift-tools-version:6.0
import PackageDescription

// The layers, each using only those listed before it (ARCHITECTURE.md):
//
//   SemanticDiff        the pure core: bytes in, bytes and values out
//   PlatformLayer       files, atomic writes, processes, threads, the environment;
//   FoundationKeyOrder  and Foundation's comparison of keys
//   GitProcess          git itself, run as a program (configuration, revisions, line merge)
//   GitLayer            libgit2: repositories, trees, blobs, the index
//   DriverCommands      what git runs once per file: the merge driver, textconv
//   Commands            every other subcommand
//   git-xcstrings, git-xcstrings-merge   entry points
let package = Package(
    name: "git-xcstrings",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "git-xcstrings", targets: ["git-xcstrings"]),
        .executable(name: "git-xcstrings-merge", targets: ["git-xcstrings-merge"]),
        .library(name: "SemanticDiff", targets: ["SemanticDiff"]),
    ],
    targets: [
        // The pure core, one module per room, which the compiler keeps apart
        // (ARCHITECTURE.md); SemanticDiff is all of them as one import.
        .target(name: "XCStringsJSON", path: "Sources/SemanticDiff/JSON"),
        .target(name: "XCStringsText", dependencies: ["XCStringsJSON"], path: "Sources/SemanticDiff/Text"),
        .target(name: "XCStringsCatalog", dependencies: ["XCStringsJSON", "XCStringsText"], path: "Sources/SemanticDiff/Catalog"),
        .target(name: "XCStringsMerge", dependencies: ["XCStringsJSON", "XCStringsCatalog"], path: "Sources/SemanticDiff/Merge"),
        .target(name: "XCStringsDiff", dependencies: ["XCStringsJSON", "XCStringsText", "XCStringsCatalog"], path: "Sources/SemanticDiff/Diff"),
        .target(name: "XCStringsCheck", dependencies: ["XCStringsJSON", "XCStringsText", "XCStringsCatalog"], path: "Sources/SemanticDiff/Check"),
        .target(name: "SemanticDiff", dependencies: ["XCStringsJSON", "XCStringsText", "XCStringsCatalog", "XCStringsMerge", "XCStringsDiff",
                                                     "XCStringsCheck"], path: "Sources/SemanticDiff/Exports"),

        .target(name: "PlatformLayer", dependencies: ["XCStringsJSON", "XCStringsText"]),
        .target(name: "FoundationKeyOrder", dependencies: ["SemanticDiff", "PlatformLayer"]),

        .target(name: "GitProcess", dependencies: ["SemanticDiff", "PlatformLayer"]),
        // libgit2, linked the ordinary way.
        .systemLibrary(name: "CGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]),
        .target(name: "GitLayer", dependencies: ["CGit2", "GitProcess", "SemanticDiff", "PlatformLayer"]),

        // The programs git starts once per file load neither libgit2 nor Foundation.
        .target(name: "DriverCommands", dependencies: ["SemanticDiff", "PlatformLayer", "GitProcess"]),
        .target(name: "Commands", dependencies: ["DriverCommands", "SemanticDiff", "PlatformLayer", "GitProcess", "GitLayer"]),
        .executableTarget(name: "git-xcstrings-merge", dependencies: ["DriverCommands"]),
        .executableTarget(name: "git-xcstrings", dependencies: ["Commands", "FoundationKeyOrder", "SemanticDiff"]),

        // CLDR's plural rules, read from the ICU behind Foundation.
        .target(name: "FoundationPlurals", dependencies: ["SemanticDiff"],
                linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
        // Writes Check/PluralRules+Generated.swift (scripts/generate-plural-rules).
        .executableTarget(name: "generate-plural-rules", dependencies: ["FoundationPlurals"]),

        // For tests, benchmarks and the fuzzer: generated and edited
        // catalogs, the Foundation oracle, the invariants every merge must
        // keep, repositories made with git, and the corpus.
        .target(name: "TestSupport", dependencies: ["SemanticDiff", "PlatformLayer", "FoundationKeyOrder"]),
        // libFuzzer's entry point, declared for Swift (linked only with -sanitize=fuzzer).
        .target(name: "LibFuzzerDriver"),
        // scripts/fuzz: the reader, the writer and the merge under libFuzzer;
        // without the fuzzer, it replays inputs given as files.
        .executableTarget(name: "xcstrings-fuzz", dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport", "FoundationKeyOrder", "LibFuzzerDriver"]),
        // The in-process half of scripts/bench and scripts/replay.
        .executableTarget(name: "xcstrings-bench", dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport", "FoundationKeyOrder"]),

        .testTarget(name: "JSONTests", dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport", "FoundationKeyOrder"]),
        .testTarget(name: "CatalogTests", dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport"]),
        .testTarget(name: "GitLayerTests", dependencies: ["GitLayer", "GitProcess", "SemanticDiff", "TestSupport"]),
        .testTarget(name: "CheckTests", dependencies: ["SemanticDiff", "TestSupport", "FoundationPlurals"]),
        .testTarget(name: "CommandTests", dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport"]),
        .testTarget(name: "CorpusTests", dependencies: ["SemanticDiff", "PlatformLayer", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
