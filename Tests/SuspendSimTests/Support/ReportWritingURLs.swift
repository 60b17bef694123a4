import Foundation
@testable import SuspendSim

// The public writers take a path as a `String`, as the loader does; the tests' temporary
// folders are `URL`s. These forward a folder's path, so that a test reads as before.

extension ReportWriter {
    static func write(_ result: SimulationResult<EventLog>, of scenario: Scenario, into folder: URL) throws(ReportWriter.Error) {
        try write(result, of: scenario, into: folder.path)
    }
}

extension Simulation where Recorder == NullRecorder {
    @discardableResult
    static func run(
        _ scenario: Scenario, policy: (any EvictionPolicy)? = nil, writingReportTo folder: URL, metricKitPayloads: Bool = false
    ) throws(ReportWriter.Error) -> SimulationResult<NullRecorder> {
        try run(scenario, policy: policy, writingReportTo: folder.path, metricKitPayloads: metricKitPayloads)
    }

    static func runEveryPolicy(
        _ scenario: Scenario, policies: [any EvictionPolicy], writingReportsTo folder: URL, metricKitPayloads: Bool = false
    ) throws(ReportWriter.Error) -> [SimulationResult<NullRecorder>] {
        try runEveryPolicy(scenario, policies: policies, writingReportsTo: folder.path, metricKitPayloads: metricKitPayloads)
    }
}
