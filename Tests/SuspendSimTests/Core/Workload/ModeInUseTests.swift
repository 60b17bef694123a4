import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 41, "Modes in use for a while": with `mode_in_use_s`, the workload generator ends an
/// app's continuous modes some time after it leaves the foreground, from a stream of its own.
@Suite struct ModeInUseTests {
    /// Three apps; com.a, the largest, declares two continuous modes (and a wake-only one, which the key
    /// does not touch), in use 10 minutes on average. Four hours of sessions.
    static func scenario(modeInUse: Millis?, modes: AppProfile.BackgroundModes = [.location, .audio, .fetch], ramMB: Double = 4096) -> Scenario {
        var scenario = SuspendSimTests.scenario(ramMB: ramMB, apps: [
            app("com.a", 900) {
                $0.backgroundModes = modes
                $0.modeInUseMs = modeInUse
            },
            app("com.b", 500), app("com.c", 600),
        ], [(0, .open(0)), (5, .home)])
        var workload = Workload(durationMs: 4 * 3_600_000)
        workload.meanGapMs = 600_000
        workload.alertsPerHour = Workload.Rate(perHour: 6)
        workload.allocationsPerHour = Workload.Rate(perHour: 20)
        workload.meanAllocationKiB = 10 * 1024
        scenario.generator = workload
        scenario.seed = 11
        return scenario
    }

    /// The generated events of `scenario`, in order.
    static func events(_ scenario: Scenario) -> [ScenarioEvent] {
        var source = scenario.generator!.events(for: scenario, seed: scenario.seed!, startingAt: scenario.events.last!.atMs)
        var events: [ScenarioEvent] = []
        while let event = source.next() { events.append(event) }
        return events
    }

    static func isStop(_ event: ScenarioEvent) -> Bool {
        if case .stopMode = event.action { true } else { false }
    }

    @Test("stop_mode comes at each leave plus the modes stream's draws (audio, then location), unless com.a opens first; nothing else moves")
    func stopsAtTheStreamsTimes() {
        let with = Self.events(Self.scenario(modeInUse: .ms(600_000)))
        let without = Self.events(Self.scenario(modeInUse: nil))
        // The other draws do not move: the same timeline once the stops are taken out.
        #expect(with.filter { !Self.isStop($0) } == without)
        // By hand: walk the timeline without the key. com.a leaves the foreground when another
        // app opens while it is in use, or at `home`; at each leave, the modes stream (seeded
        // as the workload's streams are, stream 6) gives an exponential of mean 600,000 ms
        // per continuous mode in SPEC 4's order, audio before location (the file lists
        // location first). A stop is kept unless com.a opens before it, and the run ends at
        // 5 s + 4 h.
        var stream = SplitMix64(seed: BatchSeed.mix(11 &+ 6))
        var expected: [(Millis, BackgroundMode)] = []
        var current: AppIndex?
        var planned: [(Millis, BackgroundMode)] = []
        var leaves = 0, cancelled = 0
        func leave(at time: Millis) {
            leaves += 1
            planned = [.audio, .location].map { (time + Millis(stream.exponential(mean: 600_000)), $0) }
        }
        for event in without {
            switch event.action {
            case .open(let app):
                if app == 0, current != 0 {
                    cancelled += planned.filter { $0.0 > event.atMs }.count
                    expected += planned.filter { $0.0 <= event.atMs }
                    planned = []
                }
                if current == 0, app != 0 { leave(at: event.atMs) }
                current = app
            case .home:
                if current == 0 { leave(at: event.atMs) }
                current = nil
            default: break
            }
        }
        expected += planned.filter { $0.0 <= 5_000 + 4 * 3_600_000 }
        expected.sort { $0.0 < $1.0 }  // stable: audio before location at the same ms
        let stops = with.compactMap { event -> (Millis, BackgroundMode)? in
            if case .stopMode(0, let mode) = event.action { (event.atMs, mode) } else { nil }
        }
        #expect(leaves > 3 && cancelled > 0, "a case that both keeps and drops stops: \(leaves) leaves, \(cancelled) dropped")
        #expect(stops.map(\.0) == expected.map(\.0))
        #expect(stops.map(\.1) == expected.map(\.1))
        // Only com.a's continuous modes stop.
        #expect(with.filter(Self.isStop).count == stops.count)
    }

    @Test("Each stop_mode of com.a's one mode suspends it at that instant, else is skipped; without the key it stays in the background")
    func suspendedAfterTheStop() {
        // A 1.5 GB phone: com.b's and com.c's 500 and 600 MB make largest-first kill com.a's 900
        // MB now and then, and its next open is a cold launch again, its audio in use (SPEC 4).
        let scenario = Self.scenario(modeInUse: .ms(600_000), modes: [.audio], ramMB: 1536)
        let result = Simulation.run(scenario)
        let stops = Self.events(scenario).filter(Self.isStop).map(\.atMs)
        let skips = result.log.skips.filter { $0.event == .stopMode }
        let skipped = Set(skips.map(\.timeMs))
        let effective = stops.filter { !skipped.contains($0) }
        #expect(effective.count > 2, "\(stops) \(skipped)")
        // The generator cannot see the run: a stop after a warm launch (the audio stopped by an
        // earlier stop) or after a kill is skipped, as SPEC 3 skips it.
        #expect(skips.allSatisfy { [.modeNotInUse, .notRunningCode].contains($0.reason) }, "\(skips)")
        let suspensions = result.log.transitions.filter { $0.app == 0 && $0.to == .suspended }
        for time in effective {
            #expect(suspensions.contains { $0.timeMs == time && $0.from == .background && $0.cause == .event(.stopMode) }, "\(time)")
        }
        let allDay = Simulation.run(Self.scenario(modeInUse: nil, modes: [.audio]))
        #expect(allDay.log.transitions.contains { $0.app == 0 && $0.to == .background })
        #expect(!allDay.log.transitions.contains { $0.app == 0 && $0.to == .suspended })
    }

    /// A batch of the key's scenario file: four replicates.
    static let file = """
        name: editor
        device: { ram_mb: 2048 }
        apps:
          - { id: com.editor, active_mb: 700, suspended_mb: 180, background_modes: [audio, fetch], mode_in_use_s: 300 }
          - { id: com.b, active_mb: 300 }
          - { id: com.c, active_mb: 400 }
        workload: { duration_s: 14400, dwell_s: 120, gap_s: 600 }
        replicates: 4
        """

    @Test("A batch with mode_in_use_s writes the same bytes at --jobs 1 and 2, report folders included")
    func deterministicAcrossJobs() throws {
        var options = BatchPlan.Options()
        options.details = true
        let plan = try BatchPlan(templates: [try ScenarioTemplate(text: Self.file, path: "editor.yaml")], options: options)
        let one = SurvivalTaskRunsTests.folder(), two = SurvivalTaskRunsTests.folder()
        defer { for folder in [one, two] { try? FileManager.default.removeItem(atPath: folder) } }
        _ = try BatchRunner.run(plan, outPath: one, jobs: 1)
        _ = try BatchRunner.run(plan, outPath: two, jobs: 2)
        let files = try FileManager.default.subpathsOfDirectory(atPath: one).sorted()
        #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: two).sorted()))
        var stops = 0
        for file in files where file.hasSuffix(".csv") {
            let a = try String(contentsOfFile: one + "/" + file, encoding: .utf8)
            #expect(a == (try String(contentsOfFile: two + "/" + file, encoding: .utf8)), "\(file)")
            if file.hasSuffix("transitions.csv") { stops += a.components(separatedBy: "stop_mode").count - 1 }
        }
        #expect(stops > 0, "the editor's audio stops in some run")
    }

    @Test("mode_in_use_s must be above 0 after rounding to a ms: refused, located", arguments: [
        ("0", "apps[0].mode_in_use_s: must be above 0 s after rounding to a millisecond"),
        ("0.0004", "apps[0].mode_in_use_s: must be above 0 s after rounding to a millisecond"),
        ("-5", "apps[0].mode_in_use_s: must not be negative"),
        ("soon", "apps[0].mode_in_use_s: must be a number"),
    ])
    func badValue(_ value: String, _ message: String) {
        let text = "name: t\ndevice: { ram_mb: 1024 }\napps:\n  - { id: a, active_mb: 1, background_modes: [audio], mode_in_use_s: \(value) }\n"
        let diagnostics = loadDiagnostics(text).map(\.description)
        #expect(diagnostics.count == 1 && diagnostics[0].hasPrefix("x.yaml:4:") && diagnostics[0].contains(message), "\(diagnostics)")
    }

    @Test("0.0005 s rounds up to 1 ms and is kept; the key is written back, and absent by default")
    func roundsAndRoundTrips() throws {
        let text = "name: t\ndevice: { ram_mb: 1024 }\napps:\n  - { id: a, active_mb: 1, background_modes: [audio], mode_in_use_s: 0.0005 }\n  - { id: b, active_mb: 1 }\n"
        let scenario = try ScenarioLoader.parse(text, path: "x.yaml")
        #expect(scenario.apps.map(\.modeInUseMs) == [.ms(1), nil])
        let again = try ScenarioLoader.parse(ScenarioJSONWriter.json(scenario), path: "again.json")
        #expect(again.apps == scenario.apps)
    }
}
