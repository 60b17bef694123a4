/// The cells a row of a batch's `survival.csv`, `exits.csv` and `observed.csv` begins with
/// (SPEC 14, 17, 18): `scenario`, `policy`, then the app's id (or, in `observed.csv`, the
/// counter's name), each already a CSV field. The three files' writers, and `merge`, which
/// checks that the shards' rows begin alike and copies their prefix, take the cells from
/// here, so that the three files begin their rows one way.
struct BatchRowPrefix {
    /// How many cells: the first columns of each file's `CSVColumns` (`ReportColumnsTests`).
    static let count = 3

    var scenario: [UInt8]
    var policy: [UInt8]
    /// The app's id, or the observed counter's name.
    var subject: [UInt8]

    /// The cells of `scenario`, `policy` and `subject`, quoted as CSV fields where they need it.
    init(scenario: String, policy: String, subject: String) {
        (self.scenario, self.policy, self.subject) = (CSVFormatting.field(scenario), CSVFormatting.field(policy), CSVFormatting.field(subject))
    }

    /// A grouped app's row (`survival.csv`, `exits.csv`): its scenario, policy and app id.
    init(_ row: BatchPlan.GroupedApp) {
        self.init(scenario: row.entry.name, policy: row.policy, subject: row.appID)
    }

    /// A shard's row as the shard wrote it: its first `count` fields, already CSV fields.
    init(fields: [ArraySlice<UInt8>]) {
        (scenario, policy, subject) = (Array(fields[0]), Array(fields[1]), Array(fields[2]))
    }

    /// Appends a row of `Columns`, commas between the fields (without the line end): the
    /// prefix's cells in its first `count` columns, then `cell` appends each later column's.
    func appendRow<Columns: CSVColumns, Sink: CSVByteSink>(
        _ columns: Columns.Type, to bytes: inout Sink, _ cell: (Columns, inout Sink) -> Void
    ) {
        bytes.append(contentsOf: scenario)
        bytes.append(CSVFormatting.comma)
        bytes.append(contentsOf: policy)
        bytes.append(CSVFormatting.comma)
        bytes.append(contentsOf: subject)
        for column in Columns.allCases.dropFirst(Self.count) {
            bytes.append(CSVFormatting.comma)
            cell(column, &bytes)
        }
    }
}

extension BatchPlan {
    /// Writes `file` (`survival.csv` or `exits.csv`; `shard`: a shard's form) with a row per
    /// app of every group, atomically: `appendRow` appends the row's fixed fields from its
    /// prefix, its group's runs and the app's counts in `tally`; the sweep fields follow.
    ///
    /// - Throws: `ReportWriter.Error`; the file is then left as it was.
    /// - Complexity: O(groups × apps)
    func writeAppCounts(
        _ file: BatchReportFile, tally: SurvivalTally, shard: Bool, toPath target: String,
        _ appendRow: (BatchRowPrefix, _ runs: Int, SurvivalTally.Counts, inout CSVRowWriter) -> Void
    ) throws {
        try writeGroupedApps(header: file.header(followedBy: tableColumns, shard: shard), toPath: target) { row, bytes in
            appendRow(BatchRowPrefix(row), tally.runs[row.group], tally.counts(group: row.group, app: row.appIndex), &bytes)
        }
    }
}
