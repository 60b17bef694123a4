/// Which threads write a run's report (`CSVReportRecorder`): the two phases of a recorder
/// exclude each other, so one value says which it is in.
enum RunReportThreads {
    /// The run's thread formats and writes every file, all but `evictions.csv` and
    /// `freezer.csv` through `rows`.
    case runsThread(rows: RunReportBesideRows)
    /// A long run: `formatting` formats the rows of all but `evictions.csv` and `freezer.csv`
    /// (`CSVFormattingThread`), and `writeBehind` writes out the full buffers of
    /// `transitions.csv`, `callbacks.csv` and `evictions.csv` (`CSVWriteBehindThread`).
    case beside(formatting: CSVFormattingThread, writeBehind: CSVWriteBehindThread)
}
