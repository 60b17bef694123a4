import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `ScenarioJSONWriter` spells the keys of the top level, `initial:`, an event's value and
/// `device.lmkd` from the reader's key tables (`ScenarioKey`, `InitialKey`,
/// `EventGrammar.ValueKey`, `LMKDKey`, `MinfreeKey`; SPEC 7, 12, 32, 33): the text below is
/// what the writer wrote before the tables, and it reads back to the same scenario.
@Suite struct ScenarioJSONWriterKeyTests {
    @Test("initial:, lmkd's levels and every event value's keys are written as files spell them, and read back")
    func keysAreWrittenAsBefore() throws {
        let text = """
            name: keys
            device: { ram_mb: 4096, lmkd: { minfree: [{ adj: 0, mb: 50 }, { adj: 900, mb: 200.5 }] } }
            apps: [{ id: com.a, active_mb: 100, background_modes: [audio, fetch] }]
            initial: [{ app: com.a, state: background, modes: [audio] }]
            events:
              - { at: 1, allocate: { app: com.a, mb: 2, session: true } }
              - { at: 2, wake: { app: com.a, mode: fetch } }
              - { at: 3, system_allocate: { mb: -1.5 } }
              - { at: 4, allocate: { app: com.a, mb: 1 } }
            end_s: 9

            """
        let scenario = try ScenarioLoader.parse(text, path: "keys.yaml")
        let json = ScenarioJSONWriter.json(scenario)
        #expect(json.hasPrefix("{\n  \"name\": \"keys\",\n  \"policy\": \"largest-first\",\n  \"device\": {"))
        #expect(json.contains("\"lmkd\": {\"minfree\": [{\"adj\": 0, \"mb\": 50}, {\"adj\": 900, \"mb\": 200.5}]}"))
        #expect(json.contains("  \"apps\": [\n    {\"id\": \"com.a\""))
        #expect(json.contains("  \"initial\": [\n    {\"app\": \"com.a\", \"state\": \"background\", \"modes\": [\"audio\"]}\n  ],\n"))
        #expect(json.contains("""
              "events": [
                {"at": 1, "allocate": {"app": "com.a", "mb": 2, "session": true}},
                {"at": 2, "wake": {"app": "com.a", "mode": "fetch"}},
                {"at": 3, "system_allocate": {"mb": -1.5}},
                {"at": 4, "allocate": {"app": "com.a", "mb": 1}}
              ],
              "end_s": 9
            }

            """))
        let again = try ScenarioLoader.parse(json, path: "keys.json")
        #expect(again.device == scenario.device && again.initial == scenario.initial && again.endMs == scenario.endMs)
        // The events' lines are the files' own.
        #expect(again.events.map(\.atMs) == scenario.events.map(\.atMs) && again.events.map(\.action) == scenario.events.map(\.action))
    }
}
