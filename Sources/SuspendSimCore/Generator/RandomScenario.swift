/// Random but valid scenarios for benchmarks, property tests and `suspendsim generate`.
///
/// The same `seed` gives the same scenario on every platform (SplitMix64, integer arithmetic
/// only). Apps have footprints of 40–400 MB; some declare audio, location, fetch, push or
/// processing; some have slow handlers or finite-length tasks. The timeline is a mix of
/// every SPEC 3 event, 0–10 s apart, weighted towards app switches and allocations.
@_spi(Generators) public enum RandomScenario {
    public static func make(apps appCount: Int, events eventCount: Int, seed: UInt64, ramMB: Int64 = 4096) -> Scenario {
        var rng = SplitMix64(seed: seed)
        var apps: [AppProfile] = []
        for index in 0..<max(1, appCount) {
            let active = rng.int(in: 40...400) * 1024
            let background = active - rng.int(in: 0...(active / 2))
            let suspended = background - rng.int(in: 0...(background / 2))
            var profile = AppProfile(id: "com.example.app\(index)", activeKiB: KiB(active), backgroundKiB: KiB(background), suspendedKiB: KiB(suspended))
            var modes: [BackgroundMode] = []
            if rng.chance(10) { modes.append(.audio) }
            if rng.chance(5) { modes.append(.location) }
            if rng.chance(30) { modes.append(.fetch) }
            if rng.chance(20) { modes.append(.remoteNotification) }
            if rng.chance(5) { modes.append(.processing) }
            profile.backgroundModes = AppProfile.BackgroundModes(modes)
            profile.purgeableKiB = KiB(rng.chance(30) ? rng.int(in: 0...(suspended / 4)) : 0)
            profile.warningReleaseKiB = KiB(rng.chance(30) ? rng.int(in: 0...(active / 4)) : 0)
            profile.exitsOnSuspend = rng.chance(2)
            profile.didEnterBackgroundMs = Millis(rng.chance(20) ? rng.int(in: 0...7_000) : 0)
            profile.backgroundTaskMs = Millis(rng.chance(15) ? rng.int(in: 1_000...300_000) : 0)
            profile.endsTaskOnExpiration = !rng.chance(10)
            profile.wakeWorkMs = Millis(rng.int(in: 0...40_000))
            profile.savesState = !rng.chance(10)
            apps.append(profile)
        }
        var scenario = Scenario(name: "random-\(appCount)-apps-\(eventCount)-events-seed-\(seed)",
                                device: Device(ramKiB: KiB(ramMB * 1024)), apps: apps)
        scenario.events.reserveCapacity(eventCount)
        var mix = EventMix(appCount: apps.count, events: eventCount, rng: rng)
        while let event = mix.next() { scenario.events.append(event) }
        return scenario
    }
}

extension RandomScenario {
    /// The timeline of `make`, one event at a time: every SPEC 3 event, 0–10 s apart,
    /// weighted towards app switches (35 %), allocations (15 %), home (12 %) and wakes
    /// (10 %). As an `EventSource` it gives a timeline of any length in constant memory.
    public struct EventMix: EventSource, Sendable {
        private var remaining: Int
        private let lastApp: Int64
        private var rng: SplitMix64
        private var timeMs: Millis

        private static let wakeModes: [BackgroundMode] = [.fetch, .remoteNotification, .processing, .newsstandContent]
        private static let continuousModes: [BackgroundMode] = [.audio, .location]

        /// `events` events naming apps 0..<`appCount`, drawn from `rng`, from `startMs` on.
        public init(appCount: Int, events: Int, rng: SplitMix64, startMs: Millis = .zero) {
            remaining = events
            lastApp = Int64(max(1, appCount) - 1)
            self.rng = rng
            timeMs = startMs
        }

        public mutating func next() -> ScenarioEvent? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            timeMs += Millis(rng.int(in: 0...10_000))
            let app = Int(rng.int(in: 0...lastApp))
            let action: ScenarioEvent.Action
            switch rng.int(in: 0...99) {
            case 0..<35: action = .open(app)
            case 35..<47: action = .home
            case 47..<62: action = .allocate(app, KiB(rng.int(in: -100...150) * 1024))
            case 62..<72: action = .wake(app, Self.wakeModes[Int(rng.int(in: 0...3))])
            case 72..<75: action = .lock
            case 75..<78: action = .unlock
            case 78..<80: action = .alert
            case 80..<81: action = .alertDismiss
            case 81..<82: action = .alertReply
            case 82..<83: action = .call
            case 83..<84: action = [.callDecline, .callAnswer][Int(rng.int(in: 0...1))]
            case 84..<85: action = .callEnd
            case 85..<89: action = .startMode(app, Self.continuousModes[Int(rng.int(in: 0...1))])
            case 89..<94: action = .stopMode(app, Self.continuousModes[Int(rng.int(in: 0...1))])
            case 94..<97: action = .forceQuit(app)
            default: action = .systemAllocate(KiB(rng.int(in: -50...50) * 1024))
            }
            return ScenarioEvent(atMs: timeMs, action)
        }
    }
}
