// swift-tools-version:6.1
import PackageDescription

// A libFuzzer target for the scenario loader, in a package of its own so that the main
// package's build and CI never compile with the fuzzer. Run it with `scripts/fuzz.sh --libfuzzer`.
// SwiftPM names a path dependency after its folder: the checkout's, whatever it is called.
let parent = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "suspendsim").lowercased()

let package = Package(
    name: "suspendsim-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "LoaderFuzz",
            dependencies: [.product(name: "SuspendSim", package: parent)]
        ),
    ]
)
