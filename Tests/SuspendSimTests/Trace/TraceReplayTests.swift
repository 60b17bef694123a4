import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 13 `trace:`: an LSApp usage trace replayed as a timeline. The sample is
/// `Tests/Data/trace/lsapp-sample.tsv`, made by the first version of
/// `scripts/make-lsapp-trace.sh` (3 users, 12 rows each, seed 7; the script now draws other days,
/// and names apps as LSApp's launcher does, as the sample's `Spotify Music` now does too).
@Suite struct TraceReplayTests {
    static let sample = packageFile("Tests/Data/trace/lsapp-sample.tsv")

    func scenario(user: String = "2", extra: String = "", trace: String = sample) throws -> Scenario {
        try ScenarioLoader.parse("""
            name: day
            device: { ram_mb: 4096 }
            apps:
              - { id: com.google.Gmail, trace_name: Gmail, active_mb: 150, suspended_mb: 60 }
            trace:
              file: \(trace)
              user: \(user)
              default_app: { active_mb: 200, suspended_mb: 80 }
            \(extra)
            """, path: "day.yaml")
    }

    @Test("User 2's Opened and Closed rows become open and close events from their first timestamp, merged with events: (events: first at equal times); apps match by id or trace_name, others are trace.<name> in order of first appearance (SPEC 13)")
    func handDerivedTimeline() throws {
        let scenario = try scenario(extra: "events:\n  - { at: 1290, open: com.google.Gmail }\n  - { at: 2200, open: com.google.Gmail }")
        #expect(scenario.apps.map(\.id) == ["com.google.Gmail", "trace.Netflix", "trace.Maps"])
        #expect(scenario.apps[1].activeKiB == .mb(200) && scenario.apps[1].suspendedKiB == .mb(80))
        // Hand-derived from the sample: user 2 starts at 08:31:17.
        let expected: [(Millis, ScenarioEvent.Action)] = [
            (0, .open(0)), (123_000, .close(0)), (431_000, .open(0)), (537_000, .close(0)),
            (1_290_000, .open(0)), (1_290_000, .open(1)), (1_381_000, .close(1)),
            (2_156_000, .open(2)), (2_200_000, .open(0)), (2_272_000, .close(2)),
        ]
        #expect(scenario.events.map(\.atMs) == expected.map(\.0))
        #expect(scenario.events.map(\.action) == expected.map(\.1))
        // Maps' Closed at 2272 s finds Gmail frontmost: skipped, as `home` naming Maps (SPEC 16).
        let result = Simulation.run(scenario)
        let skip = try #require(result.log.skips.last)
        #expect(skip.timeMs == 2_272_000 && skip.event == .home && skip.app == 2 && skip.reason == .notFrontmost)
        #expect(result.outcome("trace.Netflix").coldLaunches == 1)
    }

    /// The sample's every user, with Gmail known and the other apps from `default_app`.
    static func allUsersTemplate() throws -> ScenarioTemplate {
        try ScenarioTemplate(text: """
            name: day
            device: { ram_mb: 4096 }
            apps: [{ id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }]
            trace: { file: \(sample), user: all, default_app: { active_mb: 200 } }
            """, path: "day.yaml")
    }

    @Test("user: all sweeps every user in order of first appearance; the scenario as written replays the first (SPEC 13)")
    func allUsers() throws {
        let template = try Self.allUsersTemplate()
        #expect(template.sweep.map(\.key) == [.trace(.user)])
        #expect(template.sweep.first?.values == ["1", "2", "3"])
        // User 1 opens Facebook, YouTube, Camera; user 3 YouTube, Spotify Music, Twitter, Facebook.
        #expect(template.scenario.apps.map(\.id) == ["com.google.Gmail", "trace.Facebook", "trace.YouTube", "trace.Camera"])
        let third = try template.scenario(at: [SweepSetting(axis: try SweepAxis(parsing: "trace.user=3"), index: 0)])
        #expect(third.apps.map(\.id) == ["com.google.Gmail", "trace.YouTube", "trace.Spotify Music", "trace.Twitter", "trace.Facebook"])
    }

    /// A trace whose users 8, 9 and 10 each have one bad row (line 5, 6 and 7); user 11's rows
    /// are fine, and a blank line is ignored.
    static let broken = """
        user_id\tsession_id\ttimestamp\tapp_name\tevent_type
        8\t1\t2019-03-01 08:00:00\tGmail\tOpened

        9\t1\t2019-03-01 08:00:00\tGmail\tOpened
        8\t1\t2019-03-01 07:00:00\tGmail\tClosed
        9\t1\t2019-03-01 8:01:00\tGmail\tClosed
        10\t1\t2019-03-01 08:00:00\tGmail\tDanced
        11\t1\t2019-03-01 08:00:00\tGmail\tOpened

        """

    @Test("Bad rows of the chosen user are located errors (file, line, column); other users' rows are not read (SPEC 13, 16)", arguments: [
        ("8", 5, "timestamp", "earlier than the user's previous record"),
        ("9", 6, "timestamp", "must be YYYY-MM-DD HH:MM:SS, got '2019-03-01 8:01:00'"),
        ("10", 7, "event_type", "must be Opened, Closed, User Interaction or Broken, got 'Danced'"),
    ])
    func badRows(_ user: String, _ line: Int, _ column: String, _ message: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("broken.tsv", Self.broken)
        do {
            _ = try scenario(user: user, trace: path)
            Issue.record("user \(user) loaded")
        } catch let error as ScenarioLoader.Error {
            #expect(error.diagnostics.map(\.description) == ["\(path):\(line): \(column): \(message)"])
        }
        #expect(try scenario(user: "11", trace: path).events.count == 1)
    }

    @Test("A user with no record, a header without a needed column, and a missing file are errors (SPEC 16)")
    func badTraces() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("broken.tsv", Self.broken)
        let noUser = loadDiagnostics(try String(contentsOfFile: packageFile("Tests/Data/trace/lsapp-sample.tsv"), encoding: .utf8).isEmpty ? "" : """
            name: day
            device: { ram_mb: 4096 }
            apps: [{ id: a, active_mb: 1 }]
            trace: { file: \(path), user: 7 }
            """)
        #expect(noUser.map(\.message) == ["\(path): no record of user '7'"])
        #expect(noUser.first?.line == 4)
        let headless = try folder.write("headless.tsv", "user\tsession_id\ttimestamp\tapp_name\tevent_type\n")
        let noColumn = loadDiagnostics("name: day\ndevice: { ram_mb: 4096 }\napps: [{ id: a, active_mb: 1 }]\ntrace: { file: \(headless), user: 7 }\n")
        #expect(noColumn.map(\.description) == ["\(headless):1: user_id: the header row has no user_id column (expected user_id, session_id, timestamp, app_name, event_type, tab-separated)"])
        let unknownApp = loadDiagnostics("name: day\ndevice: { ram_mb: 4096 }\napps: [{ id: a, active_mb: 1 }]\ntrace: { file: \(path), user: 11 }\n")
        #expect(unknownApp.map(\.description) == ["\(path):8: app_name: app 'Gmail' is not in apps: (by id or trace_name), and trace: has no default_app for it"])
    }

    @Test("An app name is matched at each row as the rows come: a name spelled like an app made for another name (trace.<name>) finds that app once it is made (SPEC 13)")
    func namesMatchAsTheRowsCome() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("names.tsv", """
            user_id\tsession_id\ttimestamp\tapp_name\tevent_type
            1\t1\t2019-03-01 08:00:00\ttrace.Maps\tOpened
            1\t1\t2019-03-01 08:01:00\tMaps\tOpened
            1\t1\t2019-03-01 08:02:00\ttrace.Maps\tClosed
            1\t1\t2019-03-01 08:03:00\tMaps\tClosed

            """)
        let scenario = try scenario(user: "1", trace: path)
        #expect(scenario.apps.map(\.id) == ["com.google.Gmail", "trace.trace.Maps", "trace.Maps"])
        #expect(scenario.events.map(\.action) == [.open(1), .open(2), .close(2), .close(2)])
    }

    @Test("Two apps may not share a trace_name (SPEC 16)")
    func sharedTraceName() {
        let diagnostics = loadDiagnostics("""
            name: day
            device: { ram_mb: 4096 }
            apps:
              - { id: a, active_mb: 1, trace_name: Maps }
              - { id: b, active_mb: 1, trace_name: Maps }
            """)
        #expect(diagnostics.map(\.field) == ["apps[1].trace_name"])
    }

    @Test("A batch over a trace's users keeps no events in its points: each point makes its user's events again from the trace's index when it runs (SPEC 13, 21)")
    func batchHoldsOneUserAtATime() throws {
        let template = try Self.allUsersTemplate()
        let plan = try BatchPlan(templates: [template], options: BatchPlan.Options())
        let points = try #require(plan.entries.first?.points)
        #expect(points.count == 3)
        #expect(points.allSatisfy { $0.scenario.events.isEmpty })
        for (index, point) in points.enumerated() {
            let user = SweepSetting(axis: SweepAxis(key: .trace(.user), values: ["\(index + 1)"]), index: 0)
            #expect(try point.runnableScenario().events == template.scenario(at: [user]).events)
        }
        #expect(try points[1].runnableScenario().events.count == 8)
    }
}
