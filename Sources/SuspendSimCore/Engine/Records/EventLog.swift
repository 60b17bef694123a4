/// A recorder that keeps every record in memory, for tests and for library users who want
/// to assert on a run: `Simulation.run(scenario).log.callbacks(of: try scenario.app("com.example.a"))`,
/// or `result.evictions(of: "com.example.a")` by bundle id.
public struct EventLog: SimulationRecorder, Sendable {
    public private(set) var transitions: [Transition] = []
    public private(set) var callbacks: [CallbackRecord] = []
    public private(set) var evictions: [Eviction] = []
    public private(set) var footprints: [FootprintRecord] = []
    public private(set) var frees: [FreeRecord] = []
    public private(set) var skips: [Skip] = []
    public private(set) var launches: [Launch] = []
    public private(set) var freezerActs: [FreezerRecord] = []

    public init() {}

    public mutating func record(_ transition: Transition) { transitions.append(transition) }
    public mutating func record(_ callback: CallbackRecord) { callbacks.append(callback) }
    public mutating func record(_ eviction: Eviction) { evictions.append(eviction) }
    public mutating func record(_ footprint: FootprintRecord) { footprints.append(footprint) }
    public mutating func record(_ free: FreeRecord) { frees.append(free) }
    public mutating func record(_ skip: Skip) { skips.append(skip) }
    public mutating func record(_ launch: Launch) { launches.append(launch) }
    public mutating func record(_ freezer: FreezerRecord) { freezerActs.append(freezer) }

    /// The callbacks `app` received, in order.
    public func callbacks(of app: AppIndex) -> [Callback] {
        callbacks.filter { $0.app == app }.map(\.callback)
    }

    /// Records the log again into `recorder`: each kind of record in the order it was
    /// recorded (every record kind has its own report file, so this is the order each file
    /// gets during the run).
    package func replay<Other: SimulationRecorder>(into recorder: inout Other) {
        for record in transitions { recorder.record(record) }
        for record in callbacks { recorder.record(record) }
        for record in evictions { recorder.record(record) }
        for record in footprints { recorder.record(record) }
        for record in frees { recorder.record(record) }
        for record in skips { recorder.record(record) }
        for record in launches { recorder.record(record) }
        for record in freezerActs { recorder.record(record) }
    }
}
