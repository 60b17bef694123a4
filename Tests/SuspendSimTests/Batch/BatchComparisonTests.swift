import Foundation
import Testing
@testable import SuspendSim

/// SPEC 21's comparison files from a `summary.csv` written by hand: exact decimals, pairs by
/// identity, empty metrics left out, combinations without pairs, and the errors.
@Suite struct BatchComparisonTests {
    static let header = "scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,hot_launch_ratio,pressure_kills,"
        + "state_losses,min_free_mb,launch_wait_s,duration_s,kills_per_hour,device.ram_mb,trace.user\n"

    /// A run's row: the metrics that matter here, the rest fixed.
    static func row(_ policy: String, ram: Int, user: String, kills: Int, hot: String, minFree: String) -> String {
        "day,\(policy),,,3,10,2,2,\(hot),\(kills),0,\(minFree),1.000,3600.000,\(kills).000,\(ram),\(user)\n"
    }

    func write(_ rows: [String], in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("summary.csv").path
        try (Self.header + rows.joined()).write(toFile: path, atomically: true, encoding: .utf8)
        return folder.path
    }

    @Test("paired.csv: differences on written decimals, runs paired by identity, empty cells left out, a combination without pairs kept")
    func pairs() throws {
        try withTemporaryFolder { folder in
            let rows = [
                Self.row("lru", ram: 1024, user: "1", kills: 2, hot: "0.500", minFree: "-10.000"),
                Self.row("lru", ram: 1024, user: "2", kills: 4, hot: "", minFree: "5.000"),
                Self.row("jetsam", ram: 1024, user: "2", kills: 5, hot: "0.250", minFree: "5.000"),
                Self.row("jetsam", ram: 1024, user: "1", kills: 3, hot: "0.750", minFree: "-10.001"),
                Self.row("jetsam", ram: 2048, user: "1", kills: 0, hot: "1.000", minFree: "100.000"),
            ]
            let out = try write(rows, in: folder)
            let written = try BatchComparison(keys: ["policy", "device.ram_mb"]).write(folder: out).paths
            #expect(written.map { URL(fileURLWithPath: $0).lastPathComponent } == ["groups.csv", "paired.csv"])
            let paired = try String(contentsOfFile: out + "/paired.csv", encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(paired[0] == "device.ram_mb,policy,baseline,metric,pairs,mean_diff,ci_low,ci_high,wilcoxon_p,"
                + "wilcoxon_method,p_holm,ratio,ratio_ci_low,ratio_ci_high")
            // 1024 MB: users 1 and 2 pair; kills +1 and +1 (s = 0: both ends the mean); Wilcoxon
            // with n' = 2 tied, so normal: W+ = 3, σ² = 1.25 − 0.125, z = 1.4142, p = 0.1573; the
            // only p of pressure_kills, so Holm keeps it. Ratio (3 + 5) / (2 + 4); a resample
            // of two pairs is user 2 twice (1.25), user 1 twice (1.5) or both (8 / 6), about a
            // quarter of the time each way, so the interval's ends are 1.25 and 1.5.
            #expect(paired[1] == "1024,jetsam,lru,pressure_kills,2,1.000,1.000,1.000,0.1573,normal,0.1573,1.333,1.250,1.500")
            // hot_launch_ratio: user 2's lru cell is empty, so one pair: no interval, and one
            // non-zero difference, whose exact p is 1.
            #expect(paired[3] == "1024,jetsam,lru,hot_launch_ratio,1,0.250,,,1,exact,1,1.500,,")
            // min_free_mb: user 1 differs by -0.001 exactly, user 2 by 0 (dropped by Wilcoxon):
            // one non-zero difference, exact p 1; ratio -5.001 / -5 = 1.0002.
            #expect(paired[6].hasPrefix("1024,jetsam,lru,min_free_mb,2,"))
            #expect(!paired[6].contains("-0.000"))
            #expect(paired[6].hasSuffix(",1,exact,1,1.000,1.000,1.000"))
            // 2048 MB: jetsam has no lru partner: pairs 0, the rest empty.
            #expect(paired[7] == "2048,jetsam,lru,pressure_kills,0,,,,,,,,,")
            let groups = try String(contentsOfFile: out + "/groups.csv", encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(groups.count == 1 + 3)
            #expect(groups[1].hasPrefix("lru,1024,2,3.000,"))
            #expect(groups[3].hasPrefix("jetsam,2048,1,0.000,,,"))
        }
    }

    @Test("paired.csv: exact p-values for few untied differences, Holm over each metric's rows, the ratio of the means")
    func holmOverAMetricsRows() throws {
        try withTemporaryFolder { folder in
            // lru kills 2, 4, 6; jetsam 3, 6, 9 (d = 1, 2, 3); lmkd 1, 4, 9 (d = -1, 0, 3).
            let kills = ["lru": [2, 4, 6], "jetsam": [3, 6, 9], "lmkd": [1, 4, 9]]
            let rows = ["lru", "jetsam", "lmkd"].flatMap { policy in
                (0..<3).map { Self.row(policy, ram: 1024, user: "\($0 + 1)", kills: kills[policy]![$0], hot: "0.500", minFree: "1.000") }
            }
            let out = try write(rows, in: folder)
            _ = try BatchComparison(keys: ["policy"]).write(folder: out)
            let paired = try String(contentsOfFile: out + "/paired.csv", encoding: .utf8).split(separator: "\n").map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            let killRows = paired.filter { $0[2] == "pressure_kills" }
            // jetsam: n' = 3, all positive: W+ = 6, P(W+ >= 6) = 1/8, p = 0.25, exact.
            // lmkd: the zero dropped, n' = 2: W+ = 2 (the 3), P(W+ >= 2) = 2/4, p = 1.
            // Holm over the two: 2 × 0.25 = 0.5, then max(0.5, 1 × 1) = 1.
            // Ratios: 18 / 12 and 14 / 12.
            #expect(killRows.map { Array($0[0...1]) + Array($0[7...10]) } == [
                ["jetsam", "lru", "0.25", "exact", "0.5", "1.500"],
                ["lmkd", "lru", "1", "exact", "1", "1.167"],
            ])
            // hot_launch_ratio never differs: no p-value, so no family; the ratio is 1.
            #expect(paired.filter { $0[2] == "hot_launch_ratio" }.allSatisfy { $0[7...9] == ["", "", ""] && $0[10] == "1.000" })
        }
    }

    @Test("Two runs of one policy with the same identity are bad input naming both lines; nothing is written")
    func duplicateIdentity() throws {
        try withTemporaryFolder { folder in
            let twice = Self.row("lru", ram: 1024, user: "1", kills: 2, hot: "0.500", minFree: "1.000")
            let out = try write([twice, Self.row("jetsam", ram: 1024, user: "1", kills: 2, hot: "0.500", minFree: "1.000"), twice], in: folder)
            #expect {
                try BatchComparison(keys: ["policy"]).write(folder: out)
            } throws: { error in
                (error as? ComparisonError)?.description.contains("lines 2 and 4 are two runs of policy lru") == true
            }
            #expect(!FileManager.default.fileExists(atPath: out + "/groups.csv"))
        }
    }

    @Test("Without policy in KEYS, or with one policy, only groups.csv is written, and an old paired.csv is removed")
    func noPairs() throws {
        try withTemporaryFolder { folder in
            let out = try write([Self.row("lru", ram: 1024, user: "1", kills: 1, hot: "0.5", minFree: "1")], in: folder)
            try "old".write(toFile: out + "/paired.csv", atomically: true, encoding: .utf8)
            #expect(try BatchComparison(keys: ["device.ram_mb"]).write(folder: out).paths.count == 1)
            #expect(!FileManager.default.fileExists(atPath: out + "/paired.csv"))
        }
    }

    @Test("The default grouping of a batch over several trace users: policy, then every sweep column but trace.user")
    func defaultKeys() throws {
        try withTemporaryFolder { folder in
            let out = try write([Self.row("lru", ram: 1024, user: "1", kills: 1, hot: "0.5", minFree: "1"),
                                 Self.row("lru", ram: 1024, user: "2", kills: 1, hot: "0.5", minFree: "1")], in: folder)
            #expect(try BatchComparison.defaultKeys(summaryPath: out + "/summary.csv") == ["policy", "device.ram_mb"])
        }
    }
}
