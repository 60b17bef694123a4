import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `JSONDocument` reads a JSON header without Yams; its tree must be the one Yams composes for
/// the same text (YAML's flow style and its 1.1 resolution of plain scalars), marks included,
/// and it must decline whatever it does not read that way.
@Suite struct JSONDocumentTests {
    /// The tree as text: each node's kind, scalar type and text, and position, one a line.
    static func dump(_ node: ScenarioNode?) -> String {
        var out = ""
        func visit(_ node: ScenarioNode, _ depth: Int) {
            let place = node.position.map { "@\($0.line):\($0.column)" } ?? "@-"
            let indent = String(repeating: " ", count: depth * 2)
            switch node {
            case .scalar(let scalar):
                out += "\(indent)scalar \(scalar.type) plain=\(scalar.isPlain) \(scalar.string.debugDescription) \(place)\n"
            case .sequence(let sequence):
                out += "\(indent)sequence \(place)\n"
                for item in sequence { visit(item, depth + 1) }
            case .mapping(let mapping):
                out += "\(indent)mapping \(place)\n"
                for (key, value) in mapping {
                    visit(key, depth + 1)
                    visit(value, depth + 2)
                }
            case .alias:
                out += "\(indent)alias \(place)\n"
            }
        }
        if let node { visit(node, 0) } else { out = "no document" }
        return out
    }

    /// The tree `JSONDocument` reads from `text`, or nil when it declines.
    static func jsonTree(_ text: String) -> String? {
        var text = text
        return text.withUTF8(JSONDocument.read).map { dump($0.root) }
    }

    /// The tree Yams composes from `text`, or nil when it refuses it.
    static func yamlTree(_ text: String) -> String? {
        (try? YAMLDocument.compose(text, file: "t.json")).map { dump($0.root) }
    }

    /// `node` written as JSON: `pretty` puts each entry on its own line (mappings and lists
    /// with several entries), otherwise all on one line without spaces.
    static func json(_ node: ScenarioNode, pretty: Bool, indent: String = "") -> String {
        let inner = indent + "  "
        func list(_ open: String, _ close: String, _ entries: [String]) -> String {
            if entries.isEmpty { return open + close }
            if !pretty { return open + entries.joined(separator: ",") + close }
            return open + "\n" + entries.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + close
        }
        switch node {
        case .scalar(let scalar):
            switch scalar.type {
            case .int, .float, .bool: return scalar.string
            case .null: return "null"
            case .string, .other: return "\"" + scalar.string + "\""
            }
        case .sequence(let sequence):
            return list("[", "]", sequence.map { json($0, pretty: pretty, indent: inner) })
        case .mapping(let mapping):
            // JSON keys are strings: a number key (`labels:`' swept values) is written quoted.
            return list("{", "}", mapping.map { key, value in
                let name = if case .scalar(let scalar) = key { "\"" + scalar.string + "\"" } else { json(key, pretty: pretty, indent: inner) }
                return name + (pretty ? ": " : ":") + json(value, pretty: pretty, indent: inner)
            })
        case .alias:
            return "null"
        }
    }

    /// Every bundled scenario's document, as JSON.
    static func bundledAsJSON(pretty: Bool) throws -> [(name: String, json: String)] {
        let folder = bundledScenariosFolder
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted().map { name in
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let root = try #require(try YAMLDocument.compose(text, file: name).root)
            return (name, json(root, pretty: pretty) + "\n")
        }
    }

    @Test("Every bundled scenario, written as JSON in either layout or with CR LF line ends, reads to the tree Yams composes, marks included",
          arguments: [0, 1, 2])
    func bundledScenariosAsYamsReadsThem(layout: Int) throws {
        let files = try Self.bundledAsJSON(pretty: layout != 1)
        #expect(files.count >= 9)
        for (name, json) in files {
            let text = layout == 2 ? json.replacingOccurrences(of: "\n", with: "\r\n") : json
            let mine = Self.jsonTree(text)
            #expect(mine != nil, "\(name) declined")
            #expect(mine == Self.yamlTree(text), "\(name)")
        }
    }

    @Test("JSON literals get YAML 1.1's types: int without fraction or exponent, float with either, booleans, null, quoted strings")
    func literalTypes() throws {
        let text = """
            {"values": [0, -0, 12, 1.5, -0.25, 1e5, 2E-3, 1.0e+2, true, false, null, "12", "yes", ""],
             "empty": {}, "none": [],
              "nested" :{"a":[{"b":[]}]}}
            """
        let mine = try #require(Self.jsonTree(text))
        #expect(mine == Self.yamlTree(text))
        var copy = text
        let root = try #require(copy.withUTF8(JSONDocument.read)?.root)
        guard case .mapping(let top) = root, case .sequence(let values)? = top.value(forKey: "values") else {
            Issue.record("not a mapping with a list")
            return
        }
        #expect(values.map { $0.scalarType } == [.int, .int, .int, .float, .float, .float, .float, .float, .bool(true), .bool(false),
                                                   .null, .string, .string, .string])
        #expect(top.value(forKey: "nested")?.position == ScenarioNode.Position(line: 3, column: 13))
    }

    @Test("What is not of the plain shape is declined, for Yams to compose or refuse", arguments: [
        #"{"a": "x\n"}"#, #"{"a": "é"}"#, "{\"a\":\t1}", #"{"a": 1, "a": 2}"#, #"{"a": 1,}"#, #"{"a": [1,]}"#, #"{"a": 01}"#,
        #"{"a": 1.}"#, #"{"a": .5}"#, #"{"a": +1}"#, #"{"a": -}"#, #"{"a": tru}"#, #"{"a": 1e}"#, #"{"a": 1} x"#, "{\"a\"\n: 1}",
        #"{"a": 1"#, #"["a"]"#, #"{a: 1}"#, #"{"a": 'x'}"#, #"{"a": 1 2}"#, "",
        "{\"" + String(repeating: "k", count: 1001) + "\": 1}",
        "{\"a\": " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}",
    ])
    func declines(text: String) {
        #expect(Self.jsonTree(text) == nil)
    }

    @Test("Random edits of a JSON header: whatever JSONDocument reads, Yams composes to the same tree")
    func editsAgreeWithYams() throws {
        let base = try #require(Self.bundledAsJSON(pretty: true).first { $0.name == "day-on-a-3gb-phone.yaml" }?.json)
        let bytes = Array(base.utf8)
        let replacements: [String] = ["", "-", "1e3", "0", "00", "-0", "1.", ".5", "\"", "\\u0041", "null", "true", "false", "{",
                                      "}", "[", "]", ",", ":", " ", "\n", "\r\n", "\t", "\"x\"", "x", "é", "#", "&a", "*a", "!!str ",
                                      "? ", "- ", "\"a\": 1", "{}", "[]", "'", "~", "yes", "1:30"]
        var random = SplitMix64(seed: 11)
        var read = 0
        for _ in 0..<2_000 {
            var mutated = bytes
            let position = Int(random.int(in: 0...Int64(bytes.count - 1)))
            let length = Int(random.int(in: 0...3))
            let replacement = Array(replacements[Int(random.int(in: 0...Int64(replacements.count - 1)))].utf8)
            mutated.replaceSubrange(position..<min(bytes.count, position + length), with: replacement)
            let text = String(decoding: mutated, as: UTF8.self)
            guard let mine = Self.jsonTree(text) else { continue }
            read += 1
            #expect(mine == Self.yamlTree(text), "\(text)")
        }
        // Many edits keep the text plain JSON (a number for a number, white space, ...).
        #expect(read > 300)
    }

    @Test("A JSON file's scenario is the same whether its header is read by JSONDocument or composed by Yams",
          arguments: 0..<6)
    func sameScenarioEitherWay(seed: UInt64) throws {
        let json = ScenarioJSONWriter.json(RandomScenario.make(apps: 6, events: 40, seed: seed, ramMB: 3072))
        var bytes = json
        let header = try #require(bytes.withUTF8 { JSONFastPath.read($0) })
        var headerText = header.text
        #expect(headerText.withUTF8(JSONDocument.read) != nil, "the header took Yams' way")
        let composed = try YAMLDocument.compose(header.text, file: "h.json")
        #expect(Self.dump(header.document.root) == Self.dump(composed.root))
        let viaYams = try ScenarioReading.read(composed, path: "h.json", settings: []).scenario
        let viaJSONDocument = try ScenarioReading.read(header.document, path: "h.json", settings: []).scenario
        #expect(viaJSONDocument.apps == viaYams.apps)
        #expect(viaJSONDocument.device == viaYams.device)
        #expect(viaJSONDocument.policyName == viaYams.policyName)
    }
}
