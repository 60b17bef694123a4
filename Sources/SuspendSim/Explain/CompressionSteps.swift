/// One compression step of an app, as `explain` tells it (SPEC 22, 23): when, and its
/// compressed memory after it (at its uncompressed size).
package struct CompressionStep: Sendable, Hashable {
    package var timeMs: Millis
    package var compressedKiB: KiB
}

/// Follows a replay's `memory.csv` rows and keeps, for each app, the compression steps of its
/// current stay in `suspended`; a termination ends the stay, and its steps stay with the app
/// until its eviction row takes them.
struct CompressionStepTracker {
    private var current: [AppIndex: [CompressionStep]] = [:]
    private var ended: [AppIndex: [CompressionStep]] = [:]
    /// The steps of each victim that was compressed, by eviction `seq`.
    private(set) var stepsByEviction: [Int: [CompressionStep]] = [:]

    /// A `memory.csv` row: a rise of `c` in `suspended` is a step; `c` back at 0 ends the stay.
    mutating func footprintRow(at timeMs: Millis, app: AppIndex, state: LifecycleState, compressedKiB: KiB) {
        if state == .suspended, compressedKiB > (current[app]?.last?.compressedKiB ?? .zero) {
            current[app, default: []].append(CompressionStep(timeMs: timeMs, compressedKiB: compressedKiB))
        } else if compressedKiB == .zero, let steps = current.removeValue(forKey: app) {
            ended[app] = steps
        }
    }

    /// An eviction row: the victim's steps, when it held compressed memory.
    mutating func evictionRow(_ eviction: Eviction) {
        let steps = ended.removeValue(forKey: eviction.who.app)
        if eviction.compressor.compressedKiB > .zero, let steps { stepsByEviction[eviction.who.seq] = steps }
    }
}
