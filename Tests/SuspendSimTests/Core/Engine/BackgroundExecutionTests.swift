import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 4 and 10: what an app may do once it is in the background.
@Suite struct BackgroundExecutionTests {
    @Test("exits_on_suspend: applicationWillTerminate right after applicationDidEnterBackground (SPEC 4.1)")
    func exitsOnSuspend() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.exitsOnSuspend = true }], [(0, .open(0)), (1, .home)]))
        #expect(result.log.callbacks(of: 0).suffix(2) == [.didEnterBackground, .willTerminate])
        #expect(result.kills == ["com.a:exits-on-suspend"])
        #expect(result.outcome("com.a").otherKills == 0)
        #expect(result.outcome("com.a").pressureKills == 0)
        #expect(result.outcome("com.a").stateLosses == 0)
    }

    @Test("The handler runs did_enter_background_s, then the app suspends (SPEC 4.2)")
    func handlerTime() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.didEnterBackgroundMs = 3_000 }], [(0, .open(0)), (1, .home)]))
        let last = result.log.transitions.last!
        #expect(last.to == .suspended && last.timeMs == 4_000 && last.cause == .timer(.handlerDone))
    }

    @Test("The watchdog kills a handler that runs past 5 s, at the limit, losing state (SPEC 4.2)")
    func watchdog() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.didEnterBackgroundMs = 7_000 }], [(0, .open(0)), (1, .home)]))
        #expect(result.kills == ["com.a:watchdog"])
        #expect(result.log.evictions.first?.who.timeMs == 6_000)
        #expect(!result.log.callbacks(of: 0).contains(.willTerminate))
        #expect(result.outcome("com.a").otherKills == 1)
        #expect(result.outcome("com.a").stateLosses == 1)
    }

    @Test("A handler of exactly 5 s is not killed: only exceeding the limit is (SPEC 4.2)")
    func watchdogBoundary() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.didEnterBackgroundMs = 5_000 }], [(0, .open(0)), (1, .home)]))
        #expect(result.kills.isEmpty)
        #expect(result.outcome("com.a").finalState == .suspended)
    }

    @Test("A 25 s task inside the 180 s limit: suspended at task-done (SPEC 4.3)")
    func shortTask() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundTaskMs = 25_000 }], [(0, .open(0)), (10, .home)]))
        let last = result.log.transitions.last!
        #expect(last.to == .suspended && last.timeMs == 35_000 && last.cause == .timer(.taskDone))
        #expect(!result.log.callbacks(of: 0).contains(.expirationHandler))
    }

    @Test("A 300 s task: expirationHandler at 180 s, then suspended (SPEC 4.3)")
    func expiringTask() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundTaskMs = 300_000 }], [(0, .open(0)), (10, .home)]))
        #expect(result.timedCallbacks(of: 0).last! == (190, .expirationHandler))
        let last = result.log.transitions.last!
        #expect(last.to == .suspended && last.timeMs == 190_000 && last.cause == .timer(.taskExpired))
    }

    @Test("ends_task_on_expiration false: killed at the limit even with a continuous mode in use (SPEC 4.3, 10)")
    func expiredTaskKills() {
        let result = Simulation.run(scenario(apps: [app("com.a") {
            $0.backgroundTaskMs = 300_000
            $0.endsTaskOnExpiration = false
            $0.backgroundModes = [.audio]
        }], [(0, .open(0)), (10, .home)]))
        #expect(result.kills == ["com.a:background-task-expired"])
        #expect(result.log.callbacks(of: 0).suffix(1) == [.expirationHandler])
    }

    @Test("Handler and task ending together: the cause is task-done (SPEC 10)")
    func handlerAndTaskTogether() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.didEnterBackgroundMs = 4_000; $0.backgroundTaskMs = 4_000 }],
                                             [(0, .open(0)), (1, .home)]))
        #expect(result.log.transitions.last!.cause == .timer(.taskDone))
    }

    @Test("A task that expires while the handler runs: suspended when the handler ends (SPEC 10)")
    func taskExpiresDuringHandler() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.didEnterBackgroundMs = 8_000; $0.backgroundTaskMs = 9_000 }],
                                             configure: { $0.didEnterBackgroundLimitMs = 10_000; $0.backgroundTaskLimitMs = 6_000 },
                                             [(0, .open(0)), (1, .home)]))
        #expect(result.timedCallbacks(of: 0).last! == (7, .expirationHandler))
        let last = result.log.transitions.last!
        #expect(last.timeMs == 9_000 && last.cause == .timer(.handlerDone) && last.to == .suspended)
    }

    @Test("Continuous modes keep the app in background; stopping the last one suspends it (SPEC 4.4)")
    func continuousModes() {
        let result = Simulation.run(scenario(apps: [app("com.music") { $0.backgroundModes = [.audio, .location] }], [
            (0, .open(0)), (1, .home), (100, .stopMode(0, .audio)), (200, .stopMode(0, .location)),
        ]))
        let last = result.log.transitions.last!
        #expect(last.timeMs == 200_000 && last.to == .suspended && last.cause == .event(.stopMode))
        #expect(result.log.transitions.filter { $0.to == .suspended }.count == 1)
    }

    @Test("A warm open does not put modes back in use; a cold launch by the user does (SPEC 10)")
    func warmOpenKeepsModesStopped() {
        let result = Simulation.run(scenario(apps: [app("com.music") { $0.backgroundModes = [.audio] }], [
            (0, .open(0)), (1, .stopMode(0, .audio)), (2, .home), (3, .open(0)), (4, .home),
        ]))
        #expect(result.log.transitions.filter { $0.to == .suspended }.map(\.timeMs) == [2_000, 4_000])
    }

    @Test("start_mode needs running code, a declared mode, and a mode not in use (SPEC 3, 10)")
    func startModeSkips() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundModes = [.audio] }], [
            (0, .startMode(0, .audio)), (1, .open(0)), (2, .startMode(0, .audio)), (3, .startMode(0, .location)),
            (4, .stopMode(0, .audio)), (5, .stopMode(0, .audio)),
        ]))
        #expect(result.log.skips.map(\.reason) == [.notRunningCode, .modeAlreadyInUse, .modeNotDeclared, .modeNotInUse])
    }

    @Test("Fetch wake of a suspended app: background, the callback, wake_work_s, suspended (SPEC 3 wake)")
    func wakeSuspended() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundModes = [.fetch]; $0.wakeWorkMs = 2_000 }], [
            (0, .open(0)), (1, .home), (10, .wake(0, .fetch)),
        ]))
        #expect(result.timedCallbacks(of: 0).last! == (10, .performFetch))
        #expect(result.transitions(of: 0).suffix(2) == ["suspended->background (wake)", "background->suspended (wake-done)"])
        #expect(result.log.transitions.last!.timeMs == 12_000)
    }

    @Test("Wake of a not-running app launches it into the background: no didBecomeActive, no launch counted (SPEC 3, 8)")
    func launchIntoBackground() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundModes = [.remoteNotification, .audio] }], [
            (5, .wake(0, .remoteNotification)),
        ]))
        #expect(result.log.callbacks(of: 0) == [.willFinishLaunching, .didFinishLaunching, .didReceiveRemoteNotification])
        #expect(result.transitions(of: 0) == ["not-running->background (wake)", "background->suspended (wake-done)"])
        #expect(result.outcome("com.a").coldLaunches == 0 && result.outcome("com.a").warmLaunches == 0)
    }

    @Test("Wakes: undeclared mode and force-quit apps are skipped; frontmost gets the callback only (SPEC 3)")
    func wakeSkips() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundModes = [.fetch, .processing] }], [
            (0, .wake(0, .remoteNotification)), (1, .open(0)), (2, .wake(0, .processing)), (3, .forceQuit(0)), (4, .wake(0, .fetch)),
            (5, .open(0)), (6, .home), (7, .wake(0, .fetch)),
        ]))
        #expect(result.log.skips.map(\.reason) == [.modeNotDeclared, .userTerminated])
        #expect(result.timedCallbacks(of: 0).filter { $0.0 == 2 }.map(\.1) == [.processingTaskLaunchHandler])
        #expect(result.timedCallbacks(of: 0).last! == (7, .performFetch))
    }

    @Test("Wake work that outlasts the window gets the app killed (wake-timeout), no callback (SPEC 3)")
    func wakeTimeout() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundModes = [.fetch]; $0.wakeWorkMs = 31_000 }], [
            (0, .wake(0, .fetch)),
        ]))
        #expect(result.kills == ["com.a:wake-timeout"])
        #expect(result.log.evictions.first?.who.timeMs == 30_000)
        #expect(result.outcome("com.a").otherKills == 1)
        // Never frontmost: nothing to lose.
        #expect(result.outcome("com.a").stateLosses == 0)
    }

    @Test("processing wakes use processing_window_s (SPEC 3)")
    func processingWindow() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundModes = [.processing]; $0.wakeWorkMs = 300_000 }], [
            (0, .wake(0, .processing)),
        ]))
        #expect(result.kills.isEmpty)
        #expect(result.log.transitions.last!.timeMs == 300_000)
    }

    @Test("A warm open cancels pending background timers (SPEC 3 open)")
    func warmOpenCancelsTimers() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundTaskMs = 300_000 }], [
            (0, .open(0)), (1, .home), (50, .open(0)),
        ]))
        #expect(!result.log.callbacks(of: 0).contains(.expirationHandler))
        #expect(result.outcome("com.a").finalState == .active)
    }

    @Test("saves_state false: a later pressure kill loses state; saves_state true does not (SPEC 4, 5)")
    func stateSaving() {
        for saves in [true, false] {
            let result = Simulation.run(scenario(ramMB: 1000, apps: [
                app("com.a", 400) { $0.savesState = saves }, app("com.big", 100),
            ], [(0, .open(0)), (1, .home), (2, .open(1)), (3, .allocate(1, KiB(480 * 1024)))]))
            #expect(result.kills == ["com.a:memory-pressure"])
            #expect(result.outcome("com.a").stateLosses == (saves ? 0 : 1))
        }
    }
}
