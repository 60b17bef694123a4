@_spi(Generators) import SuspendSimCore

/// The rows of `memory.csv`, `pressure.csv` and `skipped.csv` (SPEC 8), which a long run
/// formats on a thread of its own (`CSVFormattingThread`) and a short one on the run's
/// thread: one row writer for both, so that both write the same bytes.
///
/// A class, reached through one reference: the formatting thread's closure once held the
/// whole `CSVReportRecorder` (a struct of some 256 bytes) and copied it before every row it
/// wrote, 7.2 M of the thread's 186 M instructions on a 10^5-event run
/// (docs/performance.md).
final class RunReportBesideRows: @unchecked Sendable {
    // Unchecked: after the recorder hands these files to a formatting thread, only that
    // thread touches them (`CSVReportRecorder.init`).
    private let memory: CSVFileBuffer
    private let pressure: CSVFileBuffer
    private let skipped: CSVFileBuffer
    private let words: RunReportSpellings

    /// Writes into `files`' `memory`, `pressure` and `skipped` buffers, with `words`' spellings.
    init(files: RunReportStreams, words: RunReportSpellings) {
        memory = files.memory
        pressure = files.pressure
        skipped = files.skipped
        self.words = words
    }

    /// Writes a row the formatting thread was handed.
    func write(_ row: CSVFormattingThread.Row, time: CSVTimeField) {
        switch row {
        case .footprint(let footprint): write(footprint, time: time)
        case .free(let free): write(free, time: time)
        case .skipped(let skip): write(skip, time: time)
        }
    }

    /// A row of `memory.csv`.
    func write(_ footprint: EventLog.FootprintRecord, time: CSVTimeField) {
        memory.appendRow(MemoryColumn.self) { column, row in
            switch column {
            case .time: time.append(footprint.timeMs, to: &row)
            case .app: row.append(words.appIDs[footprint.app])
            case .state: row.append(words.states[footprint.state])
            case .footprint: CSVFormatting.appendMB(footprint.footprintKiB, to: &row)
            case .compressed: CSVFormatting.appendMB(footprint.compressedKiB, to: &row)
            case .flash: CSVFormatting.appendMB(footprint.flashKiB, to: &row)
            }
        }
    }

    /// A row of `pressure.csv`.
    func write(_ free: EventLog.FreeRecord, time: CSVTimeField) {
        pressure.appendRow(PressureColumn.self) { column, row in
            switch column {
            case .time: time.append(free.timeMs, to: &row)
            case .used: CSVFormatting.appendMB(free.usedKiB, to: &row)
            case .free: CSVFormatting.appendMB(free.freeKiB, to: &row)
            case .level: row.append(words.levels[free.level])
            case .compressed: CSVFormatting.appendMB(free.compressedKiB, to: &row)
            case .compressor: CSVFormatting.appendMB(free.compressorKiB, to: &row)
            case .flash: CSVFormatting.appendMB(free.flashKiB, to: &row)
            }
        }
    }

    /// A row of `skipped.csv` (`app` empty when the event names none).
    func write(_ skip: EventLog.Skip, time: CSVTimeField) {
        skipped.appendRow(SkippedColumn.self) { column, row in
            switch column {
            case .time: time.append(skip.timeMs, to: &row)
            case .event: row.append(words.eventKinds[skip.event])
            case .app: if let app = skip.app { row.append(words.appIDs[app]) }
            case .reason: row.append(words.skipReasons[skip.reason])
            }
        }
    }
}
