import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 21's comparison keys, chosen from the plan (`BatchComparison.defaultKeys(plan:)`,
/// `allKeys(plan:)`), are the keys read back from the `summary.csv` the batch writes.
@Suite struct ComparisonKeysFromPlanTests {
    /// A scenario of the sample trace (`UserPoolingTests`): `user: all` sweeps its three users.
    static func traced(_ name: String, user: String) -> String {
        UserPoolingTests.scenario(user: user).replacingOccurrences(of: "name: day", with: "name: \(name)")
    }

    /// A scenario without a trace.
    static let plain = """
        name: plain
        device: { ram_mb: 2048 }
        apps: [{ id: com.example.a, active_mb: 100 }]
        events: [{ at: 0, open: com.example.a }]
        """

    /// Plans `texts` with `settings` (`--set` axes), runs it, and gives the keys from the plan
    /// and from the `summary.csv` written.
    static func keys(_ texts: [String], settings: [String] = []) throws
        -> (plan: (default: [String]?, all: [String]), summary: (default: [String]?, all: [String])) {
        let folder = try TemporaryFolder()
        var options = BatchPlan.Options()
        options.settings = try settings.map { try SweepAxis(parsing: $0) }
        let templates = try texts.enumerated().map { try ScenarioTemplate(text: $1, path: folder.path + "/s\($0).yaml") }
        let plan = try BatchPlan(templates: templates, options: options)
        let out = folder.path + "/out"
        let output = try BatchRunner.run(plan, outPath: out, jobs: 2)
        #expect(output.failureCount == 0, "\(output.failures)")
        let summary = BatchReportFile.summary.path(in: out)
        return ((BatchComparison.defaultKeys(plan: plan), BatchComparison.allKeys(plan: plan)),
                (try BatchComparison.defaultKeys(summaryPath: summary), try BatchComparison.allKeys(summaryPath: summary)))
    }

    @Test("Three trace users and a RAM sweep: policy, then the sweep columns but trace.user")
    func severalUsers() throws {
        let keys = try Self.keys([Self.traced("day", user: "all")], settings: ["device.ram_mb=2048,4096"])
        #expect(keys.plan.default == ["policy", "device.ram_mb"])
        #expect(keys.plan.default == keys.summary.default)
        #expect(Set(keys.plan.all) == ["policy", "trace.user", "device.ram_mb"])
        #expect(keys.plan.all == keys.summary.all)
    }

    @Test("One trace user: no default grouping; --baseline alone groups by every key")
    func oneUser() throws {
        let keys = try Self.keys([Self.traced("day", user: "1")], settings: ["device.ram_mb=2048,4096"])
        #expect(keys.plan.default == nil && keys.summary.default == nil)
        #expect(keys.plan.all == ["policy", "device.ram_mb"] && keys.summary.all == keys.plan.all)
    }

    @Test("A scenario without a trace beside a batch over users: scenario first, and its empty trace.user cell counts")
    func scenarioBesideABatch() throws {
        let keys = try Self.keys([Self.plain, Self.traced("day", user: "all")])
        #expect(keys.plan.default == ["scenario", "policy"])
        #expect(keys.plan.default == keys.summary.default)
        #expect(keys.plan.all == ["scenario", "policy", "trace.user"] && keys.summary.all == keys.plan.all)
    }
}
