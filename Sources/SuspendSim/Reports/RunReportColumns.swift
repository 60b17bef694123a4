/// The columns of the files in a run's report folder (SPEC 8, with SPEC 11's `phase` and
/// SPEC 14's outcome and eviction columns), each declared once; `CSVReportRecorder` writes
/// them and `docs/reports.md` describes them.
enum RunReportFile: String, CaseIterable, Sendable {
    case transitions = "transitions.csv"
    case callbacks = "callbacks.csv"
    case evictions = "evictions.csv"
    case memory = "memory.csv"
    case pressure = "pressure.csv"
    case skipped = "skipped.csv"
    case survivors = "survivors.csv"
    case exits = "exits.csv"
    case device = "device.csv"
    case tasks = "tasks.csv"
    case launches = "launches.csv"
    case freezer = "freezer.csv"
    case assumptions = "assumptions.csv"

    /// The files written row by row during the run, in the order they are closed
    /// (`survivors.csv`, `exits.csv` and `tasks.csv` are written from the result at the end,
    /// `device.csv` from the scenario).
    static let streamed: [RunReportFile] = [.transitions, .callbacks, .evictions, .memory, .pressure, .skipped, .launches, .freezer]

    /// The file's header row.
    var header: String {
        switch self {
        case .transitions: TransitionColumn.header
        case .callbacks: CallbackColumn.header
        case .evictions: EvictionColumn.header
        case .memory: MemoryColumn.header
        case .pressure: PressureColumn.header
        case .skipped: SkippedColumn.header
        case .survivors: SurvivorColumn.header
        case .exits: ExitColumn.header
        case .device: DeviceColumn.header
        case .tasks: TaskColumn.header
        case .launches: LaunchColumn.header
        case .freezer: FreezerColumn.header
        case .assumptions: AssumptionColumn.header
        }
    }

    /// The file's name.
    var fileName: String { rawValue }

    /// Its path in `folder`.
    func path(in folder: String) -> String { folder + "/" + rawValue }
}

/// `launches.csv`: every launch, in order: its time, the app, `cold` (from `not-running`) or
/// `warm`, and its wait as `launch_wait_s` counts it (SPEC 17: `cold_launch_s`, or `resume_s`
/// plus SPEC 22's decompression).
enum LaunchColumn: String, CSVColumns {
    case time = "time_s", app, kind
    case wait = "wait_s"
}

/// `freezer.csv` (SPEC 37): every act of the freezer, in order: a `freeze`, `refreeze`, `thaw`
/// or `demote`, what it wrote to flash (0 for a thaw or a demotion), the budget left and the
/// frozen apps after it; the header alone when nothing happened.
enum FreezerColumn: String, CSVColumns {
    case time = "time_s", app, action
    case written = "written_mb"
    case budgetLeft = "budget_left_mb"
    case frozenCount = "frozen_count"
}

/// `launches.csv`'s `kind`.
enum LaunchKind: String, CSVField {
    case cold, warm

    var csvIndex: Int {
        switch self {
        case .cold: 0
        case .warm: 1
        }
    }
}

/// `transitions.csv`: every state change, intermediate ones too.
enum TransitionColumn: String, CSVColumns {
    case time = "time_s", app, from, to, cause
}

/// `callbacks.csv`: every UIKit callback; `phase` is a scene app's `Callback.ScenePhase` after it
/// (SPEC 11), empty for an app-delegate app.
enum CallbackColumn: String, CSVColumns {
    case time = "time_s", app, callback, phase
}

/// `evictions.csv`: every termination. `priority` (the victim's jetsam band or lmkd adj) is
/// one column more than SPEC 8 lists; `trigger` to `runner_up` are SPEC 14's, `compressed_mb`
/// (the victim's compressed memory) SPEC 22's.
enum EvictionColumn: String, CSVColumns {
    case seq
    case time = "time_s"
    case app, state
    case footprint = "footprint_mb"
    case reason, policy
    case freeBefore = "free_before_mb"
    case freeAfter = "free_after_mb"
    case priority, trigger
    case threshold = "threshold_mb"
    case rank, candidates
    case runnerUp = "runner_up"
    case compressed = "compressed_mb"
}

/// `memory.csv`: each time a footprint, its compressed part (SPEC 22) or its memory on flash
/// (SPEC 37) changes.
enum MemoryColumn: String, CSVColumns {
    case time = "time_s", app, state
    case footprint = "footprint_mb"
    case compressed = "compressed_mb"
    case flash = "flash_mb"
}

/// `pressure.csv`: a first row at 0, then a row each time free memory or the compressor
/// changes; `compressed_mb` is the apps' compressed memory, `compressor_mb` what the
/// compressor holds it in (SPEC 22), `flash_mb` the apps' memory on flash (SPEC 37).
enum PressureColumn: String, CSVColumns {
    case time = "time_s"
    case used = "used_mb"
    case free = "free_mb"
    case level
    case compressed = "compressed_mb"
    case compressor = "compressor_mb"
    case flash = "flash_mb"
}

/// `skipped.csv`: the events that did nothing, and why.
enum SkippedColumn: String, CSVColumns {
    case time = "time_s", event, app, reason
}

/// `survivors.csv`: one row per app in scenario order; `never_killed` to `resident_s` are
/// SPEC 14's outcome columns, `launch_wait_s` SPEC 17's, `compressions` SPEC 22's, and
/// `refresh_runs`, `processing_runs` (task grants) SPEC 28's, `freezes`, `thaws` SPEC 37's.
enum SurvivorColumn: String, CSVColumns {
    case app, survived
    case finalState = "final_state"
    case footprint = "footprint_mb"
    case coldLaunches = "cold_launches"
    case warmLaunches = "warm_launches"
    case pressureKills = "pressure_kills"
    case otherKills = "other_kills"
    case stateLosses = "state_losses"
    case neverKilled = "never_killed"
    case firstKill = "first_kill_s"
    case resident = "resident_s"
    case launchWait = "launch_wait_s"
    case compressions
    case refreshRuns = "refresh_runs"
    case processingRuns = "processing_runs"
    case freezes, thaws
}

/// `tasks.csv`: one row per task request, in submission order (SPEC 28): `granted_s` and
/// `ended_s` are empty for what did not happen.
enum TaskColumn: String, CSVColumns {
    case seq, app, kind
    case submitted = "submitted_s"
    case due = "due_s"
    case granted = "granted_s"
    case ended = "ended_s"
    case outcome
}

/// `assumptions.csv`: a row per default the run took (SPEC 36, `AssumptionTable.usedRows`),
/// catalog figures first, then the assumption table's order.
enum AssumptionColumn: String, CSVColumns {
    case key, value, unit, origin, source, low, high
}

/// `device.csv`: a row per setting of the run (`DeviceCSV.rows`), its key and its value.
enum DeviceColumn: String, CSVColumns {
    case key, value
}
