import ArgumentParser
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim check`: run scenarios and compare them with their `expect:` blocks (SPEC 9).
    struct CheckCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Run scenarios and compare each with its expect: block.",
            discussion: """
                expect.evictions lists the memory-pressure kills in order; expect.survivors is \
                compared as a set; expect.by_policy.<policy> overrides them under that policy. \
                Prints a readable diff for every mismatch and exits 1 if there is any. Writes no \
                reports. A file without expect: is reported as unchecked.
                """
        )

        @OptionGroup var input: ScenarioInputOptions

        @Option(help: "Override every file's eviction policy.")
        var policy: PolicyOption?

        func run() throws {
            let scenarios = try ScenarioBatchLoader.load(input)
            let policyOverride = policy
            let reports = parallelMap(count: scenarios.count, jobs: input.jobs) { index -> String? in
                let scenario = scenarios[index]
                let policy = BuiltInPolicies.named(policyOverride?.rawValue ?? scenario.policyName) ?? LargestFirstPolicy()
                let label = "\(scenario.name) [\(policy.name)]"
                guard let expectation = scenario.expectation else { return "unchecked \(label): no expect: block" }
                var simulation = Simulation(scenario, policy: policy, recorder: NullRecorder())
                simulation.run()
                let mismatches = ExpectationCheck.mismatches(simulation.result, expected: expectation)
                if mismatches.isEmpty { return "ok   \(label)" }
                return (["FAIL \(label) (\(scenario.sourcePath ?? "in code"))"]
                    + mismatches.map { $0.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") })
                    .joined(separator: "\n") + "\n"
            }
            var failures = 0
            for case let line? in reports {
                print(line)
                if line.hasPrefix("FAIL") { failures += 1 }
            }
            print("\(scenarios.count - failures) of \(scenarios.count) scenarios as expected.")
            if failures > 0 { throw ExitCode.failure }
        }
    }
}
