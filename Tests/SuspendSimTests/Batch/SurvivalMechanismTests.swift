import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `survival.csv`'s kills by mechanism (SPEC 41): Student's interval of the pressure kills per
/// run, the kills per run by `evictions.csv` trigger and the freezer's freezes and thaws per run
/// (SPEC 37), recomputed here from the run folders of the same batch run with `--details`.
@Suite struct SurvivalMechanismTests {
    /// Six apps on a 1.5 GB phone under jetsam (iOS 18.4: the reaper is on) and lmkd. com.c
    /// plays audio, so only jetsam's critical loop (band 12) or lmkd's levels take it; com.e's
    /// 1000 MB in use plus its allocations pass a 1050 MB limit (`limit`), or, under a 1300 MB
    /// limit, the 1136 MB the system leaves (`pageshortage`); the others are reaped, or killed by
    /// the idle loop or lmkd's `minfree` levels. The freezer is on (it acts under jetsam only, a
    /// policy with bands, SPEC 37).
    static let day = """
        name: mechanisms
        policy: jetsam
        device: { ram_mb: 1536, ios: "18.4", system_mb: 400, app_limit_mb: 1300, freezer: {} }
        apps:
          - { id: com.a, active_mb: 300, background_mb: 200, suspended_mb: 150 }
          - { id: com.b, active_mb: 400, background_mb: 250, suspended_mb: 180 }
          - { id: com.c, active_mb: 350, background_mb: 200, suspended_mb: 160, background_modes: [audio] }
          - { id: com.d, active_mb: 500, background_mb: 300, suspended_mb: 200 }
          - { id: com.e, active_mb: 1000, background_mb: 300, suspended_mb: 200 }
          - { id: com.f, active_mb: 250, background_mb: 150, suspended_mb: 120 }
        workload:
          duration_s: 36000
          zipf_s: 0.5
          dwell_s: 120
          gap_s: 900
          allocations: { per_hour: 30, mean_mb: 80 }
        replicates: 8
        sweep:
          policy: [jetsam, lmkd]
          device.app_limit_mb: [1050, 1300]
        """

    /// The six triggers SPEC 41 reports, with their columns.
    static let columns: [(Eviction.Trigger, SurvivalColumn)] = [
        (.reaper, .reaperKillsMean), (.idle, .idleKillsMean), (.critical, .criticalKillsMean),
        (.minfree, .minfreeKillsMean), (.pageshortage, .pageshortageKillsMean), (.limit, .limitKillsMean),
    ]

    static func plan(details: Bool, kills: Bool = false) throws -> BatchPlan {
        var options = BatchPlan.Options()
        options.details = details
        options.kills = kills
        return try BatchPlan(templates: [try ScenarioTemplate(text: day, path: "mechanisms.yaml")], options: options)
    }

    @Test("The new columns equal a recomputation from the batch's own evictions.csv files, every trigger occurring")
    func columnsEqualTheRunFolders() throws {
        let folder = SurvivalTaskRunsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try BatchRunner.run(try Self.plan(details: true), outPath: folder, jobs: 2)
        let table = try CSVTable(path: folder + "/survival.csv")
        var seen: Set<Eviction.Trigger> = []
        var froze = false, thawed = false
        #expect(table.rows.count == 24)
        for row in table.rows {
            let runs = try Self.evictionFiles(folder, table, row)
            #expect(runs.count == 8 && table.cell(row, SurvivalColumn.runs) == "8")
            let app = table.cell(row, SurvivalColumn.app)
            let mine = runs.map { $0.filter { $0["app"] == app } }
            for (trigger, column) in Self.columns {
                let count = mine.reduce(0) { $0 + $1.filter { $0["trigger"] == trigger.rawValue }.count }
                if count > 0 { seen.insert(trigger) }
                #expect(table.cell(row, column) == String(format: "%.3f", Double(count) / Double(runs.count)), "\(row) \(trigger)")
            }
            // Pressure kills: memory-pressure, vm-pageshortage and long-idle-exit (SPEC 5, 16).
            let pressure = mine.map { rows in
                Double(rows.filter { ["memory-pressure", "vm-pageshortage", "long-idle-exit"].contains($0["reason"]!) }.count)
            }
            let interval = try #require(ComparisonNumbers.studentInterval(pressure))
            #expect(table.cell(row, SurvivalColumn.meanPressureKills) == String(format: "%.3f", interval.mean))
            #expect(table.cell(row, SurvivalColumn.pressureKillsCILow) == ComparisonNumbers.fixed3(interval.low), "\(row)")
            #expect(table.cell(row, SurvivalColumn.pressureKillsCIHigh) == ComparisonNumbers.fixed3(interval.high), "\(row)")
            // The freezer's acts: a `freeze` or `refreeze` row is a freeze, a `thaw` row a thaw.
            let acts = try Self.runFiles(folder, table, row, "freezer.csv").flatMap { $0.filter { $0["app"] == app } }
            let freezes = acts.filter { ["freeze", "refreeze"].contains($0["action"]!) }.count
            let thaws = acts.filter { $0["action"] == "thaw" }.count
            froze = froze || freezes > 0
            thawed = thawed || thaws > 0
            #expect(table.cell(row, SurvivalColumn.freezesMean) == String(format: "%.3f", Double(freezes) / 8), "\(row)")
            #expect(table.cell(row, SurvivalColumn.thawsMean) == String(format: "%.3f", Double(thaws) / 8), "\(row)")
        }
        #expect(seen == Set(Self.columns.map(\.0)))
        #expect(froze && thawed, "the freezer froze and thawed some app")
        // The counts come from the runs' records, not from the folders: the same batch without
        // --details writes the same bytes.
        let plain = SurvivalTaskRunsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: plain) }
        _ = try BatchRunner.run(try Self.plan(details: false), outPath: plain, jobs: 1)
        #expect(try String(contentsOfFile: plain + "/survival.csv", encoding: .utf8)
            == String(contentsOfFile: folder + "/survival.csv", encoding: .utf8))
    }

    @Test("Two shards of the batch merge into a single run's survival.csv; a shard holds the sum of squares")
    func shardsMerge() throws {
        let plan = try Self.plan(details: false)
        let single = SurvivalTaskRunsTests.folder(), merged = SurvivalTaskRunsTests.folder()
        let shards = [SurvivalTaskRunsTests.folder(), SurvivalTaskRunsTests.folder()]
        defer { for folder in [single, merged] + shards { try? FileManager.default.removeItem(atPath: folder) } }
        _ = try BatchRunner.run(plan, outPath: single, jobs: 1)
        for (index, folder) in shards.enumerated() {
            _ = try BatchRunner.run(plan, outPath: folder, jobs: 1, shard: BatchShard(index: index + 1, count: 2)!)
        }
        let header = try String(contentsOfFile: shards[0] + "/survival.csv", encoding: .utf8).prefix { $0 != "\n" }
        #expect(header.hasSuffix(",total_processing_runs,total_pressure_kill_squares,pressure_kills_ci_high,total_reaper_kills,total_idle_kills,total_critical_kills"
            + ",total_minfree_kills,total_pageshortage_kills,total_limit_kills,total_freezes,total_thaws,device.app_limit_mb"))
        _ = try ShardMerge.merge(shards, into: merged)
        #expect(try String(contentsOfFile: merged + "/survival.csv", encoding: .utf8)
            == String(contentsOfFile: single + "/survival.csv", encoding: .utf8))
    }

    @Test("Student's interval by hand: kills 1, 2 and 3 in three runs give 2 ± 4.303 × 1 / √3 = -0.484 to 4.484; one run, none")
    func intervalByHand() {
        // Σx = 6, Σx² = 14: s² = (3 × 14 − 36) / (3 × 2) = 1; t(0.975, 2) = 4.302652729911275.
        var kills = Eviction.TriggerCounts()
        kills[.reaper] = 2
        kills[.limit] = 1
        let counts = SurvivalTally.Counts.fixture(pressureKills: 6, pressureKillSquares: 14, kills: kills, freezes: 5, thaws: 4)
        func row(runs: Int, shard: Bool) -> [String] {
            var bytes: [UInt8] = []
            SurvivalCSV.appendRow(BatchRowPrefix(fields: ["s", "jetsam", "com.a"].map { ArraySlice($0.utf8) }),
                                  runs: runs, counts: counts, shard: shard, to: &bytes)
            return String(decoding: bytes, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).suffix(10).map(String.init)
        }
        // Freezes 5 and thaws 4 over 3 runs: 1.667 and 1.333 per run.
        #expect(row(runs: 3, shard: false) == ["-0.484", "4.484", "0.667", "0.000", "0.000", "0.000", "0.000", "0.333", "1.667", "1.333"])
        #expect(row(runs: 1, shard: false) == ["", "", "2.000", "0.000", "0.000", "0.000", "0.000", "1.000", "5.000", "4.000"])
        #expect(row(runs: 3, shard: true) == ["14", "4.484", "2", "0", "0", "0", "0", "1", "5", "4"])
        // Every run the same (s = 0): both ends are the mean.
        #expect(SurvivalCSV.studentInterval(runs: 4, total: 8, squares: 16).map { [$0.low, $0.high] } == [2, 2])
    }

    /// The rows of each run's `evictions.csv` of `row`'s point (`<name>/policy=P/KEY=V/replicate-k`),
    /// as dictionaries by column name.
    static func evictionFiles(_ folder: String, _ table: CSVTable, _ row: [String]) throws -> [[[String: String]]] {
        try runFiles(folder, table, row, "evictions.csv")
    }

    /// The rows of each run's `file` of `row`'s point, as `evictionFiles` reads them.
    static func runFiles(_ folder: String, _ table: CSVTable, _ row: [String], _ file: String) throws -> [[[String: String]]] {
        let point = folder + "/" + table.cell(row, SurvivalColumn.scenario) + "/policy=" + table.cell(row, SurvivalColumn.policy)
            + "/device.app_limit_mb=" + row[table.header.firstIndex(of: "device.app_limit_mb")!]
        let replicates = try FileManager.default.contentsOfDirectory(atPath: point).filter { $0.hasPrefix("replicate-") }.sorted()
        return try replicates.map { try CSVTable(path: point + "/" + $0 + "/" + file).dictionaries }
    }
}

/// A small CSV file read whole, for tests: fields hold no commas in these files.
struct CSVTable {
    var header: [String]
    var rows: [[String]]

    init(path: String) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        header = lines[0]
        rows = Array(lines.dropFirst())
    }

    func cell(_ row: [String], _ column: SurvivalColumn) -> String { row[header.firstIndex(of: column.rawValue)!] }

    var dictionaries: [[String: String]] { rows.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) } }
}
