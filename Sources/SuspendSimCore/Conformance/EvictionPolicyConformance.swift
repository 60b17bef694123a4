/// The test every `EvictionPolicy` must pass, for built-in policies and users' own alike.
///
/// A tool for test suites, so it is SPI: `@_spi(Testing) import SuspendSim` sees it, a plain
/// import does not. It runs the engine on generated scenarios, so it sits above both
/// (docs/architecture.md).
///
/// ```swift
/// @_spi(Testing) import SuspendSim
///
/// @Test func myPolicyMeetsTheContract() {
///     #expect(EvictionPolicyConformance.violations(of: MyPolicy()) == [])
/// }
/// ```
///
/// It runs random scenarios (fixed seeds, so failures reproduce) under the policy and
/// checks the contract of `EvictionPolicy`:
/// - the name is not empty and, unless the policy is that built-in one, not a built-in name;
/// - `rank(of:)`, `priority(of:)` and `band(of:)` give the same answer for the same candidate,
///   whenever and however often they are asked (no hidden state, no randomness);
/// - the same scenario gives the same evictions, in the same order, every time it runs;
/// - the frontmost app is never killed for `memory-pressure`.
@_spi(Testing) public enum EvictionPolicyConformance {
    /// Descriptions of every broken rule; empty when the policy meets the contract.
    public static func violations(of policy: any EvictionPolicy, seeds: Range<UInt64> = 0..<20) -> [String] {
        var problems: [String] = []
        if policy.name.isEmpty { problems.append("name is empty") }
        if let builtIn = BuiltInPolicies.named(policy.name), type(of: builtIn) != type(of: policy) {
            problems.append("name '\(policy.name)' is the name of a built-in policy")
        }
        for seed in seeds {
            let scenario = RandomScenario.make(apps: 12, events: 400, seed: seed, ramMB: 2048)
            var first = Simulation(scenario, policy: policy, recorder: EventLog())
            var second = Simulation(scenario, policy: policy, recorder: EventLog())
            var step = 0
            while first.step() {
                second.step()
                step += 1
                for candidate in first.candidates() {
                    let rank = policy.rank(of: candidate)
                    if policy.rank(of: candidate) != rank || policy.priority(of: candidate) != policy.priority(of: candidate)
                        || policy.band(of: candidate) != policy.band(of: candidate) {
                        problems.append("seed \(seed), step \(step): answers differ for the same candidate \(candidate)")
                        return problems
                    }
                }
            }
            if first.result.log.evictions != second.result.log.evictions {
                problems.append("seed \(seed): two runs of the same scenario evicted differently")
            }
            for eviction in first.result.log.evictions where eviction.who.reason == .memoryPressure && eviction.who.state.isForeground {
                problems.append("seed \(seed): frontmost app \(eviction.who.app) killed for memory-pressure at \(eviction.who.timeMs) ms")
            }
        }
        return problems
    }
}
