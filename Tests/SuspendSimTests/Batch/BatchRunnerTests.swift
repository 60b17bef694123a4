import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Batches (docs/batch-runs.md): in parallel, the same bytes at any number of workers, shards that merge
/// back into a single run.
@Suite struct BatchRunnerTests {
    /// A small randomized scenario: 4 apps on a tight device, a 2-hour workload.
    static let randomized = """
        name: tight
        device: { ram_mb: 1024, reserved_mb: 300 }
        apps:
          - { id: com.a, active_mb: 220, suspended_mb: 150 }
          - { id: com.b, active_mb: 180, suspended_mb: 120, background_modes: [fetch] }
          - { id: com.c, active_mb: 260, suspended_mb: 200 }
          - { id: "com.d,quoted", active_mb: 140, suspended_mb: 90 }
        workload:
          duration_s: 7200
          dwell_s: 120
          gap_s: 300
          wakes_per_hour: 2
          allocations: { per_hour: 10, mean_mb: 20 }
        replicates: 6
        sweep:
          device.ram_mb: [1024, 1536]

        """

    /// A deterministic scenario.
    static let fixed = """
        name: fixed
        device: { ram_mb: 2048 }
        apps: [{ id: com.x, active_mb: 100 }]
        events: [{ at: 0, open: com.x }, { at: 1, home }]

        """

    static func templates() throws -> [ScenarioTemplate] {
        [try ScenarioTemplate(text: fixed, path: "fixed.yaml"), try ScenarioTemplate(text: randomized, path: "tight.yaml")]
    }

    static func folder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("suspendsim-batch-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func files(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder)
        while let relative = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                files[relative] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + relative))
            }
        }
        return files
    }

    @Test("The plan: scenarios in order, then points (first axis outermost), then replicates")
    func planOrder() throws {
        var options = BatchPlan.Options()
        options.settings = [SweepAxis(key: .policy, values: ["lru", "jetsam"])]
        let plan = try BatchPlan(templates: try Self.templates(), options: options)
        #expect(plan.columns == ["device.ram_mb"])
        #expect(plan.entries.map(\.kind) == [.batch, .batch])
        // fixed: 2 policies × 1; tight: 2 RAM sizes × 2 policies × 6 replicates.
        #expect(plan.unitCount == 2 + 24)
        #expect(plan.locate(0) == (0, 0, 0) && plan.locate(1) == (0, 1, 0))
        #expect(plan.locate(2) == (1, 0, 0) && plan.locate(7) == (1, 0, 5) && plan.locate(8) == (1, 1, 0))
        #expect(plan.locate(25) == (1, 3, 5))
        let tight = plan.entries[1]
        #expect(tight.points.map { $0.settings.map(\.value) } == [["1024", "lru"], ["1024", "jetsam"], ["1536", "lru"], ["1536", "jetsam"]])
        #expect(tight.points.map(\.scenario.policyName) == ["lru", "jetsam", "lru", "jetsam"])
        #expect(plan.entries[0].points.map(\.columnValues) == [[nil], [nil]])
        #expect(plan.folder(entry: 1, point: 2, replicate: 4) == "tight/device.ram_mb=1536/policy=lru/replicate-4")
        #expect(plan.folder(entry: 0, point: 1, replicate: 0) == "fixed/policy=jetsam")
    }

    @Test("Without a sweep, a scenario without a workload is a single run, as before batches")
    func singleRuns() throws {
        let plan = try BatchPlan(templates: [try ScenarioTemplate(text: Self.fixed, path: "fixed.yaml")], options: .init())
        #expect(plan.entries[0].kind == .single && !plan.writesSurvival && plan.columns.isEmpty && plan.unitCount == 1)
        var every = BatchPlan.Options()
        every.policy = .every
        #expect(try BatchPlan(templates: try Self.templates(), options: every).entries.map(\.kind) == [.singleEveryPolicy, .batch])
        var named = BatchPlan.Options()
        named.policy = .named("lmkd")
        let lmkd = try BatchPlan(templates: try Self.templates(), options: named)
        #expect(lmkd.entries.map(\.kind) == [.single, .batch])
        #expect(lmkd.entries.allSatisfy { $0.points.allSatisfy { $0.scenario.policyName == "lmkd" } })
    }

    @Test("The same bytes at 1, 2 and 5 workers, with and without report folders")
    func workersDoNotChangeBytes() throws {
        for details in [false, true] {
            var options = BatchPlan.Options()
            options.seed = 99
            options.details = details
            let plan = try BatchPlan(templates: try Self.templates(), options: options)
            var outputs: [[String: Data]] = []
            for jobs in [1, 2, 5] {
                let out = Self.folder()
                defer { try? FileManager.default.removeItem(atPath: out) }
                let output = try BatchRunner.run(plan, outPath: out, jobs: jobs)
                #expect(output.failures.isEmpty && output.unitsRun == plan.unitCount)
                outputs.append(try Self.files(out))
            }
            #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
            #expect(outputs[0].keys.contains("fixed/survivors.csv"))
            #expect(outputs[0].keys.contains("tight/device.ram_mb=1536/replicate-5/evictions.csv") == details)
        }
    }

    @Test("summary.csv has a row per run with its seed and replicate; survival.csv counts them")
    func summaryAndSurvival() throws {
        var options = BatchPlan.Options()
        options.seed = 5
        let plan = try BatchPlan(templates: try Self.templates(), options: options)
        let out = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try BatchRunner.run(plan, outPath: out, jobs: 2)
        let summary = try String(contentsOfFile: out + "/summary.csv", encoding: .utf8).split(separator: "\n")
        #expect(summary[0] == "scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,hot_launch_ratio,pressure_kills,state_losses,min_free_mb,launch_wait_s,duration_s,kills_per_hour,"
            + "launch_wait_p50_s,launch_wait_p95_s,kills_per_use_hour,freezes,thaws,frozen_mb_written,device.ram_mb")
        #expect(summary[1].hasPrefix("fixed,largest-first,,,1,2,1,0,0.000,0,0,") && summary[1].hasSuffix(","))
        #expect(summary.count == 1 + 1 + 12)

        // Count survivals directly, run by run, and compare with survival.csv.
        let template = try ScenarioTemplate(text: Self.randomized, path: "tight.yaml")
        var expectedRows: [String] = []
        for (index, ram) in ["1024", "1536"].enumerated() {
            var scenario = try template.scenario(at: [SweepSetting(axis: template.sweep[0], index: index)])
            var counts = Array(repeating: SurvivalTally.Counts.zero, count: 4)
            for replicate in 0..<6 {
                let seed = BatchSeed.seed(base: 5, scenario: "tight", replicate: replicate)
                scenario.seed = seed
                let result = Simulation.run(scenario)
                #expect(summary[2 + index * 6 + replicate].hasPrefix("tight,largest-first,\(seed),\(replicate),4,\(result.eventsRun),"))
                for (app, outcome) in result.apps.enumerated() { counts[app] += SurvivalTally.Counts(outcome) }
            }
            for (app, id) in ["com.a", "com.b", "com.c", "\"com.d,quoted\""].enumerated() {
                var bytes: [UInt8] = []
                SurvivalCSV.appendRow(BatchRowPrefix(fields: ["tight", "largest-first", id].map { ArraySlice($0.utf8) }),
                                      runs: 6, counts: counts[app], to: &bytes)
                expectedRows.append("\(String(decoding: bytes, as: UTF8.self)),\(ram)")
            }
        }
        let survival = try String(contentsOfFile: out + "/survival.csv", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(survival[0] == "scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high,never_killed,never_killed_rate,"
            + "never_killed_ci_low,never_killed_ci_high,mean_pressure_kills,mean_cold_launches,mean_warm_launches,"
            + "launched,launched_survival_rate,launched_ci_low,launched_ci_high,refresh_runs_mean,processing_runs_mean,pressure_kills_ci_low,pressure_kills_ci_high,reaper_kills_mean,idle_kills_mean,critical_kills_mean,minfree_kills_mean,pageshortage_kills_mean,limit_kills_mean,freezes_mean,thaws_mean,device.ram_mb")
        // A single run: rates without intervals (SPEC 14); launched once, survived (SPEC 19).
        #expect(survival[1].hasPrefix("fixed,largest-first,com.x,1,1,1.000,,,1,1.000,,,0.000,1.000,0.000,1,1.000,,,"))
        #expect(Array(survival.dropFirst(2)) == expectedRows)
    }

    @Test("Shards merge into exactly the bytes of a single run", arguments: [2, 3, 7])
    func shardsMerge(_ count: Int) throws {
        var options = BatchPlan.Options()
        options.details = true
        let plan = try BatchPlan(templates: try Self.templates(), options: options)
        let single = Self.folder()
        let merged = Self.folder()
        let shards = (0..<count).map { _ in Self.folder() }
        defer { for folder in [single, merged] + shards { try? FileManager.default.removeItem(atPath: folder) } }
        _ = try BatchRunner.run(plan, outPath: single, jobs: 2)
        for (index, folder) in shards.enumerated() {
            _ = try BatchRunner.run(plan, outPath: folder, jobs: 2, shard: BatchShard(index: index + 1, count: count)!)
        }
        let result = try ShardMerge.merge(shards.reversed(), into: merged)
        #expect(result == ShardMerge.Summary(shards: count, units: plan.unitCount))
        #expect(try Self.files(merged) == (try Self.files(single)))
    }

    @Test("merge refuses incomplete batches and shards of different batches")
    func mergeChecks() throws {
        let plan = try BatchPlan(templates: try Self.templates(), options: .init())
        var other = BatchPlan.Options()
        other.seed = 1
        let otherPlan = try BatchPlan(templates: try Self.templates(), options: other)
        let folders = (0..<4).map { _ in Self.folder() }
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        _ = try BatchRunner.run(plan, outPath: folders[0], jobs: 1, shard: BatchShard(index: 1, count: 2)!)
        _ = try BatchRunner.run(plan, outPath: folders[1], jobs: 1, shard: BatchShard(index: 2, count: 2)!)
        _ = try BatchRunner.run(otherPlan, outPath: folders[2], jobs: 1, shard: BatchShard(index: 2, count: 2)!)
        func message(_ folders: [String]) -> String {
            do {
                _ = try ShardMerge.merge(folders, into: folders[3 % folders.count] + "-out")
                return "merged"
            } catch {
                return "\(error)"
            }
        }
        #expect(message([folders[0]]).contains("missing shard 2/2"))
        #expect(message([folders[0], folders[0]]).contains("shard 1/2 given twice"))
        #expect(message([folders[0], folders[2]]).contains("another batch"))
        #expect(message([folders[3]]).contains("no such file"))
    }

    @Test("Shards split units round-robin")
    func shardUnits() {
        let shard = BatchShard(index: 2, count: 3)!
        #expect((0..<4).map(shard.unit) == [1, 4, 7, 10])
        #expect(shard.unitCount(of: 10) == 3 && shard.unitCount(of: 1) == 0 && shard.unitCount(of: 2) == 1)
        #expect(shard.unitCount(from: 4, length: 4) == 2)  // units 4 and 7
        #expect(BatchShard(parsing: "3/3") != nil && BatchShard(parsing: "0/3") == nil && BatchShard(parsing: "4/3") == nil)
        #expect(BatchShard(parsing: "1-3") == nil)
    }
}
