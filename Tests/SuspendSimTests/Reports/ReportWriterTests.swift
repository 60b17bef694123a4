import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `ReportWriter`: the report folder of SPEC 8, its exact contents, and its appearing whole
/// or not at all.
@Suite struct ReportWriterTests {
    // The golden scenario (ReportTestSupport.swift) on a 1024 MB device. Defaults for
    // <= 3 GiB (SPEC 7): warning 15 % = 157286 KiB (153.600 MB), critical 5 % = 52429 KiB
    // (51.200 MB). App a: 100 / 80 / 50 MB, declares `fetch`. App b: 300.0625 MB in every
    // state; its id `com.example."b",2` is quoted as `"com.example.""b"",2"` (RFC 4180).
    private let b = "\"com.example.\"\"b\"\",2\""

    /// SPEC 8 `transitions.csv`: every state change, intermediate ones too; cause is the
    /// event's name, the timer's or the kill reason. SPEC 3: open = not-running -> inactive
    /// -> active; home = active -> inactive -> background; a 0 s handler suspends within the
    /// event with cause `handler-done` (SPEC 10); a wake launches a not-running app straight
    /// into background and `wake_work_s` (1 s) later it suspends (`wake-done`); a warm open
    /// goes suspended -> inactive -> active. force_quit of the active app resigns, then dies.
    private var transitions: String {
        """
        time_s,app,from,to,cause
        0.000,com.example.a,not-running,inactive,open
        0.000,com.example.a,inactive,active,open
        10.000,com.example.a,active,inactive,home
        10.000,com.example.a,inactive,background,home
        10.000,com.example.a,background,suspended,handler-done
        12.500,\(b),not-running,inactive,open
        12.500,\(b),inactive,active,open
        16.000,\(b),active,inactive,lock
        17.000,\(b),inactive,active,unlock
        21.000,com.example.a,suspended,not-running,memory-pressure
        25.000,\(b),active,inactive,force_quit
        25.000,\(b),inactive,not-running,force-quit
        30.000,com.example.a,not-running,background,wake
        31.000,com.example.a,background,suspended,wake-done
        40.000,com.example.a,suspended,inactive,open
        40.000,com.example.a,inactive,active,open

        """
    }

    /// SPEC 2/3 callbacks with their exact names. The memory warning at 20 s goes to the one
    /// app running code (b, frontmost; a is suspended) (SPEC 5). Purging suspended a at 21 s
    /// calls nothing (SPEC 2), nor does force-quitting b, which is inactive by then beyond
    /// its `applicationWillResignActive`. The wake at 30 s launches a without
    /// `applicationDidBecomeActive`, then the fetch callback (SPEC 3). Both apps use the app
    /// delegate, so `phase` is empty (SPEC 11).
    private var callbacks: String {
        """
        time_s,app,callback,phase
        0.000,com.example.a,application(_:willFinishLaunchingWithOptions:),
        0.000,com.example.a,application(_:didFinishLaunchingWithOptions:),
        0.000,com.example.a,applicationDidBecomeActive,
        10.000,com.example.a,applicationWillResignActive,
        10.000,com.example.a,applicationDidEnterBackground,
        12.500,\(b),application(_:willFinishLaunchingWithOptions:),
        12.500,\(b),application(_:didFinishLaunchingWithOptions:),
        12.500,\(b),applicationDidBecomeActive,
        16.000,\(b),applicationWillResignActive,
        17.000,\(b),applicationDidBecomeActive,
        20.000,\(b),applicationDidReceiveMemoryWarning,
        25.000,\(b),applicationWillResignActive,
        30.000,com.example.a,application(_:willFinishLaunchingWithOptions:),
        30.000,com.example.a,application(_:didFinishLaunchingWithOptions:),
        30.000,com.example.a,application(_:performFetchWithCompletionHandler:),
        40.000,com.example.a,applicationWillEnterForeground,
        40.000,com.example.a,applicationDidBecomeActive,

        """
    }

    /// SPEC 8 `evictions.csv`: every termination. At 21 s free is 43.9375 MB < critical, so
    /// largest-first kills the only non-frontmost resident app, suspended a (50 MB), leaving
    /// 93.9375 MB (SPEC 5, 6); the user's force-quit of b is a termination too. MB ties go
    /// to even: 43.9375 -> 43.938, 300.0625 -> 300.062. `priority` is empty: largest-first
    /// has no bands. SPEC 14: the kill of a is the critical loop's (target 5 % of 1024 MB =
    /// 51.2 MB), first of a one-app order with no runner-up; the force-quit is the user's, of
    /// the frontmost app (no rank), with no other candidate left.
    private var evictions: String {
        """
        seq,time_s,app,state,footprint_mb,reason,policy,free_before_mb,free_after_mb,priority,trigger,threshold_mb,rank,candidates,runner_up,compressed_mb
        1,21.000,com.example.a,suspended,50.000,memory-pressure,largest-first,43.938,93.938,,critical,51.200,1,1,,0.000
        2,25.000,\(b),inactive,300.062,force-quit,largest-first,93.938,394.000,,user,,,0,,0.000

        """
    }

    /// SPEC 8 `memory.csv`: a row each time a footprint changes, to 0 when an app dies;
    /// active -> inactive changes nothing (both `active_mb`), so no row (SPEC 5). Nothing is
    /// compressed or on flash (no compressor, no freezer).
    private var memory: String {
        """
        time_s,app,state,footprint_mb,compressed_mb,flash_mb
        0.000,com.example.a,inactive,100.000,0.000,0.000
        10.000,com.example.a,background,80.000,0.000,0.000
        10.000,com.example.a,suspended,50.000,0.000,0.000
        12.500,\(b),inactive,300.062,0.000,0.000
        21.000,com.example.a,not-running,0.000,0.000,0.000
        25.000,\(b),not-running,0.000,0.000,0.000
        30.000,com.example.a,background,80.000,0.000,0.000
        31.000,com.example.a,suspended,50.000,0.000,0.000
        40.000,com.example.a,inactive,100.000,0.000,0.000

        """
    }

    /// SPEC 8 `pressure.csv`: a first row at 0, then one each time free changes; used = ram
    /// - free; the level is critical below 51.200 MB, warning below 153.600 MB (SPEC 5).
    private var pressure: String {
        """
        time_s,used_mb,free_mb,level,compressed_mb,compressor_mb,flash_mb
        0.000,0.000,1024.000,normal,0.000,0.000,0.000
        0.000,100.000,924.000,normal,0.000,0.000,0.000
        10.000,80.000,944.000,normal,0.000,0.000,0.000
        10.000,50.000,974.000,normal,0.000,0.000,0.000
        12.500,350.062,673.938,normal,0.000,0.000,0.000
        20.000,970.062,53.938,warning,0.000,0.000,0.000
        21.000,980.062,43.938,critical,0.000,0.000,0.000
        21.000,930.062,93.938,warning,0.000,0.000,0.000
        25.000,630.000,394.000,normal,0.000,0.000,0.000
        30.000,710.000,314.000,normal,0.000,0.000,0.000
        31.000,680.000,344.000,normal,0.000,0.000,0.000
        40.000,730.000,294.000,normal,0.000,0.000,0.000

        """
    }

    /// SPEC 3 no-ops and SPEC 10: the `app` column is the app the event names, empty for
    /// events naming none; `reason` is the short phrase (`EventLog.SkipReason`).
    private var skipped: String {
        """
        time_s,event,app,reason
        15.000,open,\(b),the app is already frontmost
        18.000,alert_dismiss,,no alert is showing
        30.000,wake,\(b),the app does not declare this background mode

        """
    }

    /// SPEC 8 `survivors.csv`: one row per app in scenario order. a: one cold launch (0 s),
    /// one warm (40 s); the wake at 30 s is neither; one pressure kill, no state loss (it
    /// saved when its 0 s handler completed). b: force-quit, which is no kill and loses
    /// nothing (SPEC 5). SPEC 14: a was first killed at 21 s and was resident 0-21 s, then
    /// from its wake at 30 s to the run's end at 40 s; b 12.5-25 s. SPEC 17: a waited 0.4 s
    /// for its cold launch and 0.1 s for its warm one, b 0.4 s.
    private var survivors: String {
        """
        app,survived,final_state,footprint_mb,cold_launches,warm_launches,pressure_kills,other_kills,state_losses,never_killed,first_kill_s,resident_s,launch_wait_s,compressions,refresh_runs,processing_runs,freezes,thaws
        com.example.a,true,active,100.000,1,1,1,0,0,false,21.000,31.000,0.500,0,0,0,0,0
        \(b),false,not-running,0.000,1,0,0,0,0,true,,12.500,0.400,0,0,0,0,0

        """
    }

    @Test func goldenReport() throws {
        try withTemporaryFolder { temporary in
            let folder = temporary.appendingPathComponent("Reports/golden")
            let result = try Simulation.run(goldenScenario(), writingReportTo: folder)

            #expect(try contents(of: folder) == reportFiles)
            #expect(try read("transitions.csv", in: folder) == transitions)
            #expect(try read("callbacks.csv", in: folder) == callbacks)
            #expect(try read("evictions.csv", in: folder) == evictions)
            #expect(try read("memory.csv", in: folder) == memory)
            #expect(try read("pressure.csv", in: folder) == pressure)
            #expect(try read("skipped.csv", in: folder) == skipped)
            #expect(try read("survivors.csv", in: folder) == survivors)

            #expect(result.scenarioName == "golden")
            #expect(result.policyName == "largest-first")
            #expect(result.eventsRun == 13)
            // Settled (SPEC 32): 1024 - 620 (system) - 300.0625 (b) - 50 (a) MB after the check
            // at 20 s; the 43.9375 MB at 21 s is before the check that kills a.
            #expect(result.minFreeKiB == KiB(54 * 1024 - 64))
            #expect(result.pressureEvictions == ["com.example.a"])
            // Only the finished folder is left: no partial or old folder beside it.
            #expect(try contents(of: folder.deletingLastPathComponent()) == ["golden"])
        }
    }

    /// The files agree with the in-memory `EventLog` of the same run, row for row.
    @Test func rowCountsMatchTheEventLog() throws {
        try withTemporaryFolder { temporary in
            let folder = temporary.appendingPathComponent("golden")
            try Simulation.run(goldenScenario(), writingReportTo: folder)
            let log = Simulation.run(goldenScenario()).log
            func rows(_ file: String) throws -> Int { try read(file, in: folder).split(separator: "\n").count - 1 }
            #expect(try rows("transitions.csv") == log.transitions.count)
            #expect(try rows("callbacks.csv") == log.callbacks.count)
            #expect(try rows("evictions.csv") == log.evictions.count)
            #expect(try rows("memory.csv") == log.footprints.count)
            #expect(try rows("pressure.csv") == log.frees.count)
            #expect(try rows("skipped.csv") == log.skips.count)
        }
    }

    /// SPEC 8: the same input always gives byte-identical reports; flushing every row or
    /// every 256 KiB makes no difference.
    @Test func runsAreByteIdentical() throws {
        try withTemporaryFolder { temporary in
            let first = temporary.appendingPathComponent("first")
            let second = temporary.appendingPathComponent("second")
            let flushing = temporary.appendingPathComponent("flushing")
            try Simulation.run(goldenScenario(), writingReportTo: first)
            try Simulation.run(goldenScenario(), writingReportTo: second)
            _ = try Simulation.run(
                goldenScenario(), policy: LargestFirstPolicy(), writingReportToPath: flushing.path, flushThreshold: 1)
            #expect(try snapshot(of: first) == snapshot(of: second))
            #expect(try snapshot(of: first) == snapshot(of: flushing))
        }
    }

    /// Writing a finished run's `EventLog` gives the same bytes as writing the files while
    /// the run goes (SPEC 8: the same input, the same reports), for the golden scenario and a
    /// generated one under each built-in policy.
    @Test func writingALogGivesTheStreamedBytes() throws {
        try withTemporaryFolder { temporary in
            for scenario in [goldenScenario(), RandomScenario.make(apps: 12, events: 400, seed: 3, ramMB: 1024)] {
                for policy in BuiltInPolicies.all {
                    let streamed = temporary.appendingPathComponent("streamed-\(scenario.name)-\(policy.name)")
                    let written = temporary.appendingPathComponent("written-\(scenario.name)-\(policy.name)")
                    try Simulation.run(scenario, policy: policy, writingReportTo: streamed)
                    try ReportWriter.write(Simulation.run(scenario, policy: policy), of: scenario, into: written)
                    #expect(try snapshot(of: written) == snapshot(of: streamed), "\(scenario.name) under \(policy.name)")
                    #expect(try read("evictions.csv", in: written).split(separator: "\n").count > 1, "a run with kills")
                }
            }
        }
    }

    /// A long run formats every file but `evictions.csv` and `freezer.csv` on a thread of its
    /// own (`CSVFormattingThread`), and writes out the largest files' full buffers on another
    /// (`CSVWriteBehindThread`); its files are the bytes the run's thread writes alone (SPEC 8:
    /// the same input, the same reports), over many chunks of rows and with a flush after
    /// every row as with the default buffer.
    @Test func aFormattingThreadWritesTheSameBytes() throws {
        let scenario = RandomScenario.make(apps: 30, events: 25_000, seed: 11, ramMB: 2048)
        #expect(scenario.makesLongReport)
        try withTemporaryFolder { temporary in
            for flushThreshold in [1, CSVReportRecorder.defaultFlushThreshold] {
                var folders: [URL] = []
                for threaded in [false, true] {
                    let folder = temporary.appendingPathComponent("\(flushThreshold)-\(threaded)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                    try ReportWriter.writeReport(scenario, policyName: scenario.policy.name, intoFolder: folder.path,
                                                 flushThreshold: flushThreshold, formatsOnAThreadOfItsOwn: threaded) { recorder in
                        var simulation = Simulation(scenario, policy: scenario.policy, recorder: recorder)
                        simulation.run()
                        return simulation.runOutcome
                    }
                    folders.append(folder)
                }
                #expect(try snapshot(of: folders[1]) == snapshot(of: folders[0]), "flush threshold \(flushThreshold)")
                let formatted = ["transitions.csv", "callbacks.csv", "memory.csv", "pressure.csv", "skipped.csv", "launches.csv"]
                let rows = try formatted.map { try read($0, in: folders[1]).split(separator: "\n").count }
                #expect(rows.reduce(0, +) > 3 * CSVFormattingThread.chunkSize, "several chunks: \(rows)")
            }
        }
    }

    /// A second run replaces the folder whole: files the old report held and the new one
    /// does not are gone, and nothing is left beside it.
    @Test func rerunReplacesTheFolder() throws {
        try withTemporaryFolder { temporary in
            let folder = temporary.appendingPathComponent("golden")
            try Simulation.run(goldenScenario(), writingReportTo: folder)
            try Data("stale".utf8).write(to: folder.appendingPathComponent("stale.csv"))
            try Data("old".utf8).write(to: folder.appendingPathComponent("survivors.csv"))

            try Simulation.run(goldenScenario(), writingReportTo: folder)
            #expect(try contents(of: folder) == reportFiles)
            #expect(try read("survivors.csv", in: folder) == survivors)
            #expect(try contents(of: temporary) == ["golden"])
        }
    }

    /// An existing empty folder is replaced as well.
    @Test func replacesAnEmptyFolder() throws {
        try withTemporaryFolder { temporary in
            let folder = temporary.appendingPathComponent("golden")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try Simulation.run(goldenScenario(), writingReportTo: folder.appendingPathComponent("/"))
            #expect(try contents(of: folder) == reportFiles)
            #expect(try contents(of: temporary) == ["golden"])
        }
    }

    /// A target under a regular file cannot be created: the error names the path and the
    /// system's error, and nothing is left behind.
    @Test func unwritableTargetThrowsAClearError() throws {
        try withTemporaryFolder { temporary in
            let file = temporary.appendingPathComponent("Reports")
            try Data("not a folder".utf8).write(to: file)
            let target = file.appendingPathComponent("golden")

            let error = #expect(throws: ReportWriter.Error.self) {
                try Simulation.run(goldenScenario(), writingReportTo: target)
            }
            #expect(error?.code == ENOTDIR)
            #expect(error?.description == "Cannot create folder \(file.path): Not a directory (errno \(ENOTDIR))")
            #expect(try contents(of: temporary) == ["Reports"])
            #expect(try read("Reports", in: temporary) == "not a folder")
        }
    }

    /// A regular file at the report's own path is not replaced: reports replace folders only.
    @Test func aFileAtTheTargetIsLeftAlone() throws {
        try withTemporaryFolder { temporary in
            let target = temporary.appendingPathComponent("golden")
            try Data("mine".utf8).write(to: target)

            let error = #expect(throws: ReportWriter.Error.self) {
                try Simulation.run(goldenScenario(), writingReportTo: target)
            }
            #expect(error?.description == "Cannot replace report folder \(target.path): Not a directory (errno \(ENOTDIR))")
            #expect(try contents(of: temporary) == ["golden"])
            #expect(try read("golden", in: temporary) == "mine")
        }
    }

    /// Until the last rename the old report stays in place and the new one is complete in a
    /// hidden sibling folder; an error at that point removes the sibling and keeps the old.
    @Test func errorBeforeTheRenameKeepsTheOldReport() throws {
        struct Interrupted: Error {}
        try withTemporaryFolder { temporary in
            let folder = temporary.appendingPathComponent("golden")
            try Simulation.run(goldenScenario(), writingReportTo: folder)
            try Data("old".utf8).write(to: folder.appendingPathComponent("marker"))
            let before = try snapshot(of: folder)

            var partialName = ""
            #expect(throws: Interrupted.self) {
                try Simulation.run(
                    goldenScenario(), policy: LargestFirstPolicy(), writingReportToPath: folder.path,
                    flushThreshold: CSVReportRecorder.defaultFlushThreshold
                ) { partial in
                    let partialURL = URL(fileURLWithPath: partial)
                    partialName = partialURL.lastPathComponent
                    #expect(try contents(of: partialURL) == reportFiles)
                    #expect(try snapshot(of: folder) == before)
                    throw Interrupted()
                }
            }
            #expect(partialName.hasPrefix(".golden.partial-\(getpid())-"))
            #expect(try contents(of: temporary) == ["golden"])
            #expect(try snapshot(of: folder) == before)
        }
    }

    /// A read-only `Reports/` folder: the temporary folder cannot be made, the error names
    /// it, and the old report stays.
    @Test(.enabled(if: geteuid() != 0, "root ignores folder permissions"))
    func readOnlyParentThrowsAndKeepsTheOldReport() throws {
        try withTemporaryFolder { temporary in
            let reports = temporary.appendingPathComponent("Reports")
            let folder = reports.appendingPathComponent("golden")
            try Simulation.run(goldenScenario(), writingReportTo: folder)
            let before = try snapshot(of: folder)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: reports.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: reports.path) }

            let error = #expect(throws: ReportWriter.Error.self) {
                try Simulation.run(goldenScenario(), writingReportTo: folder)
            }
            #expect(error?.code == EACCES)
            #expect(error?.description.contains(reports.path) == true)
            #expect(try contents(of: reports) == ["golden"])
            #expect(try snapshot(of: folder) == before)
        }
    }
}

extension ReportWriterTests {
    /// A path with no usable last component names no report folder.
    @Test(arguments: ["/", ".", "..", "reports/.."])
    func refusesPathsThatNameNoFolder(path: String) throws {
        let error = #expect(throws: ReportWriter.Error.self) {
            _ = try Simulation.run(
                goldenScenario(), policy: LargestFirstPolicy(), writingReportToPath: path, flushThreshold: 1)
        }
        #expect(error?.code == EINVAL)
    }

    /// A symbolic link at the target is not followed or replaced.
    @Test func aSymbolicLinkAtTheTargetIsRefused() throws {
        try withTemporaryFolder { temporary in
            let real = temporary.appendingPathComponent("real")
            let link = temporary.appendingPathComponent("golden")
            try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
            #expect(throws: ReportWriter.Error.self) { try Simulation.run(goldenScenario(), writingReportTo: link) }
            #expect(try contents(of: temporary) == ["golden", "real"])
            #expect(try contents(of: real) == [])
        }
    }
}
