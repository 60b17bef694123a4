import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Every scenario input passes through `ScenarioDecoding`: the byte-order mark dropped once,
/// the format picked once, the same way for a file and for a text (SPEC 7).
@Suite struct ScenarioDecodingTests {
    static let json = ScenarioJSONWriter.json(RandomScenario.make(apps: 3, events: 20, seed: 5, ramMB: 2048))
    static let yaml = "name: y\ndevice: {ram_mb: 1024}\napps: [{id: a, active_mb: 1}]\nevents: [{at: 1, open: a}]\n"

    /// Which way `decoded`'s events came.
    static func way(_ decoded: DecodedScenario) -> String {
        switch decoded.events {
        case .inDocument: "document"
        case .read: "fast path"
        case .streamed: "streamed"
        }
    }

    @Test("JSON takes the fast path; YAML, and JSON after a byte-order mark, are composed: the same scenario")
    func formats() throws {
        let fast = try ScenarioDecoding.decode(text: Self.json, path: "g.json")
        let marked = try ScenarioDecoding.decode(text: "\u{FEFF}" + Self.json, path: "g.json")
        #expect(Self.way(fast) == "fast path")
        #expect(Self.way(marked) == "document")
        #expect(fast.reading.scenario.events == marked.reading.scenario.events)
        #expect(fast.reading.scenario.apps == marked.reading.scenario.apps)
        #expect(Self.way(try ScenarioDecoding.decode(text: Self.yaml, path: "y.yaml")) == "document")
    }

    @Test("A file decodes as its text does, mark or none, with the same text hash")
    func fileAndText() throws {
        try withTemporaryFolder { folder in
            for (name, text) in [("a.json", Self.json), ("b.json", "\u{FEFF}" + Self.json), ("c.yaml", "\u{FEFF}" + Self.yaml)] {
                let path = folder.appendingPathComponent(name).path
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                let file = try ScenarioDecoding.decode(fileAt: path)
                let inMemory = try ScenarioDecoding.decode(text: text, path: path)
                #expect(Self.way(file) == Self.way(inMemory), "\(name)")
                #expect(file.textHash == inMemory.textHash, "\(name)")
                #expect(file.reading.scenario.events == inMemory.reading.scenario.events, "\(name)")
            }
        }
    }

    @Test("Only an unmarked JSON file streams its events")
    func streaming() throws {
        try withTemporaryFolder { folder in
            for (name, text, way) in [("a.json", Self.json, "streamed"), ("b.json", "\u{FEFF}" + Self.json, "document")] {
                let path = folder.appendingPathComponent(name).path
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                #expect(Self.way(try ScenarioDecoding.decode(fileAt: path, streamingThreshold: 0)) == way, "\(name)")
            }
        }
    }

    @Test("Bytes that are not UTF-8 are one diagnostic naming the file, whatever the format looked like")
    func notUTF8() {
        for bytes: [UInt8] in [[UInt8(ascii: "{"), 0xFF, UInt8(ascii: "}")], [0xEF, 0xBB, 0xBF, 0xC3, 0x28], [0x80]] {
            let outcome = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(ScenarioLoader.Error) in try ScenarioDecoding.decode(bytes: buffer, path: "x.json") }
            }
            guard case .failure(let error) = outcome else {
                Issue.record("\(bytes) decoded")
                continue
            }
            #expect(error.description == "x.json: is not UTF-8 text")
        }
    }

    /// The names a Swift file uses in code, comments and string literals left out.
    static func code(of file: String) throws -> String {
        let text = try String(contentsOf: LayerTests.sources.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n").map { $0.replacing(/"(?:[^"\\]|\\.)*"/, with: "").replacing(/\/\/.*/, with: "") }
            .joined(separator: "\n")
    }

    @Test("The decoding and the template call one way: ScenarioTemplate calls ScenarioDecoding, which names no template")
    func oneDirection() throws {
        let decoding = ["ScenarioDecoding.swift", "ScenarioDecoding+File.swift", "DecodedScenario.swift", "ScenarioReading.swift"]
        for file in decoding {
            #expect(try !Self.code(of: "SuspendSim/Scenario/" + file).contains("ScenarioTemplate"), "\(file) names ScenarioTemplate")
        }
        #expect(try Self.code(of: "SuspendSim/Scenario/ScenarioTemplate.swift").contains("ScenarioDecoding.decode("))
        // The check sees a name in code, not in a comment or a string.
        #expect(!"let t = \"ScenarioTemplate\" // ScenarioTemplate".replacing(/"(?:[^"\\]|\\.)*"/, with: "")
            .replacing(/\/\/.*/, with: "").contains("ScenarioTemplate"))
    }
}
