import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `ScenarioYAMLWriter`: a scenario document written as YAML text (SPEC 7), its scalars in
/// `ScenarioJSONWriter`'s exact forms, read back by the scenario loader to the same values.
@Suite struct ScenarioYAMLWriterTests {
    typealias Writer = ScenarioYAMLWriter

    @Test("Block and flow collections, empty ones inline, comments leading and after entries and items")
    func shapes() {
        let document = Writer.Document(comments: ["Made by a test.", ""], entries: [
            .init("name", .quoted("a \"b\"")),
            .init("device", .mapping([.init("ram_mb", .mb(KiB(3 * 1024 + 64))), .init("ios", .quoted("18.0"))]), comment: "the device"),
            .init("apps", .sequence([
                .init(.flowMapping([.init("id", .plain("a")), .init("background_modes", .flowSequence([.plain("audio")]))]), comment: "one line"),
                .init(.mapping([.init("id", .plain("b")), .init("active_mb", .mb(KiB(1)))]), comment: "first line"),
                .init(.sequence([.init(.plain("x")), .init(.plain("y"))])),
            ])),
            .init("initial", .sequence([])),
            .init("expect", .flowMapping([])),
            .init("events", .sequence([.init(.flowMapping([.init("at", .seconds(Millis(1500))), .init("home", .plain("null"), comment: "not written")]))])),
        ])
        #expect(Writer.yaml(document) == """
            # Made by a test.
            #
            name: "a \\"b\\""
            device:   # the device
              ram_mb: 3.0625
              ios: "18.0"
            apps:
              - { id: a, background_modes: [audio] }   # one line
              - id: b   # first line
                active_mb: 0.0009765625
              - - x
                - y
            initial: []
            expect: {}
            events:
              - { at: 1.5, home: null }

            """)
    }

    @Test("A document of a scenario reads back to its values (SPEC 7)")
    func readsBack() throws {
        let document = Writer.Document(comments: ["A scenario."], entries: [
            .init("name", .quoted("round trip")), .init("policy", .plain("lru")),
            .init("device", .mapping([.init("ram_mb", .mb(KiB(2048 * 1024))), .init("system_mb", .mb(KiB(700 * 1024 + 1)))])),
            .init("apps", .sequence([.init(.flowMapping([.init("id", .quoted("com.a")), .init("active_mb", .mb(KiB(123_457)))]))])),
            .init("events", .sequence([.init(.flowMapping([.init("at", .seconds(Millis(2250))), .init("open", .quoted("com.a"))]))])),
        ])
        let scenario = try ScenarioLoader.parse(Writer.yaml(document), path: "written.yaml")
        #expect(scenario.name == "round trip" && scenario.policyName == "lru")
        #expect(scenario.device.ramKiB == KiB(2048 * 1024) && scenario.device.systemKiB == KiB(700 * 1024 + 1))
        #expect(scenario.apps.map(\.id) == ["com.a"] && scenario.apps[0].activeKiB == KiB(123_457))
        #expect(scenario.events.map(\.atMs) == [Millis(2250)])
    }
}
