import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The note `run` prints when a workload's wakes launch apps into the background (SPEC 13's
/// `wakes_per_hour`, SPEC 7's `background_mb` default).
@Suite struct WakeNoteTests {
    static func template(wakes: String, apps: String) throws -> ScenarioTemplate {
        try ScenarioTemplate(text: """
            name: w
            device: { ram_mb: 4096 }
            apps:
            \(apps)
            workload: { duration_s: 3600, wakes_per_hour: \(wakes) }
            """, path: "w.yaml")
    }

    @Test("Each app with a wake mode is named with the wakes an hour it gets, its wake modes, and background_mb when it is active_mb")
    func namesEachWokenApp() throws {
        let template = try Self.template(wakes: "0.5", apps: """
              - { id: com.editor, active_mb: 650, background_modes: [fetch] }
              - { id: com.music, active_mb: 200, background_modes: [audio] }
              - { id: com.mail, active_mb: 200, background_mb: 80, background_modes: [fetch, remote-notification, audio] }
            """)
        #expect(template.wakeNote() == "w.yaml: workload.wakes_per_hour 0.5 wakes each app with a wake mode 0.5 times an hour; "
            + "a wake of an app that is not running launches it into the background at its background_mb "
            + "(docs/scenarios.md \"Apps launched into the background\"): "
            + "com.editor +0.5/h (fetch, background_mb = active_mb 650 MB); com.mail +0.5/h (fetch, remote-notification)")
    }

    @Test("No note without wakes, without a workload, or without an app that declares a wake mode")
    func silentOtherwise() throws {
        #expect(try Self.template(wakes: "0", apps: "  - { id: com.a, active_mb: 1, background_modes: [fetch] }").wakeNote() == nil)
        #expect(try Self.template(wakes: "2", apps: "  - { id: com.a, active_mb: 1, background_modes: [audio] }").wakeNote() == nil)
        let noWorkload = try ScenarioTemplate(text: """
            name: w
            device: { ram_mb: 4096 }
            apps: [{ id: com.a, active_mb: 1, background_modes: [fetch] }]
            """, path: "w.yaml")
        #expect(noWorkload.wakeNote() == nil)
    }
}
