extension Simulation where Recorder == NullRecorder {
    /// Runs `scenario` to the end under `policy`, streaming its report (SPEC 8) into
    /// `reportFolder` as it goes, in constant memory however long the run: the six streamed
    /// files, then `survivors.csv`, `exits.csv`, `tasks.csv` and `device.csv`, and with
    /// `metricKitPayloads`, `metrickit/<app>.json` (SPEC 17). The folder appears whole or not
    /// at all, replacing any report already there; missing parent folders are created.
    ///
    /// ```swift
    /// let result = try Simulation.run(scenario, writingReportTo: "Reports/state-lab")
    /// ```
    ///
    /// - Parameters:
    ///   - policy: the eviction policy; nil means the scenario's own (`policy`).
    ///   - metricKitPayloads: also write a MetricKit payload per app that launched
    ///     (`suspendsim run --metrickit`).
    /// - Returns: the run's outcome, for summaries and `expect:` checks; its records are in
    ///   the files, not in memory.
    /// - Throws: as `ReportWriter.write(_:of:into:)`; nothing is left behind.
    /// - Complexity: the run's own cost (O(events + timers), times the policy's choice of
    ///   victims), plus writing the rows; memory for buffers stays below about 2 MB.
    @discardableResult
    public static func run(
        _ scenario: Scenario, policy: (any EvictionPolicy)? = nil, writingReportTo reportFolder: String,
        metricKitPayloads: Bool = false
    ) throws(ReportWriter.Error) -> SimulationResult<NullRecorder> {
        do {
            let outcome = try run(scenario, policy: policy ?? scenario.policy, writingReportToPath: reportFolder,
                                  flushThreshold: CSVReportRecorder.defaultFlushThreshold, metricKitPayloads: metricKitPayloads)
            return SimulationResult(outcome: outcome, log: NullRecorder())
        } catch {
            throw ReportWriter.Error(converting: error, path: reportFolder)
        }
    }

    /// As `run(_:policy:writingReportTo:)`, with a path, a chosen flush threshold (tests use
    /// tiny ones to exercise flushing), and a hook on the finished temporary folder just before
    /// it is renamed into place (tests throw from it to check the clean-up): `ReportFolderWriter`'s
    /// one call, throwing what the writers threw as it is.
    static func run(
        _ scenario: Scenario, policy: any EvictionPolicy, writingReportToPath target: String, flushThreshold: Int,
        metricKitPayloads: Bool = false, beforeReplacing: (_ partialFolder: String) throws -> Void = { _ in }
    ) throws -> RunOutcome {
        try ReportFolderWriter.write(.running(policy), of: scenario, at: target, metricKitPayloads: metricKitPayloads,
                               flushThreshold: flushThreshold, beforeReplacing: beforeReplacing)[0]
    }

    /// Runs `scenario` under every policy in `policies`, each into its own subfolder
    /// `<reportFolder>/<policy name>/`, and puts the whole folder in place at once
    /// (`suspendsim run --policy all`). Returns the results in the order of `policies`.
    /// With `metricKitPayloads`, each subfolder gets its `metrickit/` (SPEC 17).
    ///
    /// - Throws: as `run(_:policy:writingReportTo:metricKitPayloads:)`; nothing is left behind.
    public static func runEveryPolicy(
        _ scenario: Scenario, policies: [any EvictionPolicy], writingReportsTo reportFolder: String,
        metricKitPayloads: Bool = false
    ) throws(ReportWriter.Error) -> [SimulationResult<NullRecorder>] {
        do {
            return try runEveryPolicy(scenario, policies: policies, writingReportsToPath: reportFolder,
                                      metricKitPayloads: metricKitPayloads).map { SimulationResult(outcome: $0, log: NullRecorder()) }
        } catch {
            throw ReportWriter.Error(converting: error, path: reportFolder)
        }
    }

    /// As `runEveryPolicy(_:policies:writingReportsTo:metricKitPayloads:)`, throwing what the
    /// writers threw as it is (a batch tells a folder that is not ours and unreadable streamed
    /// events apart by their types): `ReportFolderWriter`'s one call.
    static func runEveryPolicy(
        _ scenario: Scenario, policies: [any EvictionPolicy], writingReportsToPath reportFolder: String,
        metricKitPayloads: Bool
    ) throws -> [RunOutcome] {
        try ReportFolderWriter.write(.runningEach(policies), of: scenario, at: reportFolder, metricKitPayloads: metricKitPayloads)
    }
}
