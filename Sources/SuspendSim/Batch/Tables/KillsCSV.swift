/// `kills.csv` (SPEC 41): one line per termination of every batch run, in `summary.csv`'s run
/// order and each run's `evictions.csv` order. Times in seconds and memory in MB with 3
/// decimals; `threshold_mb` empty for a kill without a free-memory target (limit, timer,
/// user), the `earlier_*` and `last_*` cells empty when the app had no such change since its
/// launch (an `initial:` app). Written by every batch, whether or not `--details` writes
/// the run folders, streamed as the runs finish.
enum KillsCSV {
    /// The header, with the batch's sweep columns `columns`.
    static func header(sweepColumns columns: [String]) -> String {
        var bytes = Array(FocusRunsColumn.header.utf8)
        SurvivalCSV.appendColumns(columns, to: &bytes)
        bytes.append(CSVFormatting.comma)
        bytes += Array(KillsColumn.header.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the lines of the batch run `outcome` (its `seed` and `replicate`, at sweep values
    /// `columnValues`).
    static func appendLines(
        of outcome: SimulationResult<KillRecorder>, seed: UInt64?, replicate: Int?, columnValues: [String?], to bytes: inout [UInt8]
    ) {
        appendLines(SummaryRow(result: outcome, seed: seed, replicate: replicate), columnValues: columnValues,
                    apps: outcome.apps, kills: outcome.log.kills, to: &bytes)
    }

    /// Appends one run's lines (`row`, at sweep values `columnValues`), one per kill of
    /// `kills`, each ending with a line feed; `apps` names the run's apps by index.
    static func appendLines(_ row: SummaryRow, columnValues: [String?], apps: [AppOutcome], kills: [KillRecorder.Kill], to bytes: inout [UInt8]) {
        for kill in kills {
            FocusRunsCSV.appendRunIdentity(row, columnValues: columnValues, to: &bytes)
            let who = kill.eviction.who
            KillsColumn.appendRow(to: &bytes) { column, bytes in
                switch column {
                case .app: CSVFormatting.appendField(apps[who.app].id, to: &bytes)
                case .timeS: CSVFormatting.appendSeconds(who.timeMs, to: &bytes)
                case .state: CSVFormatting.appendField(who.state.rawValue, to: &bytes)
                case .reason: CSVFormatting.appendField(who.reason.rawValue, to: &bytes)
                case .trigger: CSVFormatting.appendField(who.trigger.rawValue, to: &bytes)
                case .freeBeforeMB: CSVFormatting.appendMB(kill.eviction.memory.freeBeforeKiB, to: &bytes)
                case .thresholdMB: if let threshold = kill.eviction.memory.thresholdKiB { CSVFormatting.appendMB(threshold, to: &bytes) }
                case .earlierS: if let step = kill.earlier { CSVFormatting.appendSeconds(step.timeMs, to: &bytes) }
                case .earlierState: if let step = kill.earlier { CSVFormatting.appendField(step.state.rawValue, to: &bytes) }
                case .earlierCause: if let step = kill.earlier { CSVFormatting.appendField(step.cause.description, to: &bytes) }
                case .lastS: if let step = kill.last { CSVFormatting.appendSeconds(step.timeMs, to: &bytes) }
                case .lastState: if let step = kill.last { CSVFormatting.appendField(step.state.rawValue, to: &bytes) }
                case .lastCause: if let step = kill.last { CSVFormatting.appendField(step.cause.description, to: &bytes) }
                }
            }
            bytes.append(CSVFormatting.lineFeed)
        }
    }
}
