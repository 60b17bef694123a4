/// A batch's `observed.csv` as the calibration charts need it (SPEC 18, 19): per scenario and
/// counter, the observed value per day, and per point (policy and sweep settings) the
/// simulated mean per run with its 95 % interval. Columns are read by name; the sweep columns
/// are the extra columns whose names are sweep keys (`BatchReports.isSweepKey`).
struct ObservedReports {
    /// One counter of one scenario.
    struct Counter {
        var name: String
        /// The field's value per day (the first row's, which every row of the counter repeats).
        var observed: Double
        /// The simulated mean and its interval by point; a point whose mean is empty (a shard's
        /// point without runs) is absent.
        var simulated: [BatchReports.PointKey: BatchReports.Rate] = [:]
    }

    /// The counters of each scenario, in file order.
    private(set) var counters: [String: [Counter]] = [:]

    /// No counters: a folder without `observed.csv`.
    init() {}

    /// Reads `folder/observed.csv` when the folder has it.
    ///
    /// - Throws: `ReportCSV.Unreadable` for a file that cannot be read, lacks a column,
    ///   or has an observed value that is not a number.
    init(folder: String) throws(ReportCSV.Unreadable) {
        guard ReportFolder.hasFile(BatchReportFile.observed.fileName, in: folder) else { return }
        let path = BatchReportFile.observed.path(in: folder)
        let file = try ReportCSV(path: path, required: [ObservedColumn.scenario, .policy, .counter, .observed, .simulatedMean])
        let scenarioColumn = file.column(ObservedColumn.scenario)!, policyColumn = file.column(ObservedColumn.policy)!
        let counterColumn = file.column(ObservedColumn.counter)!, observedColumn = file.column(ObservedColumn.observed)!
        let meanColumn = file.column(ObservedColumn.simulatedMean)!
        let low = file.column(ObservedColumn.ciLow), high = file.column(ObservedColumn.ciHigh)
        let sweep = file.header.enumerated().filter { BatchReports.isSweepKey($0.element) }
        try file.forEachRow { row throws(ReportCSV.Unreadable) in
            guard let observed = ReportCSV.number(row[observedColumn]) else {
                throw ReportCSV.Unreadable(path: path, reason: "observed \"\(row[observedColumn])\" is not a number")
            }
            let scenario = row[scenarioColumn], name = row[counterColumn]
            let settings = sweep.compactMap { row[$0.offset].isEmpty ? nil : RunFolderName.setting(key: $0.element, value: row[$0.offset]) }
            let key = BatchReports.PointKey(scenario: scenario, policy: row[policyColumn], settings: settings)
            var list = counters[scenario, default: []]
            let index = list.firstIndex { $0.name == name } ?? {
                list.append(Counter(name: name, observed: observed))
                return list.count - 1
            }()
            if let mean = ReportCSV.number(row[meanColumn]) {
                list[index].simulated[key] = BatchReports.Rate(value: mean, low: low.flatMap { ReportCSV.number(row[$0]) },
                                                               high: high.flatMap { ReportCSV.number(row[$0]) })
            }
            counters[scenario] = list
        }
    }
}
