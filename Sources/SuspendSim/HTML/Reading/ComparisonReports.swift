/// A batch folder's `groups.csv` and `paired.csv` (SPEC 21) as the batch page's comparison
/// needs them: the grouping keys, each group's key values and its means with their Student's
/// intervals, and the rows of `paired.csv` as written. Columns are read by name.
struct ComparisonReports {
    /// One row of `groups.csv`.
    struct Group {
        /// The values of `keys`, in the same order.
        var values: [String]
        var runs: Int
        /// Each metric's mean with its interval (none for one run), by its name in
        /// `summary.csv` (`SummaryColumn.compared`); absent when no run has it.
        var metrics: [String: BatchReports.Rate]

        /// The value of key `key` of `keys`; empty when the group has no such key.
        func value(_ key: String, in keys: [String]) -> String {
            keys.firstIndex(of: key).map { values[$0] } ?? ""
        }
    }

    /// KEYS: the columns of `groups.csv` before `runs`, in file order.
    let keys: [String]
    /// The rows of `groups.csv`, in file order.
    let groups: [Group]
    /// The header of `paired.csv` and its rows (empty without the file).
    let pairedHeader: [String]
    let paired: [[String]]
    /// The names of swept values on the page (SPEC 15 "Labels").
    var labels = SweepValueLabels()

    /// Whether `folder` has `groups.csv`, which is what gives a batch page its comparison.
    static func exists(in folder: String) -> Bool {
        ReportFolder.hasFile(BatchReportFile.groups.fileName, in: folder)
    }

    /// Reads `folder/groups.csv` and, when present, `folder/paired.csv`; nil without `groups.csv`.
    ///
    /// - Throws: `ReportCSV.Unreadable` for a file that cannot be read or lacks `runs`.
    init?(folder: String) throws(ReportCSV.Unreadable) {
        guard Self.exists(in: folder) else { return nil }
        let file = try ReportCSV(path: BatchReportFile.groups.path(in: folder), required: [GroupsColumn.runs])
        let runs = file.column(GroupsColumn.runs)!
        let keys = Array(file.header[..<runs])
        var groups: [Group] = []
        try file.forEachRow { row in
            var metrics: [String: BatchReports.Rate] = [:]
            for metric in SummaryColumn.compared {
                guard let column = file.column(GroupsColumn.mean(metric)), let mean = ReportCSV.number(row[column]) else { continue }
                metrics[metric.rawValue] = BatchReports.Rate(
                    value: mean, low: file.column(GroupsColumn.ciLow(metric)).flatMap { ReportCSV.number(row[$0]) },
                    high: file.column(GroupsColumn.ciHigh(metric)).flatMap { ReportCSV.number(row[$0]) })
            }
            groups.append(Group(values: Array(row[..<runs]), runs: Int(row[runs]) ?? 0, metrics: metrics))
        }
        self.keys = keys
        self.groups = groups
        if ReportFolder.hasFile(BatchReportFile.paired.fileName, in: folder) {
            let pairedFile = try ReportCSV(path: BatchReportFile.paired.path(in: folder))
            pairedHeader = pairedFile.header
            paired = try pairedFile.rows()
        } else {
            pairedHeader = []
            paired = []
        }
    }

    /// A comparison made in memory (for tests and tools).
    init(keys: [String], groups: [Group], pairedHeader: [String] = [], paired: [[String]] = []) {
        self.keys = keys
        self.groups = groups
        self.pairedHeader = pairedHeader
        self.paired = paired
    }
}
