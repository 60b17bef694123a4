import Foundation
import Testing

/// STYLE: a function does one job and a file holds one concern. Measured on every Swift file
/// in `Sources`: no file is longer than 400 lines, and no function, initialiser or subscript
/// longer than 80 (from its declaration to its closing brace).
@Suite struct SourceShapeTests {
    static let maximumFileLines = 400
    static let maximumFunctionLines = 80

    /// Every Swift file under `Sources`, by path relative to it, with its lines.
    static func sourceFiles() throws -> [(path: String, lines: [Substring])] {
        let sources = LayerTests.sources
        let paths = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted() ?? []
        return try paths.map { path in
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            return (path, text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0))
        }
    }

    /// A line that declares a function, an initialiser, a subscript or a deinitialiser.
    static var declaration: Regex<Substring> { /^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|class|final|override|mutating|nonmutating|nonisolated|convenience|required|consuming|borrowing)(?:\([^)]*\))?\s+)*(?:func\s|init[?!]?\s*[(<]|subscript\s*[(<]|deinit\s*\{)/ }

    /// The lengths of the functions declared in `lines`: from each declaration to the brace
    /// that closes its body, counting braces outside string literals and line comments. Until
    /// the body opens, a brace inside parentheses is a closure in the signature (a default
    /// argument `progress: () -> Void = {}`), not the body; a closing brace outside them is the
    /// enclosing type's, so the declaration (a protocol requirement) has no body.
    static func functionLengths(_ lines: [Substring]) -> [(line: Int, length: Int)] {
        // Each line's parentheses and braces, in order, outside string literals and line comments.
        let marks: [[Character]] = lines.map { line in
            guard line.contains(where: { "{}()".contains($0) }) else { return [] }
            let code = line.replacing(/"(?:[^"\\]|\\.)*"/, with: "").replacing(/\/\/.*/, with: "")
            return code.filter { "{}()".contains($0) }
        }
        let declaration = Self.declaration
        let isDeclaration = { (line: Substring) in
            (line.contains("func ") || line.contains("init") || line.contains("subscript") || line.contains("deinit"))
                && line.contains(declaration)
        }
        var lengths: [(line: Int, length: Int)] = []
        for start in lines.indices where isDeclaration(lines[start]) {
            if let end = Self.bodyEnd(marks, from: start) { lengths.append((start + 1, end - start + 1)) }
        }
        return lengths
    }

    /// The index of the line that closes the body of the declaration at `start`, or nil when
    /// it has none within 20 lines of its start.
    static func bodyEnd(_ marks: [[Character]], from start: Int) -> Int? {
        var parentheses = 0
        var depth = 0
        var opened = false
        var end = start
        while end < marks.count, opened || end <= start + 20 {
            for mark in marks[end] {
                switch mark {
                case "(": parentheses += 1
                case ")": parentheses -= 1
                case "{" where opened || parentheses == 0:
                    depth += 1
                    opened = true
                case "}" where opened:
                    depth -= 1
                    if depth == 0 { return end }
                case "}" where parentheses == 0: return nil
                default: break
                }
            }
            end += 1
        }
        return nil
    }

    @Test("No file in Sources is longer than 400 lines, and no function longer than 80 (STYLE: one job each)")
    func filesAndFunctionsAreShort() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 100)
        for file in files {
            #expect(file.lines.count <= Self.maximumFileLines, "\(file.path) has \(file.lines.count) lines")
            for function in Self.functionLengths(file.lines) where function.length > Self.maximumFunctionLines {
                Issue.record("\(file.path):\(function.line): a function of \(function.length) lines")
            }
        }
    }

    @Test("The measure finds a function's end by its braces, outside strings and comments")
    func measureCountsBraces() {
        let lines: [Substring] = [
            "struct A {", "    func f() {", "        let s = \"{\"  // }", "        if true {", "        }", "    }",
            "    init(x: Int) { self.x = x }", "    func g()", "}",
        ]
        let lengths = Self.functionLengths(lines)
        #expect(lengths.map(\.line) == [2, 7])
        #expect(lengths.map(\.length) == [5, 1])
    }

    @Test("A closure in a signature (a default argument) is not the function's body")
    func measureSkipsClosuresInSignatures() {
        let lines: [Substring] = [
            "protocol P {", "    func h(_ f: () -> Void)", "}",
            "enum E {",
            "    static func run(_ n: Int, progress: @escaping () -> Void = {}) -> Int {", "        n", "    }",
            "    init(", "        done: @escaping (Int) -> Void = { _ in }", "    ) {", "        if true {", "        }", "    }",
            "}",
        ]
        let lengths = Self.functionLengths(lines)
        #expect(lengths.map(\.line) == [5, 8])
        #expect(lengths.map(\.length) == [3, 6])
    }
}
