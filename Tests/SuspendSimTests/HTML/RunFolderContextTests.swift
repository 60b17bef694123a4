import Testing
@testable import SuspendSim

/// A run page finds its scenario and point in its folder's path (SPEC 15): a component is a
/// point's setting only when its KEY is a sweep key.
@Suite struct RunFolderContextTests {
    @Test("A batch run's folder: scenario, then its settings and replicate")
    func batchRun() {
        let context = HTMLReport.standaloneContext(folder: "/r/out/s/device.ram_mb=2048/app.com.x.suspended_mb=60/replicate-2", policy: nil)
        #expect(context.scenario == "s")
        #expect(context.details == ["device.ram_mb=2048", "app.com.x.suspended_mb=60", "replicate-2"])
    }

    @Test("A scenario whose name holds '=' is the scenario, not a point")
    func scenarioNameWithEquals() {
        #expect(HTMLReport.standaloneContext(folder: "/r/out/ram=small", policy: nil).scenario == "ram=small")
        #expect(HTMLReport.standaloneContext(folder: "/r/out/ram=small/lru", policy: "lru").details == ["lru"])
    }

    @Test("In a batch folder, the settings but the policy's find the run's seed")
    func batchContextSeed() {
        var asked: [String] = []
        _ = HTMLReport.batchContext("s/policy=lru/trace.user=7/replicate-1", policy: "lru") { key in
            asked.append(key)
            return nil
        }
        #expect(asked == ["s\u{1}lru\u{1}1\u{1}trace.user=7"])
    }
}
