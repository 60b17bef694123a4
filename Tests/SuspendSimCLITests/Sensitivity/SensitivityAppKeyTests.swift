import Foundation
import Testing

/// SPEC 39 "An `app.*.KEY` end is set on every app that took that default": the apps of
/// `apps:` one by one and the apps a trace adds through `default_app`, so a variant is the
/// scenario written with the end on each of them.
@Suite struct SensitivityAppKeyTests {
    /// One user's LSApp trace (SPEC 13): Maps and Chat are not in `apps:` and become
    /// `trace.Maps` and `trace.Chat`, made from `default_app`; com.mine is matched by id.
    static let trace = """
        user_id\tsession_id\ttimestamp\tapp_name\tevent_type
        1\t1\t2020-01-01 10:00:00\tMaps\tOpened
        1\t1\t2020-01-01 10:01:00\tMaps\tClosed
        1\t1\t2020-01-01 10:02:00\tChat\tOpened
        1\t1\t2020-01-01 10:03:00\tChat\tClosed
        1\t1\t2020-01-01 10:04:00\tcom.mine\tOpened
        1\t1\t2020-01-01 10:05:00\tcom.mine\tClosed
        1\t1\t2020-01-01 10:06:00\tMaps\tOpened

        """

    /// The scenario, `mine` and `traced` the extra keys of com.mine and `default_app`.
    static func scenario(mine: String = "", traced: String = "", sensitivity: String) -> String {
        """
        name: tr
        policy: jetsam
        device: { model: iphone-15, ios: "18.4" }
        apps:
          - { id: com.mine, active_mb: 900, background_mb: 700, suspended_mb: 500\(mine) }
        trace:
          file: t.tsv
          user: 1
          default_app: { active_mb: 1200, background_mb: 900, suspended_mb: 600\(traced) }
        \(sensitivity)

        """
    }

    @Test("app.*.cold_launch_s at its high end (2.500 s) moves com.mine and every trace app: the variant's rows are those of the scenario written with cold_launch_s 2.5 on com.mine and default_app")
    func traceAppsTakeTheEnd() throws {
        try withTemporaryFolder { folder in
            try Self.trace.write(to: folder.appendingPathComponent("t.tsv"), atomically: true, encoding: .utf8)
            try Self.scenario(sensitivity: "sensitivity: [app.*.cold_launch_s]")
                .write(to: folder.appendingPathComponent("tr.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "tr.yaml", "--out", "V"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            // The same run with the end written out; its own rows in sensitivity_runs.csv are the run's.
            try Self.scenario(mine: ", cold_launch_s: 2.5", traced: ", cold_launch_s: 2.5", sensitivity: "sensitivity: [device.limit_share]")
                .write(to: folder.appendingPathComponent("tr.yaml"), atomically: true, encoding: .utf8)
            let written = try suspendsim(["run", "tr.yaml", "--out", "E"], in: folder)
            #expect(written.status == 0, "\(written.stderr)")
            let variant = try ComparisonCommandTests.rows(folder.appendingPathComponent("V/sensitivity_runs.csv"))
            let expected = try ComparisonCommandTests.rows(folder.appendingPathComponent("E/sensitivity_runs.csv"))
            let app = try #require(variant[0].firstIndex(of: "app"))
            let high = variant.dropFirst().filter { $0[0] == "app.*.cold_launch_s" && $0[1] == "high" }
            let own = expected.dropFirst().filter { $0[0].isEmpty }
            // What-if apps: com.mine, then the trace apps in order of first appearance; then the run's row.
            #expect(high.map { $0[app] } == ["com.mine", "trace.Maps", "trace.Chat", ""])
            #expect(high.allSatisfy { $0[2] == "2.500" })
            #expect(high.map { Array($0.dropFirst(3)) } == own.map { Array($0.dropFirst(3)) })
            // And it moved the trace apps: Maps's cold launch waits longer than with the default 0.4 s.
            let wait = try #require(variant[0].firstIndex(of: "launch_wait_s"))
            let defaults = variant.dropFirst().filter { $0[0].isEmpty && $0[app] == "trace.Maps" }
            let maps = high.filter { $0[app] == "trace.Maps" }
            #expect(defaults.count == 1 && maps.count == 1)
            #expect((Double(maps[0][wait]) ?? 0) > (Double(defaults[0][wait]) ?? 0))
        }
    }

    @Test("A key that default_app gives is not the trace apps' default: with cold_launch_s in default_app, only com.mine moves")
    func defaultAppGivesTheKey() throws {
        try withTemporaryFolder { folder in
            try Self.trace.write(to: folder.appendingPathComponent("t.tsv"), atomically: true, encoding: .utf8)
            try Self.scenario(traced: ", cold_launch_s: 0.4", sensitivity: "sensitivity: [app.*.cold_launch_s]")
                .write(to: folder.appendingPathComponent("tr.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "tr.yaml", "--out", "V"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try ComparisonCommandTests.rows(folder.appendingPathComponent("V/sensitivity_runs.csv"))
            let app = try #require(rows[0].firstIndex(of: "app"))
            let wait = try #require(rows[0].firstIndex(of: "launch_wait_s"))
            let own = rows.dropFirst().filter { $0[0].isEmpty && $0[app] == "trace.Maps" }
            let high = rows.dropFirst().filter { $0[1] == "high" && $0[app] == "trace.Maps" }
            #expect(own.count == 1 && high.count == 1)
            #expect(own.first?[wait] == high.first?[wait])
        }
    }

    @Test("sensitivity: true on a plain workload without allocations: runs every key but the allocations' (--set cannot add the block); listing one is refused saying so")
    func plainWorkloadHasNoAllocationsKey() throws {
        try withTemporaryFolder { folder in
            let text = SensitivityCommandTests.scenario.replacingOccurrences(of: "replicates: 6", with: "replicates: 2") + "\nsensitivity: true\n"
            try text.write(to: folder.appendingPathComponent("sens.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "sens.yaml", "--app", "com.acme.app", "--out", "R"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let table = try ComparisonCommandTests.rows(folder.appendingPathComponent("R/sensitivity.csv"))
            #expect(table.count > 1 && !table.contains { $0[2].hasPrefix("workload.allocations.") })
            let listed = try suspendsim(["run", "sens.yaml", "--sensitivity-keys", "workload.allocations.per_hour", "--out", "L"], in: folder)
            // `assumptions` lists the row as used (the run takes 0 bursts an hour), so "used at
            // no point" would contradict it: the message names the block --set cannot add.
            #expect(listed.status == 64, "\(listed.stderr)")
            #expect(listed.stderr.contains("workload.allocations.per_hour is the default of workload.allocations, a block the scenario "
                + "does not have and --set cannot add (SPEC 32), so no variant can move it"), "\(listed.stderr)")
        }
    }

    @Test("--set app.trace.*.KEY sets KEY in default_app: the run equals the scenario with it written there; one trace app alone, or no trace, is refused naming the form (exit 64)")
    func traceAppsFromTheCommandLine() throws {
        try withTemporaryFolder { folder in
            try Self.trace.write(to: folder.appendingPathComponent("t.tsv"), atomically: true, encoding: .utf8)
            try Self.scenario(sensitivity: "").write(to: folder.appendingPathComponent("tr.yaml"), atomically: true, encoding: .utf8)
            try Self.scenario(traced: ", cold_launch_s: 2.5", sensitivity: "")
                .write(to: folder.appendingPathComponent("written.yaml"), atomically: true, encoding: .utf8)
            let set = try suspendsim(["run", "tr.yaml", "--set", "app.trace.*.cold_launch_s=2.5", "--out", "S"], in: folder)
            #expect(set.status == 0, "\(set.stderr)")
            let written = try suspendsim(["run", "written.yaml", "--out", "E"], in: folder)
            #expect(written.status == 0, "\(written.stderr)")
            let plain = try suspendsim(["run", "tr.yaml", "--out", "P"], in: folder)
            #expect(plain.status == 0, "\(plain.stderr)")
            let viaSet = try ComparisonCommandTests.rows(folder.appendingPathComponent("S/summary.csv"))
            let viaFile = try ComparisonCommandTests.rows(folder.appendingPathComponent("E/summary.csv"))
            let defaults = try ComparisonCommandTests.rows(folder.appendingPathComponent("P/summary.csv"))
            // The --set run has one more column, the key it set (SPEC 21's sweep columns), 2.5.
            #expect(viaSet[0].last == "app.trace.*.cold_launch_s" && viaSet[1].last == "2.5")
            #expect(Array(viaSet[1].dropLast()) == viaFile[1])
            // The trace apps' cold launches wait 2.5 s instead of the default 0.4 s.
            let wait = try #require(viaFile[0].firstIndex(of: "launch_wait_s"))
            #expect((Double(viaFile[1][wait]) ?? 0) > (Double(defaults[1][wait]) ?? 0))
            let one = try suspendsim(["run", "tr.yaml", "--set", "app.trace.Maps.cold_launch_s=2.5", "--out", "O"], in: folder)
            #expect(one.status == 64 && one.stderr.contains("'trace.Maps' is an app the trace adds") && one.stderr.contains("app.trace.*.KEY"),
                    "\(one.stderr)")
            let plainFile = SensitivityCommandTests.scenario
            try plainFile.write(to: folder.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
            let none = try suspendsim(["run", "plain.yaml", "--set", "app.trace.*.cold_launch_s=2.5", "--out", "N"], in: folder)
            #expect(none.status == 64 && none.stderr.contains("the scenario has no trace:"), "\(none.stderr)")
            for out in ["O", "N"] { #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(out).path)) }
        }
    }
}
