/// A recorder that keeps nothing: for benchmarks and for runs whose result alone matters.
public struct NullRecorder: SimulationRecorder, Sendable {
    public init() {}
    public static var recordsVictimOrder: Bool { false }
    public mutating func record(_ transition: EventLog.Transition) {}
    public mutating func record(_ callback: EventLog.CallbackRecord) {}
    public mutating func record(_ eviction: Eviction) {}
    public mutating func record(_ footprint: EventLog.FootprintRecord) {}
    public mutating func record(_ free: EventLog.FreeRecord) {}
    public mutating func record(_ skip: EventLog.Skip) {}
}
