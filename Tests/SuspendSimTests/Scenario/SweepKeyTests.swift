import Testing
@testable import SuspendSim

/// A sweep key is parsed once (`SweepKey(path:)`) and spelled once (`path`): the text a file's
/// `sweep:`, `--set`, a run folder's `KEY=VALUE` and a `summary.csv` column share
/// (docs/batch-runs.md; SPEC 14 for app keys).
@Suite struct SweepKeyTests {
    @Test("Paths parse into their rows and spell back", arguments: [
        ("policy", SweepKey.policy),
        ("end_s", .endS),
        ("device.ram_mb", .device(.ramMB)),
        ("device.compressor.pool_mb", .compressor(.poolMB)),
        ("workload.gap_s", .workload(.gapS)),
        ("workload.allocations.mean_mb", .allocations(.meanMB)),
        ("trace.user", .trace(.user)),
        ("app.com.a.b.suspended_mb", .app(id: "com.a.b", .suspendedMB)),
        ("apps.typical-day", .typicalDayFactor),
    ])
    func parses(_ path: String, _ key: SweepKey) {
        #expect(SweepKey(path: path) == key)
        #expect(key.path == path)
    }

    @Test("Texts that are no sweep key", arguments: [
        "", "Policy", "device.lmkd", "device.compressor", "workload.allocations", "trace.file", "trace",
        "app.com.a.id", "app.com.a.background_modes", "app..active_mb", "app.active_mb", "apps.com.a.active_mb",
        "device.ram_mb ", "scenario", "point", "apps.typical_day", "apps", "typical-day",
    ])
    func rejects(_ path: String) {
        #expect(SweepKey(path: path) == nil, "\(path)")
    }

    @Test("Every key but the app keys, in message order, each spelled as SweepAxis.keys lists it")
    func fixedKeys() {
        #expect(Array(SweepAxis.keys.prefix(3)) == ["policy", "end_s", "device.ram_mb"])
        #expect(SweepKey.fixed.map(\.path) == SweepAxis.keys)
        for key in SweepKey.fixed { #expect(SweepKey(path: key.path) == key) }
        for name in SweepAxis.appKeys {
            #expect(SweepKey(path: "app.x.y.\(name)")?.path == "app.x.y.\(name)")
        }
    }

    @Test("A run folder's name is KEY=VALUE, split at the first '=' (a value may hold one)")
    func folderNames() {
        let axis = SweepAxis(key: .app(id: "com.x", .suspendedMB), values: ["60", "a=b"])
        #expect(RunFolderName.setting(SweepSetting(axis: axis, index: 0)) == "app.com.x.suspended_mb=60")
        let read = RunFolderName.setting(in: RunFolderName.setting(SweepSetting(axis: axis, index: 1)))
        #expect(read?.key == .app(id: "com.x", .suspendedMB) && read?.value == "a=b")
        #expect(RunFolderName.setting(in: "policy=lru")?.key == .policy)
        #expect(RunFolderName.setting(in: "replicate-3") == nil && RunFolderName.setting(in: "colour=red") == nil)
    }
}
