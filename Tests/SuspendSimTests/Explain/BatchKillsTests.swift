import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `kills.csv` and `explain DIR --app ID` over a batch folder (SPEC 41).
@Suite struct BatchKillsTests {
    /// A kill as both sources can tell it: who, when, how, and the victim's two steps before.
    struct Told: Hashable {
        var app, time, state, trigger, reason: String
        var earlier: [String], last: [String]
    }

    @Test("kills.csv equals a recomputation from the --details folders' evictions.csv and transitions.csv; explain --app's counts too")
    func killsEqualTheRunFolders() throws {
        let folder = SurvivalTaskRunsTests.folder(), plain = SurvivalTaskRunsTests.folder()
        defer { for path in [folder, plain] { try? FileManager.default.removeItem(atPath: path) } }
        _ = try BatchRunner.run(try SurvivalMechanismTests.plan(details: true, kills: true), outPath: folder, jobs: 2)
        _ = try BatchRunner.run(try SurvivalMechanismTests.plan(details: false, kills: true), outPath: plain, jobs: 1)
        // The same batch without --details writes the same kills.csv.
        #expect(try String(contentsOfFile: plain + "/kills.csv", encoding: .utf8)
            == String(contentsOfFile: folder + "/kills.csv", encoding: .utf8))
        let table = try CSVTable(path: plain + "/kills.csv")
        let fromFile = table.dictionaries.map {
            Told(app: $0["app"]!, time: $0["time_s"]!, state: $0["state"]!, trigger: $0["trigger"]!, reason: $0["reason"]!,
                 earlier: [$0["earlier_s"]!, $0["earlier_state"]!, $0["earlier_cause"]!],
                 last: [$0["last_s"]!, $0["last_state"]!, $0["last_cause"]!])
        }
        let fromFolders = try Self.recompute(folder)
        #expect(fromFile.count == fromFolders.count && fromFile.count > 100)
        #expect(Self.counted(fromFile) == Self.counted(fromFolders))
        // explain --app's counts by mechanism and state, and its runs with a kill, per app.
        let survival = try CSVTable(path: plain + "/survival.csv")
        for app in Set(survival.rows.map { survival.cell($0, SurvivalColumn.app) }) {
            let kills = try BatchKills(folder: plain, app: app)
            #expect(kills.runs == 32)
            var expected: [BatchKills.Mechanism: Int] = [:]
            for kill in fromFolders where kill.app == app {
                expected[BatchKills.Mechanism(trigger: kill.trigger, reason: kill.reason, state: kill.state), default: 0] += 1
            }
            #expect(kills.times.mapValues(\.count) == expected, "\(app)")
            let runsKilled = try Self.runFolders(folder).filter { try CSVTable(path: $0 + "/evictions.csv").dictionaries.contains { $0["app"] == app } }
            #expect(kills.runsKilled == runsKilled.count, "\(app)")
        }
    }

    @Test("Without --kills a batch writes no kills.csv and the same other files as with it; explain --app then names --kills")
    func killsAreOptIn() throws {
        let with = SurvivalTaskRunsTests.folder(), without = SurvivalTaskRunsTests.folder()
        defer { for path in [with, without] { try? FileManager.default.removeItem(atPath: path) } }
        _ = try BatchRunner.run(try SurvivalMechanismTests.plan(details: false, kills: true), outPath: with, jobs: 2)
        _ = try BatchRunner.run(try SurvivalMechanismTests.plan(details: false), outPath: without, jobs: 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: without).sorted()
        #expect(names == ["assumptions.csv", "exits.csv", "summary.csv", "survival.csv"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: with).sorted() == (names + ["kills.csv"]).sorted())
        // The run that keeps no records counts as the one that keeps the kills.
        for name in names {
            #expect(try String(contentsOfFile: without + "/" + name, encoding: .utf8) == String(contentsOfFile: with + "/" + name, encoding: .utf8), "\(name)")
        }
        let app = try CSVTable(path: without + "/survival.csv").dictionaries[0]["app"]!
        #expect(throws: ExplainError.self) { try BatchKills(folder: without, app: app) }
        do {
            _ = try BatchKills(folder: without, app: app)
        } catch {
            #expect(error.description.contains("kills.csv does not exist") && error.description.contains("--kills"), "\(error)")
        }
        #expect(try BatchKills(folder: with, app: app).runs == 32)
    }

    /// Each kill of every run folder below `folder`: its `evictions.csv` row, with the app's
    /// last two rows of `transitions.csv` since its launch that are not the kill itself.
    static func recompute(_ folder: String) throws -> [Told] {
        let reasons = Set(KillReason.allCases.map(\.rawValue))
        var told: [Told] = []
        let none = ["", "", ""]
        for run in try runFolders(folder) {
            var recent: [String: (earlier: [String]?, last: [String]?)] = [:]
            var pending: [String: [(earlier: [String]?, last: [String]?)]] = [:]  // by "app@time_s"
            for row in try CSVTable(path: run + "/transitions.csv").dictionaries {
                let app = row["app"]!
                if reasons.contains(row["cause"]!) {
                    pending[app + "@" + row["time_s"]!, default: []].append(recent[app] ?? (nil, nil))
                    recent[app] = nil
                } else {
                    recent[app] = (recent[app]?.last, [row["time_s"]!, row["to"]!, row["cause"]!])
                }
            }
            for row in try CSVTable(path: run + "/evictions.csv").dictionaries {
                let key = row["app"]! + "@" + row["time_s"]!
                let steps = pending[key]?.first ?? (nil, nil)
                if pending[key]?.isEmpty == false { pending[key]?.removeFirst() }
                told.append(Told(app: row["app"]!, time: row["time_s"]!, state: row["state"]!, trigger: row["trigger"]!, reason: row["reason"]!,
                                 earlier: steps.earlier ?? none, last: steps.last ?? none))
            }
        }
        return told
    }

    /// The run folders below `folder`, those with an `evictions.csv`.
    static func runFolders(_ folder: String) throws -> [String] {
        let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix("/evictions.csv") }.map { folder + "/" + $0.dropLast("/evictions.csv".count) }.sorted()
    }

    static func counted(_ kills: [Told]) -> [Told: Int] {
        kills.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
}

/// `explain DIR --app ID`'s text on a batch folder written by hand (SPEC 41).
@Suite struct BatchKillNarrativeTests {
    /// Three runs of com.a (and com.b): run 0 has a reap at 14:07:00 (50820 s) after a wake then
    /// a suspension, and a critical kill at 02:00 (7200 s) in the background; run 2 has two
    /// more reaps of the same pattern at 10:00 and 26:30 (95400 s, 02:30 the next day).
    static let kills = """
        scenario,policy,seed,replicate,device.ram_mb,app,time_s,state,reason,trigger,free_before_mb,threshold_mb,earlier_s,earlier_state,earlier_cause,last_s,last_state,last_cause
        day,jetsam,1,0,2048,com.a,7200.000,background,memory-pressure,critical,99.500,100.000,,,,7100.000,background,wake
        day,jetsam,1,0,2048,com.a,50820.000,suspended,long-idle-exit,reaper,1210.400,1311.000,50400.000,background,wake,50520.000,suspended,wake-done
        day,jetsam,1,0,2048,com.b,50820.000,suspended,long-idle-exit,reaper,1210.400,1311.000,50400.000,background,open,50520.000,suspended,handler-done
        day,jetsam,3,2,2048,com.a,36000.000,suspended,long-idle-exit,reaper,600.000,691.920,35000.000,background,wake,35100.000,suspended,wake-done
        day,jetsam,3,2,2048,com.a,95400.000,suspended,long-idle-exit,reaper,650.000,691.920,94000.000,background,wake,94100.000,suspended,wake-done

        """
    static let survival = """
        scenario,policy,app,runs,survived,device.ram_mb
        day,jetsam,com.a,3,1,2048
        day,jetsam,com.b,3,2,2048
        day,jetsam,com.never,3,3,2048

        """

    static func folder() throws -> String {
        let folder = SurvivalTaskRunsTests.folder()
        try kills.write(toFile: folder + "/kills.csv", atomically: true, encoding: .utf8)
        try survival.write(toFile: folder + "/survival.csv", atomically: true, encoding: .utf8)
        return folder
    }

    @Test("Counts, shares, median time of day and the commonest sequences, derived by hand")
    func byHand() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // com.a: 4 kills in runs 0 and 2 (2 of 3 = 66.7 %). Reaps at 14:07, 10:00 and 02:30
        // (95400 s mod 86400 = 9000 s): sorted 02:30, 10:00, 14:07, median 10:00; 3 of 4 = 75.0 %.
        // The critical kill: 1 of 4 = 25.0 %, at 02:00. The reaps share one pattern, its
        // example the first (run 0): free 1210.4 MB → 1,210, threshold 1311 → 1,311.
        #expect(try BatchKillNarrative.text(folder: folder, app: "com.a") == """
            com.a across 3 runs of \(folder): 4 kills in 2 runs (66.7 % of the runs).

            By mechanism and state:
              reaper (long-idle-exit), suspended          3  75.0 %  median 10:00
              critical (memory-pressure), background      1  25.0 %  median 02:00

            Commonest sequences that end in its kill (2 in all):
              1. 3 of 4 (75.0 %), e.g. day, replicate 0, device.ram_mb=2048:
                 background at 14:00 after a wake, suspended at 14:02 after its wake ended, reaped at 14:07 with free 1,210 MB below the reaper's 1,311 MB
              2. 1 of 4 (25.0 %), e.g. day, replicate 0, device.ram_mb=2048:
                 background at 01:58 after a wake, killed by the critical loop at 02:00 with free 100 MB below the critical loop's 100 MB

            """)
        #expect(try BatchKillNarrative.text(folder: folder, app: "com.never") == "com.never across 3 runs of \(folder): never killed.\n")
    }

    @Test("An app the batch does not have is refused with the nearest name; a run folder is told to name the app after it")
    func refusals() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try BatchKillNarrative.text(folder: folder, app: "com.nevr")
            Issue.record("an unknown app was taken")
        } catch {
            #expect(error.description == "unknown app 'com.nevr' in \(folder)/survival.csv; did you mean 'com.never'?")
        }
        try FileManager.default.removeItem(atPath: folder + "/kills.csv")
        #expect(throws: ExplainError.self) { try BatchKillNarrative.text(folder: folder, app: "com.a") }
    }
}
