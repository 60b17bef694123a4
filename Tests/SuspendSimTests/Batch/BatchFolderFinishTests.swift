import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `BatchFolderFinish`: the files beside `summary.csv`, for `run` (from the plan), `merge` and
/// `report` (from the folder), and the earlier batch's files a run removes.
@Suite struct BatchFolderFinishTests {
    /// A scenario sweeping one key with two replicates: a batch whose what-if is SPEC 25's
    /// default (the key's first value), with no trace users, so no default grouping.
    static let sweep = """
        name: sweep
        device: { ram_mb: 2048 }
        apps: [{ id: com.example.a, active_mb: 300, suspended_mb: 200 }, { id: com.example.b, active_mb: 400, suspended_mb: 250 }]
        workload: { duration_s: 600, dwell_s: 60, gap_s: 30 }
        replicates: 2
        sweep: { device.ram_mb: [1024, 2048] }
        """

    /// A single run: no sweep, no replicates.
    static let single = """
        name: single
        device: { ram_mb: 2048 }
        apps: [{ id: com.example.a, active_mb: 100 }]
        events: [{ at: 0, open: com.example.a }]
        """

    /// `texts` planned with `settings` and run (its share `shard`) into `folder/out`, with the
    /// what-if `run` would choose (`WhatIf.defaultChoice`) and its apps recorded.
    static func run(_ texts: [String], settings: [String] = [], shard: BatchShard = .whole, in folder: TemporaryFolder)
        throws -> (plan: BatchPlan, output: BatchRunner.Output, whatIf: WhatIf?, out: String) {
        var options = BatchPlan.Options()
        options.settings = try settings.map { try SweepAxis(parsing: $0) }
        let templates = try texts.enumerated().map { try ScenarioTemplate(text: $1, path: folder.path + "/s\($0).yaml") }
        let plan = try BatchPlan(templates: templates, options: options)
        let whatIf = plan.writesSurvival ? WhatIf.defaultChoice(plan.sweptKeys) : nil
        let out = folder.path + "/out"
        let output = try BatchRunner.run(plan, outPath: out, jobs: 2, shard: shard, whatIfApps: whatIf.map { _ in plan.whatIfApps(given: []) },
                                         whatIf: whatIf)
        #expect(output.failureCount == 0, "\(output.failures)")
        return (plan, output, whatIf, out)
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test("run of a sweep: whatif.csv for the key's first value, labels.csv and focus.csv as given; no comparison without trace users")
    func sweepRun() throws {
        let folder = try TemporaryFolder()
        let ran = try Self.run([Self.sweep], in: folder)
        #expect(ran.whatIf?.key == "device.ram_mb" && ran.whatIf?.baseline == "1024")
        let labels = [SweepValueLabel(key: "device.ram_mb", value: "1024", text: "1 GB")]
        let finish = BatchFolderFinish(.run(ran.plan, shard: .whole, focusRuns: ran.output.focusRuns, labels: labels, focusApps: ["sweep/com.example.b"]),
                                       whatIf: ran.whatIf, jobs: 2)
        let written = try finish.write(folder: ran.out)
        #expect(written.comparison == nil && !Self.exists(BatchReportFile.groups.path(in: ran.out)))
        #expect(written.whatIf == BatchReportFile.whatif.path(in: ran.out) && Self.exists(BatchReportFile.whatif.path(in: ran.out)))
        #expect(written.labels == BatchReportFile.labels.path(in: ran.out) && written.focusApps == BatchReportFile.focus.path(in: ran.out))
        #expect(written.removed.isEmpty)
        #expect(try String(contentsOfFile: BatchReportFile.labels.path(in: ran.out), encoding: .utf8) == "key,value,label\ndevice.ram_mb,1024,1 GB\n")
        #expect(try String(contentsOfFile: BatchReportFile.focus.path(in: ran.out), encoding: .utf8) == "app\nsweep/com.example.b\n")
        #expect(try FocusAppsCSV.read(folder: ran.out) == ["sweep/com.example.b"])
        // --baseline POLICY without a default grouping: every key (one scenario: policy, the sweep).
        let asked = try BatchFolderFinish(.report(whatIfApps: []), baseline: "largest-first").write(folder: ran.out)
        #expect(asked.comparison?.keys == ["policy", "device.ram_mb"] && asked.whatIf == nil && asked.labels == nil)
        // whatif.csv from the values kept in memory is the file computed from focus_runs.csv.
        let kept = try String(contentsOfFile: BatchReportFile.whatif.path(in: ran.out), encoding: .utf8)
        _ = try BatchFolderFinish(.merge, whatIf: ran.whatIf).write(folder: ran.out)
        #expect(try String(contentsOfFile: BatchReportFile.whatif.path(in: ran.out), encoding: .utf8) == kept)
    }

    @Test("run of a batch over three trace users: groups.csv by the plan's default keys (policy, then the sweep but trace.user), no paired.csv with one policy; merge and report read the same keys back")
    func traceUsers() throws {
        let folder = try TemporaryFolder()
        let ran = try Self.run([ComparisonKeysFromPlanTests.traced("day", user: "all")], settings: ["device.ram_mb=2048,4096"], in: folder)
        let written = try BatchFolderFinish(.run(ran.plan, shard: .whole, focusRuns: ran.output.focusRuns, labels: [], focusApps: nil),
                                            whatIf: ran.whatIf).write(folder: ran.out)
        let comparison = try #require(written.comparison)
        #expect(comparison.keys == ["policy", "device.ram_mb"])
        #expect(comparison.files.paths == [BatchReportFile.groups.path(in: ran.out)])
        let groups = try String(contentsOfFile: BatchReportFile.groups.path(in: ran.out), encoding: .utf8)
        // merge reads the keys from summary.csv, and writes the same file.
        let merged = try BatchFolderFinish(.merge).write(folder: ran.out)
        #expect(merged.comparison?.keys == comparison.keys)
        #expect(try String(contentsOfFile: BatchReportFile.groups.path(in: ran.out), encoding: .utf8) == groups)
        // report writes no comparison unless asked; with --baseline POLICY alone, the default grouping.
        #expect(try BatchFolderFinish(.report(whatIfApps: [])).write(folder: ran.out).comparison == nil)
        let asked = try BatchFolderFinish(.report(whatIfApps: []), baseline: "largest-first").write(folder: ran.out)
        #expect(asked.comparison?.keys == comparison.keys)
    }

    @Test("A shard writes no comparison even when grouped, and removes an earlier whatif.csv, keeping its own focus_runs.csv")
    func shard() throws {
        let folder = try TemporaryFolder()
        let ran = try Self.run([Self.sweep], shard: BatchShard(index: 1, count: 2)!, in: folder)
        let earlier = BatchReportFile.whatif.path(in: ran.out)
        try "earlier\n".write(toFile: earlier, atomically: true, encoding: .utf8)
        let written = try BatchFolderFinish(.run(ran.plan, shard: BatchShard(index: 1, count: 2)!, focusRuns: ran.output.focusRuns, labels: [], focusApps: nil),
                                            grouping: ["policy"], whatIf: ran.whatIf).write(folder: ran.out)
        #expect(written.comparison == nil && written.whatIf == nil)
        #expect(written.removed == [earlier] && !Self.exists(earlier))
        #expect(Self.exists(BatchReportFile.focusRuns.path(in: ran.out)))
        #expect(!Self.exists(BatchReportFile.groups.path(in: ran.out)))
    }

    @Test("A run without a what-if or labels over an earlier batch's folder removes its whatif.csv, focus_runs.csv and labels.csv; a single run leaves focus.csv")
    func staleFiles() throws {
        let folder = try TemporaryFolder()
        let out = folder.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for file in [BatchReportFile.whatif, .focusRuns, .labels, .focus] {
            try "earlier\n".write(toFile: file.path(in: out), atomically: true, encoding: .utf8)
        }
        let ran = try Self.run([Self.single], in: folder)
        #expect(ran.whatIf == nil)
        let written = try BatchFolderFinish(.run(ran.plan, shard: .whole, focusRuns: nil, labels: [], focusApps: ["single/com.example.a"]))
            .write(folder: out)
        #expect(written.removed == [BatchReportFile.whatif.path(in: out), BatchReportFile.focusRuns.path(in: out)])
        #expect(written.labels == nil && !Self.exists(BatchReportFile.labels.path(in: out)))
        // focus.csv is a batch's (a sweep chart's apps): a single run neither writes nor removes it.
        #expect(written.focusApps == nil && Self.exists(BatchReportFile.focus.path(in: out)))
    }

    @Test("A failing step stops the rest and carries what was written before it: report --by policy --baseline KEY=VALUE on a key not swept")
    func failureCarriesWhatWasWritten() throws {
        let folder = try TemporaryFolder()
        let ran = try Self.run([Self.sweep], in: folder)
        let finish = BatchFolderFinish(.report(whatIfApps: []), grouping: ["policy"], whatIf: WhatIf(parsing: "device.cpu_count=2"))
        #expect {
            try finish.write(folder: ran.out)
        } throws: { error in
            guard let failure = error as? BatchFolderFinish.Failure, case .usage = failure.error as? ComparisonError else { return false }
            return failure.step == .whatIf && failure.written.comparison?.files.paths == [BatchReportFile.groups.path(in: ran.out)]
                && failure.written.whatIf == nil
        }
    }

    @Test("labels.csv: written and read back, a label with a comma and a quote whole; no labels removes the file")
    func labelsFile() throws {
        let folder = try TemporaryFolder()
        let labels = [SweepValueLabel(key: "device.compressor.pool_mb", value: "0", text: "no \"zram\", none")]
        #expect(try LabelsCSV.write(labels, in: folder.path) == folder.path + "/labels.csv")
        let text = try String(contentsOfFile: folder.path + "/labels.csv", encoding: .utf8)
        #expect(text == "key,value,label\ndevice.compressor.pool_mb,0,\"no \"\"zram\"\", none\"\n")
        #expect(try LabelsCSV.read(folder: folder.path) == labels)
        #expect(try LabelsCSV.write([], in: folder.path) == nil)
        #expect(!Self.exists(folder.path + "/labels.csv"))
    }

    @Test("focus.csv quotes an app id holding a comma or a quote, as any CSV field, and reads it back whole (SPEC 19, 35)")
    func focusAppsQuoted() throws {
        let folder = try TemporaryFolder()
        // SPEC 35 refuses control characters and formula starts in an app id, not commas or quotes.
        let apps = ["day/com.example.plain", "day/com.example.a,b", "day/com.example.\"q\""]
        let path = try #require(try FocusAppsCSV.write(apps, in: folder.path))
        // RFC 4180: a field with a comma or a quote is quoted, its quotes doubled.
        #expect(try String(contentsOfFile: path, encoding: .utf8)
                == "app\nday/com.example.plain\n\"day/com.example.a,b\"\n\"day/com.example.\"\"q\"\"\"\n")
        #expect(try FocusAppsCSV.read(folder: folder.path) == apps)
        // No apps: the earlier batch's file is removed, and nothing is read back.
        #expect(try FocusAppsCSV.write(nil, in: folder.path) == nil)
        #expect(try FocusAppsCSV.read(folder: folder.path) == nil)
    }

    @Test("a focus.csv without its app column is refused as a report file that cannot be read, naming the file")
    func focusAppsUnreadable() throws {
        let folder = try TemporaryFolder()
        let path = BatchReportFile.focus.path(in: folder.path)
        try "apps\nday/com.example.a\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try FocusAppsCSV.read(folder: folder.path)
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("app")
        }
    }
}
