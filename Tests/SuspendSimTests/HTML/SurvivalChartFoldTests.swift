import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim

/// The batch page's survival chart past `SurvivalChart.foldAbove` apps (SPEC 35: no page grows
/// without bound in apps): it draws the apps of lowest survival, in its usual order, and says
/// how many of how many it draws.
@Suite struct SurvivalChartFoldTests {
    @Test("Folding keeps the lowest-survival launched apps in order, then the first never launched; no more apps than the bound: the order itself")
    func foldedOrder() {
        // Means by app: 0.5, 0.2, 0.9, never launched, 0.1, never launched; highest first.
        let means = [0.5, 0.2, 0.9, -1, 0.1, -1]
        let order = [2, 0, 1, 4, 3, 5]
        #expect(SurvivalChart.folded(order, means: means, most: 3) == [0, 1, 4], "the three lowest of the four launched")
        #expect(SurvivalChart.folded(order, means: means, most: 5) == [2, 0, 1, 4, 3], "all four launched, then the first never launched")
        #expect(SurvivalChart.folded(order, means: means, most: 6) == order)
        #expect(SurvivalChart.folded(order, means: means, most: 7) == order)
    }

    /// A batch folder of one scenario, `apps` apps at two RAM sizes, two runs each, where app
    /// i survives at the rate (apps − 1 − i) / (apps − 1) at both: the earlier, the higher.
    static func writeBatch(apps: Int, in folder: URL) throws -> String {
        let batch = folder.appendingPathComponent("many").path
        try FileManager.default.createDirectory(atPath: batch, withIntermediateDirectories: true)
        try """
            scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,hot_launch_ratio,pressure_kills,state_losses,min_free_mb,device.ram_mb
            many,lru,11,0,\(apps),10,3,1,0.250,2,0,10.000,2048
            many,lru,12,1,\(apps),10,2,2,0.500,4,0,10.000,2048
            many,lru,13,0,\(apps),10,1,3,0.750,0,0,10.000,3072
            many,lru,14,1,\(apps),10,1,1,0.500,1,0,10.000,3072

            """.write(toFile: batch + "/summary.csv", atomically: true, encoding: .utf8)
        var survival = "scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high,never_killed,never_killed_rate,"
            + "never_killed_ci_low,never_killed_ci_high,mean_pressure_kills,mean_cold_launches,mean_warm_launches,device.ram_mb\n"
        for ram in [2048, 3072] {
            for app in 0..<apps {
                let rate = String(format: "%.6f", Double(apps - 1 - app) / Double(apps - 1))
                survival += "many,lru,com.a\(String(format: "%03d", app)),2,1,\(rate),\(rate),\(rate),1,\(rate),\(rate),\(rate),1.000,1.000,1.000,\(ram)\n"
            }
        }
        try survival.write(toFile: batch + "/survival.csv", atomically: true, encoding: .utf8)
        return batch
    }

    @Test("A batch of 250 apps draws the 200 of lowest survival (com.a050 to com.a249) and says so; 200 apps draw all, without the note")
    func batchPageDrawsTheLowest() throws {
        try withTemporaryFolder { folder in
            let batch = try Self.writeBatch(apps: 250, in: folder)
            _ = try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let chart = try #require(svg("s1-survival-1", in: html))
            let names = texts(withClass: "lbl app-name", in: chart)
            #expect(names == (50..<250).map { "com.a" + String(format: "%03d", $0) })
            #expect(html.contains("200 of 250 apps drawn, those of lowest survival; survival.csv has every app&#39;s rates"))
        }
        try withTemporaryFolder { folder in
            let batch = try Self.writeBatch(apps: 200, in: folder)
            _ = try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let chart = try #require(svg("s1-survival-1", in: html))
            #expect(texts(withClass: "lbl app-name", in: chart).count == 200)
            #expect(!html.contains("apps drawn, those of lowest survival"))
        }
    }
}
