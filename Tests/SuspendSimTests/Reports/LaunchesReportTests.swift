import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `launches.csv` and `summary.csv`'s launch percentiles and `kills_per_use_hour`: each launch
/// with its wait as `launch_wait_s` counts it (SPEC 17, 22).
@Suite struct LaunchesReportTests {
    @Test("launches.csv: one row per launch, in order, cold from not-running and warm from background; waits cold_launch_s and resume_s")
    func goldenLaunches() throws {
        try withTemporaryFolder { folder in
            let target = folder.appendingPathComponent("golden")
            try Simulation.run(goldenScenario(), writingReportTo: target)
            // a opens cold at 0 s and b at 12.5 s; a, killed at 21 s and woken into the
            // background by its fetch at 30 s, opens warm at 40 s (the wake is no launch).
            #expect(try String(contentsOf: target.appendingPathComponent("launches.csv"), encoding: .utf8) == """
                time_s,app,kind,wait_s
                0.000,com.example.a,cold,0.400
                12.500,"com.example.""b"",2",cold,0.400
                40.000,com.example.a,warm,0.100

                """)
            // From the run's event log, the same bytes.
            let replayed = folder.appendingPathComponent("replayed")
            try ReportWriter.write(Simulation.run(goldenScenario()), of: goldenScenario(), into: replayed)
            #expect(try Data(contentsOf: replayed.appendingPathComponent("launches.csv"))
                == Data(contentsOf: target.appendingPathComponent("launches.csv")))
        }
    }

    @Test("A warm launch from suspended waits resume_s plus its decompression (SPEC 22), in launches.csv and the percentiles")
    func decompressionInTheWait() throws {
        let scenario = try ScenarioLoader.parse(CompressorTests.fourApps(compressor: "{ decompress_mb_s: 400 }"), path: "four.yaml")
        let result = Simulation.run(scenario)
        // Four cold launches (0.4 s each), then com.a warm: 0.1 s + 200 MB at 400 MB/s.
        #expect(result.log.launches.map(\.waitMs) == [400, 400, 400, 400, 600])
        #expect(result.log.launches.map(\.cold) == [true, true, true, true, false])
        let row = SummaryRow(result: result)
        // Nearest rank of 5 sorted waits: the 3rd (0.4 s) and the 5th (0.6 s).
        #expect(row.launches.waitP50Ms == 400 && row.launches.waitP95Ms == 600)
        // Each app's launches add up to its launch_wait_s.
        for (index, app) in result.apps.enumerated() {
            #expect(result.log.launches.filter { $0.app == index }.reduce(Millis.zero) { $0 + $1.waitMs } == app.launchWaitMs)
        }
    }

    @Test("Nearest-rank percentiles over every app's launches, each wait as launch_wait_s counts it")
    func percentiles() throws {
        var a = Simulation.run(goldenScenario()).apps[0]
        (a.coldLaunches, a.warmLaunches, a.coldLaunchMs, a.resumeMs, a.decompressionWaits) = (3, 5, 400, 100, [50: 2])
        var b = a
        (b.coldLaunches, b.warmLaunches, b.coldLaunchMs, b.decompressionWaits) = (1, 0, 2_000, [:])
        // Sorted: 0.1 ×3, 0.15 ×2, 0.4 ×3, 2.0: rank ⌈0.5 × 9⌉ = 5 is 0.15 s; ⌈0.95 × 9⌉ = 9 is 2 s.
        let waits = LaunchWaits([a, b])
        #expect(waits.launches == 9)
        #expect(waits.percentile(50) == 150 && waits.percentile(95) == 2_000)
        // One launch: both are it. None: both nil.
        b.coldLaunches = 1
        #expect(LaunchWaits([b]).percentile(50) == 2_000 && LaunchWaits([b]).percentile(95) == 2_000)
        b.coldLaunches = 0
        #expect(LaunchWaits([b]).percentile(50) == nil)
    }
}
