import Foundation
import Testing
@testable import SuspendSim

/// SPEC 19: the batch page's survival chart draws survival among the runs that launched each
/// app, and greys an app never launched at a point (not a casualty of memory pressure).
@Suite struct SweepChartSurvivalTests {
    @Test("The survival chart plots the launched rate (SPEC 19), and greys an app never launched at a point")
    func launchedSurvival() throws {
        try withTemporaryFolder { folder in
            let batch = folder.appendingPathComponent("batch").path
            try FileManager.default.createDirectory(atPath: batch, withIntermediateDirectories: true)
            try """
                scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,hot_launch_ratio,pressure_kills,state_losses,min_free_mb,device.ram_mb
                day,lru,11,0,3,10,3,1,0.250,2,0,10.000,2048
                day,jetsam,12,0,3,10,2,2,0.500,4,0,10.000,2048
                day,lru,13,0,3,10,1,3,0.750,0,0,10.000,3072
                day,jetsam,14,0,3,10,1,1,0.500,1,0,10.000,3072

                """.write(toFile: batch + "/summary.csv", atomically: true, encoding: .utf8)
            // com.a: 2 of 4 runs survived, but only 2 launched it: 100 % among those. com.b never
            // launched at 2048 MB; com.c never at all.
            let head = "scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high,never_killed,never_killed_rate,"
                + "never_killed_ci_low,never_killed_ci_high,mean_pressure_kills,mean_cold_launches,mean_warm_launches,"
                + "launched,launched_survival_rate,launched_ci_low,launched_ci_high,device.ram_mb"
            var rows = [head]
            for ram in ["2048", "3072"] {
                for policy in ["lru", "jetsam"] {
                    rows.append("day,\(policy),com.a,4,2,0.500,0.150,0.850,2,0.500,0.150,0.850,0,1,0,2,1.000,0.342,1.000,\(ram)")
                    rows.append(ram == "2048" ? "day,\(policy),com.b,4,0,0.000,0.000,0.490,4,1.000,0.510,1.000,0,0,0,0,,,,\(ram)"
                                              : "day,\(policy),com.b,4,3,0.750,0.301,0.954,3,0.750,0.301,0.954,0,1,0,4,0.750,0.301,0.954,\(ram)")
                    rows.append("day,\(policy),com.c,4,0,0.000,0.000,0.490,4,1.000,0.510,1.000,0,0,0,0,,,,\(ram)")
                }
            }
            try (rows.joined(separator: "\n") + "\n").write(toFile: batch + "/survival.csv", atomically: true, encoding: .utf8)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let chart = try #require(svg("s1-survival-1", in: html))
            // Two panels (2048, 3072) of 443 pixels from x = 250 and 737: com.a's lru marker (a
            // square, 8 pixels across, drawn from its left) at 100 %, not at its 50 % of all runs.
            let lru = try #require(paths(withClassPrefix: "dot c5", in: chart).first?.d)
            #expect(lru.hasPrefix("M689 ") && !lru.contains("M468 "))
            let whisker = try #require(paths(withClassPrefix: "whisker c5", in: chart).first?.d)
            #expect(whisker.hasPrefix("M402 ") && whisker.contains("H693"), "the launched interval 0.342 to 1")
            // com.b: a grey "never launched" in the 2048 panel alone; com.c: in both, its name grey.
            #expect(texts(withClass: "tm never", in: chart) == ["never launched", "never launched", "never launched"])
            #expect(texts(withClass: "lbl app-name never", in: chart) == ["com.c"])
            // Apps by launched survival: com.a (100 %), com.b (75 %), com.c (never launched).
            #expect(texts(withClass: "lbl app-name", in: chart) == ["com.a", "com.b"])
            #expect(chart.contains("among the runs that launched the app"))
            // A never-launched app has no marker: one per launched app and panel, per policy.
            #expect(paths(withClassPrefix: "dot c5", in: chart).map { $0.d.filter { $0 == "M" }.count } == [1, 2])
        }
    }
}
