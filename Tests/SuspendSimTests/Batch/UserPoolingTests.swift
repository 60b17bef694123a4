import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 24: a batch that sweeps `trace.user` over more than one user pools the users in
/// `survival.csv`, `exits.csv` and `observed.csv` as it pools replicates; `summary.csv` keeps a
/// row per run. The sample trace (`Tests/Data/trace/lsapp-sample.tsv`) has three users:
///
/// - user 1 opens Facebook, YouTube twice (home in between), then Camera;
/// - user 2 opens Gmail twice (home in between), Netflix, then Maps;
/// - user 3 opens YouTube, Spotify, Twitter, then Facebook.
///
/// On a 4 GB phone nothing is killed, so every app a user opened is resident at the end, and
/// the pooled numbers follow by hand.
@Suite struct UserPoolingTests {
    /// A scenario replaying `user` of the sample trace, with `observed:` for Gmail.
    static func scenario(user: String, ramMB: Int = 4096, appMB: String = "active_mb: 200") -> String {
        """
        name: day
        device: { ram_mb: \(ramMB) }
        apps: [{ id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }]
        trace: { file: \(TraceReplayTests.sample), user: \(user), default_app: { \(appMB) } }
        observed: { app: com.google.Gmail, days: 1, cold_launches: 0.5, resumes: 0.5 }
        """
    }

    /// Runs `text` as a batch with `settings` (`--set` axes) into `folder/name`, and returns
    /// the folder.
    static func run(_ text: String, settings: [String] = [], policy: BatchPlan.PolicyChoice? = nil, in folder: TemporaryFolder,
                    name: String = "out", jobs: Int = 2) throws -> String {
        var options = BatchPlan.Options()
        options.settings = try settings.map { try SweepAxis(parsing: $0) }
        options.policy = policy
        let plan = try BatchPlan(templates: [try ScenarioTemplate(text: text, path: folder.path + "/day.yaml")], options: options)
        let out = folder.path + "/" + name
        let output = try BatchRunner.run(plan, outPath: out, jobs: jobs)
        #expect(output.failureCount == 0, "\(output.failures)")
        return out
    }

    static func read(_ file: String, in out: String) throws -> String {
        try String(contentsOfFile: out + "/" + file, encoding: .utf8)
    }

    @Test("Three users pooled: survival.csv has a row per app (apps: first, then each user's new trace apps), runs 3, no trace.user column; an app a user did not use counts as never resident, never killed")
    func survivalByHand() throws {
        let folder = try TemporaryFolder()
        let out = try Self.run(Self.scenario(user: "all"), in: folder)
        // Rates over 3 runs; Wilson at z = 1.96: 1 of 3 is 0.061..0.792, 2 of 3 0.208..0.939, 3 of
        // 3 0.439..1, 2 of 2 0.342..1. Gmail: user 2's cold launch and resume; users 1 and 3 never
        // ran it (never resident, never killed). YouTube: users 1 (cold, then warm) and 3 (cold).
        #expect(try Self.read("survival.csv", in: out) == """
            scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high,never_killed,never_killed_rate,never_killed_ci_low,never_killed_ci_high,mean_pressure_kills,mean_cold_launches,mean_warm_launches,launched,launched_survival_rate,launched_ci_low,launched_ci_high,refresh_runs_mean,processing_runs_mean,pressure_kills_ci_low,pressure_kills_ci_high,reaper_kills_mean,idle_kills_mean,critical_kills_mean,minfree_kills_mean,pageshortage_kills_mean,limit_kills_mean,freezes_mean,thaws_mean
            day,largest-first,com.google.Gmail,3,1,0.333,0.061,0.792,3,1.000,0.439,1.000,0.000,0.333,0.333,1,1.000,,,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000
            day,largest-first,trace.Facebook,3,2,0.667,0.208,0.939,3,1.000,0.439,1.000,0.000,0.667,0.000,2,1.000,0.342,1.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000
            day,largest-first,trace.YouTube,3,2,0.667,0.208,0.939,3,1.000,0.439,1.000,0.000,0.667,0.333,2,1.000,0.342,1.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000
            day,largest-first,trace.Camera,3,1,0.333,0.061,0.792,3,1.000,0.439,1.000,0.000,0.333,0.000,1,1.000,,,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000
            day,largest-first,trace.Netflix,3,1,0.333,0.061,0.792,3,1.000,0.439,1.000,0.000,0.333,0.000,1,1.000,,,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000
            day,largest-first,trace.Maps,3,1,0.333,0.061,0.792,3,1.000,0.439,1.000,0.000,0.333,0.000,1,1.000,,,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000
            day,largest-first,trace.Spotify Music,3,1,0.333,0.061,0.792,3,1.000,0.439,1.000,0.000,0.333,0.000,1,1.000,,,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000
            day,largest-first,trace.Twitter,3,1,0.333,0.061,0.792,3,1.000,0.439,1.000,0.000,0.333,0.000,1,1.000,,,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000

            """)
    }

    @Test("Three users pooled: exits.csv's launch wait and observed.csv's Gmail counters are means over every user's run, 0 where a user did not use the app")
    func exitsAndObservedByHand() throws {
        let folder = try TemporaryFolder()
        let out = try Self.run(Self.scenario(user: "all"), in: folder)
        // A cold launch waits 0.4 s, a resume 0.1 s (SPEC 17's defaults); no exits without kills.
        let zeros = String(repeating: "0.000,", count: 9)
        let waits = [("com.google.Gmail", "0.167"), ("trace.Facebook", "0.267"), ("trace.YouTube", "0.300"), ("trace.Camera", "0.133"),
                     ("trace.Netflix", "0.133"), ("trace.Maps", "0.133"), ("trace.Spotify Music", "0.133"), ("trace.Twitter", "0.133")]
        let exits = try Self.read("exits.csv", in: out).split(separator: "\n").map(String.init)
        #expect(exits.first?.hasSuffix(",user_force_quit,mean_launch_wait_s") == true)
        #expect(Array(exits.dropFirst()) == waits.map { "day,largest-first,\($0.0),3," + zeros + $0.1 })
        // Gmail's cold launches per run are 0, 1 and 0 (its resumes too): mean 1/3, sample sd
        // √(1/3), interval 1/3 ± 1.96 × √(1/3) / √3. The field's 0.5 over 1 day is k = 1 (half
        // up): Garwood's 0.0253 to 5.5716.
        #expect(try Self.read("observed.csv", in: out) == """
            scenario,policy,counter,observed,observed_ci_low,observed_ci_high,simulated_mean,ci_low,ci_high,runs
            day,largest-first,cold_launches,0.500,0.025,5.572,0.333,-0.320,0.987,3
            day,largest-first,resumes,0.500,0.025,5.572,0.333,-0.320,0.987,3

            """)
    }

    @Test("summary.csv keeps a row per run with its trace.user column")
    func summaryKeepsARowPerRun() throws {
        let folder = try TemporaryFolder()
        let out = try Self.run(Self.scenario(user: "all"), settings: ["device.ram_mb=2048,4096"], in: folder)
        let rows = try Self.read("summary.csv", in: out).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.first?.suffix(2) == ["trace.user", "device.ram_mb"])
        #expect(rows.dropFirst().map { "\($0[$0.count - 2])@\($0[$0.count - 1])" }
            == ["1@2048", "1@4096", "2@2048", "2@4096", "3@2048", "3@4096"])
        let survival = try Self.read("survival.csv", in: out).split(separator: "\n")
        #expect(survival.first?.hasSuffix(",launched_ci_high,refresh_runs_mean,processing_runs_mean,pressure_kills_ci_low,pressure_kills_ci_high,reaper_kills_mean,idle_kills_mean,critical_kills_mean,minfree_kills_mean,pageshortage_kills_mean,limit_kills_mean,freezes_mean,thaws_mean,device.ram_mb") == true)
        #expect(survival.count == 1 + 2 * 8)
    }

    @Test("An app a run does not have counts as an app of the run that never launched: never resident, never killed, every count 0")
    func absentAppIsANeverLaunchedApp() throws {
        let folder = try TemporaryFolder()
        // User 1 never opens Gmail, an app of apps:: its own batch's Gmail counts.
        let out = try Self.run(Self.scenario(user: "1"), settings: ["trace.user=1", "device.ram_mb=4096"], in: folder)
        let gmail = try Self.read("survival.csv", in: out).split(separator: "\n")[1]
        #expect(gmail.hasPrefix("day,largest-first,com.google.Gmail,1,0,0.000,,,1,1.000,,,0.000,0.000,0.000,0,,,"))
        #expect(SurvivalTally.Counts.absent == SurvivalTally.Counts.fixture(neverKilled: 1))
        #expect(SurvivalTally.Counts.absent.exits == AppOutcome.ExitCounts() && SurvivalTally.Counts.absent.launches.waitMs == 0)
    }

    @Test("Pooled counts are the sums of each user's own batch, under every policy at two RAM sizes where apps are killed")
    func pooledIsTheSumOfTheUsers() throws {
        let folder = try TemporaryFolder()
        let tight = Self.scenario(user: "all", appMB: "active_mb: 500, suspended_mb: 350")
        let pooled = try Self.table(Self.run(tight, settings: ["device.ram_mb=1024,1536"], policy: .every, in: folder), "survival.csv")
        // Each user's own batch has one run per row, so its means are its exact totals.
        var sums: [String: [Int]] = [:]
        var users: [String: Int] = [:]
        for user in ["1", "2", "3"] {
            let alone = try Self.run(tight, settings: ["trace.user=\(user)", "device.ram_mb=1024,1536"], policy: .every, in: folder, name: user)
            for row in try Self.table(alone, "survival.csv") {
                #expect(row.runs == 1)
                let totals = row.counts + row.means.map { Int(Double($0)!) }
                sums[row.key] = zip(sums[row.key] ?? Array(repeating: 0, count: 6), totals).map(+)
                users[row.key, default: 0] += 1
            }
        }
        #expect(pooled.count == BuiltInPolicies.names.count * 2 * 8)
        #expect(pooled.contains { $0.means[0] != "0.000" }, "some app was killed")
        for row in pooled {
            // The runs of the users who did not use the app: never killed, nothing else.
            var expected = sums[row.key] ?? Array(repeating: 0, count: 6)
            expected[1] += 3 - users[row.key, default: 0]
            #expect(row.runs == 3, "\(row.key)")
            #expect(row.counts == Array(expected[0..<3]), "\(row.key)")
            #expect(row.means == expected[3...].map { String(format: "%.3f", Double($0) / 3) }, "\(row.key)")
        }
    }

    @Test("With trace.user between other axes, grid points fold into the other keys' points in grid order, each table point's first user first")
    func tablePointsFoldTheUsers() throws {
        let axes = [SweepAxis(key: .device(.ramMB), values: ["1024", "2048"]), SweepAxis(key: .trace(.user), values: ["a", "b", "c"]),
                    SweepAxis(key: .policy, values: ["lru", "jetsam", "lmkd", "largest-first"])]
        // The grid, first axis outermost: each point's value index on each axis.
        let grid = (0..<2).flatMap { ram in (0..<3).flatMap { user in (0..<4).map { policy in [ram, user, policy] } } }
        #expect((0..<24).map { BatchPlan.PointList.settings(of: $0, axes: axes).map(\.index) } == grid)
        let pooling = try #require(UserPooling(axes: axes, points: grid.count))
        #expect(pooling.users == 3 && pooling.stride == 4 && pooling.tablePointCount == 8)
        for (index, point) in grid.enumerated() {
            let table = pooling.tablePoint(of: index)
            #expect(table == point[0] * 4 + point[2])
            #expect(grid[pooling.firstPoint(of: table)] == [point[0], 0, point[2]])
        }
        #expect(UserPooling(axes: [SweepAxis(key: .trace(.user), values: ["a"]), axes[0]], points: 2) == nil)
        #expect(UserPooling(axes: [axes[0]], points: 2) == nil)
    }

    @Test("A pooled batch's plan keeps one scenario per point of the other sweep keys, whatever the users; each run still reads its own user's apps")
    func planKeepsAScenarioPerTablePoint() throws {
        let folder = try TemporaryFolder()
        func plan(_ settings: String...) throws -> BatchPlan {
            var options = BatchPlan.Options()
            options.policy = .every
            options.settings = try settings.map { try SweepAxis(parsing: $0) }
            return try BatchPlan(templates: [ScenarioTemplate(text: Self.scenario(user: "all"), path: folder.path + "/day.yaml")], options: options)
        }
        let pooled = try plan("device.ram_mb=2048,4096")
        let points = pooled.entries[0].points
        let policies = BuiltInPolicies.names.count
        #expect(points.count == 3 * 2 * policies && points.scenarios.count == 2 * policies)
        #expect(pooled.columns == ["trace.user", "device.ram_mb"] && pooled.tableColumns == ["device.ram_mb"])
        // Users outermost: user 2's points follow user 1's 2 × policies.
        #expect(points[2 * policies].settings.map(\.value) == ["2", "2048", BuiltInPolicies.names[0]])
        #expect(try points[2 * policies].runnableScenario().apps.map(\.id) == ["com.google.Gmail", "trace.Netflix", "trace.Maps"])
        let one = try plan("trace.user=2", "device.ram_mb=2048,4096")
        #expect(one.entries[0].points.scenarios.count == 2 * policies && one.entries[0].pooling == nil && one.tableColumns == one.columns)
    }

    /// `survival.csv`'s rows, keyed by policy, app and RAM: their runs, counts (survived, never
    /// killed, launched) and means (pressure kills, cold and warm launches) as written.
    static func table(_ out: String, _ file: String) throws -> [(key: String, runs: Int, counts: [Int], means: [String])] {
        let lines = try read(file, in: out).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = lines[0]
        return lines.dropFirst().map { row in
            func field(_ name: String) -> String { row[header.firstIndex(of: name)!] }
            return ("\(field("policy")) \(field("app")) \(field("device.ram_mb"))", Int(field("runs"))!,
                    [Int(field("survived"))!, Int(field("never_killed"))!, Int(field("launched"))!],
                    [field("mean_pressure_kills"), field("mean_cold_launches"), field("mean_warm_launches")])
        }
    }
}
