import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Granted task requests (SPEC 28, 29): the window and `ends_task_on_expiration`, processing
/// tasks that wait for the lock and for power and end at an unlock, an app opened while its
/// task runs, and each policy with tasks under pressure. Expected values derived by hand.
@Suite struct TaskRunTests {
    typealias Row = TaskRequestTests.Row

    static func refresh(work: String, endsTask: Bool = true) -> String {
        "{ id: com.news, active_mb: 200, ends_task_on_expiration: \(endsTask), background_modes: [fetch], bg_tasks: [{ kind: refresh, earliest_s: 60, work_s: \(work) }] }"
    }

    static let leave = ["{ at: 0, open: com.news }", "{ at: 10, home }"]

    @Test("Work equal to the window completes; longer work expires at the window (SPEC 28, 29)",
          arguments: [("30", true), ("45", true), ("45", false)])
    func theWindow(work: String, endsTask: Bool) throws {
        let result = try TaskRequestTests.run(apps: [Self.refresh(work: work, endsTask: endsTask)], events: Self.leave)
        let rows = TaskRequestTests.rows(result)
        let after = result.transitions(of: 0).last
        let handlers = result.timedCallbacks(of: 0).filter { $0.0 >= 70 }
        // Granted at 70 (10 + 60); the refresh window is 30 s.
        switch (work, endsTask) {
        case ("30", _):
            #expect(rows == [Row(app: 0, kind: .refresh, submitted: 10, due: 70, granted: 70, ended: 100, outcome: .completed)])
            #expect(after == "background->suspended (bg-done)")
            #expect(handlers.map(\.1) == [.appRefreshLaunchHandler])
        case (_, true):
            #expect(rows == [Row(app: 0, kind: .refresh, submitted: 10, due: 70, granted: 70, ended: 100, outcome: .expired)])
            #expect(after == "background->suspended (bg-expired)")
            #expect(handlers.map { "\($0.0) \($0.1.rawValue)" } == ["70.0 BGAppRefreshTask.launchHandler", "100.0 BGTask.expirationHandler"])
        default:
            // Killed at the window, no callback after the expiration handler; MetricKit counts
            // it as a background task assertion timeout (SPEC 17's mapping).
            #expect(rows == [Row(app: 0, kind: .refresh, submitted: 10, due: 70, granted: 70, ended: 100, outcome: .killed)])
            #expect(after == "background->not-running (background-task-expired)")
            #expect(handlers.map(\.1) == [.appRefreshLaunchHandler, .taskExpirationHandler])
            #expect(result.apps[0].field.exits[.backgroundTaskAssertionTimeout] == 1)
            #expect(result.apps[0].otherKills == 1)
        }
    }

    static let db = "{ id: com.db, active_mb: 200, background_modes: [processing], bg_tasks: [{ kind: processing, work_s: WORK, requires_power: true }] }"
    static let mail = "{ id: com.mail, active_mb: 100 }"

    @Test("A processing task waits for the lock and for power; an unlock ends it after its own callbacks, even at the instant the work would complete (SPEC 28, 29)",
          arguments: ["600", "70", "60"])
    func processingWaitsAndEndsAtUnlock(work: String) throws {
        let result = try TaskRequestTests.run(apps: [Self.db.replacingOccurrences(of: "WORK", with: work), Self.mail], events: [
            "{ at: 0, open: com.db }", "{ at: 10, open: com.mail }", "{ at: 20, lock }", "{ at: 30, charge: true }", "{ at: 100, unlock }",
        ])
        // Due at 10 (earliest_s 0); not locked until 20, no power until 30: granted at 30.
        let rows = TaskRequestTests.rows(result)
        if work == "60" {
            // 30 + 60 = 90, before the unlock.
            #expect(rows == [Row(app: 0, kind: .processing, submitted: 10, due: 10, granted: 30, ended: 90, outcome: .completed)])
            #expect(result.transitions(of: 0).last == "background->suspended (bg-done)")
            return
        }
        // 600 s of work, or 70 s ending at 100 itself: the unlock (an event) comes first.
        #expect(rows == [Row(app: 0, kind: .processing, submitted: 10, due: 10, granted: 30, ended: 100, outcome: .expired)])
        let at100 = result.log.callbacks.filter { $0.timeMs == .seconds(100) }.map { "\(result.apps[$0.app].id) \($0.callback.rawValue)" }
        #expect(at100 == ["com.mail applicationDidBecomeActive", "com.db BGTask.expirationHandler"])
        #expect(result.transitions(of: 0).suffix(2) == ["suspended->background (bg-processing)", "background->suspended (bg-expired)"])
        #expect(result.apps[0].processingRuns == 1)
    }

    @Test("A pending processing request stays pending through an unlock; unplugging ends no running task (SPEC 28, 29)")
    func unlockAndUnplugEndNothingElse() throws {
        let db = Self.db.replacingOccurrences(of: "WORK", with: "50")
        let result = try TaskRequestTests.run(apps: [db, Self.mail], events: [
            "{ at: 0, open: com.db }", "{ at: 10, open: com.mail }", "{ at: 20, lock }", "{ at: 25, unlock }",
            "{ at: 30, lock }", "{ at: 40, charge: true }", "{ at: 50, charge: false }",
        ])
        // Locked without power at 20, unlocked at 25, locked at 30, plugged in at 40: granted
        // then; unplugged at 50, the task runs on to 90.
        #expect(TaskRequestTests.rows(result) == [Row(app: 0, kind: .processing, submitted: 10, due: 10, granted: 40, ended: 90, outcome: .completed)])
    }

    @Test("An app opened while its task runs ends it as a warm launch ends a wake: outcome opened, its timer cancelled (SPEC 29)")
    func openedWhileItsTaskRuns() throws {
        let result = try TaskRequestTests.run(apps: [Self.refresh(work: "20")], events: Self.leave + ["{ at: 80, open: com.news }", "{ at: 100, home }"])
        // Granted at 70, opened at 80 (before the work's end at 90). The next submission, at 100,
        // is due max(160, 70 + 900) = 970.
        #expect(TaskRequestTests.rows(result) == [
            Row(app: 0, kind: .refresh, submitted: 10, due: 70, granted: 70, ended: 80, outcome: .opened),
            Row(app: 0, kind: .refresh, submitted: 100, due: 970, granted: 970, ended: 990, outcome: .completed),
        ])
        #expect(result.timedCallbacks(of: 0).filter { $0.0 == 80 }.map(\.1) == [.willEnterForeground, .didBecomeActive])
        #expect(!result.log.transitions.contains { $0.timeMs == .seconds(90) })
        #expect(result.apps[0].warmLaunches == 1)
    }

    /// news (refresh, 300 MB in background) and two suspended apps on a 2 GiB phone whose
    /// frontmost app leaves 2048 − 1300 − 200 − 150 − 300 = 98 MB free once news runs: below
    /// critical (102.4 MB), so the grant's pressure check kills one suspended app.
    static let pressured = [
        "{ id: com.news, active_mb: 300, suspended_mb: 50, background_modes: [fetch], bg_tasks: [{ kind: refresh, earliest_s: 100, work_s: 10 }] }",
        "{ id: com.big, active_mb: 200 }", "{ id: com.small, active_mb: 150 }", "{ id: com.front, active_mb: 1300 }",
    ]

    @Test("A grant's launch into the background costs another app a kill under pressure, under each policy (SPEC 6, 28)",
          arguments: ["largest-first", "jetsam", "lmkd"])
    func eachPolicyUnderAGrant(policy: String) throws {
        let events = ["{ at: 0, open: com.news }", "{ at: 10, open: com.big }", "{ at: 20, open: com.small }", "{ at: 30, open: com.front }"]
        let text = """
            name: tasks
            policy: \(policy)
            device: { ram_mb: 2048, app_limit_mb: 2000 }
            apps:
            \(Self.pressured.map { "  - " + $0 }.joined(separator: "\n"))
            events:
            \(events.map { "  - " + $0 }.joined(separator: "\n"))

            """
        let scenario = try ScenarioLoader.parse(text, path: "tasks.yaml")
        let outcome = InvariantRun.check(scenario)
        #expect(outcome.violations.isEmpty, "\(outcome.violations)")
        let result = Simulation.run(scenario)
        // Before the grant: 2048 − 50 − 200 − 150 − 1300 = 348 MB. news's refresh is due at
        // 110; in background it holds 300 MB: 98 MB free. largest-first kills the largest
        // suspended app (big, 200 MB); jetsam the earliest into band 0 (news itself is in band
        // 30; big, suspended at 20, aged first); lmkd the highest adj: small is the previous
        // app (700), big cached (900), news in background (500): big.
        #expect(result.kills == ["com.big:memory-pressure"])
        #expect(TaskRequestTests.rows(result) == [Row(app: 0, kind: .refresh, submitted: 10, due: 110, granted: 110, ended: 120, outcome: .completed)])
    }
}
