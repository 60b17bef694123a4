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
                With --policy all, each scenario runs under every built-in policy into \
                <out>/<name>/<policy>/, and <out>/comparison.csv compares them. A report folder \
                appears whole or not at all. If any file is invalid, nothing runs and the exit \
                status is 2.
                """
        )

        @OptionGroup var input: ScenarioInputOptions

        @Option(help: "Folder for the reports.")
        var out: String = "Reports"

        @Option(help: "Run every scenario under this policy instead of its own; all: under each built-in policy.")
        var policy: PolicyOption?

        @Flag(help: "Print jemalloc's statistics (stats.allocated, stats.active, stats.resident) after the run.")
        var stats = false

        func run() throws {
            let scenarios = try ScenarioBatchLoader.load(input)
            let outDirectory = URL(fileURLWithPath: out, isDirectory: true)
            let progress = ProgressLine(total: scenarios.count, label: "scenarios")
            let option = policy
            let outcomes = parallelMap(count: scenarios.count, jobs: input.workerCount) { index -> Result<[SummaryRow], Error> in
                defer { progress.advance() }
                let scenario = scenarios[index]
                let folder = outDirectory.appendingPathComponent(scenario.name, isDirectory: true)
                let policies = PolicyOption.policies(option, for: scenario)
                return Result {
                    if option == .all {
                        return try ReportWriter.runEveryPolicy(scenario, policies: policies, into: folder).map { SummaryRow(result: $0) }
                    }
                    return [SummaryRow(result: try ReportWriter.run(scenario, policy: policies[0], into: folder))]
                }
            }
            progress.finish()
            var rows: [SummaryRow] = []
            var failures = 0
            for (scenario, outcome) in zip(scenarios, outcomes) {
                switch outcome {
                case .success(let scenarioRows):
                    rows += scenarioRows
                    for row in scenarioRows {
                        let folder = option == .all ? "\(out)/\(scenario.name)/\(row.policy)/" : "\(out)/\(scenario.name)/"
                        print("\(scenario.name): \(row.policy), \(row.apps) apps, \(row.events) events, "
                            + "\(row.pressureKills) pressure kills -> \(folder)")
                    }
                case .failure(let error):
                    failures += 1
                    printError("error: \(scenario.sourcePath ?? scenario.name): \(error)")
                }
            }
            if failures > 0 {
                printError("error: \(failures) of \(scenarios.count) reports could not be written.")
                throw ExitCode.failure
            }
            do {
                try SummaryCSV.write(rows, to: outDirectory.appendingPathComponent("summary.csv"))
                print("summary: \(out)/summary.csv")
                if option == .all {
                    try ComparisonCSV.write(rows, to: outDirectory.appendingPathComponent("comparison.csv"))
                    print("comparison: \(out)/comparison.csv")
                }
            } catch {
                printError("error: \(error)")
                throw ExitCode.failure
            }
            if stats, let figures = JemallocStats.read() {
                print(figures.description)
            }
        }
    }
}
