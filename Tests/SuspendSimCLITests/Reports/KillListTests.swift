import Foundation
import SuspendSim
import Testing

/// One meaning per name (SPEC 5, 7, 11, 16): `SimulationResult.pressureEvictions` is
/// `expect.evictions`' list, the `memory-pressure` kills in order; `pressureKilled` is every
/// pressure kill in order (`memory-pressure`, `vm-pageshortage`, the reaper's
/// `long-idle-exit`), and `pressureKills` its count. Each is tied to the files the command line
/// writes for the same run.
@Suite struct KillListTests {
    /// The cells of `column` in a CSV without quoted cells, header left out.
    static func column(_ column: String, of file: URL) throws -> [String] {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let index = try #require(lines.first?.firstIndex(of: Substring(column)))
        return lines.dropFirst().map { String($0[index]) }
    }

    @Test("iphone-11-ios18.yaml: the reaper's kill is among every pressure kill, counted as summary.csv counts them, and not in pressureEvictions")
    func reaperKillsAreListed() throws {
        let file = "Scenarios/iphone-11-ios18.yaml"
        let scenario = try ScenarioLoader.load(path: packageRoot.appendingPathComponent(file).path)
        let result = Simulation.run(scenario)
        // The file's comments: jetsam on iOS 18.5 reaps social, idle in band 0 for 300 s since
        // 40 s (suspended at 40 s, aged at 42 s), at the first 30 s tick from then on where free
        // is below the reaper's level; the freezer keeps news; nothing is critical.
        #expect(result.pressureKilled == ["com.example.social"])
        #expect(result.pressureEvictions == [])
        #expect(result.pressureEvictions == scenario.expectation?.evictions)
        try withTemporaryFolder { folder in
            let run = try suspendsim(["run", file, "--out", folder.path])
            #expect(run.status == 0, "\(run.stderr)")
            let evictions = folder.appendingPathComponent("iphone-11-ios18/evictions.csv")
            let apps = try Self.column("app", of: evictions)
            let reasons = try Self.column("reason", of: evictions)
            let rows = zip(apps, reasons)
            #expect(result.pressureKilled == rows.filter { ["memory-pressure", "vm-pageshortage", "long-idle-exit"].contains($0.1) }.map(\.0))
            #expect(result.pressureEvictions == rows.filter { $0.1 == "memory-pressure" }.map(\.0))
            #expect(rows.contains { $0.1 == "long-idle-exit" })
            let summary = try Self.column("pressure_kills", of: folder.appendingPathComponent("summary.csv"))
            #expect(summary == [String(result.pressureKilled.count)])
            #expect(result.pressureKills == result.pressureKilled.count)
            let perApp = try Self.column("pressure_kills", of: folder.appendingPathComponent("iphone-11-ios18/survivors.csv"))
            #expect(perApp.compactMap(Int.init).reduce(0, +) == result.pressureKills)
        }
    }

    @Test("A page-shortage kill of the frontmost app is a pressure kill, and not an eviction of expect.evictions")
    func pageShortageIsAPressureKill() throws {
        // 1024 MB, critical at 5 % (51.2 MB): the frontmost app grows past all of RAM; nothing
        // else is resident, so step 3 has no victim and step 4 kills it (SPEC 5).
        var scenario = Scenario(name: "shortage", device: Device(ramMB: 1024), apps: [AppProfile(id: "com.big", activeMB: 100)])
        scenario.device.appLimitKiB = .mb(5000)
        let big = try scenario.app("com.big")
        try scenario.append(at: 0, .open(big))
        try scenario.append(at: 1, .allocate(big, .mb(1000)))
        let result = Simulation.run(scenario)
        #expect(result.log.evictions.map(\.who.reason) == [.vmPageShortage])
        #expect(result.pressureKilled == ["com.big"] && result.pressureKills == 1)
        #expect(result.pressureEvictions.isEmpty)
    }
}
