@_spi(Generators) import SuspendSimCore

extension Scenario {
    /// Whether this scenario's events are streamed from a file that turned out unreadable by
    /// the fast reader: a run of it is incomplete.
    var eventStreamFailed: Bool {
        (generator as? StreamedJSONEvents)?.status.isUnreadable ?? false
    }

    /// Whether a run of this scenario writes a long report: its events are streamed from a
    /// large file, or it lists `longReportEvents` or more. Such a run formats part of its
    /// report on a thread of its own (`CSVFormattingThread`); a short one, as in a batch of
    /// many small runs, would only pay for the thread.
    var makesLongReport: Bool {
        generator is StreamedJSONEvents || events.count >= Self.longReportEvents
    }

    /// See `makesLongReport`.
    static let longReportEvents = 20_000
}
