import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim

/// SPEC 13: an app of `apps:` that the trace is to map, whose id and `trace_name` match no
/// `app_name` of the trace, is valid and gets a warning naming the trace's nearest app names
/// (`ScenarioTemplate.traceWarnings`, `NearestNames`). The sample names Spotify as its
/// launcher does: `Spotify Music`.
@Suite struct TraceWarningTests {
    static let sample = packageFile("Tests/Data/trace/lsapp-sample.tsv")

    /// A scenario over the sample's users (`user`), with `apps` and optional `extra` blocks.
    static func template(apps: String, user: String = "all", extra: String = "") throws -> ScenarioTemplate {
        try ScenarioTemplate(text: """
            name: day
            device: { ram_mb: 4096 }
            apps:
            \(apps)
            trace: { file: \(sample), user: \(user), default_app: { active_mb: 200 } }
            \(extra)
            """, path: "day.yaml")
    }

    @Test("trace_name: Spotify on a trace that has Spotify Music: a warning at the trace_name, naming Spotify Music")
    func shortTraceName() throws {
        let template = try Self.template(apps: """
              - { id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }
              - { id: com.spotify.music, trace_name: Spotify, active_mb: 260 }
            """)
        let warnings = template.traceWarnings()
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.file == "day.yaml" && warning.line == 5 && warning.field == "apps[1].trace_name")
        #expect(warning.message.hasPrefix("'Spotify' matches no app_name of the trace \(Self.sample), so com.spotify.music gets none of its rows"))
        #expect(warning.message.hasSuffix("; nearest app name there: 'Spotify Music'"))
        // The index of every user that `user: all` read answers: no pass of its own.
        #expect(template.traces.passes == 1)
        // The run is what it was: the rows are trace.Spotify Music's.
        let third = try template.scenario(at: [SweepSetting(axis: try SweepAxis(parsing: "trace.user=3"), index: 0)])
        #expect(third.apps.map(\.id).contains("trace.Spotify Music"))
    }

    @Test("One user's run is judged against the whole trace: an app that user never opens is no mistake")
    func otherUsersApps() throws {
        // User 1 never opens Spotify Music or Gmail; users 2 and 3 do.
        let matched = try Self.template(apps: """
              - { id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }
              - { id: com.spotify.music, trace_name: Spotify Music, active_mb: 260 }
            """, user: "1")
        #expect(matched.traceWarnings().isEmpty)
        let mistaken = try Self.template(apps: "  - { id: com.spotify.music, trace_name: Spotify, active_mb: 260 }", user: "1")
        #expect(mistaken.traceWarnings().map(\.field) == ["apps[0].trace_name"])
    }

    @Test("An app without trace_name that nothing else opens is the trace's too: a warning at its id, nearest by its last part")
    func idWithoutTraceName() throws {
        let template = try Self.template(apps: """
              - { id: com.google.Gmail, active_mb: 150 }
              - { id: com.example.driven, active_mb: 100 }
              - { id: com.example.resident, active_mb: 100 }
            """, extra: """
            events: [{ at: 5, open: com.example.driven }]
            initial: [{ app: com.example.resident, state: suspended }]
            """)
        let warnings = template.traceWarnings()
        #expect(warnings.map(\.field) == ["apps[0].id"])
        #expect(warnings.first?.message.hasPrefix("'com.google.Gmail' matches no app_name of the trace") == true)
        #expect(warnings.first?.message.hasSuffix("so the app never runs; nearest app name there: 'Gmail'") == true)
    }

    @Test("A name close to nothing says how many app names the trace has")
    func nothingClose() throws {
        let template = try Self.template(apps: "  - { id: com.example.x, trace_name: Qwertzuiop, active_mb: 100 }")
        #expect(template.traceWarnings().first?.message.hasSuffix("none of its 8 app names is close") == true)
    }

    @Test("A batch gives each file's warnings once, whatever its points")
    func oncePerFile() throws {
        let template = try Self.template(apps: "  - { id: com.spotify.music, trace_name: Spotify, active_mb: 260 }")
        var options = BatchPlan.Options()
        options.settings = [try SweepAxis(parsing: "device.ram_mb=2048,4096")]
        let plan = try BatchPlan(templates: [template], options: options)
        #expect(plan.entries[0].points.count == 6)
        #expect(plan.warnings.map(\.field) == ["apps[0].trace_name"])
    }

    @Test("Nearest names: equal, then holding or held (the launcher's long names), then by edit distance; nothing alike is left out")
    func nearestNames() {
        let names = ["Shazam", "Google Chrome", "Chrome Beta", "Camera", "Spotify Music", "Spotfy", "Chrme"]
        #expect(NearestNames.nearest(to: ["Chrome"], among: names) == ["Chrome Beta", "Google Chrome", "Chrme"])
        #expect(NearestNames.nearest(to: ["spotify"], among: names) == ["Spotify Music", "Spotfy"])
        #expect(NearestNames.nearest(to: ["com.google.chrome", "chrome"], among: names, limit: 1) == ["Chrome Beta"])
        #expect(NearestNames.nearest(to: ["Qwertzuiop"], among: names).isEmpty)
        #expect(NearestNames.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
    }
}
