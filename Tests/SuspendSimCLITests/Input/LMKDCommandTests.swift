import Foundation
import Testing

/// SPEC 33, 34 from the command line: `device.lmkd.minfree` read, checked and reported.
@Suite struct LMKDCommandTests {
    /// A scenario with its own table (lines 4-7), where the game's allocation leaves 150 MB free:
    /// below 216 (adj 900), the cached app (900) goes; the previous app (700) stays.
    static func scenario(minfree: String = "    minfree:\n      - { adj: 0, mb: 72 }\n      - { adj: 900, mb: 216 }\n") -> String {
        """
        name: levels
        device:
          ram_mb: 1000
          lmkd:
        \(minfree)  app_limit_mb: 1000
        apps:
          - { id: com.cached, active_mb: 100 }
          - { id: com.prev, active_mb: 100 }
          - { id: com.game, active_mb: 100 }
        events:
          - { at: 1, open: com.cached }
          - { at: 2, open: com.prev }
          - { at: 3, open: com.game }
          - { at: 10, allocate: { app: com.game, mb: 550 } }

        """
    }

    /// (what is wrong, the `minfree:` lines, the expected start of the message after `bad.yaml:`).
    static let cases: [(String, String, String)] = [
        ("no entries", "    minfree: []\n", "5:14: device.lmkd.minfree: must have 1 to 6 entries, got 0"),
        ("seven entries", "    minfree:\n" + (0..<7).map { "      - { adj: \($0 * 100), mb: \($0 * 10 + 10) }\n" }.joined(),
         "6:7: device.lmkd.minfree: must have 1 to 6 entries, got 7"),
        ("adj not ascending", "    minfree:\n      - { adj: 900, mb: 72 }\n      - { adj: 900, mb: 216 }\n",
         "7:9: device.lmkd.minfree[1].adj: must be above the previous entry's adj (900), got 900"),
        ("mb not ascending after rounding to a KiB", "    minfree:\n      - { adj: 0, mb: 100 }\n      - { adj: 900, mb: 100.0001 }\n",
         "7:9: device.lmkd.minfree[1].mb: must be above the previous entry's mb (100.000 MB after rounding to a KiB), got 100.000 MB"),
        ("adj above 1000", "    minfree:\n      - { adj: 1001, mb: 72 }\n",
         "6:16: device.lmkd.minfree[0].adj: must be a whole number from 0 to 1000"),
        ("adj below 0", "    minfree:\n      - { adj: -1, mb: 72 }\n", "6:16: device.lmkd.minfree[0].adj: must be a whole number from 0 to 1000"),
        ("adj 100.0", "    minfree:\n      - { adj: 100.0, mb: 72 }\n", "6:16: device.lmkd.minfree[0].adj: must be a whole number from 0 to 1000"),
        ("adj quoted", "    minfree:\n      - { adj: \"100\", mb: 72 }\n", "6:16: device.lmkd.minfree[0].adj: must be a whole number from 0 to 1000"),
        ("mb 0", "    minfree:\n      - { adj: 0, mb: 0 }\n", "6:23: device.lmkd.minfree[0].mb: must be more than 0"),
        ("mb 0 after rounding to a KiB", "    minfree:\n      - { adj: 0, mb: 0.0001 }\n", "6:23: device.lmkd.minfree[0].mb: must be more than 0"),
        ("mb negative", "    minfree:\n      - { adj: 0, mb: -72 }\n", "6:23: device.lmkd.minfree[0].mb: must not be negative"),
        ("an unknown key in lmkd", "    minfree:\n      - { adj: 0, mb: 72 }\n    swap_free_low_percentage: 10\n",
         "7:5: device.lmkd.swap_free_low_percentage: unknown key"),
        ("an entry that is not a mapping", "    minfree:\n      - 72\n", "6:9: device.lmkd.minfree[0]: must be a mapping {adj, mb}, got 72"),
        ("an entry without mb", "    minfree:\n      - { adj: 0 }\n", "6:9: device.lmkd.minfree[0].mb: missing required key 'mb'"),
        ("an entry with another key", "    minfree:\n      - { adj: 0, mb: 72, pages: 18432 }\n",
         "6:27: device.lmkd.minfree[0].pages: unknown key 'pages'"),
        ("lmkd that is not a mapping", "    5\n", "5:5: device.lmkd: must be a mapping"),
    ]

    @Test("Each bad minfree table: located error, exit 2, nothing written (SPEC 34)", arguments: 0..<LMKDCommandTests.cases.count)
    func badTable(_ index: Int) throws {
        let (what, minfree, message) = Self.cases[index]
        try withTemporaryFolder { folder in
            try Self.scenario(minfree: minfree).write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "bad.yaml", "--out", "Reports"], in: folder)
            #expect(run.status == 2, "\(what)")
            #expect(run.stderr.hasPrefix("bad.yaml:" + message), "\(what): \(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bad.yaml"], "\(what): something was written")
        }
    }

    @Test("--set device.lmkd... is a usage error (exit 64); a sweep: entry device.lmkd... is bad input (exit 2) (SPEC 34)")
    func tableDoesNotSweep() throws {
        try withTemporaryFolder { folder in
            try Self.scenario().write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
            let set = try suspendsim(["run", "a.yaml", "--out", "Reports", "--set", "device.lmkd.minfree=1,2"], in: folder)
            #expect(set.status == 64)
            #expect(set.stderr.contains("device.lmkd.minfree"))
            #expect(set.stderr.contains("does not sweep"), "\(set.stderr)")
            try (Self.scenario() + "sweep:\n  device.lmkd.minfree: [1, 2]\n")
                .write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
            let sweep = try suspendsim(["run", "a.yaml", "--out", "Reports"], in: folder)
            #expect(sweep.status == 2)
            #expect(sweep.stderr.hasPrefix("a.yaml:19:3: sweep.device.lmkd.minfree: unknown sweep key"), "\(sweep.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.yaml"])
        }
    }

    @Test("--policy all: lmkd kills at its own table's level and writes it in device.csv; the others write the row empty (SPEC 33)")
    func policyAll() throws {
        try withTemporaryFolder { folder in
            try Self.scenario().write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "a.yaml", "--out", "Reports", "--policy", "all"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let reports = folder.appendingPathComponent("Reports/levels")
            func text(_ policy: String, _ file: String) throws -> String {
                try String(contentsOf: reports.appendingPathComponent("\(policy)/\(file)"), encoding: .utf8)
            }
            // 1000 - 300 - 550 = 150 free: below 216 (adj 900): the cached app (900) goes, free 250.
            let lmkd = try text("lmkd", "evictions.csv").split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            let header = lmkd[0].map(String.init)
            #expect(lmkd.count == 2)
            let row = lmkd[1]
            func cell(_ name: String) -> String { String(row[header.firstIndex(of: name)!]) }
            #expect(cell("app") == "com.cached")
            #expect(cell("trigger") == "minfree")
            #expect(cell("threshold_mb") == "216.000")
            #expect(cell("priority") == "900")
            // SPEC 36: the assumption table's digest (64 hex digits) comes between lmkd_minfree and policy.
            let lmkdDevice = try text("lmkd", "device.csv")
            let digestRow = try #require(lmkdDevice.split(separator: "\n").first { $0.hasPrefix("assumptions_sha256,") })
            #expect(digestRow.count == "assumptions_sha256,".count + 64)
            let digest = "\n" + digestRow + "\n"
            #expect(try text("lmkd", "device.csv").contains("\nlmkd_minfree,0:72.000 900:216.000" + digest + "policy,lmkd\n"))
            for policy in ["largest-first", "lru", "jetsam"] {
                // 150 MB free is above critical_free_mb (50 MB): no kill.
                #expect(try text(policy, "evictions.csv").split(separator: "\n").count == 1, "\(policy)")
                #expect(try text(policy, "device.csv").contains("\nlmkd_minfree," + digest + "policy,\(policy)\n"), "\(policy)")
            }
            let explain = try suspendsim(["explain", "Reports/levels/lmkd"], in: folder)
            #expect(explain.stdout.contains(
                "free 150.000 MB was below minfree 216.000 MB: apps of adj 900 and above could go, and com.cached had the highest adj (900)"),
                "\(explain.stdout)")
        }
    }

    @Test("device.csv writes a table of the scenario's own, MB with 3 decimals (SPEC 33)")
    func ownTableInDeviceCSV() throws {
        try withTemporaryFolder { folder in
            try Self.scenario(minfree: "    minfree:\n      - { adj: 100, mb: 50.5 }\n      - { adj: 906, mb: 400 }\n")
                .write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "a.yaml", "--out", "Reports", "--policy", "lmkd"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let device = try String(contentsOf: folder.appendingPathComponent("Reports/levels/device.csv"), encoding: .utf8)
            #expect(device.contains("\nlmkd_minfree,100:50.500 906:400.000\n"))
        }
    }

    @Test("The bundled cached-apps study: lmkd's levels kill cached apps that lru keeps; the compressor saves them all (SPEC 33, 34)")
    func cachedAppsStudy() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", "Scenarios/android-cached-apps.yaml", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8).split(separator: "\n")
            let header = rows[0].split(separator: ",").map(String.init)
            func cells(_ row: Substring, _ names: [String]) -> [String] {
                let fields = row.split(separator: ",", omittingEmptySubsequences: false)
                return names.map { String(fields[header.firstIndex(of: $0)!]) }
            }
            let names = ["policy", "device.compressor.pool_mb", "pressure_kills", "warm_launches"]
            #expect(rows.dropFirst().map { cells($0, names) } == [
                ["lmkd", "0", "8", "3"], ["lmkd", "4096", "0", "10"], ["lru", "0", "0", "10"], ["lru", "4096", "0", "10"],
            ])
        }
    }

    @Test("The run page's apps kept after each launch: lmkd's level took the cached app that lru keeps (SPEC 33)")
    func keptAfterEachLaunch() throws {
        try withTemporaryFolder { folder in
            // At 12 s prev comes back: under lmkd the cached app went at 10 s (150 MB free, below 216).
            try (Self.scenario() + "  - { at: 12, open: com.prev }\n").write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "a.yaml", "--out", "Reports", "--policy", "all", "--html"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            func rows(_ policy: String) throws -> [[String]] {
                let page = try String(contentsOf: folder.appendingPathComponent("Reports/levels/\(policy)/index.html"), encoding: .utf8)
                guard let start = page.range(of: "id=\"kept\"") else { return [] }
                let section = String(page[start.upperBound...]).components(separatedBy: "</section>")[0]
                return section.components(separatedBy: "<tr>").dropFirst(2).map { row in
                    row.components(separatedBy: "<td>").dropFirst().map { $0.components(separatedBy: "</td>")[0] }
                }
            }
            let first = [["1.000", "com.cached", "0", "0"], ["2.000", "com.prev", "1", "1"], ["3.000", "com.game", "2", "2"]]
            #expect(try rows("lmkd") == first + [["12.000", "com.prev", "1", "1"]])
            #expect(try rows("lru") == first + [["12.000", "com.prev", "2", "2"]])
        }
    }
}
