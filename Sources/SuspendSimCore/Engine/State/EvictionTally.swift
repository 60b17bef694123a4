/// The run's kills as they are counted (SPEC 8, 14): every kill's sequence number, the apps
/// killed for `memory-pressure`, in order (`SimulationResult.pressureEvictionOrder`, SPEC 7's
/// `expect.evictions`), and every pressure kill in order (`SimulationResult.pressureKillOrder`,
/// SPEC 5 and 11: `memory-pressure`, `vm-pageshortage`, the reaper's `long-idle-exit`).
struct EvictionTally {
    /// Kills so far: the last one's `seq` in `evictions.csv`.
    private(set) var count = 0
    /// The apps killed for `memory-pressure`, in order (an app once per kill).
    private(set) var pressureOrder: [AppIndex] = []
    /// The apps killed by any pressure kill (`KillReason.Category.pressure`), in order.
    private(set) var pressureKillOrder: [AppIndex] = []

    /// App `index` is killed for `reason`. Returns the kill's sequence number, from 1.
    mutating func noteKill(of index: AppIndex, reason: KillReason) -> Int {
        if reason == .memoryPressure { pressureOrder.append(index) }
        if reason.category == .pressure { pressureKillOrder.append(index) }
        count += 1
        return count
    }
}
