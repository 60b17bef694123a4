import ArgumentParser
import Foundation
@_spi(Generators) import SuspendSim

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
                any. Writes no reports (but with --html). A file without expect: is reported as \
                unchecked (a failure with --strict). A scenario with a workload is checked on \
                replicate 0 of seed 0 (as run --seed 0 makes it), without its sweep.

                A scenario whose expect: has rates: or observed_within_ci: true (SPEC 18, 19) is \
                also checked on its whole batch (every sweep point and replicate, seeds as run \
                --seed 0 makes them, so the result is deterministic): one result per point and \
                policy, holding every assertion that failed there. Its other assertions are \
                checked on replicate 0 as above.

                expect.rates.RATE.APP bounds an app's never_killed_rate, launched_survival_rate \
                or survival_rate as survival.csv prints it (3 decimals): the bound is \
                ">= 0.8", "<= 0.2" or "0.4..0.6" (inclusive). A launched_survival_rate fails at \
                a point that never launched the app. observed_within_ci passes when every observed: \
                counter lies inside its simulated 95 % interval (the numbers observed.csv \
                prints). With --junit, each testcase has the file and line of the assertion \
                that failed first, or of its first assertion when it passed.

                With --html, each checked run also writes its report folder under --out \
                (<out>/<name>/, or <out>/<name>/<policy>/ with --policy all) with its index.html \
                page (see report --help), so that a failing check can be looked at.
                """
        )

        @OptionGroup var input: ScenarioInputOptions

        @Option(help: "Check every scenario under this policy instead of its own (a built-in or one of its policies: written in YAML); all: under each built-in policy.")
        var policy: PolicyOption?

        @Option(name: .customLong("junit"), help: ArgumentHelp(
            "Also write the results as JUnit XML to this file (a testcase per scenario and policy, and per point and policy for a batch's assertions).",
            valueName: "file"))
        var junitPath: String?

        @Flag(help: "Fail a file without an expect: block instead of reporting it as unchecked.")
        var strict = false

        @Flag(help: "Also write each checked run's report folder with its HTML page (index.html) under --out.")
        var html = false

        @Option(help: "Folder for the report folders that --html writes.")
        var out: String = "Reports"

        func validate() throws {
            try OptionChecks.path(out, "--out")
            try OptionChecks.path(junitPath, "--junit")
        }

        func run() throws {
            if html { Interruption.cleanUpOnSignals() }
            let templates = try ScenarioBatchLoader.loadTemplates(input)
            try SensitivityOptions.validateFiles(templates)
            let scenarios = templates.map(\.scenario)
            for template in templates {
                if let note = SystemMemoryNote.text(file: template.path, device: template.scenario.device) { printError(note) }
            }
            let option = policy
            if let option, let unknown = scenarios.first(where: { PolicyOption.policies(option, for: $0) == nil }) {
                throw ValidationError("--policy \(option.rawValue): \(unknown.name) knows no such policy; expected one of \(unknown.knownPolicyNames.joined(separator: ", ")) or all.")
            }
            if html {
                FolderOwnership.setCommand("check")
                let folders = scenarios.filter(Self.hasRunAssertions).flatMap { scenario in
                    (PolicyOption.policies(option, for: scenario) ?? []).map { pageFolder(scenario, $0, every: option == .all) }
                }
                try OutputFolder.refuseOverInputs(folders, inputs: input.paths + templates.map(\.path), doing: "Nothing was run.")
                try OutputFolder.claim(folders, doing: "Nothing was run.")
            }
            let runChecks = parallelMap(count: scenarios.count, jobs: input.workerCount) { index -> [Check] in
                let scenario = scenarios[index]
                guard Self.hasRunAssertions(scenario) else { return [] }
                return (PolicyOption.policies(option, for: scenario) ?? []).map {
                    check(scenario, under: $0, folder: html ? pageFolder(scenario, $0, every: option == .all) : nil)
                }
            }
            var checks: [Check] = []
            for (template, single) in zip(templates, runChecks) {
                checks += single
                if let expectation = template.scenario.expectation, BatchCheck.hasBatchAssertions(expectation) {
                    checks += try batchChecks(template, expectation: expectation).map { Check(result: $0) }
                }
            }
            if strict {
                for index in checks.indices where checks[index].result.status == .unchecked {
                    checks[index].result.status = .failed
                    checks[index].result.failures = ["\(checks[index].result.file): no expect: block (--strict)"]
                }
            }
            let results = checks.map(\.result)
            if let junitPath {
                OutputFolder.removeStale(of: junitPath)
                do {
                    try JUnitReport.write(results, to: junitPath)
                } catch {
                    printError("error: \(error)")
                    throw CommandFailure(writing: error)
                }
            }
            let failures = results.filter { $0.status == .failed }.count
            for result in results { print(result.text) }
            print(CheckTally.line(results))
            if html {
                let problems = checks.compactMap(\.pageError)
                for problem in problems { printError("error: \(problem)") }
                let pages = checks.count - problems.count
                print("html: \(pages) report folder\(pages == 1 ? "" : "s") with index.html under \(out)/")
                if !problems.isEmpty { throw CommandFailure.failed }
            }
            if failures > 0 { throw CommandFailure.checkFailed }
        }

        /// Whether `scenario` is checked on one run: it has no `expect:` (reported unchecked),
        /// or assertions other than the batch's (`observed_within_ci`, `rates`).
        private static func hasRunAssertions(_ scenario: Scenario) -> Bool {
            guard let expectation = scenario.expectation else { return true }
            return BatchCheck.runAssertions(expectation) != Scenario.Expectation()
        }

        /// Runs `template`'s whole batch (SPEC 18, 19) into a temporary folder, removed after,
        /// and checks `expectation`'s batch assertions at each point and policy.
        private func batchChecks(_ template: ScenarioTemplate, expectation: Scenario.Expectation) throws -> [CheckResult] {
            var options = BatchPlan.Options()
            options.policy = PolicyOption.batchChoice(policy)
            let plan: BatchPlan
            do {
                plan = try BatchPlan(templates: [template], options: options)
            } catch {
                printError(error.description)
                throw CommandFailure.invalidInput
            }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("suspendsim-check-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let output = try BatchRunner.run(plan, outPath: folder, jobs: input.workerCount)
            if let failure = output.failures.first {
                printError("error: \(failure.path): \(failure.message)")
                throw CommandFailure.failed
            }
            guard let tally = output.tally else { return [] }
            return BatchCheck.results(plan, entry: 0, tally: tally, expectation: expectation,
                                      file: template.scenario.sourcePath ?? "in code")
        }

        /// A checked run: its result, and why its report or page could not be written.
        private struct Check: Sendable {
            var result: CheckResult
            var pageError: String?
        }

        /// Where `--html` writes a run: `<out>/<name>/`, or `<out>/<name>/<policy>/` under `--policy all`.
        private func pageFolder(_ scenario: Scenario, _ policy: any EvictionPolicy, every: Bool) -> String {
            every ? "\(out)/\(scenario.name)/\(policy.name)" : "\(out)/\(scenario.name)"
        }

        /// Runs `scenario` under `policy` (into `folder` with its page when given) and compares
        /// it with its expectations.
        private func check(_ scenario: Scenario, under policy: any EvictionPolicy, folder: String?) -> Check {
            var scenario = scenario
            if scenario.isRandomized {
                scenario.seed = BatchSeed.seed(base: 0, scenario: scenario.name, replicate: 0)
            }
            guard let folder else {
                return Check(result: Self.compare(scenario, Simulation.runKeepingNoRecords(scenario, policy: policy)))
            }
            do {
                let run = try Simulation.run(scenario, policy: policy, writingReportTo: folder)
                let result = Self.compare(scenario, run)
                do {
                    try HTMLReport.write(folder: folder)
                    return Check(result: result)
                } catch {
                    return Check(result: result, pageError: "\(folder): \(error)")
                }
            } catch {
                return Check(result: Self.compare(scenario, Simulation.runKeepingNoRecords(scenario, policy: policy)),
                             pageError: "\(error)")
            }
        }

        /// The run's result against the scenario's `expect:`, or unchecked without one.
        private static func compare(_ scenario: Scenario, _ run: SimulationResult<NullRecorder>) -> CheckResult {
            let file = scenario.sourcePath ?? "in code"
            guard let expectation = scenario.expectation else {
                return CheckResult(scenario: scenario.name, policy: run.policyName, file: file, status: .unchecked, line: 1)
            }
            return CheckResult.of(run, expected: expectation, file: file)
        }
    }
}
