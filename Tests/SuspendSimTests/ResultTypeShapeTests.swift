import Foundation
import Testing

/// STYLE section 8, "no silent defaults in a value that is copied": a run's result and the rows
/// made from it (`SimulationResult`, `AppOutcome`, `SummaryRow`, a batch's counts) have no
/// stored property with a default value. Such a property lets a copy that is rebuilt field by
/// field leave it out while the compiler says nothing, and that is how a run's length was once
/// written as 0 on the paths that write report folders and right on the others. Without
/// defaults, the one initialiser names every field, and a forgotten one does not compile.
@Suite struct ResultTypeShapeTests {
    /// The names of result and row types end so.
    static var resultTypeName: Regex<(Substring, Substring)> { /^\s*(?:(?:public|package|internal|fileprivate|private)\s+)?struct\s+(\w*(?:Result|Row|Outcome|Counts|Metrics))\b/ }

    /// A stored `var` with a value after its name or type: `var x = 0`, `var x: Int = 0`.
    static var defaultedStoredProperty: Regex<(Substring, Substring)> { /^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)(?:\(set\))?\s+)*var\s+(\w+)\s*(?::\s*[^={]+?)?\s*=\s*[^{]*$/ }

    /// The defaulted stored properties of the result and row types declared in `lines`, as
    /// `Type.property`, looking only at the type's own body (depth 1), not at nested types.
    static func defaultedProperties(_ lines: [Substring]) -> [String] {
        var found: [String] = []
        for (start, line) in lines.enumerated() {
            guard let match = line.firstMatch(of: resultTypeName) else { continue }
            var depth = 0
            for index in start..<lines.count {
                let code = lines[index].replacing(/"(?:[^"\\]|\\.)*"/, with: "").replacing(/\/\/.*/, with: "")
                if depth == 1, let property = code.firstMatch(of: defaultedStoredProperty) {
                    found.append("\(match.1).\(property.1)")
                }
                for brace in code where brace == "{" || brace == "}" { depth += brace == "{" ? 1 : -1 }
                if depth == 0, index > start, code.contains("}") { break }
            }
        }
        return found
    }

    @Test("No result or row type has a stored property with a default value")
    func resultTypesNameEveryField() throws {
        let files = try SourceShapeTests.sourceFiles()
        var types = 0
        for file in files {
            types += file.lines.filter { $0.contains(Self.resultTypeName) }.count
            for property in Self.defaultedProperties(file.lines) {
                Issue.record("\(file.path): \(property) has a default value; name it in the type's initialiser")
            }
        }
        #expect(types >= 6, "result and row types found: \(types)")
    }

    @Test("The check finds a defaulted stored property of a row type, and nothing else")
    func theCheckFindsADefault() {
        let lines: [Substring] = [
            "public struct RunRow: Sendable {", "    public var length: Int = 0", "    var count = 1",
            "    var kept: Int", "    var computed: Int { 2 }", "    static var shared = 3",
            "    struct Inner { var hidden = 4 }", "    func f() {", "        var local = 5", "    }", "}",
            "struct Other { var free = 6 }",
        ]
        #expect(Self.defaultedProperties(lines) == ["RunRow.length", "RunRow.count"])
    }
}
