// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "git-xcstrings",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "git-xcstrings", targets: ["git-xcstrings"]),
        .library(name: "SemanticDiff", targets: ["SemanticDiff"]),
    ],
    targets: [
        // libgit2's headers. The library itself is opened at run time (see
        // Sources/SemanticDiff/Git/LibGit2.swift), so that a merge that never
        // needs git does not pay for loading libgit2 and its TLS stack.
        .systemLibrary(
            name: "CGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        .target(
            name: "SemanticDiff",
            dependencies: ["CGit2"]
        ),
        .executableTarget(
            name: "git-xcstrings",
            dependencies: ["SemanticDiff"],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // Generated catalogs for tests and benchmarks.
        .target(
            name: "CatalogFixtures",
            dependencies: ["SemanticDiff"]
        ),
        // The in-process half of scripts/bench.
        .executableTarget(
            name: "xcstrings-bench",
            dependencies: ["SemanticDiff", "CatalogFixtures"]
        ),
        .testTarget(
            name: "SemanticDiffTests",
            dependencies: ["SemanticDiff", "CatalogFixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
