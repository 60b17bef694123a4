import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `explain` and the run page with task requests (SPEC 28): a victim killed while running its
/// task, a kill that answered another app's grant, and the page's grant marks.
@Suite struct TaskNarrativeTests {
    /// The explanation of the run of `text`, written to a scenario file and run into a folder.
    static func explain(_ text: String, app: String? = nil) throws -> String {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("tasks.yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let scenario = try ScenarioLoader.load(path: file.path)
            let run = folder.appendingPathComponent("run")
            try Simulation.run(scenario, writingReportTo: run)
            let replay = try ReportReplay(folder: run.path)
            let outcome = try replay.run()
            return try EvictionNarrative.text(outcome.evictions, freeDrops: outcome.freeDrops, compressionSteps: outcome.compressionSteps,
                                              tasks: outcome.tasks, freezer: outcome.freezer, scenario: replay.scenario, policy: replay.policy,
                                              app: app)
        }
    }

    static func scenario(apps: [String], events: [String]) -> String {
        """
        name: tasks
        device: { ram_mb: 2048, app_limit_mb: 2000 }
        apps:
        \(apps.map { "  - " + $0 }.joined(separator: "\n"))
        events:
        \(events.map { "  - " + $0 }.joined(separator: "\n"))

        """
    }

    @Test("A victim killed at its task's window: explain names the task, how it was granted and its row (SPEC 28)")
    func killedWhileRunningItsTask() throws {
        let text = Self.scenario(apps: [TaskRunTests.refresh(work: "45", endsTask: false)], events: TaskRunTests.leave)
        let explanation = try Self.explain(text)
        #expect(explanation.contains("Task: it was running its refresh task (BGAppRefreshTask.launchHandler), resumed into the background for it at 70.000 s; the kill ended it (tasks.csv #1, outcome killed)."),
                "\(explanation)")
        #expect(explanation.contains("refresh_window_s 30.000 s"))
    }

    @Test("A kill in the pressure check after another app's grant: explain says the grant came just before (SPEC 28)")
    func aGrantJustBefore() throws {
        let events = ["{ at: 0, open: com.news }", "{ at: 10, open: com.big }", "{ at: 20, open: com.small }", "{ at: 30, open: com.front }"]
        let explanation = try Self.explain(Self.scenario(apps: TaskRunTests.pressured, events: events))
        #expect(explanation.contains("#1  110.000 s  com.big (suspended, 200.000 MB)  memory-pressure"), "\(explanation)")
        #expect(explanation.contains("Task grant just before: com.news was resumed into the background for its refresh task at this instant"))
    }

    @Test("The run page marks each grant on the state timeline and names the mark in the legend, only when there is one (SPEC 28)")
    func runPageMarksGrants() throws {
        try withTemporaryFolder { folder in
            let run = try RunPageTests.run(Self.scenario(apps: [TaskRunTests.refresh(work: "10")], events: TaskRunTests.leave), named: "grants", in: folder)
            let reports = try RunReports(folder: run)
            #expect(reports.transitions.filter { $0.mark == .grant }.map(\.time) == [70])
            #expect(try HTMLReport.runPage(folder: run).contains("task grant (BGTaskScheduler)"))
            let plain = try RunPageTests.run(RunPageTests.systemAllocate, named: "plain", in: folder)
            #expect(!(try HTMLReport.runPage(folder: plain)).contains("task grant"))
        }
    }
}
