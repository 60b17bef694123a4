@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Seeded scenarios of shapes `RandomScenario` does not produce, for the property tests:
/// many events at the same instant, timers that fall on event times, tiny or zero device
/// limits and windows, 0 s handlers, tasks and wakes, footprints that grow on suspension,
/// purgeable and warning releases larger than the footprint, thresholds out of order, a
/// device whose system memory alone exceeds its RAM, every background mode, every event
/// (wakes with wake modes only, `start_mode`/`stop_mode` with continuous modes only, as the
/// loader requires), and `end_s` cutting the timeline.
enum HostileScenario {
    static func make(seed: UInt64, events eventCount: Int) -> Scenario {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        func pick(_ range: ClosedRange<Int64>) -> Int64 { random.int(in: range) }
        /// 0, whole seconds (which collide with event times), or any millisecond.
        func duration(upTo seconds: Int64) -> Millis {
            switch pick(0...5) {
            case 0: 0
            case 1, 2: Millis(pick(0...seconds) * 1000)
            default: Millis(pick(0...(seconds * 1000)))
            }
        }

        let ramMB: Int64 = [64, 256, 512, 1024, 1536, 2048][Int(pick(0...5))]
        var device = Device(ramKiB: KiB(ramMB * 1024))
        let ram = device.ramKiB.count
        if random.chance(50) { device.reservedKiB = KiB(pick(0...(ram / 2))) }
        if random.chance(30) { device.systemKiB = KiB(pick(0...(ram / 3))) }
        if random.chance(5) { device.systemKiB = KiB(ram + pick(0...1024)) }
        if random.chance(50) {
            device.warningFreeKiB = KiB(pick(0...(ram / 3)))
            device.idleFreeKiB = KiB(pick(0...(ram / 3)))
            device.criticalFreeKiB = KiB(pick(0...(ram / 3)))
        }
        if random.chance(40) { device.appLimitKiB = KiB(pick(0...ram)) }
        if random.chance(50) { device.didEnterBackgroundLimitMs = duration(upTo: 6) }
        if random.chance(50) { device.backgroundTaskLimitMs = duration(upTo: 12) }
        if random.chance(50) { device.wakeWindowMs = duration(upTo: 6) }
        if random.chance(50) { device.processingWindowMs = duration(upTo: 10) }
        if random.chance(50) { device.agingMs = duration(upTo: 4) }

        var apps: [AppProfile] = []
        for index in 0..<Int(pick(1...12)) {
            var profile = AppProfile(
                id: "app\(index)", activeKiB: KiB(pick(0...(400 * 1024))),
                backgroundKiB: random.chance(50) ? nil : KiB(pick(0...(400 * 1024))),
                suspendedKiB: random.chance(50) ? nil : KiB(pick(0...(400 * 1024))))
            profile.backgroundModes = AppProfile.BackgroundModes(BackgroundMode.allCases.filter { _ in random.chance(30) })
            if random.chance(40) { profile.purgeableKiB = KiB(pick(0...(300 * 1024))) }
            if random.chance(40) { profile.warningReleaseKiB = KiB(pick(0...(300 * 1024))) }
            profile.exitsOnSuspend = random.chance(10)
            profile.didEnterBackgroundMs = random.chance(40) ? duration(upTo: 8) : 0
            profile.backgroundTaskMs = random.chance(40) ? duration(upTo: 15) : 0
            profile.endsTaskOnExpiration = random.chance(50)
            profile.wakeWorkMs = duration(upTo: 8)
            profile.savesState = random.chance(60)
            apps.append(profile)
        }

        var scenario = Scenario(name: "hostile-\(seed)", device: device, apps: apps)
        let wakeModes = BackgroundMode.allCases.filter { !$0.isContinuous }
        let continuousModes = BackgroundMode.allCases.filter(\.isContinuous)
        var time: Millis = 0
        for _ in 0..<eventCount {
            switch pick(0...9) {
            case 0...4: break  // the same instant as the previous event
            case 5...7: time += Millis(pick(1...4) * 1000)
            default: time += Millis(pick(1...3000))
            }
            let app = Int(pick(0...Int64(apps.count - 1)))
            let action: ScenarioEvent.Action
            switch pick(0...20) {
            case 0...2: action = .open(app)
            case 3: action = .home
            case 4: action = .lock
            case 5: action = .unlock
            case 6: action = .alert
            case 7: action = .alertDismiss
            case 8: action = .alertReply
            case 9: action = .call
            case 10: action = .callDecline
            case 11: action = .callAnswer
            case 12: action = .callEnd
            case 13: action = .forceQuit(app)
            case 14, 15: action = .wake(app, wakeModes[Int(pick(0...Int64(wakeModes.count - 1)))])
            case 16: action = .startMode(app, continuousModes[Int(pick(0...Int64(continuousModes.count - 1)))])
            case 17: action = .stopMode(app, continuousModes[Int(pick(0...Int64(continuousModes.count - 1)))])
            case 18, 19:
                // One draw for both, so that the streams stay; even positive amounts are
                // session memory (SPEC 32).
                let mb = pick(-300...600)
                action = mb > 0 && mb % 2 == 0 ? .allocateSession(app, KiB(mb * 1024)) : .allocate(app, KiB(mb * 1024))
            default: action = .systemAllocate(KiB(pick(-300...300) * 1024))
            }
            scenario.events.append(ScenarioEvent(atMs: time, action))
        }
        if random.chance(30) { scenario.endMs = Millis(random.chance(50) ? time.count / 2 : pick(0...time.count)) }
        // SPEC 11, drawn last so that the draws above stay as they were: scenes, the reaper
        // (under jetsam), a background limit of its own, the older band numbers.
        for index in scenario.apps.indices where random.chance(40) { scenario.apps[index].lifecycle = .scene }
        // A profile as a file's `ios` gives it, with the compressor it ships (SPEC 37); the
        // drawn background-task limit stays, as an explicit key would.
        let versions = [IOSVersion(major: 12), IOSVersion(major: 15, minor: 2), IOSVersion(major: 18, minor: 4), IOSVersion(major: 27)]
        if random.chance(60) {
            let ios = versions[Int(pick(0...Int64(versions.count - 1)))]
            let taskLimitMs = scenario.device.backgroundTaskLimitMs
            scenario.device.ios = ios
            scenario.device.apply(PlatformProfile(ios: ios))
            scenario.device.compressor = Device.shippedCompressor(ios: ios)
            scenario.device.freezer = Device.shippedFreezer(ios: ios)
            scenario.device.backgroundTaskLimitMs = taskLimitMs
            scenario.device.reaperIntervalMs = max(1, duration(upTo: 5))
            scenario.device.reaperIdleMs = duration(upTo: 10)
            scenario.device.reaperFreeKiB = KiB(pick(0...(ram / 2)))
        }
        if random.chance(30) { scenario.device.appBackgroundLimitKiB = KiB(pick(0...ram)) }
        // SPEC 28, drawn after every draw above: task requests, the device's conditions, and
        // `charge` and `low_power` events among the others.
        addTaskRequests(to: &scenario, random: &random)
        if random.chance(30) { makeCatalogPhone(&scenario, random: &random) }
        // SPEC 37, drawn after every draw above: a freezer of hostile settings (a cap of 0 to 4,
        // gates of 0, a budget that runs out, a start anywhere in RAM).
        if random.chance(35) { drawFreezer(&scenario, random: &random) }
        // SPEC 12 and 37, drawn last: apps found on the phone, some suspended ones frozen (more
        // than the cap at times, and with the freezer off, where `frozen:` has no effect).
        if random.chance(40) { drawInitialApps(&scenario, random: &random) }
        return scenario
    }

    /// An `initial:` list (SPEC 12): up to four apps in scenario order, each `suspended`
    /// (frozen or not), `background` with a continuous mode of its own when it has one, or the
    /// frontmost app (at most one, `active` or `inactive`).
    static func drawInitialApps(_ scenario: inout Scenario, random: inout SplitMix64) {
        var hasFrontmost = false
        for index in scenario.apps.indices.prefix(4) where random.chance(70) {
            let continuous = scenario.apps[index].backgroundModes.intersection(.continuous)
            switch random.int(in: 0...5) {
            case 0 where !hasFrontmost:
                hasFrontmost = true
                scenario.initial.append(Scenario.InitialApp(app: index, state: random.chance(50) ? .active : .inactive))
            case 1 where !continuous.isEmpty:
                scenario.initial.append(Scenario.InitialApp(app: index, state: .background, modes: continuous))
            default:
                scenario.initial.append(Scenario.InitialApp(app: index, state: .suspended, frozen: random.chance(70)))
            }
        }
    }

    /// A `freezer:` block of small, edge-seeking values; the freezer acts only under jetsam
    /// (SPEC 37).
    static func drawFreezer(_ scenario: inout Scenario, random: inout SplitMix64) {
        var freezer = Device.Freezer()
        freezer.maxFrozen = Int(random.int(in: 0...4))
        freezer.minKiB = KiB(random.int(in: 0...64) * 1024)
        freezer.minSuspended = Int(random.int(in: 0...3))
        freezer.startFreeKiB = random.chance(50) ? nil : KiB(random.int(in: 0...scenario.device.ramKiB.count))
        freezer.intervalMs = Millis(random.int(in: 0...5_000))
        freezer.dailyKiB = KiB(random.int(in: 0...512) * 1024)
        freezer.thawMilliMBPerS = random.int(in: 1...2_000_000)
        freezer.refreezeMinThawed = Int(random.int(in: 0...3))
        freezer.demotionsPerDay = Int(random.int(in: 0...2))
        freezer.demotionThaws = Int(random.int(in: 0...5))
        scenario.device.freezer = freezer
    }

    /// SPEC 30, drawn last: the device becomes a catalog phone of its RAM, whose system memory
    /// is the catalog's scaled to that RAM, half up on whole KiB (worked out here on its own
    /// and checked against the reader's resolution).
    static func makeCatalogPhone(_ scenario: inout Scenario, random: inout SplitMix64) {
        let entries = DeviceCatalog.shipped.entries
        let entry = entries[random.index(below: entries.count)]
        let ram = scenario.device.ramKiB.count, catalogRAM = Int64(entry.ramMB) * 1024
        let system = KiB((Int64(entry.systemMB) * 1024 * ram * 2 + catalogRAM) / (2 * catalogRAM))
        let resolved = Device(ramKiB: scenario.device.ramKiB, catalog: entry, ios: nil)
        precondition(resolved.systemKiB == system, "\(entry.model) at \(ram) KiB: \(resolved.systemKiB), SPEC 30 gives \(system)")
        scenario.device.model = entry.model
        scenario.device.systemKiB = system
        scenario.device.systemSource = entry.systemSource
    }
}

/// Many apps that all get used, so that lmkd's cached ranks pass 999 and jetsam's bands fill:
/// every app is opened in turn (some stream audio), then the system takes memory back in
/// steps until the policy has purged most of them.
enum CrowdScenario {
    static func make(seed: UInt64, apps appCount: Int) -> Scenario {
        var random = SplitMix64(seed: seed)
        var apps: [AppProfile] = []
        for index in 0..<appCount {
            let active = KiB(random.int(in: 4...40) * 1024)
            var profile = AppProfile(id: "crowd\(index)", activeKiB: active, suspendedKiB: active / 2)
            if random.chance(10) { profile.backgroundModes = [.audio] }
            if random.chance(10) { profile.backgroundModes.insert(.location) }
            if random.chance(20) { profile.purgeableKiB = active / 4 }
            profile.didEnterBackgroundMs = random.chance(20) ? random.int(in: 0...3) * 1000 : 0
            apps.append(profile)
        }
        var scenario = Scenario(name: "crowd-\(seed)", policy: LMKDPolicy(), device: Device(ramMB: 4096), apps: apps)
        var time: Millis = 0
        for index in random.chance(50) ? Array(0..<appCount) : Array((0..<appCount).reversed()) {
            time += random.int(in: 0...2) * 500
            scenario.events.append(ScenarioEvent(atMs: time, .open(index)))
            if random.chance(5) {
                scenario.events.append(ScenarioEvent(atMs: time, .stopMode(index, .audio)))
            }
        }
        for _ in 0..<40 {
            time += random.int(in: 0...3) * 1000
            if random.chance(20) {
                scenario.events.append(ScenarioEvent(atMs: time, .open(Int(random.int(in: 0...Int64(appCount - 1))))))
            }
            scenario.events.append(ScenarioEvent(atMs: time, .systemAllocate(random.int(in: -50...250) * 1024)))
        }
        return scenario
    }
}

extension SplitMix64 {
    /// A number in `0..<bound` (0 when `bound` is 0).
    mutating func index(below bound: Int) -> Int {
        bound <= 0 ? 0 : Int(int(in: 0...Int64(bound - 1)))
    }
}

extension EventLog {
    /// Whether `other` holds exactly the same records, in the same order.
    func hasSameRecords(as other: EventLog) -> Bool {
        transitions == other.transitions && callbacks == other.callbacks && evictions == other.evictions
            && footprints == other.footprints && frees == other.frees && skips == other.skips
    }
}
