import Foundation
import Testing
@testable import SuspendSim

/// SPEC 35: a duplicate key anywhere in a payload file or a JetsamEvent report is bad input
/// with its JSON path, keys compared after unescaping; so is nesting deeper than 256 levels.
@Suite struct JSONShapeTests {
    @Test("Duplicate keys are found after unescaping, anywhere, with the JSON path", arguments: [
        ("{\"a\": 1, \"a\": 2}", "a: duplicate key \"a\""),
        ("{\"a\": 1, \"\\u0061\": 2}", "a: duplicate key \"a\""),
        ("[{}, {\"x\": {\"k\\n\": 1, \"k\\u000A\": [1]}}]", "[1].x.k\n: duplicate key \"k\\n\""),
        ("{\"p\": [1, [2, {\"q\": {\"r\": null, \"r\": 0}}]]}", "p[1][1].q.r: duplicate key \"r\""),
        ("{\"\\ud83d\\ude00\": 1, \"\u{1F600}\": 2}", "\u{1F600}: duplicate key \"\u{1F600}\""),
    ])
    func duplicates(_ json: String, _ expected: String) throws {
        let problem = try #require(JSONShapeCheck.firstProblem(in: Array(json.utf8)))
        #expect(problem.description.hasPrefix(expected), "\(problem)")
    }

    @Test("Equal values under different keys, and the same key in sibling objects, are no duplicates")
    func noDuplicates() {
        #expect(JSONShapeCheck.firstProblem(in: Array("[{\"a\": 1}, {\"a\": 1}, {\"b\": \"a\", \"c\": \"a\"}]".utf8)) == nil)
        #expect(JSONShapeCheck.firstProblem(in: Array("{\"a\": {\"a\": {\"a\": 1}}}".utf8)) == nil)
    }

    @Test("256 levels are read; the 257th is refused at its path; a million levels end no process")
    func nesting() {
        let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(JSONShapeCheck.firstProblem(in: Array(fine.utf8)) == nil)
        let deep = "{\"a\": " + String(repeating: "[", count: 256) + String(repeating: "]", count: 256) + "}"
        #expect(JSONShapeCheck.firstProblem(in: Array(deep.utf8)) == .tooDeep(path: "a" + String(repeating: "[0]", count: 255)))
        let huge = String(repeating: "[", count: 1_000_000)
        #expect(JSONShapeCheck.firstProblem(in: Array(huge.utf8))?.description.hasSuffix("nesting deeper than 256 levels") == true)
    }

    @Test("A payload with a duplicate key, also inside an object the reader ignores, is bad input with the JSON path")
    func payloadDuplicates() throws {
        let ignored = "[{\"metaData\": {\"bundleIdentifier\": \"com.acme.shop\"}, \"cpuMetrics\": {\"t\": 1, \"t\": 2}}]"
        let message = try #require(MetricKitImportTests.failure { _ = try MetricKitPayloadReader(file: "day3.json").payloads(Data(ignored.utf8)) })
        #expect(message == "day3.json: [0].cpuMetrics.t: duplicate key \"t\" (a JSON object holds each key once)")
        let twice = "{\"payloads\": [{\"metaData\": {\"bundleIdentifier\": \"com.acme.shop\", \"bundle\\u0049dentifier\": \"com.evil\"}}]}"
        let other = try #require(MetricKitImportTests.failure { _ = try MetricKitPayloadReader(file: "day3.json").payloads(Data(twice.utf8)) })
        #expect(other == "day3.json: payloads[0].metaData.bundleIdentifier: duplicate key \"bundleIdentifier\" (a JSON object holds each key once)")
        let deep = "[{\"metaData\": {}, \"x\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}]"
        let tooDeep = try #require(MetricKitImportTests.failure { _ = try MetricKitPayloadReader(file: "day3.json").payloads(Data(deep.utf8)) })
        #expect(tooDeep.hasPrefix("day3.json: [0].x") && tooDeep.hasSuffix(": nesting deeper than 256 levels"), "\(tooDeep)")
    }

    @Test("A JetsamEvent report with a duplicate key in its header or body is bad input with the JSON path")
    func jetsamDuplicates() {
        let body = JetsamImportTests.modernReport().replacingOccurrences(of: "\"rpages\" : 3000,", with: "\"rpages\" : 3000, \"rpages\" : 1,")
        let header = JetsamImportTests.modernReport().replacingOccurrences(of: "\"incident_id\":\"X\"", with: "\"incident_id\":\"X\",\"bug_type\":\"309\"")
        for (text, expected) in [(body, "bad.ips: its body: processes[1].rpages: duplicate key \"rpages\""),
                                 (header, "bad.ips: its header line: bug_type: duplicate key \"bug_type\"")] {
            do {
                _ = try JetsamReport(text: text, file: "bad.ips")
                Issue.record("accepted a report with a duplicate key")
            } catch {
                #expect(error.description.hasPrefix(expected), "\(error.description)")
            }
        }
    }
}
