import Foundation
import Testing

/// Every Swift example in the docs a library user reads is compiled and run by this test
/// target: each ```swift block of the README, of docs/batch-runs.md and of the DocC catalog
/// (`Sources/SuspendSim/SuspendSim.docc`) stands word for word, line by line up to
/// indentation, in a file of `Tests/SuspendSimTests/Examples/`. A manifest excerpt (a block
/// that starts `// Package.swift`) is no test; `ReadmeExampleTests` checks the README's.
@Suite struct DocCodeBlockTests {
    static let documents = [
        "README.md", "docs/batch-runs.md",
        "Sources/SuspendSim/SuspendSim.docc/SuspendSim.md",
        "Sources/SuspendSim/SuspendSim.docc/RegressionTestsOnEvictionOrder.md",
    ]

    /// The ```swift blocks of `text`, each with the line its first code line is on.
    static func swiftBlocks(_ text: String) -> [(line: Int, code: String)] {
        var blocks: [(line: Int, code: String)] = []
        var current: (line: Int, lines: [String])?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = current {
                if trimmed == "```" {
                    blocks.append((open.line, open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    current?.lines.append(String(line))
                }
            } else if trimmed == "```swift" {
                current = (number + 2, [])
            }
        }
        return blocks
    }

    /// `code` with each line's indentation and trailing spaces removed, and its blank lines.
    static func normalized(_ code: String) -> String {
        code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// The example files, normalized.
    static func examples() throws -> [String] {
        let folder = packageRoot.appendingPathComponent("Tests/SuspendSimTests/Examples")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { normalized(try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// Whether `code` stands, whole lines and in order, in one of `examples`.
    static func isCompiled(_ code: String, in examples: [String]) -> Bool {
        let block = "\n" + normalized(code) + "\n"
        return examples.contains { ("\n" + $0 + "\n").contains(block) }
    }

    @Test("Every Swift block of the README, docs/batch-runs.md and the DocC catalog is in a compiled example file",
          arguments: documents)
    func everyBlockIsCompiled(document: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
        let examples = try Self.examples()
        let blocks = Self.swiftBlocks(text).filter { !$0.code.hasPrefix("// Package.swift") }
        for block in blocks {
            #expect(Self.isCompiled(block.code, in: examples),
                    "\(document):\(block.line): this Swift block is in no file of Tests/SuspendSimTests/Examples/")
        }
        // Each of them but the catalog's landing page shows some code (else the list is stale).
        if !document.hasSuffix("SuspendSim.docc/SuspendSim.md") { #expect(!blocks.isEmpty, "\(document)") }
    }

    @Test("A block differing in one token, or only part of a line, is not compiled")
    func theCheckCanFail() throws {
        let examples = [Self.normalized("@Test func a() {\n    #expect(result.pressureKills == 1)\n}\n")]
        #expect(Self.isCompiled("#expect(result.pressureKills == 1)", in: examples))
        #expect(Self.isCompiled("    @Test func a() {\n#expect(result.pressureKills == 1)\n  }", in: examples))
        #expect(!Self.isCompiled("#expect(result.pressureKills == 2)", in: examples))
        #expect(!Self.isCompiled("result.pressureKills == 1)", in: examples))
        let blocks = Self.swiftBlocks("text\n```swift\nlet a = 1\n```\n```yaml\nb: 2\n```\n  ```swift\n  let c = 3\n  ```\n")
        #expect(blocks.map(\.line) == [3, 9])
        #expect(blocks.map(\.code) == ["let a = 1", "  let c = 3"])
    }
}
