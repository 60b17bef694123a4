import Foundation
import Testing
@testable import SuspendSim

/// `Batch(file:)` is `suspendsim run FILE` from Swift (SPEC 19, 20): the file's sweep, workload
/// and replicates, seeded as `run` seeds them, so that its rates are `survival.csv`'s.
@Suite struct BatchFileTests {
    @Test("A sweep file's points, labelled KEY=VALUE, give survival.csv's rates for the same seed and replicates")
    func sweepFileAsRun() throws {
        let file = packageFile("Scenarios/ios-releases-day.yaml")
        let batch = try Batch(file: file, replicates: 3, seed: 5)
        // The file sweeps device.ios over "12", "15", "18.4" with a workload: 3 runs a point.
        let result = try batch.run(jobs: 2)
        #expect(result.points == ["device.ios=12", "device.ios=15", "device.ios=18.4"])
        #expect(result.runsPerPoint == 3 && batch.replicates == 3)
        var options = BatchPlan.Options()
        options.seed = 5
        options.replicates = 3
        let plan = try BatchPlan(templates: [ScenarioLoader.template(path: file)], options: options)
        let rows = try withTemporaryFolder { folder in
            _ = try BatchRunner.run(plan, outPath: folder.path, jobs: 2)
            return try CSVRecordReader(bytes: Array(read("survival.csv", in: folder).utf8), name: "survival.csv").textRecords()
        }
        let header = rows[0]
        func cell(_ row: [String], _ column: String) throws -> String { row[try #require(header.firstIndex(of: column))] }
        #expect(rows.count == 1 + 3 * batch.scenario.apps.count)
        for row in rows.dropFirst() {
            let rates = try result.rates(of: cell(row, "app"), at: "device.ios=" + cell(row, "device.ios"))
            #expect(try cell(row, "survival_rate") == BatchRunTests.fixed3(rates.survival.rate))
            #expect(try cell(row, "never_killed_rate") == BatchRunTests.fixed3(rates.neverKilled.rate))
            #expect(try cell(row, "launched") == "\(rates.launched)")
        }
        // The file's own replicates (100) when none is given.
        #expect(try Batch(file: file).replicates == 100)
    }

    @Test("A bad file or a bad sweep value is a located error, and nothing runs")
    func badFiles() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("bad.yaml").path
            try """
                name: bad
                device: { ram_mb: 2048 }
                apps: [{ id: com.a, active_mb: 100 }]
                sweep: { device.ram_mb: [2048, -5] }
                """.write(toFile: path, atomically: true, encoding: .utf8)
            let error = #expect(throws: ScenarioLoader.Error.self) { try Batch(file: path) }
            #expect(error?.diagnostics.first?.file == path)
            #expect(error?.description.contains("-5") == true)
            #expect(throws: ScenarioLoader.Error.self) { try Batch(file: path, replicates: 0) }
            #expect(throws: ScenarioLoader.Error.self) { try Batch(file: folder.appendingPathComponent("none.yaml").path) }
        }
    }
}
