import SuspendSim

/// `RandomScenario`'s mix of events, produced one at a time: a timeline of any length in
/// constant memory, for the peak-memory figure.
///
/// The mix (weights, gaps of 0–10 s, allocation sizes) is a copy of the loop in
/// `RandomScenario.make`, which builds its events into an array and does not expose the mix
/// on its own; the numbers drawn differ from `make`'s for the same seed, the distribution
/// does not.
public struct LazyRandomEvents: EventGenerator {
    /// How many events to produce.
    public let count: Int

    public init(count: Int) {
        self.count = count
    }

    public func events(for scenario: Scenario, seed: UInt64, startingAt startMs: Millis) -> any EventSource {
        Source(remaining: count, lastApp: Int64(max(1, scenario.apps.count) - 1),
               rng: SplitMix64(seed: seed), timeMs: startMs)
    }

    struct Source: EventSource {
        var remaining: Int
        let lastApp: Int64
        var rng: SplitMix64
        var timeMs: Millis

        private static let wakeModes: [BackgroundMode] = [.fetch, .remoteNotification, .processing, .newsstandContent]
        private static let continuousModes: [BackgroundMode] = [.audio, .location]

        mutating func next() -> ScenarioEvent? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            timeMs += rng.int(in: 0...10_000)
            let app = Int(rng.int(in: 0...lastApp))
            let action: ScenarioEvent.Action
            switch rng.int(in: 0...99) {
            case 0..<35: action = .open(app)
            case 35..<47: action = .home
            case 47..<62: action = .allocate(app, rng.int(in: -100...150) * 1024)
            case 62..<72: action = .wake(app, Self.wakeModes[Int(rng.int(in: 0...3))])
            case 72..<75: action = .lock
            case 75..<78: action = .unlock
            case 78..<80: action = .alert
            case 80..<81: action = .alertDismiss
            case 81..<82: action = .alertReply
            case 82..<83: action = .call
            case 83..<84: action = rng.int(in: 0...1) == 0 ? .callDecline : .callAnswer
            case 84..<85: action = .callEnd
            case 85..<89: action = .startMode(app, Self.continuousModes[Int(rng.int(in: 0...1))])
            case 89..<94: action = .stopMode(app, Self.continuousModes[Int(rng.int(in: 0...1))])
            case 94..<97: action = .forceQuit(app)
            default: action = .systemAllocate(rng.int(in: -50...50) * 1024)
            }
            return ScenarioEvent(atMs: timeMs, action)
        }
    }
}
