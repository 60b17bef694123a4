import ArgumentParser
import Foundation
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
                reports (but with --html). A file without expect: is reported as unchecked. A scenario with a \
                workload is checked on replicate 0 of seed 0 (as run --seed 0 makes it), without \
                its sweep.

                With --html, each checked run also writes its report folder under --out \
                (<out>/<name>/, or <out>/<name>/<policy>/ with --policy all) with its index.html \
                page (see report --help), so that a failing check can be looked at.
                """
        )

        @OptionGroup var input: ScenarioInputOptions

        @Option(help: "Check every scenario under this policy instead of its own; all: under each built-in policy.")
        var policy: PolicyOption?

        @Flag(help: "Also write each checked run's report folder with its HTML page (index.html) under --out.")
        var html = false

        @Option(help: "Folder for the report folders that --html writes.")
        var out: String = "Reports"

        func run() throws {
            if html { Interruption.cleanUpOnSignals() }
            let scenarios = try ScenarioBatchLoader.load(input)
            let option = policy
            let checks = parallelMap(count: scenarios.count, jobs: input.workerCount) { index -> [Check] in
                let scenario = scenarios[index]
                let policies = PolicyOption.policies(option, for: scenario)
                return policies.map { check(scenario, under: $0, folder: html ? pageFolder(scenario, $0, every: option == .all) : nil) }
            }.flatMap { $0 }
            let reports = checks.map(\.report)
            let failures = reports.filter { $0.hasPrefix("FAIL") }.count
            for report in reports { print(report) }
            print("\(reports.count - failures) of \(reports.count) runs as expected.")
            if html {
                let problems = checks.compactMap(\.pageError)
                for problem in problems { printError("error: \(problem)") }
                let pages = checks.count - problems.count
                print("html: \(pages) report folder\(pages == 1 ? "" : "s") with index.html under \(out)/")
                if !problems.isEmpty { throw ExitCode.failure }
            }
            if failures > 0 { throw ExitCode.failure }
        }

        /// A checked run: what to print, and why its report or page could not be written.
        private struct Check: Sendable {
            var report: String
            var pageError: String?
        }

        /// Where `--html` writes a run: `<out>/<name>/`, or `<out>/<name>/<policy>/` under `--policy all`.
        private func pageFolder(_ scenario: Scenario, _ policy: any EvictionPolicy, every: Bool) -> String {
            every ? "\(out)/\(scenario.name)/\(policy.name)" : "\(out)/\(scenario.name)"
        }

        /// Runs `scenario` (into `folder` with its page when given) and compares it.
        private func check(_ scenario: Scenario, under policy: any EvictionPolicy, folder: String?) -> Check {
            var scenario = scenario
            if scenario.generator != nil {
                scenario.seed = BatchSeed.seed(base: 0, scenario: scenario.name, replicate: 0)
            }
            guard let folder else {
                return Check(report: check(scenario, under: policy, result: Simulation.runKeepingNoRecords(scenario, policy: policy)))
            }
            do {
                let result = try ReportWriter.run(scenario, policy: policy, into: URL(fileURLWithPath: folder, isDirectory: true))
                let report = check(scenario, under: policy, result: result)
                do {
                    try HTMLReport.write(folder: folder)
                    return Check(report: report)
                } catch {
                    return Check(report: report, pageError: "\(folder): \(error)")
                }
            } catch {
                return Check(report: check(scenario, under: policy, result: Simulation.runKeepingNoRecords(scenario, policy: policy)),
                             pageError: "\(error)")
            }
        }

        /// One line for a run as expected or unchecked; a block with the diff for a mismatch.
        private func check(_ scenario: Scenario, under policy: any EvictionPolicy, result: SimulationResult<NullRecorder>) -> String {
            let label = "\(scenario.name) [\(policy.name)]"
            guard let expectation = scenario.expectation else { return "unchecked \(label): no expect: block" }
            let mismatches = ExpectationCheck.mismatches(result, expected: expectation)
            if mismatches.isEmpty { return "ok   \(label)" }
            let diff = mismatches.map { $0.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") }
            return (["FAIL \(label) (\(scenario.sourcePath ?? "in code"))"] + diff).joined(separator: "\n") + "\n"
        }
    }
}
