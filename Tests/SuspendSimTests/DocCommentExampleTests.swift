import Foundation
import Testing

/// Every ```swift block in the doc comment of a public declaration of the library (the text
/// a user reads in Xcode's Quick Help and in the DocC pages) stands, whole lines in order, in
/// a compiled file of `Tests/SuspendSimTests/Examples/` (`DocCommentExamples.swift` holds
/// most), as `DocCodeBlockTests` checks the README's and the catalog's blocks.
@Suite struct DocCommentExampleTests {
    /// A declaration line that a user sees: `public` or `open`, after any attributes.
    static var publicDeclaration: Regex<Substring> { /^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:public|open)\b/ }

    /// The ```swift blocks of the doc comments (`///` lines) of public declarations in `text`,
    /// each with the line its first code line is on. Attribute lines between the comment and
    /// the declaration are skipped.
    static func publicDocBlocks(_ text: String) -> [(line: Int, code: String)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [(line: Int, code: String)] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("///") else {
                index += 1
                continue
            }
            let start = index
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("///") { index += 1 }
            var declaration = index
            while declaration < lines.count, lines[declaration].trimmingCharacters(in: .whitespaces).hasPrefix("@"),
                  lines[declaration].firstMatch(of: publicDeclaration) == nil { declaration += 1 }
            guard declaration < lines.count, lines[declaration].firstMatch(of: publicDeclaration) != nil else { continue }
            let comment = lines[start..<index].map { line in
                let text = line.trimmingCharacters(in: .whitespaces).dropFirst(3)
                return String(text.hasPrefix(" ") ? text.dropFirst() : text)
            }
            blocks += DocCodeBlockTests.swiftBlocks(comment.joined(separator: "\n")).map { (start + $0.line, $0.code) }
        }
        return blocks
    }

    /// The library's Swift files, relative to the package root.
    static func sourceFiles() throws -> [String] {
        try ["Sources/SuspendSim", "Sources/SuspendSimCore"].flatMap { folder in
            try FileManager.default.subpathsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    @Test("Every Swift block of a public declaration's doc comment is in a compiled example file")
    func everyDocBlockIsCompiled() throws {
        let examples = try DocCodeBlockTests.examples()
        var count = 0
        for file in try Self.sourceFiles() {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            for block in Self.publicDocBlocks(text) {
                count += 1
                #expect(DocCodeBlockTests.isCompiled(block.code, in: examples),
                        "\(file):\(block.line): this doc comment's Swift block is in no file of Tests/SuspendSimTests/Examples/")
            }
        }
        // Scenario, Simulation, Batch and the rest show code (else the scan found nothing).
        #expect(count >= 15)
    }

    @Test("The scan takes a public declaration's block, past its attributes, and skips an internal one's")
    func theScanCanFail() {
        let text = """
            /// Public.
            ///
            /// ```swift
            /// let a = 1
            /// ```
            @discardableResult
            public func f() -> Int { 1 }
            /// Internal.
            /// ```swift
            /// let b = 2
            /// ```
            func g() {}
            """
        let blocks = Self.publicDocBlocks(text)
        #expect(blocks.map(\.code) == ["let a = 1"])
        #expect(blocks.map(\.line) == [4])
    }
}
