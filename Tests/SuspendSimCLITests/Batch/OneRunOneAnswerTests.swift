import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@testable import SuspendSimCore

/// One run, one answer: every way of running a scenario gives the same `summary.csv` row, every
/// column (SPEC 8, 17, 21), and each run's row follows from its own report folder.
///
/// The same files (the bundled scenarios, random event lists and random workloads) go through
/// every path: a single run, `--policy all`, a batch that sweeps the policies with and without
/// `--details`, three shards and `merge`, `check --html`, the Swift `Batch` API, and `report`
/// redrawing a batch's comparison. A field that one path leaves out (a run's length once was,
/// on the paths that write report folders) shows as a differing cell.
@Suite(.serialized) struct OneRunOneAnswerTests {
    private static let policies = BuiltInPolicies.names
    private static let replicates = "2"

    /// The files every path runs: the bundled scenarios and generated ones, in `folder`.
    private static func scenarioFiles(in folder: URL) throws -> [String] {
        let bundled = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scenarios").path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { packageRoot.appendingPathComponent("Scenarios/\($0)").path }
        var generated: [String] = []
        for seed: UInt64 in [1, 2, 3] {
            let file = folder.appendingPathComponent("random-events-\(seed).json")
            try ScenarioJSONWriter.json(RandomScenario.make(apps: 4 + Int(seed) * 3, events: 150 * Int(seed), seed: seed, ramMB: 2048))
                .write(to: file, atomically: true, encoding: .utf8)
            generated.append(file.path)
        }
        for seed: UInt64 in [4, 5] {
            let file = folder.appendingPathComponent("random-workload-\(seed).yaml")
            try randomWorkload(seed: seed).write(to: file, atomically: true, encoding: .utf8)
            generated.append(file.path)
        }
        return bundled + generated
    }

    /// A scenario with a `workload:` block whose apps and rates come from `seed`: a few hours of
    /// sessions on a small phone, so that kills happen.
    private static func randomWorkload(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var apps = ""
        func draw(_ range: ClosedRange<Int64>) -> Int { Int(random.int(in: range)) }
        for index in 0..<(6 + draw(0...6)) {
            let active = draw(120...500)
            let background = active * draw(40...80) / 100
            let modes = draw(0...3) == 0 ? ", background_modes: [audio]" : ""
            apps += "  - { id: app.\(index), active_mb: \(active), background_mb: \(background), suspended_mb: \(background / 2)\(modes) }\n"
        }
        return """
            name: random-workload-\(seed)
            device: { ram_mb: \(draw(3...6) * 512), reserved_mb: 512, system_mb: 300 }
            apps:
            \(apps)workload:
              duration_s: \(draw(2...5) * 3600)
              zipf_s: 1.0
              dwell_s: \(draw(30...120))
              gap_s: \(draw(60...600))
              home_share: 0.6
              allocations: { per_hour: 10, mean_mb: 40 }

            """
    }

    /// Runs `suspendsim arguments`, which must succeed.
    @discardableResult
    private static func succeed(_ arguments: [String]) throws -> CLIRun {
        let run = try suspendsim(arguments)
        #expect(run.status == 0, "suspendsim \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    @Test func everyPathWritesTheSameSummaryRows() throws {
        try withTemporaryFolder { folder in
            let files = try Self.scenarioFiles(in: folder)
            func out(_ name: String) -> String { folder.appendingPathComponent(name).path }
            let sweep = ["--replicates", Self.replicates, "--set", "policy=" + Self.policies.joined(separator: ",")]
            try Self.succeed(["run"] + files + ["--replicates", Self.replicates, "--out", out("single")])
            try Self.succeed(["run"] + files + ["--replicates", Self.replicates, "--policy", "all", "--out", out("all")])
            try Self.succeed(["run"] + files + sweep + ["--by", "policy", "--out", out("batch")])
            try Self.succeed(["run"] + files + sweep + ["--details", "--out", out("details")])
            for shard in 1...3 { try Self.succeed(["run"] + files + sweep + ["--shard", "\(shard)/3", "--out", out("shard-\(shard)")]) }
            try Self.succeed(["merge", out("shard-1"), out("shard-2"), out("shard-3"), "--by", "policy", "--out", out("merged")])

            let batch = try SummaryRows(folder: folder.appendingPathComponent("batch"))
            #expect(batch.rows.count > 100, "the reference batch ran: \(batch.rows.count) runs")
            #expect(try SummaryRows(folder: folder.appendingPathComponent("details")) == batch, "--details")
            #expect(try SummaryRows(folder: folder.appendingPathComponent("merged")) == batch, "shards and merge")
            for path in ["single", "all"] {
                let rows = try SummaryRows(folder: folder.appendingPathComponent(path))
                #expect(!rows.rows.isEmpty)
                for (key, cells) in rows.rows { #expect(batch.rows[key] == cells, "\(path): run \(key)") }
            }
            try Self.expectTheSwiftAPIAgrees(with: batch, files: files)
            try Self.expectReportRedrawsTheComparison(of: folder.appendingPathComponent("batch"), in: folder)
        }
    }

    /// `report DIR --by policy` writes the `groups.csv` and `paired.csv` that `run --by policy`
    /// wrote, from the same `summary.csv`, which it leaves as it was.
    private static func expectReportRedrawsTheComparison(of batch: URL, in folder: URL) throws {
        let copy = folder.appendingPathComponent("redrawn")
        try FileManager.default.copyItem(at: batch, to: copy)
        for file in ["groups.csv", "paired.csv"] { try FileManager.default.removeItem(at: copy.appendingPathComponent(file)) }
        try succeed(["report", copy.path, "--by", "policy"])
        for file in ["summary.csv", "groups.csv", "paired.csv"] {
            #expect(try Data(contentsOf: copy.appendingPathComponent(file)) == Data(contentsOf: batch.appendingPathComponent(file)),
                    "report --by policy: \(file)")
        }
    }

    /// Each report folder that a single run, `--policy all`, `run --details` and `check --html`
    /// write holds the run whose `summary.csv` row the batch wrote: the row's cells recomputed
    /// from the folder's own files (`ReportFolderTotals`) are the row's, and `check`'s folder is
    /// `run --details`' folder of the same run, byte for byte but for its page.
    @Test func everyReportFolderAgreesWithItsSummaryRow() throws {
        try withTemporaryFolder { folder in
            let files = try Self.scenarioFiles(in: folder)
            func out(_ name: String) -> URL { folder.appendingPathComponent(name) }
            let sweep = ["--replicates", Self.replicates, "--set", "policy=" + Self.policies.joined(separator: ",")]
            try Self.succeed(["run"] + files + sweep + ["--details", "--out", out("details").path])
            try Self.succeed(["run"] + files + ["--replicates", Self.replicates, "--out", out("single").path])
            try Self.succeed(["run"] + files + ["--replicates", Self.replicates, "--policy", "all", "--out", out("all").path])
            try Self.succeed(["check"] + files + ["--policy", "all", "--html", "--out", out("checked").path])
            let batch = try SummaryRows(folder: out("details"))
            // `check` runs a file's own scenario, not the points of its `sweep:` block.
            let swept = Set(batch.rows.filter { $0.key.split(separator: "|", omittingEmptySubsequences: false).count > 4 }.map { $0.value[0] })
            var folders = 0
            for path in ["details", "single", "all", "checked"] {
                for run in try Self.runFolders(under: out(path)) where path != "checked" || !swept.contains(run.segments[0]) {
                    let key = try Self.key(of: run, in: batch, path: path)
                    let cells = try ReportFolderTotals.cells(of: run.folder)
                    let row = batch.rows[key] ?? []
                    func cell(_ column: String) -> String? { row.isEmpty ? nil : row[SummaryRows.columns.firstIndex(of: column)!] }
                    for column in ReportFolderTotals.columns where cells[column] != cell(column) {
                        // Without end_s, the folder's last row bounds the run's length from below
                        // (ReportFolderTotals): the row's length must be at least it, and its
                        // kills_per_hour follow from the row's own length.
                        let isLength = ReportFolderTotals.lengthColumns.contains(column) && cell("duration_s") != nil
                        let rowLength = ReportFolderTotals.thousandths(cell("duration_s") ?? "0")
                        let folderLength = ReportFolderTotals.thousandths(cells["duration_s"] ?? "0")
                        let ratio = ReportFolderTotals.killsPerHour(kills: Int(cells["pressure_kills"] ?? "") ?? -1, durationThousandths: rowLength)
                        #expect(isLength && folderLength <= rowLength && cell("kills_per_hour") == ratio,
                                "\(path)/\(run.relativePath): \(column) \(cells[column] ?? "-") in the folder, \(cell(column) ?? "-") in summary.csv")
                    }
                    let bounds = try ReportFolderTotals.minFreeBounds(of: run.folder)
                    let minFree = batch.rows[key].map { ReportFolderTotals.thousandths($0[SummaryRows.columns.firstIndex(of: "min_free_mb")!]) }
                    #expect(minFree.map { bounds.low <= $0 && $0 <= bounds.high } == true, "\(path)/\(run.relativePath): min_free_mb \(String(describing: minFree)) outside \(bounds)")
                    folders += 1
                }
            }
            #expect(folders > 150, "report folders checked: \(folders)")
            try Self.expectCheckWritesTheDetailsFolders(checked: out("checked"), details: out("details"), skipping: swept)
        }
    }

    /// A run's report folder under an output folder, with the path segments below it.
    private struct RunFolder {
        var folder: URL
        var relativePath: String
        var segments: [String] { relativePath.split(separator: "/").map(String.init) }
    }

    /// Every folder under `root` that holds a `survivors.csv`.
    private static func runFolders(under root: URL) throws -> [RunFolder] {
        try filesUnder(root).keys.filter { $0.hasSuffix("/survivors.csv") }.sorted().map { file in
            let relative = String(file.dropLast("/survivors.csv".count))
            return RunFolder(folder: root.appendingPathComponent(relative), relativePath: relative)
        }
    }

    /// The batch row's key of the run in `run`: the scenario is the first segment; the policy
    /// is `device.csv`'s; `key=value` segments are sweep cells and `replicate-k` the replicate
    /// (`check` runs replicate 0 of a scenario with a workload), whose seed the batch's row gives.
    private static func key(of run: RunFolder, in batch: SummaryRows, path: String) throws -> String {
        let device = try String(contentsOf: run.folder.appendingPathComponent("device.csv"), encoding: .utf8)
        let policy = device.split(separator: "\n").first { $0.hasPrefix("policy,") }!.dropFirst("policy,".count)
        let scenario = run.segments[0]
        let sweep = run.segments.dropFirst().filter { $0.contains("=") && !$0.hasPrefix("policy=") }
        var replicate = run.segments.last { $0.hasPrefix("replicate-") }.map { String($0.dropFirst("replicate-".count)) }
        if replicate == nil, path == "checked" || path == "single" || path == "all" {
            replicate = batch.rows.values.contains { $0[0] == scenario && !$0[3].isEmpty } ? "0" : ""
        }
        let matches = batch.rows.filter { key, cells in
            cells[0] == scenario && cells[1] == policy && cells[3] == (replicate ?? "")
                && SummaryRows.key(cells, sweep: sweep) == key
        }
        guard matches.count == 1, let key = matches.first?.key else {
            throw SummaryRows.Unreadable(description: "\(path)/\(run.relativePath): \(matches.count) batch rows match")
        }
        return key
    }

    /// The Swift API's `Batch` gives the batch's rows for every file without a `sweep:` block
    /// (a sweep is given to the API as code, not as the file's block).
    private static func expectTheSwiftAPIAgrees(with batch: SummaryRows, files: [String]) throws {
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            guard !text.contains("\nsweep:"), !text.contains("\ntrace:") else { continue }
            let scenario = try ScenarioLoader.load(path: file)
            for policy in BuiltInPolicies.all {
                let result = try Batch(scenario, replicates: 2, seed: 0, policy: policy).run(jobs: 2)
                let rows = try SummaryRows(result.summary)
                #expect(!rows.rows.isEmpty)
                for (key, cells) in rows.rows { #expect(batch.rows[key] == cells, "Batch API: run \(key)") }
            }
        }
    }

    /// `check --html`'s folder `<name>/<policy>/` holds the files of `run --details`' folder
    /// `<name>/policy=<policy>/` (`replicate-0/` with a workload), byte for byte; only the page
    /// (`index.html`) is `check`'s own.
    private static func expectCheckWritesTheDetailsFolders(checked: URL, details: URL, skipping swept: Set<String>) throws {
        var compared = 0
        for run in try runFolders(under: checked) where !swept.contains(run.segments[0]) {
            let (name, policy) = (run.segments[0], run.segments[1])
            var twin = details.appendingPathComponent("\(name)/policy=\(policy)")
            if FileManager.default.fileExists(atPath: twin.appendingPathComponent("replicate-0").path) {
                twin.appendPathComponent("replicate-0")
            }
            var files = try filesUnder(run.folder)
            files["index.html"] = nil
            #expect(files == (try filesUnder(twin)), "check --html \(run.relativePath) against run --details")
            compared += 1
        }
        #expect(compared >= 4 * 8, "check folders compared: \(compared)")
    }

    /// The sensitivity's baseline is the batch's own runs (SPEC 39: "the batch's own first `R`
    /// runs of each point"): with `R` = every replicate, the rows of `sensitivity_runs.csv` with
    /// an empty `assumption` and `app` are `summary.csv`'s runs, one each, with the same cell in
    /// every run metric; and asking for the sensitivity leaves `summary.csv` byte for byte as
    /// the batch without it writes it.
    @Test func theSensitivityBaselineIsTheBatchsRuns() throws {
        try withTemporaryFolder { folder in
            let chosen: Set = ["photo-editor.yaml", "iphone-11-ios18.yaml", "background-task.yaml", "random-workload-4.yaml"]
            let files = try Self.scenarioFiles(in: folder).filter { chosen.contains(URL(fileURLWithPath: $0).lastPathComponent) }
            #expect(files.count == chosen.count)
            let plain = folder.appendingPathComponent("plain"), sensitive = folder.appendingPathComponent("sensitive")
            let batch = ["--replicates", Self.replicates, "--set", "policy=largest-first,jetsam"]
            try Self.succeed(["run"] + files + batch + ["--out", plain.path])
            try Self.succeed(["run"] + files + batch + ["--sensitivity", "--out", sensitive.path])
            #expect(try Data(contentsOf: plain.appendingPathComponent("summary.csv"))
                    == Data(contentsOf: sensitive.appendingPathComponent("summary.csv")), "--sensitivity changed summary.csv")

            let summary = try SummaryRows(folder: sensitive)
            let records = try CSVRecordReader(path: sensitive.appendingPathComponent("sensitivity_runs.csv").path).textRecords()
            let header = try #require(records.first)
            let app = try #require(header.firstIndex(of: "app"))
            let firstSweep = try #require(header.firstIndex(of: "replicate")) + 1
            var baseline: [String: [String]] = [:]
            for record in records.dropFirst() where record[0].isEmpty && record[app].isEmpty {
                let identity = Array(record[3..<firstSweep])
                let sweep = zip(header[firstSweep..<app], record[firstSweep..<app])
                    .filter { $0.0 != "policy" && !$0.1.isEmpty }.map { "\($0.0)=\($0.1)" }
                let key = SummaryRows.key(identity, sweep: sweep)
                #expect(baseline[key] == nil, "two baseline rows for run \(key)")
                baseline[key] = record
            }
            #expect(baseline.count >= 4 * 2, "baseline runs: \(baseline.count)")
            #expect(Set(baseline.keys) == Set(summary.rows.keys), "the baseline's runs are summary.csv's")
            for (key, record) in baseline {
                let row = try #require(summary.rows[key])
                for metric in SummaryColumn.compared {
                    // The run metrics come last; `launch_wait_s` is also an app metric before them.
                    let cell = record[try #require(header.lastIndex(of: metric.rawValue))]
                    #expect(cell == row[try #require(SummaryRows.columns.firstIndex(of: metric.rawValue))], "run \(key): \(metric.rawValue)")
                }
            }
        }
    }
}
