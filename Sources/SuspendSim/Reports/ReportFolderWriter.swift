/// A report folder (SPEC 8), written by one call: `ReportFolderWriter.write(_:of:at:)` builds it
/// under a hidden temporary name (`AtomicOutput`), writes every file of each run into it, and
/// puts it in place whole or not at all. Every writer of a run's folder comes through here:
/// `Simulation.run(_:policy:writingReportTo:)`, `runEveryPolicy` (`--policy all`),
/// `ReportWriter.write(_:of:into:)` and a batch's units (`BatchRunner.execute`).
///
/// The files of one run, in the order written: the streamed files through the report's
/// recorder (`CSVReportRecorder`), then what the run's end makes whole (`survivors.csv`,
/// `exits.csv`, `tasks.csv`), `device.csv`, `assumptions.csv`, and with MetricKit payloads,
/// `metrickit/<app>.json` (SPEC 17).
package enum ReportFolderWriter {
    /// What a folder holds, and where its records come from.
    package enum Contents {
        /// One run of the scenario under the policy, its recorder streaming the files.
        case running(any EvictionPolicy)
        /// A finished run's event log, replayed into the files: the same bytes as when they
        /// are written during the run (`ReportWriter.write(_:of:into:)`).
        case replaying(SimulationResult<EventLog>)
        /// A run under each policy, each into its own subfolder named after the policy, in
        /// this order (`suspendsim run --policy all`).
        case runningEach([any EvictionPolicy])
    }

    /// Writes the folder at `target`, replacing a report folder there; missing parent folders
    /// are created.
    ///
    /// - Parameters:
    ///   - metricKitPayloads: with each run, its `metrickit/` (`suspendsim run --metrickit`).
    ///   - flushThreshold: the buffer size at which a file is written out (tests use tiny ones).
    ///   - beforeReplacing: runs on the finished temporary folder just before it is renamed
    ///     into place (tests throw from it to check the clean-up).
    /// - Returns: each run's outcome, in the order of `contents`.
    /// - Throws: what the writers threw, as it is (`ReportWriter.Error(converting:path:)` makes
    ///   the public error); `EventStreamUnreadable` when a streamed file's events turned out
    ///   unreadable, the run being incomplete. Nothing is left behind: the temporary folder is
    ///   removed and any earlier folder stays.
    @discardableResult
    package static func write(
        _ contents: Contents, of scenario: Scenario, at target: String, metricKitPayloads: Bool = false,
        flushThreshold: Int = CSVReportRecorder.defaultFlushThreshold,
        beforeReplacing: (_ partialFolder: String) throws -> Void = { _ in }
    ) throws -> [RunOutcome] {
        let output = try AtomicOutput(target: target, kind: .folder)
        do {
            let deviceType = metricKitPayloads ? metricKitDeviceType(scenario.device) : nil
            var outcomes: [RunOutcome] = []
            switch contents {
            case .running(let policy):
                outcomes.append(try writeRun(scenario, policy: policy, into: output.partial, flushThreshold: flushThreshold,
                                             metricKitDeviceType: deviceType))
            case .replaying(let result):
                outcomes.append(try ReportWriter.writeReport(scenario, policyName: result.policyName, intoFolder: output.partial,
                                                             flushThreshold: flushThreshold) { recorder in
                    result.log.replay(into: &recorder)
                    return result.outcome
                })
            case .runningEach(let policies):
                for policy in policies {
                    let folder = output.partial + "/" + policy.name
                    try ReportFileSystem.makeFolder(folder)
                    outcomes.append(try writeRun(scenario, policy: policy, into: folder, flushThreshold: flushThreshold,
                                                 metricKitDeviceType: deviceType))
                }
            }
            try beforeReplacing(output.partial)
            try output.commit()
            return outcomes
        } catch {
            output.discard()
            throw error
        }
    }

    /// Runs `scenario` under `policy` with the report's recorder into the existing folder
    /// `folder`. A file whose streamed events turned out unreadable gave an incomplete run:
    /// `EventStreamUnreadable`, and its report is dropped (`StreamedJSONEvents`).
    private static func writeRun(
        _ scenario: Scenario, policy: any EvictionPolicy, into folder: String, flushThreshold: Int, metricKitDeviceType: String?
    ) throws -> RunOutcome {
        let outcome = try ReportWriter.writeReport(
            scenario, policyName: policy.name, intoFolder: folder, flushThreshold: flushThreshold,
            formatsOnAThreadOfItsOwn: scenario.makesLongReport, metricKitDeviceType: metricKitDeviceType
        ) { recorder in
            var simulation = Simulation<CSVReportRecorder>(scenario, policy: policy, recorder: recorder)
            simulation.run()
            return simulation.runOutcome
        }
        if scenario.eventStreamFailed { throw EventStreamUnreadable() }
        return outcome
    }

    /// A MetricKit payload's `metaData.deviceType` for `device` (SPEC 17): the first product id
    /// of its catalog model (`iPhone12,1` for `iphone-11`); empty without `device.model`.
    static func metricKitDeviceType(_ device: Device) -> String {
        device.model.flatMap { DeviceCatalog.shipped.entry(model: $0)?.products.first } ?? ""
    }
}
