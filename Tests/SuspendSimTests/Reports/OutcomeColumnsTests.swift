import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 14/16: survivors.csv's `never_killed`, `first_kill_s` and `resident_s`. "Resident at
/// the end" (`survived`) is not "never killed": an app killed at 400 s and reopened at 600 s
/// survived, but was killed.
@Suite struct OutcomeColumnsTests {
    /// a is purged at 400 s (the largest suspended app under pressure), reopened at 600 s;
    /// c is force-quit at 50 s (the user's choice: not a kill); the run ends at end_s 700.
    func killedAndReopened() -> Scenario {
        scenario(ramMB: 1024, apps: [app("com.a", 100), app("com.b", 100), app("com.c", 50)], endSeconds: 700, [
            (0, .open(0)), (5, .open(2)), (10, .open(1)), (50, .forceQuit(2)),
            (400, .systemAllocate(800 * 1024)), (500, .systemAllocate(-800 * 1024)), (600, .open(0)),
        ])
    }

    @Test("never_killed is false for an app killed and reopened, though it survived (SPEC 14)")
    func survivedIsNotNeverKilled() {
        let result = Simulation.run(killedAndReopened())
        let a = result.outcome("com.a")
        #expect(a.survived)
        #expect(!a.neverKilled)
        #expect(a.firstKillMs == 400_000)
    }

    @Test("A force-quit is the user's choice: never_killed stays true and first_kill_s empty (SPEC 5, 14)")
    func forceQuitIsNotAKill() {
        let c = Simulation.run(killedAndReopened()).outcome("com.c")
        #expect(!c.survived)
        #expect(c.neverKilled)
        #expect(c.firstKillMs == nil)
        #expect(c.residentMs == 45_000)
    }

    @Test("resident_s adds up every residency and counts the last one until end_s (SPEC 16)")
    func residentTimeCountsUntilEndS() {
        let result = Simulation.run(killedAndReopened())
        #expect(result.outcome("com.a").residentMs == Millis(400_000 + 100_000))
        #expect(result.outcome("com.b").residentMs == 690_000)
    }

    @Test("Without end_s, resident_s counts until the run's last event or timer (SPEC 16)")
    func residentTimeWithoutEndS() {
        var plain = killedAndReopened()
        plain.endMs = nil
        // The last thing to happen is b's handler-done at 600 s (a 0 s handler ends within the
        // open): a resident 400 s, then 0 s.
        #expect(Simulation.run(plain).outcome("com.a").residentMs == 400_000)
    }

    @Test("survivors.csv appends never_killed, first_kill_s (empty when none), resident_s, SPEC 17's launch_wait_s, SPEC 22's compressions and SPEC 28's refresh_runs and processing_runs, SPEC 37's freezes and thaws after SPEC 8's columns")
    func survivorsColumns() throws {
        try withTemporaryFolder { folder in
            try Simulation.run(killedAndReopened(), writingReportTo: folder.appendingPathComponent("r"))
            let text = try String(contentsOf: folder.appendingPathComponent("r/survivors.csv"), encoding: .utf8)
            #expect(text == """
                app,survived,final_state,footprint_mb,cold_launches,warm_launches,pressure_kills,other_kills,state_losses,never_killed,first_kill_s,resident_s,launch_wait_s,compressions,refresh_runs,processing_runs,freezes,thaws
                com.a,true,active,100.000,2,0,1,0,0,false,400.000,500.000,0.800,0,0,0,0,0
                com.b,true,suspended,100.000,1,0,0,0,0,true,,690.000,0.400,0,0,0,0,0
                com.c,false,not-running,0.000,1,0,0,0,0,true,,45.000,0.400,0,0,0,0,0

                """)
        }
    }
}
