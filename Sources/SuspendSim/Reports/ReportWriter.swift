#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a scenario and writes its report folder (SPEC 8), which appears whole or not at
/// all.
///
/// ```swift
/// let result = try ReportWriter.run(scenario, into: URL(filePath: "Reports/state-lab"))
/// let row = SummaryRow(result: result)
/// ```
///
/// The folder is an `AtomicOutput`: built under a hidden temporary name next to it
/// (`Reports/.state-lab.partial-<pid>-<random>`), then renamed into place, replacing any
/// report of the same name, so a reader never sees a half-written report, even when the run
/// is interrupted.
public enum ReportWriter {
    /// Runs `scenario` to the end under `policy`, streaming its CSV files into a temporary
    /// folder, writes `survivors.csv`, then puts the folder in place at `reportFolder`,
    /// replacing any report already there. Creates missing parent folders.
    ///
    /// - Parameters:
    ///   - scenario: the scenario to run.
    ///   - policy: the eviction policy; nil means the scenario's own (`policy`).
    ///   - reportFolder: the report folder, conventionally `Reports/<scenario name>`.
    /// - Returns: the run's outcome, for `SummaryRow` and `expect:` checks; its records are
    ///   in the files, not in memory.
    /// - Throws: `ReportError` naming the path and the system's error. Nothing is left behind:
    ///   the temporary folder is removed and any previous report stays where it was. Only a
    ///   folder is replaced: a file or a symbolic link at `reportFolder` is refused (ENOTDIR).
    /// - Complexity: the run's own cost (O(events + timers), times the policy's choice of
    ///   victims), plus writing the rows; memory for buffers stays below about 2 MB.
    @discardableResult
    public static func run(
        _ scenario: Scenario, policy: (any EvictionPolicy)? = nil, into reportFolder: URL
    ) throws -> SimulationResult<NullRecorder> {
        let policy = policy ?? scenario.policy
        return try run(scenario, policy: policy, intoPath: reportFolder.path,
                       flushThreshold: CSVReportRecorder.defaultFlushThreshold)
    }

    /// As `run(_:policy:into:)`, with a path, a chosen flush threshold (tests use tiny ones
    /// to exercise flushing), and a hook called with the finished temporary folder just
    /// before it is renamed into place (tests throw from it to check the clean-up).
    static func run(
        _ scenario: Scenario, policy: any EvictionPolicy, intoPath target: String, flushThreshold: Int,
        beforeReplacing: (_ partialFolder: String) throws -> Void = { _ in }
    ) throws -> SimulationResult<NullRecorder> {
        let output = try AtomicOutput(target: target, kind: .folder)
        do {
            let result = try writeReport(scenario, policy: policy, intoFolder: output.partial, flushThreshold: flushThreshold)
            try beforeReplacing(output.partial)
            try output.commit()
            return result
        } catch {
            output.discard()
            throw error
        }
    }

    /// Runs `scenario` under every policy in `policies`, each into its own subfolder
    /// `<reportFolder>/<policy name>/`, and puts the whole folder in place at once
    /// (`suspendsim run --policy all`). Returns the results in the order of `policies`.
    ///
    /// - Throws: as `run(_:policy:into:)`; nothing is left behind.
    public static func runEveryPolicy(
        _ scenario: Scenario, policies: [any EvictionPolicy], into reportFolder: URL
    ) throws -> [SimulationResult<NullRecorder>] {
        let output = try AtomicOutput(target: reportFolder.path, kind: .folder)
        do {
            var results: [SimulationResult<NullRecorder>] = []
            for policy in policies {
                let folder = output.partial + "/" + policy.name
                try ReportFileSystem.makeFolder(folder)
                results.append(try writeReport(scenario, policy: policy, intoFolder: folder,
                                               flushThreshold: CSVReportRecorder.defaultFlushThreshold))
            }
            try output.commit()
            return results
        } catch {
            output.discard()
            throw error
        }
    }

    /// Runs `scenario` and writes every CSV file into the existing folder `folder`.
    private static func writeReport(
        _ scenario: Scenario, policy: any EvictionPolicy, intoFolder folder: String, flushThreshold: Int
    ) throws -> SimulationResult<NullRecorder> {
        let recorder = try CSVReportRecorder(
            scenario: scenario, policyName: policy.name, folderPath: folder, flushThreshold: flushThreshold)
        var simulation = Simulation(scenario, policy: policy, recorder: recorder)
        simulation.run()
        let result = simulation.result
        try recorder.finish(survivors: result.apps)
        try DeviceCSV.write(scenario, policyName: policy.name, intoFolder: folder)
        return result.replacingLog(with: NullRecorder())
    }
}
