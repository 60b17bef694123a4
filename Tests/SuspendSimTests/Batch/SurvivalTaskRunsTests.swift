import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `survival.csv`'s `refresh_runs_mean` and `processing_runs_mean` (SPEC 28's grants, as means
/// per run, after the file's last column), and their totals in a shard's file, which `merge`
/// adds back to the same bytes.
@Suite struct SurvivalTaskRunsTests {
    /// com.a asks for a refresh each time it goes to the background. At 10 s: due at once,
    /// granted at 10 s (run 1). At 110 s: due no earlier than the grant + refresh_interval_s, so
    /// at 910 s with 900 (run 2, before end_s 2000) and at 5010 s with 5000 (never).
    static let day = """
        name: refresh-day
        device: { ram_mb: 4096, wake_window_s: 30 }
        apps:
          - id: com.a
            active_mb: 100
            background_modes: [fetch]
            bg_tasks: [{ kind: refresh, earliest_s: 0, work_s: 5 }]
          - { id: com.b, active_mb: 100 }
        events:
          - { at: 0, open: com.a }
          - { at: 10, home }
          - { at: 100, open: com.a }
          - { at: 110, home }
        end_s: 2000
        sweep:
          device.refresh_interval_s: [900, 5000]
        """

    // Without randomness a point runs once (SPEC 14), so each mean is that run's count.
    @Test("refresh_runs_mean counts a run's grants per run: 2 at a 900 s interval, 1 at 5000 s; processing 0; the last two columns")
    func meansByHand() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plan = try BatchPlan(templates: [try ScenarioTemplate(text: Self.day, path: "refresh-day.yaml")], options: .init())
        _ = try BatchRunner.run(plan, outPath: folder, jobs: 1)
        let table = try CSVTable(path: folder + "/survival.csv")
        #expect(table.header.joined(separator: ",").contains(",launched_ci_high,refresh_runs_mean,processing_runs_mean,"))
        #expect(table.header.last == "device.refresh_interval_s")
        #expect(table.rows.count == 4)
        func cells(_ row: Int) -> [String] {
            [.app, .runs, .refreshRunsMean, .processingRunsMean].map { table.cell(table.rows[row], $0) } + [table.rows[row].last!]
        }
        #expect(cells(0) == ["com.a", "1", "2.000", "0.000", "900"])
        #expect(cells(1) == ["com.b", "1", "0.000", "0.000", "900"])
        #expect(cells(2) == ["com.a", "1", "1.000", "0.000", "5000"])
    }

    @Test("A row's means are total / runs with 3 decimals; a shard's row holds the totals (5 grants in 3 runs: 1.667, shard 5)")
    func meanAndShardTotal() {
        let counts = SurvivalTally.Counts.fixture(survived: 3, neverKilled: 3, launched: 3, refreshRuns: 5, processingRuns: 1)
        func row(shard: Bool) -> String {
            var bytes: [UInt8] = []
            SurvivalCSV.appendRow(BatchRowPrefix(fields: ["s", "lru", "com.a"].map { ArraySlice($0.utf8) }),
                                  runs: 3, counts: counts, shard: shard, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(row(shard: false).contains(",1.667,0.333,"))
        #expect(row(shard: true).contains(",5,1,"))
        #expect(BatchReportFile.survival.header(followedBy: [], shard: true).contains(",total_refresh_runs,total_processing_runs,"))
    }

    @Test("Two shards of a batch with grants merge into the bytes of a single run")
    func shardsMerge() throws {
        let plan = try BatchPlan(templates: [try ScenarioTemplate(text: Self.day, path: "refresh-day.yaml")], options: .init())
        let single = Self.folder(), merged = Self.folder(), shards = [Self.folder(), Self.folder()]
        defer { for folder in [single, merged] + shards { try? FileManager.default.removeItem(atPath: folder) } }
        _ = try BatchRunner.run(plan, outPath: single, jobs: 1)
        for (index, folder) in shards.enumerated() {
            _ = try BatchRunner.run(plan, outPath: folder, jobs: 1, shard: BatchShard(index: index + 1, count: 2)!)
        }
        let shardRows = try String(contentsOfFile: shards[0] + "/survival.csv", encoding: .utf8).split(separator: "\n")
        #expect(shardRows[0].contains(",total_refresh_runs,total_processing_runs,"))
        _ = try ShardMerge.merge(shards, into: merged)
        let mergedSurvival = try String(contentsOfFile: merged + "/survival.csv", encoding: .utf8)
        #expect(mergedSurvival == (try String(contentsOfFile: single + "/survival.csv", encoding: .utf8)))
        #expect(mergedSurvival.contains(",2.000,0.000,"))
    }

    static func folder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("suspendsim-tasks-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
