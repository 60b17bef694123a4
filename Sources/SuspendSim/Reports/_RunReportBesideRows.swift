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
    /// The `_mb` fields of `memory.csv`'s footprints and `pressure.csv`'s used and free
    /// memory, kept by amount (the other `_mb` columns are 0 in most rows, one stored word).
    private let mb = CSVMBField()
    private let words: RunReportSpellings
    /// The most bytes each file's row can take.
    private let rooms: RunReportRowRooms

    /// Writes into `files`' buffers of the six files above, with `words`' spellings.
    init(files: RunReportStreams, words: RunReportSpellings) {
        transitions = files.transitions
        callbacks = files.callbacks
        memory = files.memory
        pressure = files.pressure
        skipped = files.skipped
        launches = files.launches
        self.words = words
        rooms = RunReportRowRooms(words: words)
    }

    /// Writes the rows of a chunk the formatting thread was handed, file by file.
    func write(_ chunk: RowChunk, time: CSVTimeField) {
        // Each file's rows are in time order: the instants the first formats, the others find
        // (`CSVTimeField.startChunk()`).
        time.startChunk()
        for transition in chunk.transitions.records { write(transition, time: time) }
        time.rewind()
        for callback in chunk.callbacks.records { write(callback, time: time) }
        time.rewind()
        for footprint in chunk.footprints.records { write(footprint, time: time) }
        time.rewind()
        for free in chunk.frees.records { write(free, time: time) }
        time.rewind()
        for skip in chunk.skips.records { write(skip, time: time) }
        time.rewind()
        for launch in chunk.launches.records { write(launch, time: time) }
    }

    /// A row of `transitions.csv`.
    func write(_ transition: EventLog.Transition, time: CSVTimeField) {
        transitions.appendRow(TransitionColumn.self, room: rooms.transition) { row in
            time.append(.time, transition.timeMs, to: &row)
            row.append(.app, words.appIDs[transition.app])
            row.append(.from, words.states[transition.from])
            row.append(.to, words.states[transition.to])
            switch transition.cause {
            case .event(let kind): row.append(.cause, words.eventKinds[kind])
            case .timer(let kind): row.append(.cause, words.timerKinds[kind])
            case .kill(let reason): row.append(.cause, words.killReasons[reason])
            case .grant(let grant): row.append(.cause, words.grantCauses[grant])
            }
        }
    }

    /// A row of `callbacks.csv` (`phase` empty for an app-delegate app, SPEC 11).
    func write(_ callback: EventLog.CallbackRecord, time: CSVTimeField) {
        callbacks.appendRow(CallbackColumn.self, room: rooms.callback) { row in
            time.append(.time, callback.timeMs, to: &row)
            row.append(.app, words.appIDs[callback.app])
            row.append(.callback, words.callbackNames[callback.callback])
            if let phase = callback.phase { row.append(.phase, words.scenePhases[phase]) } else { row.appendEmpty(.phase) }
        }
    }

    /// A row of `memory.csv`.
    func write(_ footprint: EventLog.FootprintRecord, time: CSVTimeField) {
        memory.appendRow(MemoryColumn.self, room: rooms.memory) { row in
            time.append(.time, footprint.timeMs, to: &row)
            row.append(.app, words.appIDs[footprint.app])
            row.append(.state, words.states[footprint.state])
            mb.append(.footprint, footprint.footprintKiB, to: &row)
            row.appendMB(.compressed, footprint.compressedKiB)
            row.appendMB(.flash, footprint.flashKiB)
        }
    }

    /// A row of `pressure.csv`.
    func write(_ free: EventLog.FreeRecord, time: CSVTimeField) {
        pressure.appendRow(PressureColumn.self, room: rooms.pressure) { row in
            time.append(.time, free.timeMs, to: &row)
            mb.append(.used, free.usedKiB, to: &row)
            mb.append(.free, free.freeKiB, to: &row)
            row.append(.level, words.levels[free.level])
            row.appendMB(.compressed, free.compressedKiB)
            row.appendMB(.compressor, free.compressorKiB)
            row.appendMB(.flash, free.flashKiB)
        }
    }

    /// A row of `skipped.csv` (`app` empty when the event names none).
    func write(_ skip: EventLog.Skip, time: CSVTimeField) {
        skipped.appendRow(SkippedColumn.self, room: rooms.skipped) { row in
            time.append(.time, skip.timeMs, to: &row)
            row.append(.event, words.eventKinds[skip.event])
            if let app = skip.app { row.append(.app, words.appIDs[app]) } else { row.appendEmpty(.app) }
            row.append(.reason, words.skipReasons[skip.reason])
        }
    }

    /// A row of `launches.csv`.
    func write(_ launch: EventLog.Launch, time: CSVTimeField) {
        launches.appendRow(LaunchColumn.self, room: rooms.launch) { row in
            time.append(.time, launch.timeMs, to: &row)
            row.append(.app, words.appIDs[launch.app])
            row.append(.kind, words.launchKinds[launch.cold ? .cold : .warm])
            row.appendSeconds(.wait, launch.waitMs)
        }
    }
}

/// The room each file's row may take at most (`CSVReservedRow`): its fields at their longest
/// (each number `CSVReservedRow.numberRoom`, each word its table's longest spelling), a comma
/// after each, and the rows' `slack`.
struct RunReportRowRooms {
    let transition: Int
    let callback: Int
    let memory: Int
    let pressure: Int
    let skipped: Int
    let launch: Int

    /// The rooms of rows spelled with `words`.
    init(words: RunReportSpellings) {
        let number = CSVReservedRow<TransitionColumn>.numberRoom
        let app = words.appIDs.longest + 1
        let state = words.states.longest + 1
        let cause = max(words.eventKinds.longest, words.timerKinds.longest, words.killReasons.longest,
                        words.grantCauses.longest) + 1
        let slack = CSVReservedRow<TransitionColumn>.slack
        transition = number + app + 2 * state + cause + slack
        callback = number + app + words.callbackNames.longest + 1 + words.scenePhases.longest + 1 + slack
        memory = 4 * number + app + state + slack
        pressure = 6 * number + words.levels.longest + 1 + slack
        skipped = number + words.eventKinds.longest + 1 + app + words.skipReasons.longest + 1 + slack
        launch = 2 * number + app + words.launchKinds.longest + 1 + slack
    }
}
