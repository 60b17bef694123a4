/// Receives everything a run does, in the order it happens, one record value per row: the
/// CSV report writer, the in-memory `EventLog` and the no-op `NullRecorder` implement it; a
/// run is generic over its recorder so that the hot loop calls it directly.
///
/// Each record is `EventLog`'s struct for its report file, the one shape of that row: the
/// engine makes it, and every recorder (the log, the CSV writer and its formatting thread,
/// `explain`'s replay, the tests' model) takes it whole, so a new column is a field, a column
/// case and one switch arm.
public protocol SimulationRecorder {
    /// An app changed state (`transitions.csv`).
    mutating func record(_ transition: EventLog.Transition)
    /// An app received a callback (`callbacks.csv`); `phase` is a scene-based app's
    /// `Callback.ScenePhase` after it, nil for an app-delegate app (SPEC 11).
    mutating func record(_ callback: EventLog.CallbackRecord)
    /// An app was terminated (`evictions.csv`).
    mutating func record(_ eviction: Eviction)
    /// An app's footprint or compressed memory changed (`memory.csv`).
    mutating func record(_ footprint: EventLog.FootprintRecord)
    /// Free memory or the compressor changed (`pressure.csv`): the apps' compressed memory
    /// added up, and what the compressor holds it in.
    mutating func record(_ free: EventLog.FreeRecord)
    /// An event was a no-op (`skipped.csv`).
    mutating func record(_ skip: EventLog.Skip)
    /// An app was launched (`launches.csv`): cold from `not-running`, else warm, with its wait
    /// as `launch_wait_s` counts it (SPEC 17, 22). A no-op unless the recorder keeps launches.
    mutating func record(_ launch: EventLog.Launch)
    /// The freezer froze, refroze, thawed or demoted an app (`freezer.csv`, SPEC 37). A no-op
    /// unless the recorder keeps them.
    mutating func record(_ freezer: EventLog.FreezerRecord)
    /// Whether evictions carry the victim's place in the policy's order (`rank`,
    /// `candidateCount`, `runnerUp`), which costs a scan of the candidates per kill. True by
    /// default; the `NullRecorder` of summary-only runs says no.
    static var recordsVictimOrder: Bool { get }
    /// Whether evictions carry the head of the policy's order (`Eviction.Ranking.policyOrder`), which
    /// costs a sort per kill. False by default; `suspendsim explain` asks for it.
    static var recordsPolicyOrder: Bool { get }
}

extension SimulationRecorder {
    public mutating func record(_ launch: EventLog.Launch) {}
    public mutating func record(_ freezer: EventLog.FreezerRecord) {}
    public static var recordsVictimOrder: Bool { true }
    public static var recordsPolicyOrder: Bool { false }
}
