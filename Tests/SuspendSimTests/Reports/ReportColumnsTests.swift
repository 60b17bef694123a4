import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Each CSV declares its columns once (`CSVColumns`): the header comes from the declaration and
/// every row visits the same columns, so rows and header always have the same number of fields.
@Suite struct ReportColumnsTests {
    /// SPEC 8's headers, with SPEC 11's `phase`, SPEC 14's columns and `priority`, SPEC 17's
    /// `launch_wait_s` and `exits.csv` (its header written out as SPEC 17 gives it), SPEC 22's
    /// compressor columns and SPEC 37's freezer columns last, as the reports reference (`docs/reports.md`) lists them.
    static let documentedHeaders: [RunReportFile: String] = [
        .transitions: "time_s,app,from,to,cause",
        .callbacks: "time_s,app,callback,phase",
        .evictions: "seq,time_s,app,state,footprint_mb,reason,policy,free_before_mb,free_after_mb,priority,"
            + "trigger,threshold_mb,rank,candidates,runner_up,compressed_mb",
        .memory: "time_s,app,state,footprint_mb,compressed_mb,flash_mb",
        .pressure: "time_s,used_mb,free_mb,level,compressed_mb,compressor_mb,flash_mb",
        .skipped: "time_s,event,app,reason",
        .survivors: "app,survived,final_state,footprint_mb,cold_launches,warm_launches,pressure_kills,other_kills,"
            + "state_losses,never_killed,first_kill_s,resident_s,launch_wait_s,compressions,refresh_runs,processing_runs,freezes,thaws",
        .exits: "app,foreground_memory_resource_limit,foreground_memory_pressure,background_memory_pressure,"
            + "background_memory_resource_limit,background_app_watchdog,background_task_assertion_timeout,"
            + "background_fetch_completion_timeout,background_normal,user_force_quit",
        .device: "key,value",
        .tasks: "seq,app,kind,submitted_s,due_s,granted_s,ended_s,outcome",
        .launches: "time_s,app,kind,wait_s",
        .freezer: "time_s,app,action,written_mb,budget_left_mb,frozen_count",
        .assumptions: "key,value,unit,origin,source,low,high",
    ]

    @Test("every run-report file's header is its column table, as SPEC 8 and 14 name the columns")
    func headersAreTheDocumentedOnes() {
        for file in RunReportFile.allCases {
            #expect(file.header == Self.documentedHeaders[file], "\(file.rawValue)")
        }
        #expect(SummaryColumn.header == "scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,"
            + "hot_launch_ratio,pressure_kills,state_losses,min_free_mb,launch_wait_s,duration_s,kills_per_hour,"
            + "launch_wait_p50_s,launch_wait_p95_s,kills_per_use_hour,freezes,thaws,frozen_mb_written")
        #expect(PairedColumn.header == "policy,baseline,metric,pairs,mean_diff,ci_low,ci_high,wilcoxon_p,"
            + "wilcoxon_method,p_holm,ratio,ratio_ci_low,ratio_ci_high")
        #expect(WhatIfColumn.header == "key,value,baseline,app,metric,pairs,baseline_mean,mean,mean_diff,ci_low,ci_high,wilcoxon_p,"
            + "wilcoxon_method,p_holm,ratio,ratio_ci_low,ratio_ci_high")
        #expect(ComparisonColumn.header
            == "scenario,policy,pressure_kills,state_losses,cold_launches,warm_launches,hot_launch_ratio,min_free_mb")
        // comparison.csv's fields are written as summary.csv's.
        #expect(BatchReportFile.allCases.map(\.fileName) == ["summary.csv", "survival.csv", "exits.csv", "observed.csv",
                                                              "comparison.csv", "groups.csv", "paired.csv", "focus.csv", "focus_runs.csv",
                                                              "whatif.csv", "shard.csv", "labels.csv", "assumptions.csv", "kills.csv"])
        #expect(ComparisonColumn.allCases.allSatisfy { SummaryColumn(rawValue: $0.rawValue) != nil })
    }

    @Test("a written report's rows have as many fields as its header, in every file")
    func rowsHaveTheHeadersFieldCount() throws {
        try withTemporaryFolder { folder in
            let target = folder.appendingPathComponent("golden")
            try Simulation.run(goldenScenario(), writingReportTo: target)
            for file in RunReportFile.allCases {
                let reader = try CSVRecordReader(path: target.appendingPathComponent(file.rawValue).path)
                let header = try #require(try reader.next())
                #expect(String(decoding: header, as: UTF8.self) == file.header)
                let width = CSVRecordReader.fields(header).count
                var rows = 0
                while let record = try reader.next() {
                    #expect(CSVRecordReader.fields(record).count == width, "\(file.rawValue) row \(rows + 2)")
                    rows += 1
                }
                // The golden scenario lists no bg_tasks: its tasks.csv is a header (TasksReportTests
                // checks a tasks.csv with rows), and no freezer: its freezer.csv is a header too
                // (FreezerReportTests checks one with rows).
                #expect(rows > 0 || file == .tasks || file == .freezer, "\(file.rawValue) has rows")
            }
        }
    }

    @Test("a shard's survival.csv names totals where the single run's names means; the rest is the same")
    func shardSurvivalHeader() {
        let single = BatchReportFile.survival.header(followedBy: ["device.ram_mb"]).split(separator: ",")
        let shard = BatchReportFile.survival.header(followedBy: ["device.ram_mb"], shard: true).split(separator: ",")
        #expect(single.count == shard.count)
        // `mean_X` (SPEC 14) and `X_mean` (SPEC 28's task grants, SPEC 41's kills by trigger) are
        // both `total_X`; the pressure kills' lower bound holds the sum of their squares (SPEC 41).
        for (a, b) in zip(single, shard) where a != b {
            let isMean = a.hasPrefix("mean_") && b == "total_" + a.dropFirst("mean_".count)
            let isSuffixMean = a.hasSuffix("_mean") && b == "total_" + a.dropLast("_mean".count)
            let isSquares = a == "pressure_kills_ci_low" && b == "total_pressure_kill_squares"
            #expect(isMean || isSuffixMean || isSquares, "\(a) -> \(b)")
        }
        #expect(single.filter { $0.hasPrefix("mean_") }.count == 3)
        #expect(single.filter { $0.hasSuffix("_mean") } == ["refresh_runs_mean", "processing_runs_mean", "reaper_kills_mean",
                                                             "idle_kills_mean", "critical_kills_mean", "minfree_kills_mean",
                                                             "pageshortage_kills_mean", "limit_kills_mean", "freezes_mean", "thaws_mean"])
    }

    /// A small batch with `observed:` that sweeps `device.ram_mb`.
    static let batchScenario = """
        name: tight
        device: { ram_mb: 1024, reserved_mb: 300 }
        apps:
          - { id: com.a, active_mb: 220, suspended_mb: 150 }
          - { id: com.b, active_mb: 180, suspended_mb: 120 }
        workload: { duration_s: 600, dwell_s: 60, gap_s: 60 }
        replicates: 2
        sweep: { device.ram_mb: [1024, 1536] }
        observed: { app: com.a, days: 1, cold_launches: 1, resumes: 1 }

        """

    /// The header's names and every row's width of `file` in `folder`.
    static func table(_ file: BatchReportFile, in folder: String) throws -> (header: [String], widths: Set<Int>) {
        let reader = try CSVRecordReader(path: file.path(in: folder))
        let header = try #require(try reader.next())
        var widths: Set<Int> = []
        while let record = try reader.next() { widths.insert(CSVRecordReader.fields(record).count) }
        return (CSVRecordReader.fields(header).map(CSVRecordReader.text), widths)
    }

    @Test("survival.csv, exits.csv and observed.csv (and their shards') begin with BatchRowPrefix's cells; a shard's observed column holds its namesake's cell")
    func batchRowsShareTheirPrefix() {
        let prefix = { (names: [String]) in Array(names.prefix(BatchRowPrefix.count)) }
        #expect(prefix(SurvivalColumn.names) == ["scenario", "policy", "app"])
        #expect(prefix(BatchExitColumn.names) == ["scenario", "policy", "app"])
        #expect(prefix(ObservedColumn.names) == ["scenario", "policy", "counter"])
        #expect(prefix(ObservedShardColumn.names) == ["scenario", "policy", "counter"])
        #expect(ObservedShardColumn.allCases.filter { ObservedColumn(rawValue: $0.rawValue) == nil } == [.total, .totalSquares])
        // A quoted id is one cell, written as given; the columns after the prefix follow in order.
        var bytes: [UInt8] = []
        let cells = BatchRowPrefix(scenario: "s", policy: "lru", subject: "com.a,b")
        cells.appendRow(ObservedColumn.self, to: &bytes) { column, bytes in bytes.append(contentsOf: Array(column.rawValue.utf8)) }
        #expect(String(decoding: bytes, as: UTF8.self)
            == "s,lru,\"com.a,b\",observed,observed_ci_low,observed_ci_high,simulated_mean,ci_low,ci_high,runs")
    }

    @Test("every file a batch writes starts with its case's columns (a shard's with its shardColumns), then the sweep columns; groups.csv and paired.csv put the keys first; every row is as wide as the header")
    func batchFilesHaveTheirCasesColumns() throws {
        var options = BatchPlan.Options()
        options.policy = .every
        options.kills = true
        let plan = try BatchPlan(templates: [try ScenarioTemplate(text: Self.batchScenario, path: "tight.yaml")], options: options)
        let single = try BatchPlan(templates: [try ScenarioTemplate(text: BatchRunnerTests.fixed, path: "fixed.yaml")], options: options)
        try withTemporaryFolder { folder in
            let whole = folder.appendingPathComponent("whole").path
            let shard = folder.appendingPathComponent("shard").path
            let comparison = folder.appendingPathComponent("comparison").path
            _ = try BatchRunner.run(plan, outPath: whole, jobs: 1, whatIfApps: plan.whatIfApps(given: []))
            _ = try BatchComparison(keys: ["device.ram_mb", "policy"]).write(folder: whole)
            _ = try BatchWhatIf.write(folder: whole, whatIf: WhatIf(key: "device.ram_mb", baseline: "1024"))
            _ = try BatchRunner.run(plan, outPath: shard, jobs: 1, shard: try #require(BatchShard(index: 1, count: 2)))
            _ = try BatchRunner.run(single, outPath: comparison, jobs: 1)
            #expect(plan.columns == ["device.ram_mb"] && plan.tableColumns == plan.columns)
            var checked: [(BatchReportFile, String, [String])] = [
                (.summary, whole, BatchReportFile.summary.columns + plan.columns),
                (.summary, shard, BatchReportFile.summary.columns + plan.columns),
                (.groups, whole, ["device.ram_mb", "policy"] + BatchReportFile.groups.columns),
                (.paired, whole, ["device.ram_mb"] + BatchReportFile.paired.columns),
                (.shard, shard, BatchReportFile.shard.columns),
                (.focusRuns, whole, BatchReportFile.focusRuns.columns + plan.columns + ["app"] + WhatIfAppMetric.names),
                (.whatif, whole, ["scenario", "policy"] + BatchReportFile.whatif.columns),
                // SPEC 36: the sweep columns between scenario,policy and the run folder's columns.
                (.assumptions, whole, ["scenario", "policy"] + plan.columns + BatchReportFile.assumptions.columns.dropFirst(2)),
                (.assumptions, shard, ["scenario", "policy"] + plan.columns + BatchReportFile.assumptions.columns.dropFirst(2)),
                (.comparison, comparison, BatchReportFile.comparison.columns),
                // SPEC 41: the run's columns, the sweep columns, then the kill's.
                (.kills, whole, BatchReportFile.kills.columns + plan.columns + KillsColumn.names),
                (.kills, shard, BatchReportFile.kills.columns + plan.columns + KillsColumn.names),
            ]
            for file in [BatchReportFile.survival, .exits, .observed] {
                checked.append((file, whole, file.columns + plan.tableColumns))
                checked.append((file, shard, file.shardColumns + plan.tableColumns))
            }
            for (file, folder, columns) in checked {
                let table = try Self.table(file, in: folder)
                #expect(table.header == columns, "\(folder)/\(file.fileName)")
                // This batch kills nothing: its kills.csv holds the header alone (BatchKillsTests
                // reads the rows of one that kills).
                #expect(table.widths == [columns.count] || (file == .kills && table.widths.isEmpty), "\(folder)/\(file.fileName)'s rows")
            }
            // focus.csv and labels.csv are written when the folder is finished (BatchFolderFinish:
            // FocusAppsCSV, LabelsCSV), from their headers.
            #expect(Set(checked.map(\.0)) == Set(BatchReportFile.allCases).subtracting([.focus, .labels]))
            #expect(BatchReportFile.focus.header() == "app")
            #expect(BatchReportFile.labels.header() == "key,value,label")
        }
    }
}
