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
                reports. A file without expect: is reported as unchecked. A scenario with a \
                workload is checked on replicate 0 of seed 0 (as run --seed 0 makes it), without \
                its sweep.
                """
        )

        @OptionGroup var input: ScenarioInputOptions

        @Option(help: "Check every scenario under this policy instead of its own; all: under each built-in policy.")
        var policy: PolicyOption?

        func run() throws {
            let scenarios = try ScenarioBatchLoader.load(input)
            let option = policy
            let reports = parallelMap(count: scenarios.count, jobs: input.workerCount) { index -> [String] in
                let scenario = scenarios[index]
                return PolicyOption.policies(option, for: scenario).map { check(scenario, under: $0) }
            }.flatMap { $0 }
            let failures = reports.filter { $0.hasPrefix("FAIL") }.count
            for report in reports { print(report) }
            print("\(reports.count - failures) of \(reports.count) runs as expected.")
            if failures > 0 { throw ExitCode.failure }
        }

        /// One line for a run as expected or unchecked; a block with the diff for a mismatch.
        private func check(_ scenario: Scenario, under policy: any EvictionPolicy) -> String {
            let label = "\(scenario.name) [\(policy.name)]"
            guard let expectation = scenario.expectation else { return "unchecked \(label): no expect: block" }
            var scenario = scenario
            if scenario.generator != nil {
                scenario.seed = BatchSeed.seed(base: 0, scenario: scenario.name, replicate: 0)
            }
            let result = Simulation.runKeepingNoRecords(scenario, policy: policy)
            let mismatches = ExpectationCheck.mismatches(result, expected: expectation)
            if mismatches.isEmpty { return "ok   \(label)" }
            let diff = mismatches.map { $0.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") }
            return (["FAIL \(label) (\(scenario.sourcePath ?? "in code"))"] + diff).joined(separator: "\n") + "\n"
        }
    }
}
