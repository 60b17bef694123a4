/// What brought free memory down before a pressure kill, for `explain` (SPEC 14): the
/// scenario event or timer that lowered free memory the most since the previous pressure kill
/// (the kill's own step included, up to the instant before its first kill).
package struct FreeDrop: Sendable, Hashable {
    /// When it ran.
    package var timeMs: Millis
    /// The event (`allocate com.example.game`), or "a timer".
    package var cause: String
    /// Free memory before it, and the lowest free memory it left.
    package var fromKiB: KiB
    package var toKiB: KiB

    /// How much it took.
    var amountKiB: KiB { fromKiB - toKiB }
}

/// Follows a replay step by step and keeps, for each pressure kill (`memory-pressure`,
/// `vm-pageshortage`, `long-idle-exit`), the largest drop of free memory since the previous one.
struct FreeDropTracker {
    /// The answer per eviction `seq`.
    private(set) var drops: [Int: FreeDrop] = [:]
    /// The largest drop since the last pressure kill.
    private var largest: FreeDrop?

    /// One step ran at `time`: free memory went from `freeBefore` down to at most
    /// `lowestFree` (before any kill of the step raised it), and `evictions` happened.
    mutating func stepRan(at time: Millis, cause: String, freeBefore: KiB, lowestFree: KiB, evictions: ArraySlice<Eviction>) {
        if lowestFree < freeBefore {
            let drop = FreeDrop(timeMs: time, cause: cause, fromKiB: freeBefore, toKiB: lowestFree)
            if largest.map({ drop.amountKiB > $0.amountKiB }) ?? true { largest = drop }
        }
        var killedForPressure = false
        for eviction in evictions where eviction.who.reason.category == .pressure {
            if let largest { drops[eviction.who.seq] = largest }
            killedForPressure = true
        }
        if killedForPressure { largest = nil }
    }
}
