import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The freezer's reports (SPEC 37): `freezer.csv`, `flash_mb` in `memory.csv` and
/// `pressure.csv`, `freezes` and `thaws` in `survivors.csv`, the freezer's rows of `device.csv`.
@Suite struct FreezerReportTests {
    /// a is frozen at 3 s (50 MB), thawed by its warm launch at 10 s, allocates 30 MB, goes
    /// home at 20 s (suspended at 80 MB, band 75) and is refrozen (30 MB written); b, suspended
    /// at 10 s, is not frozen while a is (cap 1). a, on flash, is force-quit at 25 s.
    static let text = """
        name: flash
        policy: jetsam
        device: { ram_mb: 2048, freezer: { start_free_mb: 2000, min_suspended: 0, max_frozen: 1, interval_s: 0, refreeze_min_thawed: 1 } }
        apps:
          - { id: com.a, active_mb: 100, suspended_mb: 50 }
          - { id: com.b, active_mb: 100, suspended_mb: 50 }
        events:
          - { at: 0, open: com.a }
          - { at: 1, open: com.b }
          - { at: 10, open: com.a }
          - { at: 15, allocate: { app: com.a, mb: 30 } }
          - { at: 20, home }
          - { at: 25, force_quit: com.a }

        """

    static func read(_ name: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("freezer.csv has a row per act; flash_mb follows the app on flash; a death on flash changes the sum, not free memory")
    func rows() throws {
        try withTemporaryFolder { temporary in
            let folder = temporary.appendingPathComponent("flash")
            try Simulation.run(try ScenarioLoader.parse(Self.text, path: "flash.yaml"), writingReportTo: folder)
            #expect(try Self.read("freezer.csv", in: folder) == """
                time_s,app,action,written_mb,budget_left_mb,frozen_count
                3.000,com.a,freeze,50.000,1998.000,1
                10.000,com.a,thaw,0.000,1998.000,1
                20.000,com.a,refreeze,30.000,1968.000,1
                25.000,com.b,freeze,50.000,1918.000,1

                """)
            let memory = try Self.read("memory.csv", in: folder).split(separator: "\n").filter { $0.contains("com.a") }
            // The freeze's row, the thaw's (the transition's, flash 0), the refreeze's, the death's.
            #expect(memory.contains("3.000,com.a,suspended,50.000,0.000,50.000"))
            #expect(memory.contains("10.000,com.a,inactive,100.000,0.000,0.000"))
            #expect(memory.contains("20.000,com.a,suspended,80.000,0.000,80.000"))
            #expect(memory.last == "25.000,com.a,not-running,0.000,0.000,0.000")
            // Free stays 2048 − b's 50 MB as a dies: a occupied nothing. Its death leaves the
            // cap free, and the same check freezes b (band 0 since 12 s).
            let pressure = try Self.read("pressure.csv", in: folder).split(separator: "\n")
            #expect(pressure.suffix(3) == [
                "20.000,50.000,1998.000,normal,0.000,0.000,80.000", "25.000,50.000,1998.000,normal,0.000,0.000,0.000",
                "25.000,0.000,2048.000,normal,0.000,0.000,50.000",
            ])
            let survivors = try Self.read("survivors.csv", in: folder).split(separator: "\n")
            #expect(survivors[1].hasPrefix("com.a,false,") && survivors[1].hasSuffix(",2,1"))
            #expect(survivors[2].hasPrefix("com.b,true,suspended,") && survivors[2].hasSuffix(",1,0"))
        }
    }

    @Test("device.csv's freezer rows: empty without the block or under another policy, the values given with max_frozen 0")
    func deviceRows() throws {
        func rows(_ text: String, policy: String? = nil) throws -> [String] {
            try withTemporaryFolder { temporary in
                let folder = temporary.appendingPathComponent("d")
                let scenario = try ScenarioLoader.parse(text, path: "d.yaml")
                let chosen = try policy.map { try #require(scenario.policy(named: $0)) } ?? scenario.policy
                try Simulation.run(scenario, policy: chosen, writingReportTo: folder)
                return try Self.read("device.csv", in: folder).split(separator: "\n").map(String.init).filter { $0.hasPrefix("freezer_") }
            }
        }
        let off = Self.text.replacingOccurrences(of: "max_frozen: 1, ", with: "max_frozen: 0, ")
        #expect(try rows(off) == [
            "freezer_max_frozen,0", "freezer_min_mb,8.000", "freezer_min_suspended,0", "freezer_start_free_mb,2000.000",
            "freezer_interval_s,0.000", "freezer_daily_mb,2048.000", "freezer_thaw_mb_s,1000.000", "freezer_refreeze_min_thawed,1",
            "freezer_demotions_per_day,2", "freezer_demotion_thaws,5",
        ])
        #expect(try rows(Self.text, policy: "lru").allSatisfy { $0.hasSuffix(",") })
        let none = Self.text.replacingOccurrences(of: ", freezer: { start_free_mb: 2000, min_suspended: 0, max_frozen: 1, interval_s: 0, refreeze_min_thawed: 1 }", with: "")
        let empty = try rows(none)
        #expect(empty.count == 10 && empty.allSatisfy { $0.hasSuffix(",") })
    }
}
