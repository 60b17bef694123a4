extension BatchRunner {
    /// One unit's outcome, one of two that exclude each other (SPEC 35): it ran, and has its
    /// rows and their formatted lines, or it failed, and has only why (a unit that failed
    /// writes no row, so it has none to carry).
    enum UnitResult: Sendable {
        /// The unit ran: its rows and their lines, to be written in unit order.
        case ran(UnitRows)
        /// The unit wrote no rows: its scenario file and the error.
        case failed(UnitFailure)

        /// Adds its rows' survival counts to `tally` (SPEC 14); a unit that failed adds none.
        func count(into tally: inout SurvivalTally) {
            guard case .ran(let made) = self else { return }
            for item in made.rows { tally.record(group: item.group, apps: item.apps) }
        }
    }

    /// What a unit that ran made: its rows (one, or one per policy for `--policy all`), with
    /// their survival groups and who survived, and the lines of the batch's files that the
    /// worker formats.
    struct UnitRows: Sendable {
        /// The plan's entry the unit belongs to.
        var entry: Int
        /// That entry's kind: what the runner does with the rows beside `summary.csv`.
        var kind: BatchPlan.Kind
        /// The sweep point's column values, after SPEC 8's columns of each row.
        var columnValues: [String?]
        /// Each run's `summary.csv` row, its survival group and its apps' survival counts.
        var rows: [(row: SummaryRow, group: Int, apps: [SurvivalTally.Counts])] = []
        /// The rows' `summary.csv` lines (each ends with a line feed), made by
        /// `formatSummary()` on the worker.
        var summaryBytes: [UInt8] = []
        /// The rows' `focus_runs.csv` lines (SPEC 27), formatted on the worker; empty without
        /// what-if apps.
        var focusBytes: [UInt8] = []
        /// Each row's what-if values (`FocusRunsCSV.values`), empty for a row without them.
        var focusValues: [[Int64]] = []
        /// The unit's runs that SPEC 39's sensitivity compares (`SensitivityRun`).
        var sensitivityRuns: [SensitivityRun] = []
        /// The batch run's `kills.csv` lines (SPEC 41), formatted on the worker.
        var killBytes: [UInt8] = []

        /// A unit of entry `entry` at the point with `columnValues`, before it has run.
        init(entry: Int, kind: BatchPlan.Kind, columnValues: [String?]) {
            self.entry = entry
            self.kind = kind
            self.columnValues = columnValues
        }

        /// Formats the rows' `summary.csv` lines: SPEC 8's columns, then the sweep columns.
        mutating func formatSummary() {
            var lines = CSVRowWriter(capacity: 256 * rows.count)
            defer { lines.deallocate() }
            for item in rows {
                SummaryCSV.append(item.row, to: &lines)
                SurvivalCSV.appendColumns(columnValues, to: &lines)
                lines.append(CSVFormatting.lineFeed)
            }
            summaryBytes = Array(lines.bytes)
        }
    }
}
