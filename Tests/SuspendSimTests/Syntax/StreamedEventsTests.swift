import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// A large JSON file's events are read while the run goes (`StreamedJSONEvents`): the reports
/// are those of the file read whole, and an event the fast reader does not take sends the file
/// to the ordinary reader, whose run or located error stands (SPEC 7, 8).
@Suite struct StreamedEventsTests {
    /// Runs `file` as `suspendsim run` does into `out`, streaming its events from any size.
    static func run(_ file: URL, into out: URL, streaming: Bool) throws -> BatchRunner.Output {
        try run(ScenarioLoader.template(path: file.path, streamingEvents: streaming, streamingThreshold: 0), into: out)
    }

    static func run(_ template: ScenarioTemplate, into out: URL) throws -> BatchRunner.Output {
        let plan = try BatchPlan(templates: [template], options: BatchPlan.Options())
        return try BatchRunner.run(plan, outPath: out.path, jobs: 1)
    }

    static func write(_ text: String, to file: URL) throws {
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    @Test("A streamed file gives the reports of the file read whole, byte for byte, under every policy")
    func sameReports() throws {
        try withTemporaryFolder { folder in
            for (index, policy) in ["largest-first", "lru", "jetsam", "lmkd"].enumerated() {
                var scenario = RandomScenario.make(apps: 20, events: 3_000, seed: UInt64(index + 1), ramMB: 1024)
                scenario.policy = try #require(BuiltInPolicies.named(policy))
                let file = folder.appendingPathComponent("s\(index).json")
                try Self.write(ScenarioJSONWriter.json(scenario), to: file)
                let template = try ScenarioLoader.template(path: file.path, streamingEvents: true, streamingThreshold: 0)
                #expect(template.scenario.events.isEmpty && template.scenario.generator is StreamedJSONEvents)
                let streamed = folder.appendingPathComponent("streamed\(index)")
                let whole = folder.appendingPathComponent("whole\(index)")
                let output = try Self.run(file, into: streamed, streaming: true)
                _ = try Self.run(file, into: whole, streaming: false)
                #expect(output.failureCount == 0)
                let name = scenario.name
                #expect(try snapshot(of: streamed.appendingPathComponent(name)) == snapshot(of: whole.appendingPathComponent(name)))
                #expect(try read("summary.csv", in: streamed) == read("summary.csv", in: whole))
                #expect(try read("evictions.csv", in: streamed.appendingPathComponent(name)).split(separator: "\n").count > 1)
            }
        }
    }

    @Test("A valid file the fast reader does not take (an escaped id, events before end_s) runs from the whole file")
    func fallsBackToTheOrdinaryReader() throws {
        try withTemporaryFolder { folder in
            let scenario = RandomScenario.make(apps: 6, events: 800, seed: 9, ramMB: 1024)
            let json = ScenarioJSONWriter.json(scenario)
            let escaped = json.replacingOccurrences(of: "\"open\": \"\(scenario.apps[0].id)\"",
                                                    with: "\"open\": \"\(scenario.apps[0].id.dropLast())\\u00\(String(scenario.apps[0].id.unicodeScalars.last!.value, radix: 16))\"")
            #expect(escaped != json)
            var ended = scenario
            ended.endMs = (scenario.events.last?.atMs ?? 0) + 60_000
            for (name, text) in [("escaped", escaped), ("ended", ScenarioJSONWriter.json(ended))] {
                let file = folder.appendingPathComponent("\(name).json")
                try Self.write(text, to: file)
                let streamed = folder.appendingPathComponent("streamed-\(name)")
                let whole = folder.appendingPathComponent("whole-\(name)")
                let template = try ScenarioLoader.template(path: file.path, streamingEvents: true, streamingThreshold: 0)
                let output = try Self.run(template, into: streamed)
                // The stream gave up, and the run was done again from the whole file.
                #expect(template.scenario.eventStreamFailed, "\(name)")
                _ = try Self.run(file, into: whole, streaming: false)
                #expect(output.failureCount == 0, "\(name)")
                #expect(try snapshot(of: streamed.appendingPathComponent(scenario.name))
                    == snapshot(of: whole.appendingPathComponent(scenario.name)), "\(name)")
            }
        }
    }

    @Test("A run that ends (end_s) before the file's last event stops its reader and reports as the whole file does")
    func endsEarly() throws {
        try withTemporaryFolder { folder in
            let scenario = RandomScenario.make(apps: 8, events: 20_000, seed: 11, ramMB: 1024)
            let middle = scenario.events[scenario.events.count / 2].atMs
            // end_s in the header, before events, so the file still streams.
            let json = ScenarioJSONWriter.json(scenario)
                .replacingOccurrences(of: "  \"device\":", with: "  \"end_s\": \(middle.seconds),\n  \"device\":")
            let file = folder.appendingPathComponent("early.json")
            try Self.write(json, to: file)
            let template = try ScenarioLoader.template(path: file.path, streamingEvents: true, streamingThreshold: 0)
            #expect(template.scenario.endMs == middle && template.scenario.generator is StreamedJSONEvents)
            let streamed = folder.appendingPathComponent("streamed")
            let whole = folder.appendingPathComponent("whole")
            #expect(try Self.run(template, into: streamed).failureCount == 0)
            #expect(!template.scenario.eventStreamFailed)
            _ = try Self.run(file, into: whole, streaming: false)
            #expect(try snapshot(of: streamed.appendingPathComponent(scenario.name))
                == snapshot(of: whole.appendingPathComponent(scenario.name)))
        }
    }

    @Test("A mistake late in a streamed file is the ordinary reader's located error, and nothing is written")
    func lateMistake() throws {
        try withTemporaryFolder { folder in
            let scenario = RandomScenario.make(apps: 6, events: 2_000, seed: 5, ramMB: 1024)
            var lines = ScenarioJSONWriter.json(scenario).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // The last event names an app the file does not have.
            let last = try #require(lines.lastIndex { $0.contains("\"at\"") })
            lines[last] = "    {\"at\": 1000000, \"open\": \"com.example.nobody\"}"
            let file = folder.appendingPathComponent("late.json")
            try Self.write(lines.joined(separator: "\n"), to: file)
            let out = folder.appendingPathComponent("out")
            let output = try Self.run(file, into: out, streaming: true)
            #expect(output.invalidInputCount == 1)
            let message = try #require(output.failures.first?.message)
            #expect(message.contains("late.json:\(last + 1):"), "\(message)")
            #expect(message.contains("unknown app 'com.example.nobody'"), "\(message)")
            // No report folder, no summary, no temporary entry.
            #expect(try contents(of: out) == [])
        }
    }

    @Test("A file with a workload: or a small file is read whole, as before")
    func notStreamed() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("small.json")
            try Self.write(ScenarioJSONWriter.json(RandomScenario.make(apps: 3, events: 50, seed: 1)), to: file)
            let small = try ScenarioLoader.template(path: file.path, streamingEvents: true)
            #expect(small.scenario.events.count == 50 && small.scenario.generator == nil)
            let day = try ScenarioLoader.template(path: "Scenarios/day-on-a-3gb-phone.yaml", streamingEvents: true, streamingThreshold: 0)
            #expect(day.scenario.generator is Workload)
        }
    }
}
