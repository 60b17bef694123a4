import Testing
@testable import SuspendSim

/// SPEC 35 "Aliases", checked on the alias-free text (`YAMLDocument.AliasFreeText`): every
/// alias rewritten as a plain scalar of its length, composed, and counted in the order of the
/// text. What looks like an alias inside a quoted or block scalar, a plain scalar or a comment
/// counts for nothing; an alias in key position is refused before the text is composed.
@Suite struct YAMLAliasFreeTextTests {
    /// A list of 99 scalars and its collection: 100 nodes.
    static let list = "[" + Array(repeating: "1", count: 99).joined(separator: ",") + "]"

    /// `count` aliases of `l` separated by spaces.
    static func aliases(_ count: Int) -> String {
        Array(repeating: "*l", count: count).joined(separator: " ")
    }

    @Test("Each alias is rewritten in place and located as libyaml counts: after spaces, flow indicators, a flow ':', and CRLF breaks")
    func rewriting() {
        let free = YAMLDocument.AliasFreeText("a: &a 1\r\nb: [*a,*a]\r\nc: {\"k\":*a}\n# *a in a comment\nd: x*a\n")
        #expect(free.text == "a: &a 1\r\nb: [_a,_a]\r\nc: {\"k\":_a}\n# _a in a comment\nd: x*a\n")
        let expected: [YAMLDocument.TextPoint: String] = [
            .init(line: 2, column: 5): "a", .init(line: 2, column: 8): "a", .init(line: 3, column: 9): "a",
            .init(line: 4, column: 3): "a",
        ]
        #expect(free.aliases == expected)
    }

    @Test("Star runs in quoted, plain and block scalars and in comments are not aliases: they add nothing")
    func notAliases() throws {
        // 101 aliases of l would add 10,100 nodes; written inside scalars and a comment they add none.
        let fakes = "x: &l \(Self.list)\nq: \"\(Self.aliases(101))\"\ns: '\(Self.aliases(101))'\n# \(Self.aliases(101))\n"
            + "p: a \(Self.aliases(101))\nb: |\n  \(Self.aliases(101))\n"
        #expect(YAMLDocument.shapeProblem(in: fakes) == nil)
        // 100 real aliases after them add exactly the cap; the 101st is refused at its column:
        // "z: [" is 4 characters and each "*l, " 4 more, so the 101st begins at 5 + 100 x 4.
        let real = fakes + "z: [" + Array(repeating: "*l", count: 101).joined(separator: ", ") + "]\n"
        let problem = try #require(YAMLDocument.shapeProblem(in: real))
        #expect(problem.line == 8 && problem.column == 405)
        #expect(problem.message.hasPrefix("this alias adds 100 nodes, and the aliases of the document would add 10100:"))
    }

    @Test("The text read is the one written: a star run inside a quoted name stays a star run")
    func valuesUnchanged() throws {
        let text = "name: \"runs *a\"\ndevice: &d {ram_mb: 1024}\napps: [{id: com.a, active_mb: 100}]\n# *d\n"
        let scenario = try ScenarioLoader.parse(text, path: "x.yaml")
        #expect(scenario.name == "runs *a")
    }

    @Test("An alias in key position is refused at the key, in block and in flow style, and when written right before ':'")
    func aliasKeys() {
        let head = "name: n\ndevice: {ram_mb: 1024}\napps: [{id: com.a, active_mb: 100}]\na: &a [x, x]\n"
        let message = "a mapping key must be plain text, not an alias or a list or mapping"
        #expect(loadDiagnostics(head + "b: {*a : 1}\n").map(\.description) == ["x.yaml:5:5: \(message)"])
        #expect(loadDiagnostics(head + "? *a\n: 1\n").map(\.description) == ["x.yaml:5:3: \(message)"])
        // In a flow mapping `*a:1` is an alias key; a plain scalar `_a:1` would run on.
        #expect(loadDiagnostics(head + "b: {*a:1}\n").map(\.description) == ["x.yaml:5:5: \(message)"])
        // Outside a flow collection `*a:1` is no YAML; it is refused as the key it would be.
        #expect(loadDiagnostics(head + "b: *a:1\n").map(\.description) == ["x.yaml:5:4: \(message)"])
        // In a comment it is nothing.
        #expect(YAMLDocument.shapeProblem(in: head + "# *a:1\n") == nil)
    }

    @Test("A doubling bomb: exactly 10,000 added nodes are read, 3 more are refused at the alias that adds them")
    func doublingBomb() throws {
        // l0 = [x, x] is 3 nodes; each level lists 2 aliases of the one before: 2^(i+2) - 1
        // nodes, its aliases adding 2^(i+2) - 2. Levels 1-10 add 2^13 - 8 - 20 = 8,164 nodes;
        // 612 aliases of l0 add 1,836 more: 10,000.
        var lines = ["l0: &l0 [x, x]"]
        for level in 1...10 { lines.append("l\(level): &l\(level) [*l\(level - 1), *l\(level - 1)]") }
        let bomb = lines.joined(separator: "\n") + "\n"
        let atCap = bomb + "z: [" + Array(repeating: "*l0", count: 612).joined(separator: ",") + "]\n"
        #expect(YAMLDocument.shapeProblem(in: atCap) == nil)
        let past = bomb + "z: [" + Array(repeating: "*l0", count: 613).joined(separator: ",") + "]\n"
        let problem = try #require(YAMLDocument.shapeProblem(in: past))
        // The 613th "*l0" of line 12 begins at 5 + 612 x 4 = 2,453.
        #expect(problem.line == 12 && problem.column == 2453)
        #expect(problem.message.hasPrefix("this alias adds 3 nodes, and the aliases of the document would add 10003:"))
        // Level 11 alone passes the cap: its first alias adds 2^12 - 1 = 4,095 to 8,164.
        let level11 = bomb + "l11: &l11 [*l10, *l10]\n"
        let eleven = try #require(YAMLDocument.shapeProblem(in: level11))
        #expect(eleven.line == 12 && eleven.column == 12)
        #expect(eleven.message.hasPrefix("this alias adds 4095 nodes, and the aliases of the document would add 12259:"))
    }

    @Test("A bomb before a mistake is refused as the bomb, at its alias, within a second")
    func bombBeforeMistake() {
        let clock = ContinuousClock()
        let start = clock.now
        let broken = YAMLAliasCapTests.bomb + "z: [\n"
        #expect(loadDiagnostics(broken).map(\.description) == ["x.yaml:5:8: this alias adds 7381 nodes, and the aliases "
            + "of the document would add 15670: more than the 10000 aliases may add (SPEC 35)"])
        #expect(clock.now - start < .seconds(1))
    }
}
