extension JetsamImport {
    /// The kills the report holds (SPEC 12): the processes with a `reason`, in rising
    /// `killDelta` (no `killDelta` counts as 0; ties in report order). The suspended apps
    /// among them are what `--replay-kills` replays, as `expect.evictions`; the others
    /// (daemons, running apps, the frontmost app) are listed in the leading comment only: the
    /// model has no band for them.
    struct Kills {
        /// The suspended apps killed, in kill order.
        var replayable: [Classification.App]
        /// The other processes killed, by index in the report, in kill order.
        var others: [Int]

        init(_ report: JetsamReport, apps: Classification) {
            let killed = report.processes.indices.filter { report.processes[$0].reason != nil }
                .sorted { (report.processes[$0].killDelta ?? 0, $0) < (report.processes[$1].killDelta ?? 0, $1) }
            let replayable = killed.compactMap { process in apps.apps.first { $0.process == process && $0.state == .suspended } }
            self.replayable = replayable
            others = killed.filter { process in !replayable.contains { $0.process == process } }
        }
    }
}
