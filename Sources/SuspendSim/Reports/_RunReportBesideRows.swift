@_spi(Generators) import SuspendSimCore

/// The rows of `transitions.csv`, `callbacks.csv`, `memory.csv`, `pressure.csv`,
/// `skipped.csv` and `launches.csv` (SPEC 8), which a long run formats on a thread of its own
/// (`CSVFormattingThread`) and a short one on the run's thread: one row writer for both, so
/// that both write the same bytes.
///
/// A class, reached through one reference: the formatting thread's closure once held the
/// whole `CSVReportRecorder` (a struct of some 256 bytes) and copied it before every row it
/// wrote, 7.2 M of the thread's 186 M instructions on a 10^5-event run
/// (docs/performance.md).
final class RunReportBesideRows: @unchecked Sendable {
    // Unchecked: after the recorder hands these files to a formatting thread, only that
    // thread touches them (`CSVReportRecorder.init`).
    private let transitions: CSVFileBuffer
    private let callbacks: CSVFileBuffer
    private let memory: CSVFileBuffer
    private let pressure: CSVFileBuffer
    private let skipped: CSVFileBuffer
    private let launches: CSVFileBuffer
    private let words: RunReportSpellings

    /// Writes into `files`' buffers of the six files above, with `words`' spellings.
    init(files: RunReportStreams, words: RunReportSpellings) {
        transitions = files.transitions
        callbacks = files.callbacks
        memory = files.memory
        pressure = files.pressure
        skipped = files.skipped
        launches = files.launches
        self.words = words
    }

    /// Writes the rows of a chunk the formatting thread was handed, file by file.
    func write(_ chunk: RowChunk, time: CSVTimeField) {
        for transition in chunk.transitions.records { write(transition, time: time) }
        for callback in chunk.callbacks.records { write(callback, time: time) }
        for footprint in chunk.footprints.records { write(footprint, time: time) }
        for free in chunk.frees.records { write(free, time: time) }
        for skip in chunk.skips.records { write(skip, time: time) }
        for launch in chunk.launches.records { write(launch, time: time) }
    }

    /// A row of `transitions.csv`.
    func write(_ transition: EventLog.Transition, time: CSVTimeField) {
        transitions.appendRow(TransitionColumn.self) { column, row in
            switch column {
            case .time: time.append(transition.timeMs, to: &row)
            case .app: row.append(words.appIDs[transition.app])
            case .from: row.append(words.states[transition.from])
            case .to: row.append(words.states[transition.to])
            case .cause:
                switch transition.cause {
                case .event(let kind): row.append(words.eventKinds[kind])
                case .timer(let kind): row.append(words.timerKinds[kind])
                case .kill(let reason): row.append(words.killReasons[reason])
                case .grant(let grant): row.append(words.grantCauses[grant])
                }
            }
        }
    }

    /// A row of `callbacks.csv` (`phase` empty for an app-delegate app, SPEC 11).
    func write(_ callback: EventLog.CallbackRecord, time: CSVTimeField) {
        callbacks.appendRow(CallbackColumn.self) { column, row in
            switch column {
            case .time: time.append(callback.timeMs, to: &row)
            case .app: row.append(words.appIDs[callback.app])
            case .callback: row.append(words.callbackNames[callback.callback])
            case .phase: if let phase = callback.phase { row.append(words.scenePhases[phase]) }
            }
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

    /// A row of `launches.csv`.
    func write(_ launch: EventLog.Launch, time: CSVTimeField) {
        launches.appendRow(LaunchColumn.self) { column, row in
            switch column {
            case .time: time.append(launch.timeMs, to: &row)
            case .app: row.append(words.appIDs[launch.app])
            case .kind: row.append(words.launchKinds[launch.cold ? .cold : .warm])
            case .wait: CSVFormatting.appendSeconds(launch.waitMs, to: &row)
            }
        }
    }
}
