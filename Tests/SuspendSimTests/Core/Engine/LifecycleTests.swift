import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 2–3: the callbacks each user event produces, in the order devices produce them.
@Suite struct LifecycleTests {
    let a = 0, b = 1

    @Test("State Lab: cold launch, home, warm reopen, home (SPEC 3 open/home)")
    func launchHomeReopen() {
        let result = Simulation.run(scenario(apps: [app("com.lab")], [(0, .open(0)), (10, .home), (20, .open(0)), (30, .home)]))
        #expect(result.log.callbacks(of: a) == [
            .willFinishLaunching, .didFinishLaunching, .didBecomeActive,
            .willResignActive, .didEnterBackground,
            .willEnterForeground, .didBecomeActive,
            .willResignActive, .didEnterBackground,
        ])
        #expect(result.transitions(of: a) == [
            "not-running->inactive (open)", "inactive->active (open)",
            "active->inactive (home)", "inactive->background (home)", "background->suspended (handler-done)",
            "suspended->inactive (open)", "inactive->active (open)",
            "active->inactive (home)", "inactive->background (home)", "background->suspended (handler-done)",
        ])
        #expect(result.outcome("com.lab").coldLaunches == 1)
        #expect(result.outcome("com.lab").warmLaunches == 1)
    }

    @Test("State Lab: force-quit of a suspended app prints nothing (SPEC 2)")
    func forceQuitSuspended() {
        let result = Simulation.run(scenario(apps: [app("com.lab")], [(0, .open(0)), (10, .home), (20, .forceQuit(0))]))
        #expect(result.log.callbacks(of: a).suffix(2) == [.willResignActive, .didEnterBackground])
        #expect(result.log.callbacks.count == 5)
        #expect(result.kills == ["com.lab:force-quit"])
        #expect(result.log.evictions.first?.who.state == .suspended)
        #expect(result.outcome("com.lab").stateLosses == 0)
    }

    @Test("State Lab: alert then dismiss (SPEC 3 alert, alert_dismiss)")
    func alertDismiss() {
        let result = Simulation.run(scenario(apps: [app("com.lab")], [(0, .open(0)), (5, .alert), (6, .alertDismiss)]))
        #expect(result.timedCallbacks(of: a).map(\.1).suffix(2) == [.willResignActive, .didBecomeActive])
        #expect(result.timedCallbacks(of: a).last?.0 == 6)
        #expect(result.outcome("com.lab").finalState == .active)
    }

    @Test("State Lab: alert then reply: didBecomeActive, willResignActive, didEnterBackground (SPEC 3)")
    func alertReply() {
        let result = Simulation.run(scenario(apps: [app("com.lab")], [(0, .open(0)), (5, .alert), (6, .alertReply)]))
        #expect(result.log.callbacks(of: a).dropFirst(3) == [
            .willResignActive, .didBecomeActive, .willResignActive, .didEnterBackground,
        ])
        #expect(result.outcome("com.lab").finalState == .suspended)
    }

    @Test("alert_reply while locked logs only applicationDidEnterBackground (SPEC 10)")
    func alertReplyWhileLocked() {
        let result = Simulation.run(scenario(apps: [app("com.lab")], [(0, .open(0)), (1, .lock), (2, .alert), (3, .alertReply)]))
        #expect(result.log.callbacks(of: a).dropFirst(3) == [.willResignActive, .didEnterBackground])
    }

    @Test("Opening another app: the frontmost one leaves first (SPEC 3 open)")
    func appSwitch() {
        let result = Simulation.run(scenario(apps: [app("com.a"), app("com.b")], [(0, .open(0)), (5, .open(1)), (9, .open(0))]))
        let order = result.log.callbacks.filter { $0.timeMs == 5000 }.map { "\($0.app):\($0.callback.rawValue)" }
        #expect(order == [
            "0:applicationWillResignActive", "0:applicationDidEnterBackground",
            "1:application(_:willFinishLaunchingWithOptions:)", "1:application(_:didFinishLaunchingWithOptions:)",
            "1:applicationDidBecomeActive",
        ])
        #expect(result.log.callbacks(of: a).suffix(2) == [.willEnterForeground, .didBecomeActive])
        #expect(result.outcome("com.a").warmLaunches == 1)
    }

    @Test("Events that make no sense are skipped, not errors (SPEC 3)")
    func skippedEvents() {
        let result = Simulation.run(scenario(apps: [app("com.a")], [
            (0, .alertDismiss), (1, .home), (2, .open(0)), (3, .open(0)), (4, .unlock), (5, .forceQuit(0)),
            (6, .forceQuit(0)), (7, .callEnd),
        ]))
        #expect(result.log.skips.map(\.reason) == [.noAlert, .noFrontmostApp, .alreadyFrontmost, .notLocked, .notRunning, .noCallInProgress])
        #expect(result.log.skips.map(\.app) == [nil, nil, 0, nil, 0, nil])
        #expect(result.eventsRun == 8)
    }

    @Test("While locked or ringing, open, home and force_quit are skipped (SPEC 3)")
    func lockedAndRingingSkips() {
        let result = Simulation.run(scenario(apps: [app("com.a"), app("com.b")], [
            (0, .open(0)), (1, .lock), (2, .open(1)), (3, .home), (4, .forceQuit(0)), (5, .unlock),
            (6, .call), (7, .open(1)), (8, .home), (9, .forceQuit(0)), (10, .callDecline),
        ]))
        #expect(result.log.skips.map(\.reason) == [.deviceLocked, .deviceLocked, .deviceLocked, .callRinging, .callRinging, .callRinging])
        #expect(result.log.callbacks(of: a).suffix(4) == [.willResignActive, .didBecomeActive, .willResignActive, .didBecomeActive])
    }

    @Test("Covers overlap: active only when no lock, alert or ringing call covers (SPEC 3)")
    func overlappingCovers() {
        let result = Simulation.run(scenario(apps: [app("com.a")], [
            (0, .open(0)), (1, .alert), (2, .lock), (3, .alertDismiss), (4, .call), (5, .unlock), (6, .callDecline),
        ]))
        // One resign when the alert comes, one become-active when the last cover (the call) goes.
        #expect(result.timedCallbacks(of: a).map(\.0).suffix(2) == [1, 6])
        #expect(result.log.callbacks(of: a).suffix(2) == [.willResignActive, .didBecomeActive])
    }

    @Test("lock on the home screen locks all the same (SPEC 3)")
    func lockOnHomeScreen() {
        let result = Simulation.run(scenario(apps: [app("com.a")], [(0, .lock), (1, .open(0)), (2, .unlock), (3, .open(0))]))
        #expect(result.log.skips.map(\.reason) == [.deviceLocked])
        #expect(result.outcome("com.a").finalState == .active)
    }

    @Test("An alert belongs to its app: gone when the app leaves (SPEC 3)")
    func alertGoesWithItsApp() {
        let result = Simulation.run(scenario(apps: [app("com.a"), app("com.b")], [
            (0, .open(0)), (1, .alert), (2, .open(1)), (3, .alertDismiss),
        ]))
        #expect(result.log.skips.map(\.reason) == [.noAlert])
        #expect(result.outcome("com.b").finalState == .active)
    }

    @Test("Call answered: didEnterBackground; call_end brings the app back warm (SPEC 3)")
    func callAnswerAndEnd() {
        let result = Simulation.run(scenario(apps: [app("com.a")], [(0, .open(0)), (1, .call), (2, .callAnswer), (60, .callEnd)]))
        #expect(result.log.callbacks(of: a).dropFirst(3) == [
            .willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive,
        ])
    }

    @Test("call_end cold-launches an app force-quit during the call; nothing switches if the user opened an app (SPEC 3, 10)")
    func callEndVariants() {
        let quit = Simulation.run(scenario(apps: [app("com.a")], [
            (0, .open(0)), (1, .call), (2, .callAnswer), (3, .forceQuit(0)), (4, .callEnd),
        ]))
        #expect(quit.log.callbacks(of: a).suffix(3) == [.willFinishLaunching, .didFinishLaunching, .didBecomeActive])
        #expect(quit.outcome("com.a").coldLaunches == 2)

        let opened = Simulation.run(scenario(apps: [app("com.a"), app("com.b")], [
            (0, .open(0)), (1, .call), (2, .callAnswer), (3, .open(1)), (4, .callEnd),
        ]))
        #expect(opened.outcome("com.a").finalState == .suspended)
        #expect(opened.outcome("com.b").finalState == .active)
    }

    @Test("call_end while locked brings the app back inactive (SPEC 10)")
    func callEndWhileLocked() {
        let result = Simulation.run(scenario(apps: [app("com.a")], [
            (0, .open(0)), (1, .call), (2, .callAnswer), (3, .lock), (4, .callEnd), (5, .unlock),
        ]))
        #expect(result.timedCallbacks(of: a).suffix(2).map(\.0) == [4, 5])
        #expect(result.log.callbacks(of: a).suffix(2) == [.willEnterForeground, .didBecomeActive])
    }

    @Test("A call during a call is skipped; an alert may come while ringing (SPEC 10)")
    func callDuringCall() {
        let result = Simulation.run(scenario(apps: [app("com.a")], [(0, .open(0)), (1, .call), (2, .alert), (3, .call)]))
        #expect(result.log.skips.map(\.reason) == [.callInProgress])
        #expect(result.log.callbacks(of: a).suffix(1) == [.willResignActive])
    }

    @Test("Force-quit of the frontmost app: willResignActive, then it vanishes; of an inactive one, no callback (SPEC 3)")
    func forceQuitFrontmost() {
        let active = Simulation.run(scenario(apps: [app("com.a")], [(0, .open(0)), (1, .forceQuit(0))]))
        #expect(active.log.callbacks(of: a).suffix(1) == [.willResignActive])
        #expect(active.kills == ["com.a:force-quit"])
        #expect(active.log.evictions.first?.who.state == .inactive)

        let inactive = Simulation.run(scenario(apps: [app("com.a")], [(0, .open(0)), (1, .alert), (2, .forceQuit(0))]))
        #expect(inactive.log.callbacks(of: a).suffix(1) == [.willResignActive])
        #expect(inactive.log.callbacks.count == 4)
    }

    @Test("Force-quit of a background app calls applicationWillTerminate (SPEC 2)")
    func forceQuitBackground() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundTaskMs = 60_000 }], [
            (0, .open(0)), (1, .home), (2, .forceQuit(0)),
        ]))
        #expect(result.log.callbacks(of: a).suffix(1) == [.willTerminate])
        #expect(result.log.evictions.first?.who.state == .background)
    }
}
