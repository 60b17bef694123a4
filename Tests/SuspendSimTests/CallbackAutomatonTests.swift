import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The reference model of `InvariantRecorder` judged on its own: hand-written record streams
/// that SPEC 2-6 allow pass, and streams that break one rule each are caught. Without these
/// tests, a property test that finds nothing could mean a checker that checks nothing.
@Suite struct CallbackAutomatonTests {
    /// Feeds records to an `InvariantRecorder` as the engine would, keeping free memory and
    /// the pressure rows consistent by itself.
    private struct Feed {
        var recorder: InvariantRecorder
        let scenario: Scenario
        var footprints: [KiB]
        var now: Millis = 0
        var evictions = 0

        init(_ scenario: Scenario, policy: String = "largest-first") {
            self.scenario = scenario
            recorder = InvariantRecorder(scenario: scenario, policyName: policy)
            footprints = Array(repeating: 0, count: scenario.apps.count)
            recorder.recordFree(at: 0, usedKiB: scenario.device.ramKiB - free, freeKiB: free,
                                level: EventLog.PressureLevel(freeKiB: free, device: scenario.device), compressedKiB: 0, compressorKiB: 0)
        }

        var free: KiB {
            scenario.device.ramKiB - scenario.device.reservedKiB - scenario.device.systemKiB - footprints.reduce(0, +)
        }

        var violations: [String] { recorder.violations }

        /// Starts the step of scenario event `event` (nil: a timer) at `seconds`.
        mutating func step(_ seconds: Double, event: Int?) {
            now = .seconds(seconds)
            recorder.beginStep(at: now, event: event.map { scenario.events[$0] }, index: event ?? 0)
        }

        mutating func end() { recorder.endStep(engineFreeKiB: free) }

        mutating func callback(_ app: AppIndex, _ callback: Callback) {
            recorder.recordCallback(at: now, app: app, callback, phase: nil)
        }

        mutating func footprint(_ app: AppIndex, _ state: LifecycleState, _ kib: KiB) {
            guard kib != footprints[app] else { return }
            footprints[app] = kib
            recorder.recordFootprint(at: now, app: app, state: state, footprintKiB: kib, compressedKiB: 0)
            recorder.recordFree(at: now, usedKiB: scenario.device.ramKiB - free, freeKiB: free,
                                level: EventLog.PressureLevel(freeKiB: free, device: scenario.device), compressedKiB: 0, compressorKiB: 0)
        }

        /// A transition and the footprint row that follows it.
        mutating func transition(_ app: AppIndex, _ from: LifecycleState, _ to: LifecycleState, _ cause: EventLog.TransitionCause) {
            recorder.recordTransition(at: now, app: app, from: from, to: to, cause: cause)
            footprint(app, to, scenario.apps[app].baseKiB(in: to))
        }

        mutating func kill(_ app: AppIndex, _ from: LifecycleState, _ reason: KillReason) {
            let before = free
            let footprint = footprints[app]
            transition(app, from, .notRunning, .kill(reason))
            evictions += 1
            recorder.record(Eviction(
                who: Eviction.Who(seq: evictions, timeMs: now, app: app, state: from, reason: reason),
                memory: Eviction.Memory(footprintKiB: footprint, freeBeforeKiB: before, freeAfterKiB: free),
                ranking: Eviction.Ranking(priority: nil), compressor: Eviction.Compressor(compressedKiB: 0, shortfall: nil)))
        }

        /// willFinish, didFinish, not-running -> inactive -> active.
        mutating func coldLaunch(_ app: AppIndex) {
            callback(app, .willFinishLaunching)
            callback(app, .didFinishLaunching)
            transition(app, .notRunning, .inactive, .event(.open))
            callback(app, .didBecomeActive)
            transition(app, .inactive, .active, .event(.open))
        }

        /// willResignActive, didEnterBackground, active -> inactive -> background.
        mutating func leave(_ app: AppIndex, _ cause: ScenarioEvent.Kind) {
            callback(app, .willResignActive)
            transition(app, .active, .inactive, .event(cause))
            callback(app, .didEnterBackground)
            transition(app, .inactive, .background, .event(cause))
        }
    }

    /// Two apps on a 1 GiB phone: a (100 MB, 80 in background, 50 suspended), b (300 MB).
    private func twoApps(_ events: [(Double, ScenarioEvent.Action)], configure: (inout AppProfile) -> Void = { _ in }) -> Scenario {
        var a = AppProfile(id: "a", activeMB: 100, backgroundMB: 80, suspendedMB: 50)
        configure(&a)
        let b = AppProfile(id: "b", activeMB: 300)
        var scenario = Scenario(name: "feed", device: Device(ramMB: 1024), apps: [a, b])
        for (seconds, action) in events { scenario.appendUnchecked(at: seconds, action) }
        return scenario
    }

    @Test func aLegalStreamPasses() {
        var feed = Feed(twoApps([(0, .open(0)), (10, .home), (20, .open(0))]))
        feed.step(0, event: 0)
        feed.coldLaunch(0)
        feed.end()
        feed.step(10, event: 1)
        feed.leave(0, .home)
        feed.transition(0, .background, .suspended, .timer(.handlerDone))
        feed.end()
        feed.step(20, event: 2)
        feed.callback(0, .willEnterForeground)
        feed.transition(0, .suspended, .inactive, .event(.open))
        feed.callback(0, .didBecomeActive)
        feed.transition(0, .inactive, .active, .event(.open))
        feed.end()
        #expect(feed.violations.isEmpty)
    }

    @Test func didBecomeActiveOfANotRunningAppIsCaught() {
        var feed = Feed(twoApps([(0, .open(0))]))
        feed.step(0, event: 0)
        feed.callback(0, .didBecomeActive)
        feed.transition(0, .notRunning, .active, .event(.open))
        feed.end()
        #expect(feed.violations.contains { $0.contains("applicationDidBecomeActive in state not-running") })
    }

    @Test func willFinishWithoutDidFinishIsCaught() {
        var feed = Feed(twoApps([(0, .open(0))]))
        feed.step(0, event: 0)
        feed.callback(0, .willFinishLaunching)
        feed.transition(0, .notRunning, .inactive, .event(.open))
        feed.end()
        #expect(feed.violations.contains { $0.contains("without willFinish/didFinishLaunching") })
    }

    @Test func didEnterBackgroundOfAnActiveAppIsCaught() {
        var feed = Feed(twoApps([(0, .open(0)), (10, .home)]))
        feed.step(0, event: 0)
        feed.coldLaunch(0)
        feed.end()
        feed.step(10, event: 1)
        feed.callback(0, .didEnterBackground)
        #expect(feed.violations.contains { $0.contains("applicationDidEnterBackground in state active") })
    }

    @Test func willTerminateOfASuspendedAppIsCaught() {
        var feed = Feed(twoApps([(0, .open(0)), (10, .home), (20, .forceQuit(0))]))
        feed.step(0, event: 0)
        feed.coldLaunch(0)
        feed.end()
        feed.step(10, event: 1)
        feed.leave(0, .home)
        feed.transition(0, .background, .suspended, .timer(.handlerDone))
        feed.end()
        feed.step(20, event: 2)
        feed.callback(0, .willTerminate)
        feed.kill(0, .suspended, .forceQuit)
        feed.end()
        #expect(feed.violations.contains { $0.contains("applicationWillTerminate in state suspended") })
    }

    @Test func aTransitionFromTheWrongStateIsCaught() {
        var feed = Feed(twoApps([(0, .open(0))]))
        feed.step(0, event: 0)
        feed.coldLaunch(0)
        feed.recorder.recordTransition(at: 0, app: 0, from: .inactive, to: .active, cause: .event(.open))
        #expect(feed.violations.contains { $0.contains("transition from inactive, but it was active") })
    }

    @Test func anAppLeftInBackgroundAfterItsHandlerIsCaught() {
        var feed = Feed(twoApps([(0, .open(0)), (10, .home), (20, .home)]))
        feed.step(0, event: 0)
        feed.coldLaunch(0)
        feed.end()
        feed.step(10, event: 1)
        feed.leave(0, .home)
        feed.end()
        #expect(feed.violations.contains { $0.contains("should have been suspended") })
    }

    @Test func expirationHandlerWithoutATaskIsCaught() {
        var feed = Feed(twoApps([(0, .open(0)), (10, .home)]) { $0.didEnterBackgroundMs = 3_000 })
        feed.step(0, event: 0)
        feed.coldLaunch(0)
        feed.end()
        feed.step(10, event: 1)
        feed.leave(0, .home)
        feed.end()
        feed.step(13, event: nil)
        feed.callback(0, .expirationHandler)
        #expect(feed.violations.contains { $0.contains("no task of this app expires now") })
    }

    @Test func aMissingSkipIsCaught() {
        var feed = Feed(twoApps([(0, .home)]))
        feed.step(0, event: 0)
        feed.end()
        #expect(feed.violations.contains { $0.contains("should be skipped") })
    }

    @Test func aFreeMemoryMismatchIsCaught() {
        var feed = Feed(twoApps([(0, .open(0))]))
        feed.step(0, event: 0)
        feed.coldLaunch(0)
        feed.recorder.endStep(engineFreeKiB: feed.free - 1)
        #expect(feed.violations.contains { $0.contains("but ram - reserved - system - footprints") })
    }

    @Test func killingTheFrontmostAppForMemoryPressureIsCaught() {
        var feed = Feed(twoApps([(0, .open(1)), (1, .allocate(1, 700 * 1024))]))
        feed.step(0, event: 0)
        feed.coldLaunch(1)
        feed.end()
        feed.step(1, event: 1)
        feed.footprint(1, .active, 1000 * 1024)
        feed.callback(1, .didReceiveMemoryWarning)
        feed.callback(1, .willResignActive)
        feed.transition(1, .active, .inactive, .event(.allocate))
        feed.kill(1, .inactive, .memoryPressure)
        #expect(feed.violations.contains { $0.contains("frontmost app1 killed for memory-pressure") })
    }

    @Test func aBackgroundKillWithoutWillTerminateIsCaught() {
        var feed = Feed(twoApps([(0, .open(0)), (1, .open(1)), (2, .allocate(1, 560 * 1024))]) {
            $0.backgroundModes = [.audio]
        })
        feed.step(0, event: 0)
        feed.coldLaunch(0)
        feed.end()
        feed.step(1, event: 1)
        feed.leave(0, .open)
        feed.coldLaunch(1)
        feed.end()
        feed.step(2, event: 2)
        feed.footprint(1, .active, 860 * 1024)
        feed.callback(0, .didReceiveMemoryWarning)
        feed.callback(1, .didReceiveMemoryWarning)
        feed.kill(0, .background, .memoryPressure)
        #expect(feed.violations.contains { $0.contains("without applicationWillTerminate") })
    }

    @Test func theWrongVictimIsCaught() {
        // a (50 MB suspended) and c (200 MB suspended); largest-first kills c first.
        var c = AppProfile(id: "c", activeMB: 200)
        c.didEnterBackgroundMs = 0
        var scenario = twoApps([(0, .open(0)), (1, .open(2)), (2, .open(1)), (3, .allocate(1, 600 * 1024))])
        scenario.apps.append(c)
        var feed = Feed(scenario)
        feed.step(0, event: 0)
        feed.coldLaunch(0)
        feed.end()
        feed.step(1, event: 1)
        feed.leave(0, .open)
        feed.transition(0, .background, .suspended, .timer(.handlerDone))
        feed.coldLaunch(2)
        feed.end()
        feed.step(2, event: 2)
        feed.leave(2, .open)
        feed.transition(2, .background, .suspended, .timer(.handlerDone))
        feed.coldLaunch(1)
        feed.end()
        feed.step(3, event: 3)
        feed.footprint(1, .active, 900 * 1024)
        feed.callback(1, .didReceiveMemoryWarning)
        feed.kill(0, .suspended, .memoryPressure)
        #expect(feed.violations.contains { $0.contains("largest-first killed app0, SPEC 6 kills app2 first") })
    }
}
