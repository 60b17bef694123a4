@_spi(Generators) import SuspendSimCore

extension BatchPlan {
    /// How long the runs of each batch scenario with `observed:` last, in plan order: one run
    /// stands for one day of the field, and `run` warns when they do not last one (SPEC 27).
    ///
    /// A run's length is the one its scenario sets: `end_s`, else a workload's end (its last
    /// listed event plus `duration_s`); a scenario that sets neither (a usage trace, a list of
    /// events) lasts as its runs did, `measured` (`BatchRunner.Output.observedRunLengths`).
    /// A workload's last generated event comes before its end, so a run's own end would call
    /// a day's workload short.
    package func observedRunLengths(measured: [String: ClosedRange<Millis>]) -> [(name: String, lengths: ClosedRange<Millis>)] {
        entries.compactMap { entry in
            guard entry.kind == .batch, entry.points.first?.scenario.observed != nil else { return nil }
            var lengths: ClosedRange<Millis>?
            for point in entry.points {
                guard let range = Self.setLength(of: point.scenario).map({ $0...$0 }) ?? measured[entry.name] else { continue }
                lengths = min(lengths?.lowerBound ?? range.lowerBound, range.lowerBound)...max(lengths?.upperBound ?? range.upperBound, range.upperBound)
            }
            return lengths.map { (entry.name, $0) }
        }
    }

    /// The length `scenario` sets for its runs, nil when it sets none.
    private static func setLength(of scenario: Scenario) -> Millis? {
        if let end = scenario.endMs { return end }
        guard let workload = scenario.generator as? Workload else { return nil }
        return (scenario.events.last?.atMs ?? .zero) + workload.durationMs
    }
}
