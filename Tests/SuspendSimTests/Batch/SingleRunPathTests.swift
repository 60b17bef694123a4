import Foundation
import Testing
@testable import SuspendSim
@testable import SuspendSimCore

/// A plan of one unit (a single run, `--policy all` of one scenario) runs in order on the
/// calling thread, without workers or a reorder window (`BatchRunner.runInOrder`); a plan of
/// several units at several jobs runs on workers (`runOnWorkers`). Both make a run's rows and
/// its report folder through the same functions, so a scenario's folder and `summary.csv` rows
/// are the same bytes whichever path ran it (one run, one answer).
@Suite struct SingleRunPathTests {
    /// The bundled scenario run on both paths, and a second one that makes a plan of two units.
    private static let lab = packageRoot.appendingPathComponent("Scenarios/state-lab.yaml").path
    private static let other = packageRoot.appendingPathComponent("Scenarios/memory-pressure.yaml").path

    /// Runs `paths` as one plan under `policy` at `jobs` jobs; the output and every file written.
    private static func run(_ paths: [String], policy: BatchPlan.PolicyChoice?, jobs: Int) throws -> (BatchRunner.Output, [String: Data]) {
        var options = BatchPlan.Options()
        options.policy = policy
        let plan = try BatchPlan(templates: try paths.map { try ScenarioLoader.template(path: $0) }, options: options)
        let out = BatchRunnerTests.folder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let output = try BatchRunner.run(plan, outPath: out, jobs: jobs)
        #expect(output.failureCount == 0, "\(output.failures)")
        return (output, try BatchRunnerTests.files(out))
    }

    /// The lines of `data`, a CSV file.
    private static func lines(_ data: Data?) -> [Substring] {
        String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test("A single run's report folder and summary.csv rows are the batch path's, under its own policy and under --policy all",
          arguments: [nil, BatchPlan.PolicyChoice.every])
    func singlePathWritesTheBatchPathsBytes(policy: BatchPlan.PolicyChoice?) throws {
        // One unit at 4 jobs takes the single path; two units at 2 jobs take the workers.
        let (alone, aloneFiles) = try Self.run([Self.lab], policy: policy, jobs: 4)
        let (both, bothFiles) = try Self.run([Self.lab, Self.other], policy: policy, jobs: 2)
        #expect(alone.unitsRun == 1 && both.unitsRun == 2)

        let folder = { (files: [String: Data]) in files.filter { $0.key.hasPrefix("state-lab/") } }
        let survivors = policy == .every ? "state-lab/lru/survivors.csv" : "state-lab/survivors.csv"
        #expect(folder(aloneFiles).keys.contains(survivors))
        #expect(folder(aloneFiles) == folder(bothFiles))

        // summary.csv: the header, then a row per policy the scenario ran under; the two-file
        // plan has state-lab's rows first, then memory-pressure's as many.
        let rowsPerRun = policy == .every ? BuiltInPolicies.names.count : 1
        let single = Self.lines(aloneFiles["summary.csv"])
        let batch = Self.lines(bothFiles["summary.csv"])
        #expect(single.count == 1 + rowsPerRun + 1 && single.last == "")
        #expect(batch.count == 1 + 2 * rowsPerRun + 1)
        #expect(Array(batch.prefix(1 + rowsPerRun)) == single.dropLast())
        #expect(single.dropFirst().dropLast().allSatisfy { $0.hasPrefix("state-lab,") })
        #expect(alone.singleRunRows.map(\.row.run.policy) == Array(both.singleRunRows.prefix(rowsPerRun)).map(\.row.run.policy))
        // comparison.csv compares the policies of single runs (SPEC 8), on either path.
        #expect((aloneFiles["comparison.csv"] != nil) == (policy == .every))
    }

    @Test("One job runs every unit in order, with the workers' bytes and counts")
    func oneJobRunsInOrder() throws {
        let (inOrder, inOrderFiles) = try Self.run([Self.lab, Self.other], policy: nil, jobs: 1)
        let (workers, workerFiles) = try Self.run([Self.lab, Self.other], policy: nil, jobs: 2)
        #expect(inOrder.unitsRun == 2 && workers.unitsRun == 2)
        #expect(inOrderFiles == workerFiles)
        #expect(inOrder.singleRunRows.map(\.entry) == [0, 1] && workers.singleRunRows.map(\.entry) == [0, 1])
    }
}
