import Foundation
import Testing
@testable import SuspendSim

/// SPEC 36: "What this answer assumes" on the run page and the batch page: the used rows that
/// are estimated or study, or whose range reaches past a quarter of the value; a batch lists
/// each key once, with its values' range; no section without `assumptions.csv`.
@Suite struct AssumptionsSectionTests {
    /// The section of `html`, from its heading to the page's footer or end.
    static func section(_ html: String) -> String? {
        guard html.contains("id=\"assumptions\"") else { return nil }
        return html.components(separatedBy: "id=\"assumptions\"").last?.components(separatedBy: "<footer").first
    }

    @Test func theRunPageListsTheEstimatedAndTheWideRowsOnly() throws {
        try withTemporaryFolder { folder in
            let scenario = try ScenarioLoader.parse("""
                name: shown
                device: { ram_mb: 2048 }
                apps: [{ id: com.a, active_mb: 100 }]
                events: [{ at: 0, open: com.a }]

                """, path: "shown.yaml")
            let run = folder.appendingPathComponent("shown")
            try Simulation.run(scenario, writingReportTo: run)
            let section = try #require(Self.section(try HTMLReport.runPage(folder: run.path)))
            #expect(section.contains("What this answer assumes"))
            // aging_s is estimated (2 s, 2 to 10); cold_launch_s too.
            #expect(section.contains("<td>device.aging_s</td><td>2.000</td>"))
            #expect(section.contains("<td>app.*.cold_launch_s</td><td>0.400</td>"))
            // wake_window_s is documented at 30 s exactly; critical_free_mb's 4-5 % range is
            // within a quarter of its 5 % (102.4 MB, low 81.92 MB: 0.8 of it).
            #expect(!section.contains("device.wake_window_s") && !section.contains("device.critical_free_mb"))
            // idle_free_mb: 10 % with a range of 9-10 %: within a quarter, not shown.
            #expect(!section.contains("device.idle_free_mb"))
            try FileManager.default.removeItem(atPath: run.path + "/assumptions.csv")
            #expect(Self.section(try HTMLReport.runPage(folder: run.path)) == nil)
        }
    }

    @Test func theBatchPageListsEachKeyOnceWithItsRange() throws {
        try withTemporaryFolder { folder in
            var options = BatchPlan.Options()
            options.settings = [try SweepAxis(parsing: "device.ram_mb=2048,4096")]
            let text = "name: swept\ndevice: { ram_mb: 1024 }\napps: [{ id: com.a, active_mb: 100 }]\nworkload: { duration_s: 600 }\n"
            let plan = try BatchPlan(templates: [try ScenarioTemplate(text: text, path: "swept.yaml")], options: options)
            _ = try BatchRunner.run(plan, outPath: folder.path, jobs: 1)
            let page = try #require(try HTMLReport.write(folder: folder.path).first { $0.hasSuffix("index.html") && !$0.contains("/swept/") })
            let html = try String(contentsOfFile: page, encoding: .utf8)
            let section = try #require(Self.section(html))
            // The workload's gap is estimated, the same at both points: one row, one value.
            #expect(section.components(separatedBy: "<td>workload.gap_s</td>").count == 2)
            #expect(section.contains("<td>workload.gap_s</td><td>600.000</td>"))
            // The per-app limit is the estimated 60 % of RAM: 1228.8 MB at 2048, 2457.6 MB at 4096,
            // one row with the range of its values; low is 50 % of the smaller RAM, high 63.7 % of
            // the larger (2609.152 MB).
            #expect(section.components(separatedBy: "<td>device.app_limit_mb</td>").count == 2)
            #expect(section.contains("<td>device.app_limit_mb</td><td>1228.800 – 2457.600</td><td>MB</td><td>estimated</td><td>1024.000</td><td>2609.152</td>"))
            // system_mb is estimated at 0 % of RAM: 0 at both points.
            #expect(section.contains("<td>device.system_mb</td><td>0.000</td>"))
        }
    }
}
