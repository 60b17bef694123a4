// swift-tools-version:6.1
import PackageDescription

// suspendsim's benchmarks: a package of their own, so that building the main package (and
// its CI) never pays for package-benchmark. Run them with `scripts/bench.sh` from the
// repository root, or `swift package --package-path Benchmarks benchmark`; docs/performance.md
// describes every figure.

/// SwiftPM names a package added by path after its folder (`/work/main` gives "main"), not
/// after the name in its manifest, so the parent's identity is read off this folder's parent.
let parent = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "suspendsim").lowercased()

/// A package-benchmark suite: `Benchmarks/<name>/`, run by the `benchmark` command plugin.
func benchmarkSuite(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            "BenchmarkSupport",
            "SuspendSimWorkloads",
            .product(name: "SuspendSim", package: parent),
            .product(name: "Benchmark", package: "benchmark"),
        ],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "suspendsim-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        // ordo-one/benchmark, formerly package-benchmark (the plugin warns about the old name).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        // The interposer package-benchmark counts allocations with; read directly for the
        // allocations-per-event figure.
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The workloads, shared by the package-benchmark suites and the plain-clock probe.
        .target(
            name: "SuspendSimWorkloads",
            dependencies: [.product(name: "SuspendSim", package: parent)]
        ),

        // What the package-benchmark suites share: custom metrics, timing and malloc counts.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "SuspendSimWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),

        // package-benchmark suites.
        benchmarkSuite("Throughput"),
        benchmarkSuite("VictimChoice"),
        benchmarkSuite("Batch"),
        benchmarkSuite("PeakMemory"),

        // The plain-clock probe, with the system allocator and with jemalloc.
        .target(
            name: "BenchProbe",
            dependencies: [
                "SuspendSimWorkloads",
                .product(name: "SuspendSim", package: parent),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "suspendsim-bench", dependencies: ["BenchProbe"]),
        .systemLibrary(name: "CJemallocProbe", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        .executableTarget(name: "suspendsim-bench-jemalloc", dependencies: ["BenchProbe", "CJemallocProbe"]),

        // Writes a generated scenario as a JSON file, for the end-to-end figure.
        .executableTarget(
            name: "make-scenario-json",
            dependencies: [.product(name: "SuspendSim", package: parent)]
        ),
    ]
)
