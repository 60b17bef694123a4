import Foundation
import Testing

/// SPEC 14, 15: `explain` and `report` given a folder above the run folders say where the runs
/// are, and pages are titled by their scenarios, not by the folder they are in.
@Suite struct RunFolderHintTests {
    static let key = "app.com.example.photoeditor.suspended_mb"

    /// A batch of seven points of photo-editor.yaml with `--details`, in `folder/R`.
    static func batch(in folder: URL) throws {
        let run = try suspendsim(["run", "Scenarios/photo-editor.yaml", "--set", "\(key)=100,110,120,130,140,150,160",
                                  "--details", "--out", folder.appendingPathComponent("R").path])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("explain on a folder without device.csv exits 2, naming the first five run folders below it and how many there are")
    func explainAboveTheRuns() throws {
        try withTemporaryFolder { folder in
            try Self.batch(in: folder)
            let before = try filesUnder(folder)
            let run = try suspendsim(["explain", "R"], in: folder)
            #expect(run.status == 2)
            let runs = [100, 110, 120, 130, 140].map { "R/photo-editor/\(Self.key)=\($0)" }
            #expect(run.stderr == "error: R is not a run's report folder: it has no device.csv. There are 7 run folders below it: "
                + runs.joined(separator: ", ") + ", and 2 more; give one of them.\n")
            #expect(run.stdout.isEmpty)
            // One level down (the scenario's folder), the same runs; one of them explains.
            let scenario = try suspendsim(["explain", "R/photo-editor/"], in: folder)
            #expect(scenario.status == 2)
            #expect(scenario.stderr.contains("There are 7 run folders below it: R/photo-editor/\(Self.key)=100, "), "\(scenario.stderr)")
            // The scenario's path in device.csv is relative to where run ran.
            let explained = try suspendsim(["explain", folder.appendingPathComponent(runs[2]).path])
            #expect(explained.status == 0, "\(explained.stderr)")
            #expect(try filesUnder(folder) == before, "nothing written")
        }
    }

    @Test("explain on an empty folder says there is no run folder below it")
    func explainEmptyFolder() throws {
        try withTemporaryFolder { folder in
            let run = try suspendsim(["explain", folder.path])
            #expect(run.status == 2)
            #expect(run.stderr.hasSuffix("it has no device.csv. There is no run folder (with device.csv) below it.\n"), "\(run.stderr)")
        }
    }

    @Test("report on a folder that is neither a run's nor a batch's exits 2, naming the run folders below it")
    func reportAboveTheRuns() throws {
        try withTemporaryFolder { folder in
            try Self.batch(in: folder)
            let before = try filesUnder(folder)
            let run = try suspendsim(["report", "R/photo-editor"], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("R/photo-editor is not a report folder: it has no survivors.csv and no summary.csv."))
            #expect(run.stderr.hasSuffix("There are 7 run folders below it: R/photo-editor/\(Self.key)=100, R/photo-editor/\(Self.key)=110, "
                + "R/photo-editor/\(Self.key)=120, R/photo-editor/\(Self.key)=130, R/photo-editor/\(Self.key)=140, and 2 more; give one of them.\n"),
                    "\(run.stderr)")
            #expect(try filesUnder(folder) == before, "nothing written")
        }
    }

    @Test("A batch page is titled by its scenario, or as an index of several, never by the folder (SPEC 15)")
    func pageTitles() throws {
        try withTemporaryFolder { folder in
            try Self.batch(in: folder)
            #expect(try suspendsim(["report", "R"], in: folder).status == 0)
            let one = try String(contentsOf: folder.appendingPathComponent("R/index.html"), encoding: .utf8)
            #expect(one.contains("<title>photo-editor — suspendsim batch</title>"))
            #expect(one.contains("<h1>photo-editor</h1>"))
            #expect(!one.contains("<h1>R</h1>"))
            let out = folder.appendingPathComponent("two").path
            let run = try suspendsim(["run", "Scenarios/state-lab.yaml", "Scenarios/policy-showdown.yaml", "--html", "--out", out])
            #expect(run.status == 0, "\(run.stderr)")
            let two = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
            #expect(two.contains("<title>2 scenarios: state-lab and policy-showdown — suspendsim batch</title>"))
            #expect(two.contains("<h1>2 scenarios: state-lab and policy-showdown</h1>"))
            #expect(two.contains("Single runs: 2 scenarios"))
            #expect(!two.contains("the policies compared"))
        }
    }
}
