import Testing
@_spi(Generators) @_spi(Testing) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 7 `expect:` with per-policy expectations, and the EvictionPolicy contract.
@Suite struct ExpectationAndConformanceTests {
    @Test("Every built-in policy meets the EvictionPolicy contract", arguments: ["largest-first", "lru", "jetsam", "lmkd"])
    func builtInPoliciesConform(name: String) throws {
        let policy = try #require(BuiltInPolicies.named(name))
        #expect(EvictionPolicyConformance.violations(of: policy, seeds: 0..<8) == [])
    }

    @Test("The conformance check catches a policy with hidden state or a built-in's name")
    func conformanceCatchesBadPolicies() {
        final class Counter: @unchecked Sendable { var value: Int64 = 0 }
        struct Drifting: EvictionPolicy {
            let name = "drifting"
            let counter = Counter()
            func rank(of candidate: Candidate) -> Candidate.Rank {
                counter.value += 1
                return Candidate.Rank(counter.value)
            }
        }
        struct Impostor: EvictionPolicy {
            let name = "lru"
            func rank(of candidate: Candidate) -> Candidate.Rank { Candidate.Rank(0) }
        }
        #expect(!EvictionPolicyConformance.violations(of: Drifting(), seeds: 0..<3).isEmpty)
        #expect(EvictionPolicyConformance.violations(of: Impostor(), seeds: 0..<1).contains("name 'lru' is the name of a built-in policy"))
    }

    @Test("by_policy overrides the general expectations under that policy only (docs/scenarios.md)")
    func byPolicyOverrides() {
        let expectation = Scenario.Expectation(
            evictions: ["com.a", "com.b"], survivors: ["com.c"],
            byPolicy: ["lru": Scenario.Expectation(evictions: ["com.b", "com.a"])])
        #expect(ExpectationCheck.mismatches(expectation, policyName: "lru", pressureEvictions: ["com.b", "com.a"], survivors: ["com.c"]).isEmpty)
        #expect(ExpectationCheck.mismatches(expectation, policyName: "largest-first", pressureEvictions: ["com.a", "com.b"], survivors: ["com.c"]).isEmpty)
        #expect(ExpectationCheck.mismatches(expectation, policyName: "jetsam", pressureEvictions: ["com.b", "com.a"], survivors: ["com.c"])
            == [.evictions(expected: ["com.a", "com.b"], actual: ["com.b", "com.a"])])
        // Survivors compare as a set.
        #expect(ExpectationCheck.mismatches(expectation, policyName: "lru", pressureEvictions: ["com.b", "com.a"], survivors: ["com.c", "com.d"])
            == [.survivors(missing: [], unexpected: ["com.d"])])
    }

    @Test("by_policy is read from the file for each policy")
    func byPolicyLoads() throws {
        let scenario = try ScenarioLoader.parse("""
            name: x
            device: { ram_mb: 1024 }
            apps: [{ id: com.a, active_mb: 10 }, { id: com.b, active_mb: 10 }]
            expect:
              survivors: [com.a]
              by_policy:
                jetsam: { evictions: [com.b] }
                lmkd: { evictions: [], survivors: [com.a, com.b] }
            """, path: "x.yaml")
        let expectation = try #require(scenario.expectation)
        #expect(expectation.byPolicy["jetsam"] == Scenario.Expectation(evictions: ["com.b"]))
        #expect(ExpectationCheck.effective(expectation, policyName: "lmkd") == Scenario.Expectation(evictions: [], survivors: ["com.a", "com.b"]))
    }
}
