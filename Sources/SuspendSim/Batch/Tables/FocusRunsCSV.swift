/// `focus_runs.csv` (SPEC 27): one row per run and what-if app, in `summary.csv`'s run order:
/// `scenario,policy,seed,replicate,<sweep columns>,app,<WhatIfAppMetric's 13 columns>`, counts
/// as whole numbers, `launch_wait_s` with 3 decimals, `killed` 0 or 1. A batch with a what-if,
/// and each of its shards, writes it, so that `whatif.csv` can be computed after the runs
/// (`WhatIfTable`) by `run`, `merge` and `report`.
enum FocusRunsCSV {
    /// The header, with the batch's sweep columns `columns`.
    static func header(sweepColumns columns: [String]) -> String {
        var bytes = Array(FocusRunsColumn.header.utf8)
        SurvivalCSV.appendColumns(columns, to: &bytes)
        bytes.append(CSVFormatting.comma)
        bytes += Array(("app," + WhatIfAppMetric.header).utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One run's values for `apps` in thousandths, `WhatIfAppMetric`'s 13 per app in order
    /// (what `FocusRunsTable` keeps): counts × 1000, `launch_wait_s` in milliseconds,
    /// `killed` 0 or 1000. An app the run does not have counts with every metric 0.
    static func values(apps: [String], outcomes: [AppOutcome]) -> [Int64] {
        var values: [Int64] = []
        values.reserveCapacity(apps.count * WhatIfAppMetric.allCases.count)
        for app in apps {
            let outcome = outcomes.first { $0.id == app }
            for metric in WhatIfAppMetric.allCases {
                guard let outcome else {
                    values.append(0)
                    continue
                }
                switch metric {
                case .exit(let category): values.append(Int64(outcome.field.exits[category]) * 1000)
                case .coldLaunches: values.append(Int64(outcome.coldLaunches) * 1000)
                case .warmLaunches: values.append(Int64(outcome.warmLaunches) * 1000)
                case .launchWait: values.append(outcome.launchWaitMs.count)
                case .killed: values.append(outcome.neverKilled ? 0 : 1000)
                }
            }
        }
        return values
    }

    /// Appends a run's identity as the per-run tables begin their lines (`focus_runs.csv`,
    /// `kills.csv`): `FocusRunsColumn`'s fields of `row`, the sweep columns' `columnValues`,
    /// and the comma before the table's own columns.
    static func appendRunIdentity(_ row: SummaryRow, columnValues: [String?], to bytes: inout [UInt8]) {
        FocusRunsColumn.appendRow(to: &bytes) { column, bytes in
            switch column {
            case .scenario: SummaryCSV.appendField(.scenario, of: row, to: &bytes)
            case .policy: SummaryCSV.appendField(.policy, of: row, to: &bytes)
            case .seed: SummaryCSV.appendField(.seed, of: row, to: &bytes)
            case .replicate: SummaryCSV.appendField(.replicate, of: row, to: &bytes)
            }
        }
        SurvivalCSV.appendColumns(columnValues, to: &bytes)
        bytes.append(CSVFormatting.comma)
    }

    /// Appends the lines of one run (`row`, at sweep values `columnValues`) for `apps` with
    /// their `values` (`values(apps:outcomes:)`), each line ending with a line feed: counts as
    /// whole numbers, `launch_wait_s` with 3 decimals.
    static func appendLines(_ row: SummaryRow, columnValues: [String?], apps: [String], values: [Int64], to bytes: inout [UInt8]) {
        var next = values.makeIterator()
        for app in apps {
            appendRunIdentity(row, columnValues: columnValues, to: &bytes)
            CSVFormatting.appendField(app, to: &bytes)
            for metric in WhatIfAppMetric.allCases {
                bytes.append(CSVFormatting.comma)
                let value = next.next() ?? 0
                if metric == .launchWait {
                    CSVFormatting.appendSeconds(Millis(value), to: &bytes)
                } else {
                    CSVFormatting.appendInteger(value / 1000, to: &bytes)
                }
            }
            bytes.append(CSVFormatting.lineFeed)
        }
    }
}
