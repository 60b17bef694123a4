#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BatchRunner {
    /// Runs one unit: a single run into its report folder, every policy into theirs, or a
    /// run of a batch (into its folder only with `details`); with `whatIfApps`, a batch run's
    /// `focus_runs.csv` lines too; with `sensitivity`, the run as SPEC 39 compares it when it
    /// is one of its point's first `R` replicates. A unit that ran has its `summary.csv`
    /// lines formatted.
    static func execute(_ plan: BatchPlan, unit: Int, out: String, whatIfApps: [[String]]? = nil, sensitivity: SensitivityPlan? = nil) -> UnitResult {
        let (entryIndex, pointIndex, replicate) = plan.locate(unit)
        let entry = plan.entries[entryIndex]
        let point = entry.points[pointIndex]
        var result = UnitRows(entry: entryIndex, kind: entry.kind, columnValues: point.columnValues)
        var scenario: Scenario
        do {
            scenario = try point.runnableScenario()
        } catch {
            return .failed(UnitFailure(path: entry.path, message: "\(error)"))
        }
        var seed: UInt64?
        if entry.isRandomized {
            seed = BatchSeed.seed(base: plan.seed, scenario: entry.name, replicate: replicate)
            scenario.seed = seed
        }
        let replicateNumber = entry.isRandomized ? replicate : nil
        let folder = out + "/" + plan.folder(entry: entryIndex, point: pointIndex, replicate: replicate)
        // Runs the unit's scenario into its folders, adding its rows.
        func run(_ scenario: Scenario) throws {
            let policy = scenario.policy
            switch entry.kind {
            case .single:
                add(try ReportFolderWriter.write(.running(policy), of: scenario, at: folder, metricKitPayloads: plan.metricKit)[0])
            case .singleEveryPolicy:
                let outcomes = try ReportFolderWriter.write(.runningEach(BuiltInPolicies.all), of: scenario, at: folder,
                                                      metricKitPayloads: plan.metricKit)
                for (index, outcome) in outcomes.enumerated() { add(outcome, policyIndex: index) }
            case .batch:
                // `kills.csv` (`--kills`) takes a run that keeps the kills (a second one under `--details`).
                let kept = plan.keepsKills ? Simulation.runKeepingKills(scenario, policy: policy) : nil
                if plan.details {
                    add(try ReportFolderWriter.write(.running(policy), of: scenario, at: folder, metricKitPayloads: plan.metricKit)[0])
                } else if let kept { add(kept.outcome) } else { add(Simulation.runKeepingNoRecords(scenario, policy: policy).outcome) }
                if let kept { KillsCSV.appendLines(of: kept, seed: seed, replicate: replicateNumber, columnValues: point.columnValues, to: &result.killBytes) }
            }
        }
        func add(_ outcome: RunOutcome, policyIndex: Int = 0) {
            let row = SummaryRow(outcome: outcome, seed: seed, replicate: replicateNumber)
            if entry.kind == .batch, let apps = whatIfApps?[entryIndex], !apps.isEmpty {
                let values = FocusRunsCSV.values(apps: apps, outcomes: outcome.apps)
                FocusRunsCSV.appendLines(row, columnValues: point.columnValues, apps: apps, values: values, to: &result.focusBytes)
                result.focusValues.append(values)
            } else {
                result.focusValues.append([])
            }
            result.sensitivityRuns += sensitivity?.compared(row, outcomes: outcome.apps, entry: entryIndex, point: pointIndex, replicate: replicate,
                                                            columnValues: point.columnValues) ?? []
            result.rows.append((
                row,
                plan.group(entry: entryIndex, point: pointIndex, policyIndex: policyIndex),
                plan.groupCounts(of: outcome.apps, entry: entryIndex, point: pointIndex)))
        }
        do {
            try run(scenario)
            if scenario.eventStreamFailed { throw EventStreamUnreadable() }
        } catch is EventStreamUnreadable {
            // A large JSON file whose streamed events the fast reader did not take: its mistake
            // found from where the reader stopped (SPEC 35: a refusal streams as the run does),
            // else the whole file read the ordinary way, which runs it as written.
            result = UnitRows(entry: entryIndex, kind: entry.kind, columnValues: point.columnValues)
            do {
                if let refusal = scenario.eventStreamRefusal { throw refusal }
                try run(ScenarioLoader.template(path: entry.path).scenario(at: point.settings))
            } catch let error as ScenarioLoader.Error {
                return .failed(UnitFailure(path: entry.path, message: error.description, isInvalidInput: true))
            } catch {
                return .failed(UnitFailure(entry.path, error))
            }
        } catch {
            return .failed(UnitFailure(entry.path, error))
        }
        result.formatSummary()
        return .ran(result)
    }
}
