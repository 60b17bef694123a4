import Dispatch
import Foundation
import Synchronization
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 21: a batch over trace users reads the trace once per process, and every point and run
/// takes its user's rows from that one index. The tests take the file away once it should have
/// been read: any later read would fail.
@Suite struct TraceIndexBatchTests {
    /// A scenario replaying `user` of the trace at `trace`.
    static func scenario(trace: String, user: String) -> String {
        """
        name: day
        device: { ram_mb: 4096 }
        apps: [{ id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }]
        trace: { file: \(trace), user: \(user), default_app: { active_mb: 200 } }
        """
    }

    /// A copy of the tests' sample trace (users 1, 2 and 3) in `folder`, and each user's events
    /// as a scenario of that user alone reads them.
    static func sampleCopy(in folder: TemporaryFolder) throws -> (path: String, events: [String: [ScenarioEvent]]) {
        let path = try folder.write("trace.tsv", String(contentsOfFile: TraceReplayTests.sample, encoding: .utf8))
        var events: [String: [ScenarioEvent]] = [:]
        for user in ["1", "2", "3"] {
            events[user] = try ScenarioLoader.parse(scenario(trace: path, user: user), path: folder.path + "/alone.yaml").events
        }
        return (path, events)
    }

    /// The options of a batch under every policy at two RAM sizes, with more `--set` axes.
    static func options(_ settings: String...) throws -> BatchPlan.Options {
        var options = BatchPlan.Options()
        options.policy = .every
        options.settings = try (["device.ram_mb=2048,4096"] + settings).map { try SweepAxis(parsing: $0) }
        return options
    }

    /// Every point's user and the events `runnableScenario()` gives it.
    static func runnableEvents(_ plan: BatchPlan) throws -> [(user: String, events: [ScenarioEvent])] {
        let points = try #require(plan.entries.first?.points)
        return try points.map { point in
            let user = try #require(point.settings.first { $0.axis.key == .trace(.user) }?.value)
            return (user, try point.runnableScenario().events)
        }
    }

    @Test("user: all: the trace is read once, when the file is loaded; the plan and every run of 3 users x 2 RAM sizes x every policy read no file")
    func everyUserReadsOnce() throws {
        let folder = try TemporaryFolder()
        let (trace, expected) = try Self.sampleCopy(in: folder)
        let template = try ScenarioTemplate(text: Self.scenario(trace: trace, user: "all"), path: folder.path + "/day.yaml")
        try FileManager.default.removeItem(atPath: trace)
        let plan = try BatchPlan(templates: [template], options: Self.options())
        #expect(plan.tracePasses == 1)
        let runs = 3 * 2 * BuiltInPolicies.names.count
        #expect(plan.unitCount == runs)
        let points = try Self.runnableEvents(plan)
        #expect(points.map(\.user) == ["1", "2", "3"].flatMap { Array(repeating: $0, count: 2 * BuiltInPolicies.names.count) })
        for point in points { #expect(point.events == expected[point.user], "user \(point.user)") }
        let output = try BatchRunner.run(plan, outPath: folder.path + "/out", jobs: 2)
        #expect(output.unitsRun == runs && output.failureCount == 0, "\(output.failures)")
    }

    @Test("A file of one user swept with --set trace.user=all: one pass for the file's user when it is loaded, one for the batch; the runs read no file")
    func commandLineSweepReadsOnceForTheBatch() throws {
        let folder = try TemporaryFolder()
        let (trace, expected) = try Self.sampleCopy(in: folder)
        let template = try ScenarioTemplate(text: Self.scenario(trace: trace, user: "2"), path: folder.path + "/day.yaml")
        let plan = try BatchPlan(templates: [template], options: Self.options("trace.user=all"))
        #expect(plan.tracePasses == 2)
        #expect(plan.traceReadNanoseconds > 0)
        try FileManager.default.removeItem(atPath: trace)
        let points = try Self.runnableEvents(plan)
        let runs = 3 * 2 * BuiltInPolicies.names.count
        #expect(points.count == runs && Set(points.map(\.user)) == ["1", "2", "3"])
        for point in points { #expect(point.events == expected[point.user], "user \(point.user)") }
        let output = try BatchRunner.run(plan, outPath: folder.path + "/out", jobs: 2)
        #expect(output.unitsRun == runs && output.failureCount == 0, "\(output.failures)")
        #expect(output.serialNanoseconds >= plan.traceReadNanoseconds)
    }

    @Test("Two scenario files on one trace, each of one user, swept over users 1 and 3: each file's load reads its user, the batch one pass for both")
    func templatesShareTheBatchPass() throws {
        let folder = try TemporaryFolder()
        let (trace, expected) = try Self.sampleCopy(in: folder)
        let first = try ScenarioTemplate(text: Self.scenario(trace: trace, user: "2"), path: folder.path + "/a.yaml")
        let second = try ScenarioTemplate(text: Self.scenario(trace: trace, user: "2").replacingOccurrences(of: "name: day", with: "name: night"),
                                          path: folder.path + "/b.yaml")
        let plan = try BatchPlan(templates: [first, second], options: Self.options("trace.user=1,3"))
        #expect(plan.tracePasses == 3)
        try FileManager.default.removeItem(atPath: trace)
        let output = try BatchRunner.run(plan, outPath: folder.path + "/out", jobs: 2)
        #expect(output.unitsRun == 2 * 2 * 2 * BuiltInPolicies.names.count && output.failureCount == 0, "\(output.failures)")
        let night = try #require(plan.entries.last?.points.last)
        #expect(try night.runnableScenario().events == expected["3"])
    }

    @Test("One user at five RAM sizes: the file is read once, at load, and keeps only that user's rows")
    func oneUserSweptReadsOnce() throws {
        let folder = try TemporaryFolder()
        let (trace, expected) = try Self.sampleCopy(in: folder)
        let template = try ScenarioTemplate(text: Self.scenario(trace: trace, user: "3"), path: folder.path + "/day.yaml")
        var options = BatchPlan.Options()
        options.settings = [try SweepAxis(parsing: "device.ram_mb=1024,2048,3072,4096,6144")]
        let plan = try BatchPlan(templates: [template], options: options)
        #expect(plan.tracePasses == 1)
        try FileManager.default.removeItem(atPath: trace)
        for point in try #require(plan.entries.first?.points) { #expect(try point.runnableScenario().events == expected["3"]) }
        #expect(throws: UsageTrace.Problem.self) { try template.traces.users(path: trace) }
    }

    @Test("Eight threads asking at once for a user no index covers make one pass and get the same records")
    func concurrentReadersMakeOnePass() throws {
        let traces = TraceIndexes()
        let results = Mutex([[UsageTrace.Record]?](repeating: nil, count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let records = try? traces.index(path: TraceReplayTests.sample, covering: "3").records(of: "3")
            results.withLock { $0[index] = records }
        }
        let all = results.withLock { $0 }
        #expect(traces.passes == 1)
        #expect(all.allSatisfy { $0 != nil && $0 == all[0] } && all[0]?.isEmpty == false)
    }

    @Test("A batch reports each user's problem as a batch of that user alone does, in the sweep's order, messages unchanged")
    func problemsInSweepOrder() throws {
        let folder = try TemporaryFolder()
        let trace = try folder.write("broken.tsv", TraceReplayTests.broken)
        let text = Self.scenario(trace: trace, user: "11")
        func diagnostics(_ users: String) throws -> [ScenarioLoader.Diagnostic] {
            var options = BatchPlan.Options()
            options.settings = [try SweepAxis(parsing: "trace.user=\(users)"), try SweepAxis(parsing: "device.ram_mb=2048,4096")]
            do {
                _ = try BatchPlan(templates: [try ScenarioTemplate(text: text, path: folder.path + "/day.yaml")], options: options)
                return []
            } catch {
                return error.diagnostics
            }
        }
        let order = ["10", "8", "11", "99", "9"]
        let batch = try diagnostics(order.joined(separator: ","))
        let alone = try order.flatMap { try diagnostics($0) }
        #expect(batch == alone)
        #expect(batch.map(\.description).prefix(2) == [
            "\(trace):7: event_type: must be Opened, Closed, User Interaction or Broken, got 'Danced'",
            "\(trace):5: timestamp: earlier than the user's previous record",
        ])
        #expect(batch.count == 4 && batch[2].message.contains("no record of user '99'"))
        #expect(batch[3].description == "\(trace):6: timestamp: must be YYYY-MM-DD HH:MM:SS, got '2019-03-01 8:01:00'")
    }
}
