extension ReportFolderWriter {
    /// Builds, on a thread of its own, the shipped data that every report folder's
    /// `assumptions.csv` and `device.csv` need and that no input changes: the assumption
    /// table (`AssumptionTable.shipped`, SPEC 36), its digest (`AssumptionTable.shippedSHA256`,
    /// `device.csv`'s `assumptions_sha256`) and `device.csv`'s row list (`DeviceCSV.rows`).
    ///
    /// Each is a global built once (`swift_once`): a thread that asks for one while this
    /// thread builds it waits for it, and then reads the same value it would have built, so
    /// nothing written depends on which thread built it or when.
    ///
    /// Why: `run` asks for them only when the first report folder is filled, after its run;
    /// built there they cost that run's thread 5.3 M instructions (the table's parse 3.4 M, the
    /// digest 1.5 M; callgrind, the 100-app 10^5-event JSON). Started as `run` begins, they are
    /// built on the second core while the run's thread reads the scenario files, when that core
    /// has nothing else to do (docs/performance.md).
    package static func prepareShippedDataBeside() {
        PipelineThread.start(keepingPriority: true) {
            _ = AssumptionTable.shipped
            _ = AssumptionTable.shippedSHA256
            _ = DeviceCSV.rows
        }
    }
}
