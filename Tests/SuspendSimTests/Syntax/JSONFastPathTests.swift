import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The JSON fast path must read exactly what the ordinary YAML reader reads, and give up
/// (so that the ordinary reader reports) on anything else.
@Suite struct JSONFastPathTests {
    /// The outcome of reading `text` one way: the scenario's fields, or the error's text.
    func outcome(_ read: () throws(ScenarioLoader.Error) -> Scenario) -> String {
        do {
            let scenario = try read()
            return "\(scenario.name)|\(scenario.policyName)|\(scenario.device)|\(scenario.apps)|\(scenario.events)|"
                + "\(String(describing: scenario.endMs))|\(String(describing: scenario.expectation))|\(String(describing: scenario.sourcePath))"
        } catch {
            return "error: \(error)"
        }
    }

    @Test("Generated JSON scenarios take the fast path and read the same as through YAML", arguments: 0..<20)
    func sameAsYAML(seed: UInt64) throws {
        let scenario = RandomScenario.make(apps: 8, events: 300, seed: seed, ramMB: 2048)
        let json = ScenarioJSONWriter.json(scenario)
        #expect(JSONFastPath.parse(json, path: "g.json") != nil)
        let fast = outcome { () throws(ScenarioLoader.Error) in try ScenarioLoader.parse(json, path: "g.json") }
        let slow = outcome { () throws(ScenarioLoader.Error) in try ScenarioLoader.parseComposing(json, path: "g.json") }
        #expect(fast == slow)
        // And both are the scenario that was written.
        let loaded = try ScenarioLoader.parse(json, path: "g.json")
        #expect(loaded.events.map(\.atMs) == scenario.events.map(\.atMs))
        #expect(loaded.events.map(\.action) == scenario.events.map(\.action))
        #expect(loaded.apps == scenario.apps)
        // The writer puts 7 lines before the first app, one line per app, then "]," and "events": [.
        #expect(loaded.events.first?.line == 7 + 8 + 1)
    }

    @Test("Edits of a JSON file read the same through both paths: equal scenarios or equal errors")
    func mutationsAgree() {
        var random = SplitMix64(seed: 42)
        let base = ScenarioJSONWriter.json(RandomScenario.make(apps: 3, events: 6, seed: 7, ramMB: 2048))
        let eventsStart = base.range(of: "\"events\"")!.upperBound.utf16Offset(in: base)
        let bytes = Array(base.utf8)
        let replacements: [String] = ["", "-", "1e3", "0", "00", "-0", "1.", ".5", "\"", "\\u0041", "null", "true", "{", "}",
                                      "[", "]", ",", ":", " ", "\n", "\r\n", "\t", "\"at\"", "\"home\"", "x", "4294967297",
                                      "4294967296", "0.00000000001", "\"com.example.app9\"", "\"audio\"", "\"fetch\"", "é"]
        var fastPathTaken = 0
        for _ in 0..<1_500 {
            var mutated = bytes
            let position = Int(random.int(in: Int64(eventsStart)...Int64(bytes.count - 1)))
            let length = Int(random.int(in: 0...3))
            let replacement = Array(replacements[Int(random.int(in: 0...Int64(replacements.count - 1)))].utf8)
            mutated.replaceSubrange(position..<min(bytes.count, position + length), with: replacement)
            let text = String(decoding: mutated, as: UTF8.self)
            if JSONFastPath.parse(text, path: "m.json") != nil { fastPathTaken += 1 }
            let fast = outcome { () throws(ScenarioLoader.Error) in try ScenarioLoader.parse(text, path: "m.json") }
            let slow = outcome { () throws(ScenarioLoader.Error) in try ScenarioLoader.parseComposing(text, path: "m.json") }
            #expect(fast == slow, "\(text)")
        }
        // Some edits keep the file valid and canonical, so the fast path is exercised too.
        #expect(fastPathTaken > 30)
    }
}

/// Large files are read in two halves on two threads; the result must not show it.
@Suite struct JSONFastPathHalvesTests {
    @Test("A timeline over 4 MB read in halves equals the scenario written, lines included")
    func halvesReadLikeOne() throws {
        let scenario = RandomScenario.make(apps: 30, events: 90_000, seed: 3, ramMB: 4096)
        let json = ScenarioJSONWriter.json(scenario)
        #expect(json.utf8.count > JSONFastPath.parallelThreshold)
        let loaded = try #require(JSONFastPath.parse(json, path: "big.json"))
        let sameTimeline = loaded.events.map(\.atMs) == scenario.events.map(\.atMs)
            && loaded.events.map(\.action) == scenario.events.map(\.action)
        #expect(sameTimeline)
        // The writer puts 7 lines before the first app, a line per app, then "]," and
        // "events": [ on one line each, so the first event is on line 7 + 30 + 1.
        let lines = loaded.events.map(\.line)
        let linesAsWritten = lines == Array((7 + 30 + 1)..<(7 + 30 + 1 + 90_000))
        #expect(linesAsWritten, "first \(lines.first ?? 0), last \(lines.last ?? 0)")
    }

    @Test("An event out of order right at the split still sends the file to the ordinary reader")
    func orderAcrossTheSplit() throws {
        var scenario = RandomScenario.make(apps: 5, events: 90_000, seed: 4, ramMB: 4096)
        // Make every event of the second half earlier than the first half's last.
        for index in 45_000..<90_000 { scenario.events[index].atMs = 0 }
        let json = ScenarioJSONWriter.json(scenario)
        #expect(JSONFastPath.parse(json, path: "big.json") == nil)
    }
}
