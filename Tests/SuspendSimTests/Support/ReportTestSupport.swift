import Foundation
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// A fresh temporary folder for one test, removed when the closure returns.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("suspendsim-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// The names in `folder`, sorted, hidden ones included but the folder's ownership marker
/// (`FolderOwnership.markerName`, which names the folder and has tests of its own).
func contents(of folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != FolderOwnership.markerName }.sorted()
}

/// The text of `file` in `folder`.
func read(_ file: String, in folder: URL) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
}

/// Every file of a report folder, by name, as bytes.
func snapshot(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try contents(of: folder) {
        files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
}

/// The files of a report folder: SPEC 8's seven, `device.csv` (SPEC 14), `exits.csv` (SPEC 17)
/// `tasks.csv` (SPEC 28), `launches.csv` (one row per launch) and `freezer.csv` (SPEC 37).
let reportFiles = [
    "assumptions.csv", "callbacks.csv", "device.csv", "evictions.csv", "exits.csv", "freezer.csv", "launches.csv", "memory.csv", "pressure.csv", "skipped.csv",
    "survivors.csv", "tasks.csv", "transitions.csv",
]

/// A small scenario that touches every report file: a cold launch, home, a second app whose
/// id needs quoting and whose footprint is an exact MB tie, skipped events, lock/unlock, a
/// memory warning, a memory-pressure kill, a force-quit, a wake into the background and a
/// warm launch.
func goldenScenario() -> Scenario {
    var a = AppProfile(id: "com.example.a", activeMB: 100, backgroundMB: 80, suspendedMB: 50)
    a.backgroundModes = AppProfile.BackgroundModes(.fetch)
    // 300 MB + 64 KiB = 300.0625 MB: a tie at 3 decimals.
    let b = AppProfile(id: "com.example.\"b\",2", activeKiB: 300 * 1024 + 64)
    var scenario = Scenario(name: "golden", device: Device(ramMB: 1024), apps: [a, b])
    let ia = scenario.appIndex("com.example.a")!
    let ib = scenario.appIndex("com.example.\"b\",2")!
    scenario.appendUnchecked(at: 0, .open(ia))
    scenario.appendUnchecked(at: 10, .home)
    scenario.appendUnchecked(at: 12.5, .open(ib))
    scenario.appendUnchecked(at: 15, .open(ib))
    scenario.appendUnchecked(at: 16, .lock)
    scenario.appendUnchecked(at: 17, .unlock)
    scenario.appendUnchecked(at: 18, .alertDismiss)
    scenario.appendUnchecked(at: 20, .systemAllocate(620 * 1024))
    scenario.appendUnchecked(at: 21, .systemAllocate(10 * 1024))
    scenario.appendUnchecked(at: 25, .forceQuit(ib))
    scenario.appendUnchecked(at: 30, .wake(ia, .fetch))
    scenario.appendUnchecked(at: 30, .wake(ib, .fetch))
    scenario.appendUnchecked(at: 40, .open(ia))
    return scenario
}
