import ArgumentParser
import Foundation
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim run`: simulate scenarios and write their reports (SPEC 8, 9).
    struct RunCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run scenarios and write CSV reports.",
            discussion: """
                Each scenario writes a folder <out>/<name>/ with survivors.csv, evictions.csv, \
                transitions.csv, callbacks.csv, memory.csv, pressure.csv and skipped.csv; the run \
                writes <out>/summary.csv with a row per scenario, in the order the files were given. \
                A report folder appears whole or not at all. If any file is invalid, nothing runs \
                and the exit status is 2.
                """
        )

        @OptionGroup var input: ScenarioInputOptions

        @Option(help: "Folder for the reports.")
        var out: String = "Reports"

        @Option(help: "Override every file's eviction policy.")
        var policy: PolicyOption?

        @Flag(help: "Print jemalloc's statistics (stats.allocated, stats.active, stats.resident) after the run.")
        var stats = false

        func run() throws {
            let scenarios = try ScenarioBatchLoader.load(input)
            let outDirectory = URL(fileURLWithPath: out, isDirectory: true)
            let progress = ProgressLine(total: scenarios.count, label: "scenarios")
            let policyOverride = policy
            let outcomes = parallelMap(count: scenarios.count, jobs: input.jobs) { index -> Result<SummaryRow, Error> in
                defer { progress.advance() }
                let scenario = scenarios[index]
                let policy = BuiltInPolicies.named(policyOverride?.rawValue ?? scenario.policyName) ?? LargestFirstPolicy()
                return Result {
                    let result = try ReportWriter.run(
                        scenario, policy: policy,
                        into: outDirectory.appendingPathComponent(scenario.name, isDirectory: true))
                    return SummaryRow(result: result)
                }
            }
            progress.finish()
            var rows: [SummaryRow] = []
            var failures = 0
            for (scenario, outcome) in zip(scenarios, outcomes) {
                switch outcome {
                case .success(let row):
                    rows.append(row)
                    print("\(scenario.name): \(row.policy), \(row.apps) apps, \(row.events) events, "
                        + "\(row.pressureKills) pressure kills -> \(out)/\(scenario.name)/")
                case .failure(let error):
                    failures += 1
                    printError("error: \(scenario.sourcePath ?? scenario.name): \(error)")
                }
            }
            if failures > 0 {
                printError("error: \(failures) of \(scenarios.count) reports could not be written.")
                throw ExitCode.failure
            }
            let summary = outDirectory.appendingPathComponent("summary.csv")
            do {
                try SummaryCSV.write(rows, to: summary)
            } catch {
                printError("error: \(error)")
                throw ExitCode.failure
            }
            print("summary: \(out)/summary.csv")
            if stats, let figures = JemallocStats.read() {
                print(figures.description)
            }
        }
    }
}
