import ArgumentParser
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim check`: run scenarios and compare them with their `expect:` blocks (SPEC 9,
    /// 14).
    struct CheckCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Run scenarios and compare each with its expect: block.",
            discussion: """
                expect.evictions lists the memory-pressure kills in order; expect.survivors is \
                compared as a set; expect.survives, never_killed and killed are checked per app; \
                expect.max_pressure_kills bounds the run's pressure kills; \
                expect.by_policy.<policy> overrides any of them under that policy. Prints every \
                failed assertion as FILE:LINE: expect.KEY: what differs, and exits 1 if there is \
                any. Writes no reports. A file without expect: is reported as unchecked (a \
                failure with --strict). A scenario with a workload is checked on replicate 0 of \
                seed 0 (as run --seed 0 makes it), without its sweep.
                """
        )

        @OptionGroup var input: ScenarioInputOptions

        @Option(help: "Check every scenario under this policy instead of its own; all: under each built-in policy.")
        var policy: PolicyOption?

        @Option(name: .customLong("junit"), help: ArgumentHelp(
            "Also write the results as JUnit XML to this file (a testcase per scenario and policy).",
            valueName: "file"))
        var junitPath: String?

        @Flag(help: "Fail a file without an expect: block instead of reporting it as unchecked.")
        var strict = false

        func run() throws {
            let scenarios = try ScenarioBatchLoader.load(input)
            let option = policy
            let strict = strict
            var results = parallelMap(count: scenarios.count, jobs: input.workerCount) { index -> [CheckResult] in
                let scenario = scenarios[index]
                return PolicyOption.policies(option, for: scenario).map { Self.check(scenario, under: $0) }
            }.flatMap { $0 }
            if strict {
                for index in results.indices where results[index].status == .unchecked {
                    results[index].status = .failed
                    results[index].failures = ["\(results[index].file): no expect: block (--strict)"]
                }
            }
            if let junitPath {
                do {
                    try JUnitReport.write(results, to: junitPath)
                } catch {
                    printError("error: \(error)")
                    throw ExitCode.failure
                }
            }
            let failures = results.filter { $0.status == .failed }.count
            for result in results { print(result.text) }
            print("\(results.count - failures) of \(results.count) runs as expected.")
            if failures > 0 { throw ExitCode.failure }
        }

        /// The check of one scenario under one policy.
        private static func check(_ scenario: Scenario, under policy: any EvictionPolicy) -> CheckResult {
            let file = scenario.sourcePath ?? "in code"
            guard let expectation = scenario.expectation else {
                return CheckResult(scenario: scenario.name, policy: policy.name, file: file, status: .unchecked)
            }
            var scenario = scenario
            if scenario.generator != nil {
                scenario.seed = BatchSeed.seed(base: 0, scenario: scenario.name, replicate: 0)
            }
            return CheckResult.of(Simulation.runKeepingNoRecords(scenario, policy: policy), expected: expectation, file: file)
        }
    }
}
