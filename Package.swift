// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "git-xcstrings",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "git-xcstrings", targets: ["git-xcstrings"]),
        .executable(name: "git-xcstrings-collate", targets: ["git-xcstrings-collate"]),
        .library(name: "SemanticDiff", targets: ["SemanticDiff"]),
    ],
    targets: [
        // libgit2's headers only. The library is opened at run time (see
        // Sources/SemanticDiff/Git/LibGit2.swift): a merge that needs no git
        // must not pay for loading libgit2, its TLS, SSH and Kerberos
        // libraries and its CA certificates (over 10 ms a run). A `pkgConfig`
        // entry here would put `-lgit2` first on every link line, where no
        // `--as-needed` can drop it, so shim.h finds the headers itself and
        // names the package to install when they are missing.
        .systemLibrary(name: "CGit2", providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]),
        .target(
            name: "SemanticDiff",
            dependencies: ["CGit2"]
        ),
        .executableTarget(
            name: "git-xcstrings",
            dependencies: ["SemanticDiff"],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // Foundation's key comparison, the reference for the few pairs the
        // fast comparator leaves undecided; kept out of the tool itself.
        .target(
            name: "FoundationCollation",
            dependencies: ["SemanticDiff"]
        ),
        .executableTarget(
            name: "git-xcstrings-collate",
            dependencies: ["FoundationCollation"]
        ),
        // Generated catalogs, the Foundation oracle and the checks every
        // merge must pass, for tests, benchmarks and the fuzzer.
        .target(
            name: "CatalogFixtures",
            dependencies: ["SemanticDiff", "FoundationCollation"]
        ),
        // libFuzzer's entry point, declared for Swift (linked only with -sanitize=fuzzer).
        .target(name: "LibFuzzerDriver"),
        // scripts/fuzz: the reader, the writer and the merge under libFuzzer;
        // without the fuzzer, it replays inputs given as files.
        .executableTarget(
            name: "xcstrings-fuzz",
            dependencies: ["SemanticDiff", "CatalogFixtures", "FoundationCollation", "LibFuzzerDriver"]
        ),
        // The in-process half of scripts/bench.
        .executableTarget(
            name: "xcstrings-bench",
            dependencies: ["SemanticDiff", "CatalogFixtures", "FoundationCollation"]
        ),
        .testTarget(
            name: "SemanticDiffTests",
            dependencies: ["SemanticDiff", "CatalogFixtures", "FoundationCollation"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
