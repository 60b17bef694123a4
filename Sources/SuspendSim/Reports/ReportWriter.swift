/// Writes report folders (SPEC 8), which appear whole or not at all.
///
/// From a finished run's `EventLog`:
///
/// ```swift
/// let result = Simulation.run(scenario)
/// #expect(result.survivors == ["com.example.mail"])
/// try ReportWriter.write(result, of: scenario, into: "Reports/mine")
/// ```
///
/// or while the run goes, in constant memory, with `Simulation.run(_:policy:writingReportTo:)`.
///
/// The folder is an `AtomicOutput`: built under a hidden temporary name next to it
/// (`Reports/.mine.partial-<pid>-<random>`), then renamed into place, replacing any report of
/// the same name, so a reader never sees a half-written report, even when the run is
/// interrupted.
public enum ReportWriter {
    /// Writes the report folder of a finished run from its event log: the seven streamed files,
    /// `survivors.csv`, `exits.csv`, `tasks.csv` and `device.csv`, the same bytes as when they are written during the
    /// run. Replaces any report already at `reportFolder`; creates missing parent folders.
    ///
    /// - Parameters:
    ///   - result: the run, recorded by `EventLog` (`Simulation.run(_:policy:)`).
    ///   - scenario: the scenario that was run (its apps name the rows; `device.csv` shows
    ///     its device).
    ///   - reportFolder: the report folder's path, conventionally `Reports/<scenario name>`:
    ///     a `String`, as `ScenarioLoader.load(path:)` and `Batch(file:)` take theirs.
    /// - Throws: `ReportWriter.Error` naming the path and the system's error. Nothing is left behind:
    ///   the temporary folder is removed and any previous report stays where it was. Only a
    ///   folder is replaced: a file or a symbolic link at `reportFolder` is refused (ENOTDIR),
    ///   and so is a folder that suspendsim did not write (kind `notOurs`).
    public static func write(
        _ result: SimulationResult<EventLog>, of scenario: Scenario, into reportFolder: String
    ) throws(ReportWriter.Error) {
        do {
            try ReportFolderWriter.write(.replaying(result), of: scenario, at: reportFolder)
        } catch {
            throw ReportWriter.Error(converting: error, path: reportFolder)
        }
    }

    /// Writes every file of one run's report into the existing folder `folder` (the part of
    /// `ReportFolderWriter.write(_:of:at:)` that fills one run's folder): `record` fills
    /// the streamed files through the recorder (running the simulation, or replaying its log)
    /// and returns the run's outcome (its apps for `survivors.csv`, its end, its tasks); then
    /// `device.csv`; and with `metricKitDeviceType`, `metrickit/<app>.json` for each app that
    /// launched (`suspendsim run --metrickit`, SPEC 17; `MetricKitPayloadJSON`), so that the
    /// payloads are in place before the folder is. A long run (`formatsOnAThreadOfItsOwn`) has
    /// three of its files formatted beside it (`CSVFormattingThread`).
    ///
    /// - Parameters:
    ///   - metricKitDeviceType: nil: no payloads; else their `metaData.deviceType` (the device
    ///     catalog's first product id of the device's model, or empty: the caller resolves it,
    ///     as Reports does not depend on the catalog).
    ///   - record: fills the streamed files and returns the run's outcome: its apps
    ///     (`survivors.csv`, `exits.csv`), its end (`durationMs`, the payloads'
    ///     `timeStampEnd`) and its task requests (`tasks.csv`).
    /// - Returns: the outcome `record` returned.
    @discardableResult
    package static func writeReport(
        _ scenario: Scenario, policyName: String, intoFolder folder: String, flushThreshold: Int,
        formatsOnAThreadOfItsOwn: Bool = false, metricKitDeviceType: String? = nil,
        recordingRun record: (inout CSVReportRecorder) -> RunOutcome
    ) throws -> RunOutcome {
        var recorder = try CSVReportRecorder(
            scenario: scenario, policyName: policyName, folderPath: folder, flushThreshold: flushThreshold,
            formatsOnAThreadOfItsOwn: formatsOnAThreadOfItsOwn)
        let run = record(&recorder)
        try recorder.finish(survivors: run.apps, tasks: run.tasks)
        try DeviceCSV.write(scenario, policyName: policyName, intoFolder: folder)
        try AssumptionsCSV.write(scenario, policyName: policyName, intoFolder: folder)
        if let metricKitDeviceType {
            try MetricKitPayloadJSON.write(run.apps, of: scenario, deviceType: metricKitDeviceType, runEndMs: run.durationMs,
                                           intoFolder: folder)
        }
        return run
    }
}
