/// `tasks.csv` (SPEC 28): one row per task request of the run, in submission order, with what
/// became of it; a header alone for a run without `bg_tasks`. The columns are `TaskColumn`'s.
///
/// ```text
/// seq,app,kind,submitted_s,due_s,granted_s,ended_s,outcome
/// 1,com.acme.news,refresh,10.000,910.000,910.000,920.000,completed
/// 2,com.acme.news,refresh,960.000,1810.000,,,pending
/// ```
enum TasksCSV {
    /// Writes `tasks` to a new file at `path`; `appIDs` holds each app's id as a CSV field.
    ///
    /// - Throws: `ReportWriter.Error` naming the path and the system's error.
    static func write(_ tasks: [EventLog.TaskRecord], appIDs: CSVFieldStorage, path: String, flushThreshold: Int) throws {
        let file = try CSVFileBuffer(path: path, header: RunReportFile.tasks.header, flushThreshold: flushThreshold)
        let kinds = CSVFieldTable<AppProfile.TaskRequest.Kind>()
        let outcomes = CSVFieldTable<EventLog.TaskRecord.Outcome>()
        for task in tasks {
            file.appendRow { row in
                TaskColumn.appendRow(to: &row) { column, row in
                    switch column {
                    case .seq: CSVFormatting.appendInteger(task.seq, to: &row)
                    case .app: row.append(appIDs[task.app])
                    case .kind: row.append(kinds[task.kind])
                    case .submitted: CSVFormatting.appendSeconds(task.submittedMs, to: &row)
                    case .due: CSVFormatting.appendSeconds(task.dueMs, to: &row)
                    case .granted: if let granted = task.grantedMs { CSVFormatting.appendSeconds(granted, to: &row) }
                    case .ended: if let ended = task.endedMs { CSVFormatting.appendSeconds(ended, to: &row) }
                    case .outcome: row.append(outcomes[task.outcome])
                    }
                }
            }
        }
        try file.close()
    }
}
