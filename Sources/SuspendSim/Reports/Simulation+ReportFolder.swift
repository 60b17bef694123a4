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
    /// it is renamed into place (tests throw from it to check the clean-up).
    static func run(
        _ scenario: Scenario, policy: any EvictionPolicy, writingReportToPath target: String, flushThreshold: Int,
        metricKitPayloads: Bool = false, beforeReplacing: (_ partialFolder: String) throws -> Void = { _ in }
    ) throws -> RunOutcome {
        try ReportWriter.writeFolder(at: target, { folder in
            try runWritingReport(scenario, policy: policy, intoFolder: folder, flushThreshold: flushThreshold,
                                 metricKitPayloads: metricKitPayloads)
        }, beforeReplacing: beforeReplacing)
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
    /// events apart by their types).
    static func runEveryPolicy(
        _ scenario: Scenario, policies: [any EvictionPolicy], writingReportsToPath reportFolder: String,
        metricKitPayloads: Bool
    ) throws -> [RunOutcome] {
        try ReportWriter.writeFolder(at: reportFolder) { folder in
            var results: [RunOutcome] = []
            for policy in policies {
                let policyFolder = folder + "/" + policy.name
                try ReportFileSystem.makeFolder(policyFolder)
                results.append(try runWritingReport(scenario, policy: policy, intoFolder: policyFolder,
                                                    flushThreshold: CSVReportRecorder.defaultFlushThreshold,
                                                    metricKitPayloads: metricKitPayloads))
            }
            return results
        }
    }

    /// Runs `scenario` with the report's recorder and writes every file into the existing
    /// folder `folder` (with `metricKitPayloads`, its `metrickit/` too).
    private static func runWritingReport(
        _ scenario: Scenario, policy: any EvictionPolicy, intoFolder folder: String, flushThreshold: Int,
        metricKitPayloads: Bool
    ) throws -> RunOutcome {
        let outcome = try ReportWriter.writeReport(
            scenario, policyName: policy.name, intoFolder: folder, flushThreshold: flushThreshold,
            formatsOnAThreadOfItsOwn: scenario.makesLongReport,
            metricKitDeviceType: metricKitPayloads ? metricKitDeviceType(scenario.device) : nil
        ) { recorder in
            var simulation = Simulation<CSVReportRecorder>(scenario, policy: policy, recorder: recorder)
            simulation.run()
            return simulation.runOutcome
        }
        // A file whose streamed events turned out unreadable gave an incomplete run: its
        // report is dropped (`StreamedJSONEvents`).
        if scenario.eventStreamFailed { throw EventStreamUnreadable() }
        return outcome
    }

    /// A MetricKit payload's `metaData.deviceType` for `device` (SPEC 17): the first product id
    /// of its catalog model (`iPhone12,1` for `iphone-11`); empty without `device.model`.
    static func metricKitDeviceType(_ device: Device) -> String {
        device.model.flatMap { DeviceCatalog.shipped.entry(model: $0)?.products.first } ?? ""
    }
}
