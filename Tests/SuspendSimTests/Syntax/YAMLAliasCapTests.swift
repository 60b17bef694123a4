import Foundation
import Testing
@testable import SuspendSim

/// SPEC 35 "Aliases": aliases add at most 10,000 nodes per YAML document, each adding the node
/// count of what it names (nested aliases expanded; every key, value and collection counts 1).
/// The alias that passes the cap is bad input at its line and column, before any key is checked.
@Suite struct YAMLAliasCapTests {
    /// A 9-level alias bomb of 336 bytes: each level a list of 9 aliases of the one
    /// before, 9^9 = 387,420,489 scalars once expanded; and an unknown key after it.
    static let bomb: String = {
        var lines = ["a: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]")
        }
        return lines.joined(separator: "\n") + "\ncolour: red\n"
    }()

    @Test("A 900-byte alias bomb is refused at the alias that passes the cap, within a second, before any key is checked")
    func bomb() {
        #expect(Self.bomb.utf8.count < 1000)
        let clock = ContinuousClock()
        let start = clock.now
        let diagnostics = loadDiagnostics(Self.bomb)
        #expect(clock.now - start < .seconds(1))
        // Sizes: a 10, b 1 + 9 x 10 = 91, c 820, d 7,381; after d, aliases added
        // 9 x (10 + 91 + 820) = 8,289, and the first *d of e (line 5, column 8) passes 10,000.
        #expect(diagnostics.map(\.description) == ["x.yaml:5:8: this alias adds 7381 nodes, and the aliases of the document "
            + "would add 15670: more than the 10000 aliases may add (SPEC 35)"])
    }

    @Test("Aliases that add exactly 10,000 nodes are read; one more node is refused")
    func exactCap() throws {
        // A list of 99 scalars and its collection: 100 nodes; 100 aliases of it add 10,000.
        let list = "[" + Array(repeating: "1", count: 99).joined(separator: ",") + "]"
        let atCap = "x: &l \(list)\ny: [" + Array(repeating: "*l", count: 100).joined(separator: ",") + "]\n"
        #expect(YAMLDocument.shapeProblem(in: atCap) == nil)
        let past = "s: &s 1\n" + atCap + "z: *s\n"
        let problem = YAMLDocument.shapeProblem(in: past)
        #expect(problem?.message.hasPrefix("this alias adds 1 node, and the aliases of the document would add 10001") == true)
        #expect(problem?.line == 4 && problem?.column == 4)
    }

    @Test("Each document has its own count and anchors; a nested alias counts what it expands to")
    func perDocument() {
        let list = "[" + Array(repeating: "1", count: 99).joined(separator: ",") + "]"
        let half = "x: &l \(list)\ny: [" + Array(repeating: "*l", count: 60).joined(separator: ",") + "]\n"
        #expect(YAMLDocument.shapeProblem(in: half + "---\n" + half) == nil)
        // m names a mapping of one key and 2 aliases of l: 1 + 1 + 1 + 200 = 203 nodes.
        let nested = "x: &l \(list)\nm: &m {k: [*l, *l]}\nn: [" + Array(repeating: "*m", count: 49).joined(separator: ",") + "]\n"
        // 200 + 49 x 203 = 10,147 > 10,000: the 49th *m passes (200 + 48 x 203 = 9,944).
        let problem = YAMLDocument.shapeProblem(in: nested)
        #expect(problem?.line == 3)
        #expect(problem?.message.hasPrefix("this alias adds 203 nodes, and the aliases of the document would add 10147") == true)
    }
}
