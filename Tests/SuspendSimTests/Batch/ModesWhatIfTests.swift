import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `app.<id>.background_modes` as a sweep key (SPEC 41): values in SPEC 4's order, a list in
/// `sweep:`, and the bad values refused (the what-if itself: `ModesWhatIfCommandTests`).
@Suite struct ModesWhatIfTests {
    /// An editor with preview audio on a small phone, among three others.
    static func day(modes: String, sweep: String = "") -> String {
        """
        name: editor-day
        policy: jetsam
        device: { ram_mb: 1536, ios: "18.4", system_mb: 400 }
        apps:
          - { id: com.a, active_mb: 300, background_mb: 200, suspended_mb: 150 }
          - { id: com.b, active_mb: 400, background_mb: 250, suspended_mb: 180 }
          - { id: com.c, active_mb: 350, background_mb: 200, suspended_mb: 160 }
          - { id: com.acme.editor, active_mb: 500, background_mb: 300, suspended_mb: 180, background_modes: \(modes) }
        workload: { duration_s: 20000, zipf_s: 0.3, dwell_s: 120, gap_s: 600 }
        replicates: 12
        \(sweep)
        """
    }

    @Test("Bad mode sets are located errors at the value: a mode that is not one, a mode twice, two spellings of one set",
          arguments: [
              ("[audio+fetch, audio+music]", "unknown background mode 'music'"),
              ("[audio+audio]", "background mode 'audio' is given twice"),
              ("[[audio, audio]]", "background mode 'audio' is given twice"),
              ("[audio+fetch, fetch+audio]", "value 'audio+fetch' is given twice"),
          ])
    func badValues(_ values: String, _ message: String) throws {
        let text = Self.day(modes: "[audio]", sweep: "sweep:\n  app.com.acme.editor.background_modes: \(values)")
        #expect {
            _ = try BatchPlan(templates: [try ScenarioTemplate(text: text, path: "editor-day.yaml")], options: .init())
        } throws: { error in
            "\(error)".contains("editor-day.yaml:12") && "\(error)".contains(message)
        }
    }

    @Test("A point whose modes drop the mode a bg_tasks entry needs is bad input at that point")
    func taskWithoutItsMode() throws {
        let text = Self.day(modes: "[fetch]", sweep: "sweep:\n  app.com.acme.editor.background_modes: [fetch, none]")
            .replacingOccurrences(of: "background_modes: [fetch] }",
                                  with: "background_modes: [fetch], bg_tasks: [{ kind: refresh, earliest_s: 0, work_s: 5 }] }")
        #expect {
            _ = try BatchPlan(templates: [try ScenarioTemplate(text: text, path: "editor-day.yaml")], options: .init())
        } throws: { error in
            "\(error)".contains("editor-day.yaml:12:")
                && "\(error)".contains("leaves apps[3].bg_tasks[0] (a refresh request) without the fetch mode it needs")
        }
    }

    @Test("A point whose modes drop the continuous mode an initial: background entry has in use is bad input at the value")
    func initialWithoutItsMode() throws {
        let text = Self.day(modes: "[audio]", sweep: "sweep:\n  app.com.acme.editor.background_modes: [audio, fetch]")
            + "\ninitial: [{ app: com.acme.editor, state: background, modes: [audio] }]\n"
        #expect {
            _ = try BatchPlan(templates: [try ScenarioTemplate(text: text, path: "editor-day.yaml")], options: .init())
        } throws: { error in
            "\(error)".contains("editor-day.yaml:12:")
                && "\(error)".contains("leaves initial[0].modes[0] ('audio' in use at time 0) without the mode it needs")
        }
    }

    @Test("--set normalises a set (fetch+audio is audio+fetch) and refuses a bad one as a usage error")
    func commandLine() throws {
        #expect(try SweepAxis(parsing: "app.com.a.background_modes=fetch+audio,none").values == ["audio+fetch", "none"])
        #expect(throws: SweepAxis.ParseError.self) { try SweepAxis(parsing: "app.com.a.background_modes=audio+radio") }
        #expect(throws: SweepAxis.ParseError.self) { try SweepAxis(parsing: "app.com.a.background_modes=fetch+fetch") }
        #expect(throws: SweepAxis.ParseError.self) { try SweepAxis(parsing: "app.com.a.background_modes=fetch+audio,audio+fetch") }
    }
}
