import Testing
@_spi(Generators) @testable import SuspendSimCore

/// The timeline as the engine reads it alone (SPEC 7): listed events, then generated ones.
@Suite struct EventCursorTests {
    /// Two `home` events, one and two seconds after the last listed event.
    struct TwoHomes: EventGenerator {
        struct Source: EventSource {
            var times: [Millis]
            mutating func next() -> ScenarioEvent? {
                times.isEmpty ? nil : ScenarioEvent(atMs: times.removeFirst(), .home)
            }
        }

        func events(for scenario: Scenario, seed: UInt64, startingAt startMs: Millis) -> any EventSource {
            Source(times: [startMs + .seconds(1), startMs + .seconds(2)])
        }
    }

    @Test("Listed events first, then the generated ones from the last listed time; each run counted, skips apart")
    func order() {
        var scenario = Scenario(name: "cursor", device: Device(ramKiB: 1024 * 1024), apps: [AppProfile(id: "com.a", activeKiB: 100 * 1024)])
        scenario.appendUnchecked(at: 1, .open(0))
        scenario.appendUnchecked(at: 3, .lock)
        scenario.generator = TwoHomes()
        var cursor = EventCursor(scenario)
        #expect(cursor.upcoming == nil)
        var times: [Millis] = []
        cursor.readNext()
        while let event = cursor.upcoming {
            times.append(event.atMs)
            cursor.advance()
        }
        #expect(times == [.seconds(1), .seconds(3), .seconds(4), .seconds(5)])
        #expect(cursor.run == 4)
        cursor.noteSkipped()
        #expect(cursor.skipped == 1 && cursor.run == 4)
    }
}
