import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `tasks.csv` and SPEC 28's columns (SPEC 28, 29): their bytes for a run with task requests,
/// and "without `bg_tasks`, nothing changes but the new empty `tasks.csv` and the new columns of 0".
@Suite struct TasksReportTests {
    @Test("tasks.csv: one row per request in submission order, empty cells for what did not happen (SPEC 28)")
    func tasksCSVBytes() throws {
        let text = """
            name: news
            device: { ram_mb: 2048 }
            apps:
              - { id: com.news, active_mb: 200, background_modes: [fetch], bg_tasks: [{ kind: refresh, earliest_s: 60, work_s: 10 }] }
            events:
              - { at: 0, open: com.news }
              - { at: 10, home }
              - { at: 100, open: com.news }
              - { at: 200, home }
            end_s: 500

            """
        try withTemporaryFolder { folder in
            let scenario = try ScenarioLoader.parse(text, path: "news.yaml")
            try Simulation.run(scenario, writingReportTo: folder.appendingPathComponent("news"))
            // Granted at 70, done at 80; the second is due at 70 + 900 = 970, after end_s.
            #expect(try read("tasks.csv", in: folder.appendingPathComponent("news")) == """
                seq,app,kind,submitted_s,due_s,granted_s,ended_s,outcome
                1,com.news,refresh,10.000,70.000,70.000,80.000,completed
                2,com.news,refresh,200.000,970.000,,,pending

                """)
            let survivors = try read("survivors.csv", in: folder.appendingPathComponent("news"))
            #expect(survivors.split(separator: "\n").last?.hasSuffix(",0,1,0,0,0") == true, "\(survivors)")
            let transitions = try read("transitions.csv", in: folder.appendingPathComponent("news"))
            #expect(transitions.contains("70.000,com.news,suspended,background,bg-refresh\n80.000,com.news,background,suspended,bg-done\n"))
        }
    }

    @Test("Without bg_tasks, SPEC 28's device keys change no record: tasks.csv is a header and the run counts are 0 (SPEC 29)")
    func withoutRequestsNothingChanges() throws {
        let files = try ScenarioLoader.scenarioFiles(in: [bundledScenariosFolder])
        var checked = 0
        for file in files {
            let scenario = try ScenarioLoader.load(path: file)
            guard scenario.apps.allSatisfy(\.bgTasks.isEmpty) else { continue }
            var changed = scenario
            changed.device.charging = true
            changed.device.lowPower = true
            changed.device.backgroundAppRefresh = false
            changed.device.refreshWindowMs = .ms(1)
            changed.device.refreshIntervalMs = .ms(1)
            let plain = Simulation.run(scenario)
            let other = Simulation.run(changed)
            #expect(plain.log.hasSameRecords(as: other.log), "\(file)")
            #expect(plain.apps == other.apps && plain.tasks.isEmpty && other.tasks.isEmpty, "\(file)")
            #expect(plain.apps.allSatisfy { $0.refreshRuns == 0 && $0.processingRuns == 0 })
            checked += 1
        }
        #expect(checked >= 10)
    }
}
