import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Policies written in YAML (`policy: { name, order, levels }`, `policies:`): what the reader
/// takes, and every bad input located (exit 2).
@Suite struct OrderPolicyReaderTests {
    /// A valid scenario from line 3 on; `head` gives lines 1-2.
    static func text(_ head: String) -> String {
        "name: p\n" + head + "\n" + """
            device: { ram_mb: 1024 }
            apps: [{ id: com.a, active_mb: 10 }]

            """
    }

    @Test("policy: { name, order, levels } reads as written, levels in SPEC 33's minfree form")
    func inPlace() throws {
        let scenario = try ScenarioLoader.parse(Self.text(
            "policy: { name: mine, order: [state, -footprint_mb, last_frontmost], levels: [{ adj: 0, mb: 50 }, { adj: 900, mb: 200.5 }] }"),
            path: "x.yaml")
        let policy = try #require(scenario.policy as? OrderPolicy)
        #expect(policy.name == "mine")
        #expect(policy.order == [.init(.state), .init(.footprintMB, descending: true), .init(.lastFrontmost)])
        #expect(policy.levels == [.init(priority: 0, freeKiB: .mb(50)), .init(priority: 900, freeKiB: KiB(200 * 1024 + 512))])
        #expect(policy.usesRecency && !policy.usesBands && !policy.tracksAging)
    }

    @Test("policies: names policies that policy: then uses by name beside the built-ins")
    func byName() throws {
        let text = Self.text("policies: [{ name: a, order: [band] }, { name: b, order: [-adj] }]\npolicy: b")
        let scenario = try ScenarioLoader.parse(text, path: "x.yaml")
        #expect(scenario.policyName == "b")
        #expect(scenario.namedPolicies.map(\.name) == ["a", "b"])
        #expect(scenario.namedPolicies[0].tracksAging && !scenario.namedPolicies[0].usesBands && scenario.namedPolicies[0] is OrderPolicy)
        #expect(scenario.policy(named: "a")?.name == "a")
        #expect(scenario.policy(named: "lru") is LRUPolicy)
        #expect(scenario.policy(named: "c") == nil)
        #expect(try ScenarioLoader.parse(Self.text("policies: [{ name: a, order: [band] }]\npolicy: jetsam"), path: "x.yaml").policy is JetsamPolicy)
    }

    @Test("expect.by_policy names YAML policies, the one written in place too")
    func byPolicy() throws {
        let text = Self.text("policies: [{ name: a, order: [band] }]\npolicy: { name: b, order: [adj] }")
            + "expect: { by_policy: { a: { max_pressure_kills: 1 }, b: { max_pressure_kills: 2 }, lru: { max_pressure_kills: 3 } } }\n"
        let scenario = try ScenarioLoader.parse(text, path: "x.yaml")
        #expect(scenario.expectation?.byPolicy.keys.sorted() == ["a", "b", "lru"])
        #expect(loadDiagnostics(Self.text("policy: lru") + "expect: { by_policy: { a: { max_pressure_kills: 1 } } }\n").map(\.description)
            == ["x.yaml:5:24: expect.by_policy.a: unknown policy 'a'; expected one of largest-first, lru, jetsam, lmkd"])
    }

    static let bad: [(String, String)] = [
        ("policies: [{ name: m, order: [state] }]\npolicy: { name: m, order: [adj] }",
         "x.yaml:3:9: policy.name: 'm' names one of policies: already; write policy: m to use it"),
        ("policy: { name: m, order: [state], colour: red }",
         "x.yaml:2:36: policy.colour: unknown key 'colour'; expected one of name, order, levels"),
        ("policy: { name: m, order: [state, -size_mb] }",
         "x.yaml:2:35: policy.order[1]: unknown field '-size_mb'; expected one of state, footprint_mb, physical_mb, "
            + "compressed_mb, last_frontmost, band, adj, mode_in_use, '-' before one for descending"),
        ("policy: { name: m, order: [state, -state] }",
         "x.yaml:2:35: policy.order[1]: names 'state' a second time; each field sorts once"),
        ("policy: { name: m, order: [] }", "x.yaml:2:27: policy.order: must name at least one field"),
        ("policy: { name: m }", "x.yaml:2:9: policy.order: missing required key 'order'"),
        ("policy: { name: lru, order: [state] }",
         "x.yaml:2:17: policy.name: 'lru' is a built-in policy's name (or --policy all); give the policy a name of its own"),
        ("policy: { name: '=cmd', order: [state] }",
         "x.yaml:2:17: policy.name: begins with '=', which a spreadsheet runs as a formula (SPEC 35)"),
        ("policy: { name: \"a\\tb\", order: [state] }",
         "x.yaml:2:17: policy.name: holds the control character U+0009; an identifier may not (SPEC 35)"),
        ("policy: { name: m, order: [state], levels: [{ adj: 900, mb: 200 }, { adj: 0, mb: 300 }] }",
         "x.yaml:2:68: policy.levels[1].adj: must be above the previous entry's adj (900), got 0"),
        ("policies: [{ name: m, order: [state] }, { name: m, order: [adj] }]",
         "x.yaml:2:41: policies[1].name: names 'm' a second time; each policy has its own name"),
        ("policies: [{ name: m, order: [state] }]\npolicy: n",
         "x.yaml:3:9: policy: unknown policy 'n'; expected one of largest-first, lru, jetsam, lmkd, m"),
    ]

    @Test("Bad policy keys, fields and names are refused, located", arguments: 0..<bad.count)
    func refused(_ index: Int) {
        let (head, message) = Self.bad[index]
        #expect(loadDiagnostics(Self.text(head)).map(\.description) == [message])
    }
}
