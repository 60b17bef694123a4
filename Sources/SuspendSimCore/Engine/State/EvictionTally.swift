/// The run's kills as they are counted (SPEC 8, 14): every kill's sequence number, and the
/// apps that memory pressure killed, in order (`SimulationResult.pressureEvictionOrder`).
struct EvictionTally {
    /// Kills so far: the last one's `seq` in `evictions.csv`.
    private(set) var count = 0
    /// The apps killed for `memory-pressure`, in order (an app once per kill).
    private(set) var pressureOrder: [AppIndex] = []

    /// App `index` is killed for `reason`. Returns the kill's sequence number, from 1.
    mutating func noteKill(of index: AppIndex, reason: KillReason) -> Int {
        if reason == .memoryPressure { pressureOrder.append(index) }
        count += 1
        return count
    }
}
