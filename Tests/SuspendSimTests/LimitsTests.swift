import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The model's limits (docs/development.md): a run of a million events with bounded memory, and
/// numbers past the model (2^32 s or MB) refused by the loader with a message naming the
/// limit. Also the places where values the loader accepts still break the run.
@Suite struct LimitsTests {
    // MARK: - A million events

    /// 1,000,000 events: about 2.5 s in a debug build. With the engine's internal checks,
    /// every step also checks all 100 apps (about 13 times slower), so that build runs 200,000.
    /// The README's test command runs 20,000 (`StressRun`); CI's stress step the full count.
    #if SUSPENDSIM_INTERNAL_CHECKS
    static let millionEvents = StressRun.size(20_000, stress: 200_000)
    #else
    static let millionEvents = StressRun.size(20_000, stress: 1_000_000)
    #endif

    /// 100 apps, a million events, nothing recorded: the run completes, and the timer queue,
    /// the only structure that grows with the run, stays small.
    @Test func millionEventsRunWithBoundedMemory() {
        let scenario = RandomScenario.make(apps: 100, events: Self.millionEvents, seed: 2_024, ramMB: 2048)
        var simulation = Simulation(scenario, policy: LargestFirstPolicy(), recorder: NullRecorder())
        var steps = 0
        var largestTimerQueue = 0
        while simulation.step() {
            steps += 1
            if steps % 1_024 == 0 { largestTimerQueue = max(largestTimerQueue, simulation.timers.count) }
        }
        #expect(simulation.eventsRun == Self.millionEvents)
        #expect(steps > Self.millionEvents)
        #expect(largestTimerQueue < 2_000, "timer queue reached \(largestTimerQueue)")
    }

    // MARK: - Numbers past the model

    /// One field at a time, a value past 2^32 (MB or s) is refused, naming the field and the
    /// limit; exactly 2^32 is accepted.
    @Test(arguments: [
        ("device.ram_mb", "MB", "device: {ram_mb: #}\napps: [{id: a, active_mb: 1}]"),
        ("device.reserved_mb", "MB", "device: {ram_mb: 1024, reserved_mb: #}\napps: [{id: a, active_mb: 1}]"),
        ("device.app_limit_mb", "MB", "device: {ram_mb: 1024, app_limit_mb: #}\napps: [{id: a, active_mb: 1}]"),
        ("device.background_task_limit_s", "s", "device: {ram_mb: 1024, background_task_limit_s: #}\napps: [{id: a, active_mb: 1}]"),
        ("apps[0].active_mb", "MB", "device: {ram_mb: 1024}\napps: [{id: a, active_mb: #}]"),
        ("apps[0].purgeable_mb", "MB", "device: {ram_mb: 1024}\napps: [{id: a, active_mb: 1, purgeable_mb: #}]"),
        ("apps[0].wake_work_s", "s", "device: {ram_mb: 1024}\napps: [{id: a, active_mb: 1, wake_work_s: #}]"),
        ("events[0].at", "s", "device: {ram_mb: 1024}\napps: [{id: a, active_mb: 1}]\nevents: [{at: #, open: a}]"),
        ("events[0].allocate.mb", "MB", "device: {ram_mb: 1024}\napps: [{id: a, active_mb: 1}]\nevents: [{at: 0, allocate: {app: a, mb: #}}]"),
        ("events[0].system_allocate.mb", "MB", "device: {ram_mb: 1024}\napps: [{id: a, active_mb: 1}]\nevents: [{at: 0, system_allocate: {mb: #}}]"),
        ("end_s", "s", "device: {ram_mb: 1024}\napps: [{id: a, active_mb: 1}]\nend_s: #"),
    ])
    func numbersPastTheModelAreRefused(field: String, unit: String, body: String) throws {
        let text = { (number: String) in "name: limits\n" + body.replacingOccurrences(of: "#", with: number) + "\n" }
        _ = try ScenarioLoader.parse(text("4294967296"), path: "limits.yaml")
        var pastTheLimit = ["4294967297", "4294967296.0005", "1e10", "1e400", "99999999999999999999"]
        if field.hasSuffix("allocate.mb") {
            _ = try ScenarioLoader.parse(text("-4294967296"), path: "limits.yaml")
            pastTheLimit += ["-4294967297", "-1e400"]
        }
        for number in pastTheLimit {
            let diagnostics = FuzzTests.diagnostics(text(number))
            #expect(diagnostics.count == 1, "\(field) = \(number): \(diagnostics)")
            let diagnostic = try #require(diagnostics.first)
            #expect(diagnostic.field == field)
            #expect(diagnostic.message == "must be at most 4294967296 (2^32) \(unit) in magnitude, got \(number)")
            #expect(diagnostic.line != nil && diagnostic.column != nil)
        }
    }

    /// Every number at the limit at once: the scenario loads, and a short run keeps every
    /// invariant (no sum of KiB or ms overflows).
    @Test func everyNumberAtTheLimitRuns() throws {
        let max = "4294967296"
        let text = """
            name: at-the-limit
            device: {ram_mb: \(max), reserved_mb: \(max), system_mb: \(max), warning_free_mb: \(max), idle_free_mb: \(max),
                     critical_free_mb: \(max), app_limit_mb: \(max), did_enter_background_limit_s: \(max),
                     background_task_limit_s: \(max), wake_window_s: \(max), processing_window_s: \(max), aging_s: \(max)}
            apps:
              - {id: a, active_mb: \(max), background_mb: \(max), suspended_mb: \(max), purgeable_mb: \(max),
                 warning_release_mb: \(max), background_modes: [audio, fetch], did_enter_background_s: \(max),
                 background_task_s: \(max), wake_work_s: \(max)}
              - {id: b, active_mb: \(max), did_enter_background_s: \(max), background_task_s: \(max), ends_task_on_expiration: false}
            events:
              - {at: 0, open: a}
              - {at: 0, allocate: {app: a, mb: \(max)}}
              - {at: 0, system_allocate: {mb: -\(max)}}
              - {at: 0, open: b}
              - {at: 0, home}
              - {at: \(max), wake: {app: a, mode: fetch}}
              - {at: \(max), system_allocate: {mb: \(max)}}
              - {at: \(max), open: a}
            end_s: \(max)

            """
        let scenario = try ScenarioLoader.parse(text, path: "limits.yaml")
        for policy in BuiltInPolicies.names {
            let outcome = InvariantRun.check(scenario, policy: BuiltInPolicies.named(policy))
            #expect(outcome.violations.isEmpty, "\(policy): \(outcome.violations)")
        }
    }

    // MARK: - Known issues

    /// `system_allocate` accumulates, but saturates at 2^52 KiB: each amount passes the loader
    /// (at most 2^32 MB = 2^42 KiB), and 2^21 of them would add up past Int64 (found by this
    /// test before the engine saturated: the process trapped). It must run to the end. Two
    /// million events in a child process: CI's stress step only.
    @Test(.stressOnly) func systemAllocationsAddUpPastInt64() async {
        do {
            await #expect(processExitsWith: .success) {
                var scenario = Scenario(name: "overflow", device: Device(ramKiB: KiB(1 << 42)), apps: [AppProfile(id: "a", activeKiB: 1_024)])
                scenario.events = Array(repeating: ScenarioEvent(atMs: 0, .systemAllocate(KiB(1 << 42))), count: (1 << 21) + 8)
                var simulation = Simulation(scenario, policy: LargestFirstPolicy(), recorder: NullRecorder())
                simulation.run()
            }
        }
    }

    /// Known issue: the loader accepts any scenario name without '/', '\', NUL, "." or "..",
    /// but a name longer than about 225 bytes cannot be written: the report folder is built
    /// as ".<name>.partial-<pid>-<random>" first, past the 255-byte limit of a file name
    /// (ENAMETOOLONG), and names over 255 bytes can never be a folder. `validate` passes and
    /// `run` fails (SPEC 7: the name names the report folder; bad input is refused up front).
    @Test func longScenarioNamesAreRefusedOrWritten() throws {
        try withTemporaryFolder { folder in
            for length in [200, 230, 255, 256, 1_000] {
                let name = String(repeating: "n", count: length)
                let text = "name: \(name)\ndevice: {ram_mb: 1024}\napps: [{id: a, active_mb: 1}]\n"
                guard let scenario = try? ScenarioLoader.parse(text, path: "long.yaml") else {
                    #expect(FuzzTests.diagnostics(text).contains { $0.field == "name" })
                    continue
                }
                if length <= 200 {
                    try Simulation.run(scenario, writingReportTo: folder.appendingPathComponent(scenario.name))
                    continue
                }
                Issue.record("a name of \(length) bytes validated, but names over 200 bytes cannot be report folders")
            }
        }
    }
}
