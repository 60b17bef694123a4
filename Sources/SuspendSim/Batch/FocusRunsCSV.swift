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

    /// Appends the lines of one run (`row`, at sweep values `columnValues`) for `apps`, each
    /// line ending with a line feed; an app the run does not have counts with every metric 0.
    static func appendLines(_ row: SummaryRow, columnValues: [String?], apps: [String], outcomes: [AppOutcome], to bytes: inout [UInt8]) {
        for app in apps {
            let outcome = outcomes.first { $0.id == app }
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
            CSVFormatting.appendField(app, to: &bytes)
            for metric in WhatIfAppMetric.allCases {
                bytes.append(CSVFormatting.comma)
                guard let outcome else {
                    bytes += metric == .launchWait ? Array("0.000".utf8) : [UInt8(ascii: "0")]
                    continue
                }
                switch metric {
                case .exit(let category): CSVFormatting.appendInteger(outcome.field.exits[category], to: &bytes)
                case .coldLaunches: CSVFormatting.appendInteger(outcome.coldLaunches, to: &bytes)
                case .warmLaunches: CSVFormatting.appendInteger(outcome.warmLaunches, to: &bytes)
                case .launchWait: CSVFormatting.appendSeconds(outcome.launchWaitMs, to: &bytes)
                case .killed: CSVFormatting.appendInteger(outcome.neverKilled ? 0 : 1, to: &bytes)
                }
            }
            bytes.append(CSVFormatting.lineFeed)
        }
    }
}
