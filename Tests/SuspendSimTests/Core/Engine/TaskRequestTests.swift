import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `BGTaskScheduler` requests (SPEC 28, 29): submission, the rate limit, replacement,
/// cancellation, the device's conditions and the order of grants. Every expected value is
/// derived by hand in the test's comments.
@Suite struct TaskRequestTests {
    /// A scenario of `apps` (YAML flow mappings) on a 2 GiB phone with `device` keys (by default
    /// a per-app limit of 2000 MB, so that no app in these tests reaches it).
    static func run(device: String = "app_limit_mb: 2000", apps: [String], events: [String], end: String? = nil) throws -> SimulationResult<EventLog> {
        let text = """
            name: tasks
            device: { ram_mb: 2048, \(device) }
            apps:
            \(apps.map { "  - " + $0 }.joined(separator: "\n"))
            events:
            \(events.map { "  - " + $0 }.joined(separator: "\n"))
            \(end.map { "end_s: " + $0 } ?? "")

            """
        let scenario = try ScenarioLoader.parse(text, path: "tasks.yaml")
        let outcome = InvariantRun.check(scenario, keepsLog: true)
        #expect(outcome.violations.isEmpty, "\(outcome.violations)")
        return Simulation.run(scenario)
    }

    /// A `tasks.csv` row as the test writes it: seconds, nil for an empty cell.
    struct Row: Equatable, CustomStringConvertible {
        var app: AppIndex, kind: AppProfile.TaskRequest.Kind, submitted: Double, due: Double, granted: Double?, ended: Double?
        var outcome: EventLog.TaskRecord.Outcome
        var description: String { "\(app) \(kind) \(submitted) \(due) \(String(describing: granted)) \(String(describing: ended)) \(outcome)" }
    }

    static func rows(_ result: SimulationResult<EventLog>) -> [Row] {
        result.tasks.enumerated().map { index, task in
            #expect(task.seq == index + 1)
            return Row(app: task.app, kind: task.kind, submitted: task.submittedMs.seconds, due: task.dueMs.seconds,
                       granted: task.grantedMs?.seconds, ended: task.endedMs?.seconds, outcome: task.outcome)
        }
    }

    static let news = "{ id: com.news, active_mb: 200, background_modes: [fetch], bg_tasks: [{ kind: refresh, earliest_s: 60, work_s: 10 }] }"

    @Test("The rate limit: a refresh is due no earlier than the last refresh grant + refresh_interval_s (SPEC 28, 29)")
    func rateLimitDelaysAGrant() throws {
        let result = try Self.run(apps: [Self.news], events: [
            "{ at: 0, open: com.news }", "{ at: 10, home }", "{ at: 100, open: com.news }", "{ at: 200, home }",
        ])
        // #1 submitted at 10, due 10 + 60 = 70, granted then, done at 80. #2 submitted at 200:
        // 200 + 60 = 260, but the last grant (70) + 900 = 970 is later.
        #expect(Self.rows(result) == [
            Row(app: 0, kind: .refresh, submitted: 10, due: 70, granted: 70, ended: 80, outcome: .completed),
            Row(app: 0, kind: .refresh, submitted: 200, due: 970, granted: 970, ended: 980, outcome: .completed),
        ])
        #expect(result.transitions(of: 0).suffix(5) == [
            "active->inactive (home)", "inactive->background (home)", "background->suspended (handler-done)",
            "suspended->background (bg-refresh)", "background->suspended (bg-done)",
        ])
        #expect(result.log.transitions.filter { $0.cause == .grant(.refresh) }.map(\.timeMs.seconds) == [70, 970])
        #expect(result.timedCallbacks(of: 0).filter { $0.1 == .appRefreshLaunchHandler }.map(\.0) == [70, 970])
        #expect(result.apps[0].refreshRuns == 2 && result.apps[0].processingRuns == 0)
        // A grant is neither a cold nor a warm launch (SPEC 29).
        #expect((result.apps[0].coldLaunches, result.apps[0].warmLaunches) == (1, 1))
    }

    @Test("A submission replaces the pending request of its kind; its due timer goes with it (SPEC 28)")
    func aSubmissionReplacesThePendingOne() throws {
        let result = try Self.run(apps: [Self.news], events: [
            "{ at: 0, open: com.news }", "{ at: 10, home }", "{ at: 20, open: com.news }", "{ at: 30, home }",
        ])
        // #1 (due 70) is replaced at 30 by #2, due 90; nothing runs at 70.
        #expect(Self.rows(result) == [
            Row(app: 0, kind: .refresh, submitted: 10, due: 70, granted: nil, ended: nil, outcome: .replaced),
            Row(app: 0, kind: .refresh, submitted: 30, due: 90, granted: 90, ended: 100, outcome: .completed),
        ])
    }

    @Test("A force-quit cancels the pending requests; a system kill keeps them, and the grant launches the app into the background (SPEC 28)")
    func forceQuitCancelsAndSystemKillKeeps() throws {
        let news = "{ id: com.news, active_mb: 300, background_modes: [fetch], bg_tasks: [{ kind: refresh, earliest_s: 100, work_s: 5 }] }"
        let result = try Self.run(apps: [news, "{ id: com.hog, active_mb: 1500 }"], events: [
            "{ at: 0, open: com.news }", "{ at: 10, open: com.hog }",
            // 2048 − 300 − 1700 = 48 MB < 102.4 MB (critical, 5 %): the suspended news is killed.
            "{ at: 20, allocate: { app: com.hog, mb: 200 } }", "{ at: 30, allocate: { app: com.hog, mb: -200 } }",
            "{ at: 120, open: com.news }", "{ at: 130, home }", "{ at: 140, force_quit: com.news }",
        ])
        // #1: submitted at 10, due 110: news is not running then, and is launched into the
        // background (2048 − 1500 − 300 = 248 MB free: no kill), done at 115. #2: submitted at
        // 130, due max(230, 110 + 900) = 1010, cancelled at 140.
        #expect(Self.rows(result) == [
            Row(app: 0, kind: .refresh, submitted: 10, due: 110, granted: 110, ended: 115, outcome: .completed),
            Row(app: 0, kind: .refresh, submitted: 130, due: 1010, granted: nil, ended: nil, outcome: .cancelled),
        ])
        #expect(result.kills == ["com.news:memory-pressure", "com.news:force-quit"])
        // 248 MB is below the warning threshold (307.2 MB, 15 %): the pressure check after the
        // grant warns the apps running code, news among them.
        #expect(result.timedCallbacks(of: 0).filter { $0.0 == 110 }.map(\.1)
            == [.willFinishLaunching, .didFinishLaunching, .appRefreshLaunchHandler, .didReceiveMemoryWarning])
        #expect(result.transitions(of: 0).contains("not-running->background (bg-refresh)"))
        // The cancelled request's timer keeps nothing going: the run ends at the force-quit.
        #expect(result.durationMs == .seconds(140))
    }

    @Test("Low Power Mode holds a refresh until it goes off; the switch off holds it for good (SPEC 28)")
    func lowPowerAndTheSwitchHoldARefresh() throws {
        let other = "{ id: com.other, active_mb: 100 }"
        let events = ["{ at: 0, open: com.news }", "{ at: 10, open: com.other }", "{ at: 200, low_power: false }", "{ at: 300, low_power: false }"]
        let held = try Self.run(device: "low_power: true, app_limit_mb: 2000", apps: [Self.news, other], events: events)
        #expect(Self.rows(held) == [Row(app: 0, kind: .refresh, submitted: 10, due: 70, granted: 200, ended: 210, outcome: .completed)])
        // The second `low_power: false` is a no-op with an empty app cell.
        #expect(held.log.skips.map { "\($0.timeMs.seconds) \($0.event.rawValue) \(String(describing: $0.app)) \($0.reason.rawValue)" }
            == ["300.0 low_power nil the value is already in force"])

        // With the switch off, the request waits to the end; its due timer (70) still runs, and
        // without end_s the run ends after the last event.
        let off = try Self.run(device: "background_app_refresh: false, app_limit_mb: 2000", apps: [Self.news, other], events: Array(events.prefix(2)))
        #expect(Self.rows(off) == [Row(app: 0, kind: .refresh, submitted: 10, due: 70, granted: nil, ended: nil, outcome: .pending)])
        #expect(off.durationMs == .seconds(70))
        #expect(off.apps[0].refreshRuns == 0)
    }

    @Test("Two requests grantable at one instant: by due time, then app order, refresh before processing, a pressure check after each (SPEC 28)")
    func twoRequestsAtOneInstant() throws {
        let tasks = "background_modes: [fetch, processing], bg_tasks: [{ kind: refresh }, { kind: processing }]"
        let result = try Self.run(device: "low_power: true, app_limit_mb: 2000", apps: ["{ id: com.a, active_mb: 100, \(tasks) }", "{ id: com.b, active_mb: 100, \(tasks) }"], events: [
            "{ at: 0, open: com.a }", "{ at: 10, open: com.b }", "{ at: 20, home }", "{ at: 30, lock }", "{ at: 40, low_power: false }",
        ])
        // At 40: a's refresh (due 10) first, then b's refresh (due 20): each app then runs, so
        // neither processing request is grantable. Each refresh works 1 s (wake_work_s); a's
        // bg-done timer comes first at 41 and a's processing (due 10) follows, then b's.
        #expect(Self.rows(result) == [
            Row(app: 0, kind: .refresh, submitted: 10, due: 10, granted: 40, ended: 41, outcome: .completed),
            Row(app: 0, kind: .processing, submitted: 10, due: 10, granted: 41, ended: 42, outcome: .completed),
            Row(app: 1, kind: .refresh, submitted: 20, due: 20, granted: 40, ended: 41, outcome: .completed),
            Row(app: 1, kind: .processing, submitted: 20, due: 20, granted: 41, ended: 42, outcome: .completed),
        ])
        let grants = result.log.transitions.filter { if case .grant = $0.cause { true } else { false } }
        #expect(grants.map { "\($0.timeMs.seconds) \($0.app) \($0.cause)" } == [
            "40.0 0 bg-refresh", "40.0 1 bg-refresh", "41.0 0 bg-processing", "41.0 1 bg-processing",
        ])
    }

    @Test("A scene-based app submits at sceneDidEnterBackground; a grant connects no scene (SPEC 11, 28, 29)")
    func sceneAppsSubmitAtSceneDidEnterBackground() throws {
        let news = "{ id: com.news, active_mb: 200, lifecycle: scene, background_modes: [fetch], bg_tasks: [{ kind: refresh, earliest_s: 60, work_s: 10 }] }"
        let result = try Self.run(apps: [news], events: ["{ at: 0, open: com.news }", "{ at: 10, home }"])
        #expect(result.timedCallbacks(of: 0).filter { $0.0 >= 10 }.map(\.1) == [
            .sceneWillResignActive, .sceneDidEnterBackground, .appRefreshLaunchHandler,
        ])
        #expect(Self.rows(result) == [Row(app: 0, kind: .refresh, submitted: 10, due: 70, granted: 70, ended: 80, outcome: .completed)])
    }

    @Test("An exits_on_suspend app submits, then exits; its request launches it into the background (SPEC 29)")
    func exitsOnSuspendSubmitsFirst() throws {
        let news = "{ id: com.news, active_mb: 200, exits_on_suspend: true, background_modes: [fetch], bg_tasks: [{ kind: refresh, earliest_s: 60, work_s: 10 }] }"
        let result = try Self.run(apps: [news], events: ["{ at: 0, open: com.news }", "{ at: 10, home }"])
        #expect(Self.rows(result) == [Row(app: 0, kind: .refresh, submitted: 10, due: 70, granted: 70, ended: 80, outcome: .completed)])
        #expect(result.kills == ["com.news:exits-on-suspend", "com.news:exits-on-suspend"])
    }
}
