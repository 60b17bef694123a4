// swift-tools-version:6.1
import PackageDescription

// Internal invariant checks (memory balance, queue order) are compiled in only with
// `-Xswiftc -DSUSPENDSIM_INTERNAL_CHECKS`, as swift-collections does with
// COLLECTIONS_INTERNAL_CHECKS. The test command in the README turns them on.
let package = Package(
    name: "suspendsim",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SuspendSim", targets: ["SuspendSim"]),
        .executable(name: "suspendsim", targets: ["suspendsim"]),
    ],
    // The command line's trait, on by default. A test target that depends on the `SuspendSim`
    // product turns it off (`.package(url:, from:, traits: [])`): SwiftPM then neither resolves
    // swift-argument-parser nor compiles its plugins, which it does for every package in the
    // graph, used or not (docs/architecture.md, "The library product").
    traits: [
        .trait(name: "CLI", description: "The suspendsim command line (swift-argument-parser)."),
        .default(enabledTraits: ["CLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // The simulation itself (SPEC 1-7): model, engine, policies, workload generation.
        // Pure Swift on swift-collections: no Foundation, no Yams, no I/O.
        // No unsafe flags in any target a product holds: SwiftPM refuses a version-pinned
        // dependency (`from:`) whose products carry one (scripts/pinned-package.sh checks it).
        .target(
            name: "SuspendSimCore",
            dependencies: [
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // Files in and out: scenario reading, reports, batches, the HTML report. Re-exports
        // SuspendSimCore.
        .target(
            name: "SuspendSim",
            dependencies: [
                "SuspendSimCore",
                .product(name: "Yams", package: "Yams"),
            ],
            // The device catalog (SPEC 11) is data: compiled in as bytes, so that it cannot go
            // missing wherever the binary is installed.
            // So is the bundled typical day that `include: typical-day` brings (SPEC 7), and the
            // assumption table, every default with its source (SPEC 36).
            resources: [
                .embedInCode("Resources/devices.csv"), .embedInCode("Resources/typical-day.yaml"),
                .embedInCode("Resources/assumptions.csv"),
            ]
        ),
        // jemalloc, found through pkg-config (Debian: libjemalloc-dev); the module map names no
        // library, so that the link follows pkg-config: the shared library by default, the
        // static archive in scripts/build-release.sh's self-contained build.
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        .target(
            name: "SuspendSimCLI",
            dependencies: [
                "SuspendSim",
                "CJemalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
            ]
        ),
        .executableTarget(
            name: "suspendsim",
            dependencies: ["SuspendSimCLI"]
        ),
        // What both test targets share: the package's root folder (`packageRoot`).
        .target(
            name: "SuspendSimTestSupport",
            path: "Tests/SuspendSimTestSupport"
        ),
        .testTarget(
            name: "SuspendSimTests",
            dependencies: ["SuspendSim", "SuspendSimCore", "SuspendSimTestSupport"]
        ),
        .testTarget(
            name: "SuspendSimCLITests",
            dependencies: ["SuspendSimCLI", "suspendsim", "SuspendSimTestSupport"]
        ),
    ]
)
