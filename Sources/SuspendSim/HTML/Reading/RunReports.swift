/// One run's report folder as the run page needs it (SPEC 8, 14, 15), read by column name.
///
/// Apps are in scenario order (the order of `survivors.csv`), which gives each its colour;
/// an app that only the other files name comes after, in order of first appearance.
/// `pressure.csv` can hold several rows per instant (one per change within an event): only
/// the last of each instant is kept, the free and used memory the instant ended with.
struct RunReports {
    /// A footprint change (`memory.csv`): from `time` the app holds `footprint` MB, of which
    /// `compressed` MB are in the compressor (SPEC 22) and `flash` MB on flash (SPEC 37; each 0
    /// in a folder without the column).
    struct FootprintChange {
        var time: Double
        var app: Int
        var footprint: Double
        var compressed: Double = 0
        var flash: Double = 0

        /// The app's memory outside the compressor and off flash: its footprint less its
        /// compressed part and what is on flash (SPEC 37: the stack counts physical memory).
        var uncompressed: Double { footprint - compressed - flash }
    }

    /// A span in which an app was frozen (SPEC 37): from the first `memory.csv` row that put
    /// it on flash to its death (or the run's end, `end` nil).
    struct FrozenSpan {
        var app: Int
        var start: Double
        var end: Double?
    }

    /// A compression (SPEC 22): a `memory.csv` row of a `suspended` app whose `compressed_mb`
    /// rose.
    struct Compression {
        var time: Double
        var app: Int
    }

    /// Free and used memory from `time` on (`pressure.csv`, the last row of each instant).
    /// `used` is `used_mb`, else `ram_mb` − free (an older folder); nil when neither is known.
    /// `compressor` is `compressor_mb`, the compressor's physical size (SPEC 22; 0 without the
    /// column).
    struct FreeSample {
        var time: Double
        var free: Double
        var used: Double?
        var compressor: Double = 0
    }

    /// A termination (`evictions.csv`).
    struct Eviction {
        var seq: Int
        var time: Double
        var app: Int
        var reason: String
    }

    /// What a state change (`transitions.csv`) is marked with on the timeline.
    enum Mark: Int, CaseIterable {
        /// A launch (from `not-running`) by the user.
        case launch
        /// A background wake, or a launch into the background by one.
        case wake
        /// A kill by the system (SPEC 5: pressure and other kills).
        case kill
        /// A termination that is the user's or the app's choice (`force-quit`, `exits-on-suspend`).
        case quit
        /// A task request's grant: a launch or resume into the background for a
        /// `BGAppRefreshTask` or `BGProcessingTask` (causes `bg-refresh`, `bg-processing`, SPEC 28).
        case grant
    }

    /// A state change: the drawn state index (`ChartPalette.states`) it goes to, nil for
    /// `not-running`, and its mark.
    struct Transition {
        var time: Double
        var app: Int
        var toState: Int?
        var mark: Mark?
    }

    var apps: [String] = []
    var survivorsHeader: [String] = []
    var survivorsRows: [[String]] = []
    /// `device.csv`'s rows (SPEC 14); nil when the folder has none (an older or merged run).
    var device: [String: String]?
    var footprints: [FootprintChange] = []
    /// The compressions, in `memory.csv` order.
    var compressions: [Compression] = []
    /// The frozen spans (SPEC 37), in `memory.csv` order.
    var frozenSpans: [FrozenSpan] = []
    var free: [FreeSample] = []
    var evictions: [Eviction] = []
    var transitions: [Transition] = []
    /// The drawn state each app starts in: the `from` of its first transition, else (an app
    /// resident from time 0 that never changed state, `initial:` in SPEC 12) the state of its
    /// first `memory.csv` row; nil for `not-running`.
    var initialStates: [Int?] = []
    /// The policy named by `device.csv`, else by `evictions.csv`.
    var policy: String?
    /// The report files the folder holds (the page links to them).
    var presentFiles: Set<String> = []
    /// The run's end, in seconds (SPEC 14, 15): `device.csv`'s `end_s` when it gives one;
    /// else the last instant any file mentions, or later when an app resident at the end says
    /// so (`resident_s` counts until the run's last event or timer, SPEC 14).
    var endTime: Double = 0
    /// Whether `endTime` is the file's `end_s` (`device.csv`).
    var endGiven = false

    private var appIndex: [String: Int] = [:]

    /// Whether the compressor ever held memory (`compressor_mb` above 0): the memory chart
    /// then stacks it as a band of its own.
    var hasCompressor: Bool { free.contains { $0.compressor > 0 } }

    /// The kill reasons of SPEC 5 and 11 (pressure and other kills, not the user's or the
    /// app's own choice), as `KillReason.category` sorts them.
    static let killReasons = Set(KillReason.allCases.filter { $0.category != .choice }.map { $0.rawValue })
    /// The causes of a task's grant (SPEC 28).
    static let grantCauses = Set(EventLog.GrantCause.allCases.map(\.rawValue))

    /// The folder's `assumptions.csv` as the page shows it (SPEC 36); nil without one.
    var assumptions: AssumptionReports?

    /// Reads the run folder `folder`.
    ///
    /// - Throws: `ReportCSV.Unreadable` for a file that cannot be read or lacks a column.
    init(folder: String) throws(ReportCSV.Unreadable) {
        for name in ReportFolder.runFiles + [RunReportFile.skipped, .device, .tasks, .assumptions].map(\.fileName) where ReportFolder.hasFile(name, in: folder) {
            presentFiles.insert(name)
        }
        let survivors = try ReportCSV(path: RunReportFile.survivors.path(in: folder), required: [SurvivorColumn.app])
        survivorsHeader = survivors.header
        survivorsRows = try survivors.rows()
        let appColumn = survivors.column(SurvivorColumn.app)!
        for row in survivorsRows { _ = index(of: row[appColumn]) }

        if ReportFolder.hasFile(RunReportFile.device.fileName, in: folder) {
            let device = try Self.device(folder: folder)
            self.device = device
            if let policy = device[DeviceCSV.RunKey.policy.rawValue], !policy.isEmpty { self.policy = policy }
        }
        assumptions = try AssumptionReports(folder: folder)
        let firstMemoryStates = try readMemory(folder: folder)
        try readPressure(folder: folder)
        try readEvictions(folder: folder)
        let residencies = try readTransitions(folder: folder)
        var residentSince = residencies.since
        if initialStates.count < apps.count { initialStates += Array(repeating: nil, count: apps.count - initialStates.count) }
        for (app, state) in firstMemoryStates where app >= residencies.started.count || !residencies.started[app] {
            initialStates[app] = state
            if state != nil { residentSince[app] = 0 }
        }
        if let end = deviceValue(.endS).flatMap(ReportCSV.number), end.isFinite, end >= 0 {
            // The file's end_s (SPEC 7): the run stops there, however early its last event.
            endTime = end
            endGiven = true
        } else {
            endTime = max(endTime, residentEnd(since: residentSince, before: residencies.before))
        }
    }

    /// Reads `memory.csv`: the footprint changes; returns each app's state in its first row.
    private mutating func readMemory(folder: String) throws(ReportCSV.Unreadable) -> [Int: Int?] {
        let memory = try ReportCSV(path: RunReportFile.memory.path(in: folder), required: [MemoryColumn.time, .app, .footprint])
        let memoryTime = memory.column(MemoryColumn.time)!, memoryApp = memory.column(MemoryColumn.app)!
        let memoryMB = memory.column(MemoryColumn.footprint)!, memoryState = memory.column(MemoryColumn.state)
        let memoryCompressed = memory.column(MemoryColumn.compressed), memoryFlash = memory.column(MemoryColumn.flash)
        var firstMemoryStates: [Int: Int?] = [:]
        var compressed: [Int: Double] = [:]
        var frozenSince: [Int: Int] = [:]
        try memory.forEachRow { row throws(ReportCSV.Unreadable) in
            let time = try Self.number(row[memoryTime], memory)
            let app = index(of: row[memoryApp])
            let now = try memoryCompressed.map { column throws(ReportCSV.Unreadable) in try Self.number(row[column], memory) } ?? 0
            let flash = try memoryFlash.map { column throws(ReportCSV.Unreadable) in try Self.number(row[column], memory) } ?? 0
            footprints.append(FootprintChange(time: time, app: app, footprint: try Self.number(row[memoryMB], memory), compressed: now,
                                              flash: flash))
            // SPEC 37: frozen from its first time on flash until it dies.
            if flash > 0, frozenSince[app] == nil {
                frozenSince[app] = frozenSpans.count
                frozenSpans.append(FrozenSpan(app: app, start: time, end: nil))
            } else if let memoryState, row[memoryState] == LifecycleState.notRunning.rawValue, let span = frozenSince.removeValue(forKey: app) {
                frozenSpans[span].end = time
            }
            if let memoryState, row[memoryState] == LifecycleState.suspended.rawValue, now > compressed[app, default: 0] {
                compressions.append(Compression(time: time, app: app))
            }
            compressed[app] = now
            if let memoryState, firstMemoryStates[app] == nil {
                firstMemoryStates[app] = ChartPalette.stateIndex(row[memoryState])
            }
            endTime = max(endTime, time)
        }
        return firstMemoryStates
    }

    /// Reads `pressure.csv`: free and used memory, the last row of each instant.
    private mutating func readPressure(folder: String) throws(ReportCSV.Unreadable) {
        let pressure = try ReportCSV(path: RunReportFile.pressure.path(in: folder), required: [PressureColumn.time, .free])
        let pressureTime = pressure.column(PressureColumn.time)!, pressureFree = pressure.column(PressureColumn.free)!
        let pressureUsed = pressure.column(PressureColumn.used), pressureCompressor = pressure.column(PressureColumn.compressor)
        let ram = threshold(.ramMB)
        try pressure.forEachRow { row throws(ReportCSV.Unreadable) in
            let freeMB = try Self.number(row[pressureFree], pressure)
            var used = ram.map { $0 - freeMB }
            if let pressureUsed { used = try Self.number(row[pressureUsed], pressure) }
            let compressor = try pressureCompressor.map { column throws(ReportCSV.Unreadable) in try Self.number(row[column], pressure) } ?? 0
            let sample = FreeSample(time: try Self.number(row[pressureTime], pressure), free: freeMB, used: used, compressor: compressor)
            if let last = free.last, last.time == sample.time { free[free.count - 1] = sample } else { free.append(sample) }
            endTime = max(endTime, sample.time)
        }
    }

    /// Reads `evictions.csv`, and the policy when `device.csv` does not name it.
    private mutating func readEvictions(folder: String) throws(ReportCSV.Unreadable) {
        let kills = try ReportCSV(path: RunReportFile.evictions.path(in: folder), required: [EvictionColumn.time, .app, .reason])
        let killTime = kills.column(EvictionColumn.time)!, killApp = kills.column(EvictionColumn.app)!
        let killReason = kills.column(EvictionColumn.reason)!
        let killSeq = kills.column(EvictionColumn.seq), killPolicy = kills.column(EvictionColumn.policy)
        try kills.forEachRow { row throws(ReportCSV.Unreadable) in
            let time = try Self.number(row[killTime], kills)
            evictions.append(Eviction(seq: killSeq.flatMap { Int(row[$0]) } ?? evictions.count + 1, time: time,
                                      app: index(of: row[killApp]), reason: row[killReason]))
            if policy == nil, let killPolicy, !row[killPolicy].isEmpty { policy = row[killPolicy] }
            endTime = max(endTime, time)
        }
    }

    /// Reads `transitions.csv`; returns which apps changed state, and each app's residencies:
    /// since when it is resident, and how long its ended ones lasted.
    private mutating func readTransitions(folder: String) throws(ReportCSV.Unreadable)
        -> (started: [Bool], since: [Int: Double], before: [Int: Double]) {
        let changes = try ReportCSV(path: RunReportFile.transitions.path(in: folder), required: [TransitionColumn.time, .app, .from, .to, .cause])
        let changeTime = changes.column(TransitionColumn.time)!, changeApp = changes.column(TransitionColumn.app)!
        let changeFrom = changes.column(TransitionColumn.from)!, changeTo = changes.column(TransitionColumn.to)!
        let changeCause = changes.column(TransitionColumn.cause)!
        var started: [Bool] = []
        var residentSince: [Int: Double] = [:]
        var residentBefore: [Int: Double] = [:]
        try changes.forEachRow { row throws(ReportCSV.Unreadable) in
            let time = try Self.number(row[changeTime], changes)
            let app = index(of: row[changeApp])
            if started.count < apps.count { started += Array(repeating: false, count: apps.count - started.count) }
            if initialStates.count < apps.count { initialStates += Array(repeating: nil, count: apps.count - initialStates.count) }
            let from = row[changeFrom], to = row[changeTo], cause = row[changeCause]
            if !started[app] {
                started[app] = true
                initialStates[app] = ChartPalette.stateIndex(from)
                if from != "not-running" { residentSince[app] = 0 }
            }
            if from == "not-running" { residentSince[app] = time }
            if to == "not-running", let since = residentSince.removeValue(forKey: app) {
                residentBefore[app, default: 0] += time - since
            }
            transitions.append(Transition(time: time, app: app, toState: ChartPalette.stateIndex(to),
                                          mark: Self.mark(from: from, to: to, cause: cause)))
            endTime = max(endTime, time)
        }
        return (started, residentSince, residentBefore)
    }

    /// The run's end as the apps resident at the end tell it: `resident_s` (`survivors.csv`)
    /// counts until the run's end or `end_s` (SPEC 14), so the end is when the app's last
    /// residency began plus what `resident_s` holds beyond its earlier ones. 0 when no app
    /// is resident at the end or the columns are missing.
    private func residentEnd(since: [Int: Double], before: [Int: Double]) -> Double {
        guard let app = survivorsHeader.firstIndex(of: SurvivorColumn.app.rawValue),
              let survived = survivorsHeader.firstIndex(of: SurvivorColumn.survived.rawValue),
              let resident = survivorsHeader.firstIndex(of: SurvivorColumn.resident.rawValue) else { return 0 }
        var end = 0.0
        for row in survivorsRows where row.count == survivorsHeader.count && row[survived] == "true" {
            guard let index = appIndex[row[app]], let start = since[index], let seconds = Double(row[resident]) else { continue }
            // To the millisecond, as every time in the reports.
            end = max(end, ((start + seconds - before[index, default: 0]) * 1000).rounded() / 1000)
        }
        return end
    }

    /// The mark of a state change: a task's grant (SPEC 28), a launch from `not-running` (a
    /// wake's when its cause is `wake`), a wake of a suspended app, a kill or a quit into
    /// `not-running`.
    static func mark(from: String, to: String, cause: String) -> Mark? {
        if grantCauses.contains(cause) { return .grant }
        if from == "not-running" { return cause == "wake" ? .wake : .launch }
        if to == "not-running" {
            if killReasons.contains(cause) { return .kill }
            return .quit
        }
        if cause == "wake", from == "suspended" { return .wake }
        return nil
    }

    /// `device.csv` of the run folder `folder` alone, as key and value.
    static func device(folder: String) throws(ReportCSV.Unreadable) -> [String: String] {
        let file = try ReportCSV(path: RunReportFile.device.path(in: folder), required: [DeviceColumn.key, .value])
        let key = file.column(DeviceColumn.key)!, value = file.column(DeviceColumn.value)!
        var device: [String: String] = [:]
        try file.forEachRow { row in device[row[key]] = row[value] }
        return device
    }

    /// The value of device key `key` in `device.csv` in its unit (MB for a threshold), nil
    /// without `device.csv`, the key or a number.
    func threshold(_ key: DeviceKey) -> Double? {
        deviceValue(key).flatMap(ReportCSV.number)
    }

    /// `device.csv`'s value of device key `key`, nil without the file or the key.
    func deviceValue(_ key: DeviceKey) -> String? { device?[key.rawValue] }

    /// `device.csv`'s value of the run's `key`, nil without the file or the key.
    func deviceValue(_ key: DeviceCSV.RunKey) -> String? { device?[key.rawValue] }

    private mutating func index(of app: String) -> Int {
        if let index = appIndex[app] { return index }
        apps.append(app)
        appIndex[app] = apps.count - 1
        return apps.count - 1
    }

    private static func number(_ text: String, _ file: ReportCSV) throws(ReportCSV.Unreadable) -> Double {
        guard let value = ReportCSV.number(text), value.isFinite else {
            throw ReportCSV.Unreadable(path: file.path, reason: "\"\(text)\" is not a number")
        }
        return value
    }
}
