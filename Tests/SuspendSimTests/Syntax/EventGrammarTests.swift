import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// One table of the event grammar (SPEC 3, 7) serves the YAML reader, the JSON fast path and
/// the JSON writer.
@Suite struct EventGrammarTests {
    /// One event of every kind a file can spell.
    static func everyKind() -> Scenario {
        var mail = AppProfile(id: "com.example.mail", activeMB: 100)
        mail.backgroundModes = AppProfile.BackgroundModes([.fetch, .audio])
        var scenario = Scenario(name: "kinds", device: Device(ramMB: 2048), apps: [mail])
        let actions: [ScenarioEvent.Action] = [
            .open(0), .home, .lock, .unlock, .alert, .alertDismiss, .alertReply, .call, .callDecline, .callAnswer,
            .callEnd, .forceQuit(0), .wake(0, .fetch), .startMode(0, .audio), .stopMode(0, .audio),
            .allocate(0, -1536), .systemAllocate(1), .charge(true), .lowPower(false),
        ]
        for (second, action) in actions.enumerated() { scenario.appendUnchecked(at: Double(second), action) }
        return scenario
    }

    @Test("Every kind's parts make its action again, and the kinds cover SPEC 3's event keys")
    func partsRoundTrip() {
        let scenario = Self.everyKind()
        #expect(Set(scenario.events.map(\.action.kind)) == Set(ScenarioEvent.Kind.allCases))
        for event in scenario.events {
            let (kind, parts) = EventGrammar.parts(of: event.action)
            #expect(EventGrammar.action(kind, parts) == event.action)
            // A part the kind's value does not take is absent.
            let value = EventGrammar.value(of: kind)
            #expect((parts.mode != nil) == (value == .appAndMode(continuous: true) || value == .appAndMode(continuous: false)))
            #expect((parts.kib != nil) == (value == .appAndMB || value == .mb))
        }
        // A missing part makes no action.
        #expect(EventGrammar.action(.allocate, EventGrammar.Parts(app: 0)) == nil)
        #expect(EventGrammar.action(.wake, EventGrammar.Parts(app: 0)) == nil)
    }

    @Test("What the writer writes of every kind, both readers read back as written")
    func writerAndReadersAgree() throws {
        let scenario = Self.everyKind()
        let json = ScenarioJSONWriter.json(scenario)
        let fast = try #require(JSONFastPath.parse(json, path: "kinds.json"))
        let composed = try ScenarioLoader.parseComposing(json, path: "kinds.json")
        for read in [fast, composed] {
            #expect(read.events.map(\.action) == scenario.events.map(\.action))
            #expect(read.events.map(\.atMs) == scenario.events.map(\.atMs))
        }
    }
}
