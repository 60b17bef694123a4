import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 11 "Scene life cycle": a `lifecycle: scene` app gets `UISceneDelegate` callbacks in
/// place of the four app-level ones ("Managing your app's life cycle"), a scene connection
/// when it comes to the foreground with none, and a SwiftUI `Callback.ScenePhase` after each callback.
@Suite struct SceneLifecycleTests {
    /// The State Lab walkthrough: cold launch, home, warm reopen, alert, reply, a fetch wake,
    /// force-quit while suspended, and a cold launch again.
    let walkthrough: [(Double, ScenarioEvent.Action)] = [
        (0, .open(0)), (10, .home), (20, .open(0)), (30, .alert), (35, .alertReply),
        (40, .wake(0, .fetch)), (50, .forceQuit(0)), (60, .open(0)),
    ]

    func run(_ lifecycle: AppProfile.Lifecycle) -> SimulationResult<EventLog> {
        let lab = app("com.lab", 120, background: 80, suspended: 60) {
            $0.backgroundModes = [.fetch]
            $0.lifecycle = lifecycle
        }
        return Simulation.run(scenario(apps: [lab], walkthrough))
    }

    func rows(_ result: SimulationResult<EventLog>) -> [String] {
        result.log.callbacks.map { "\($0.timeMs.seconds) \($0.callback.rawValue) \($0.phase?.rawValue ?? "-")" }
    }

    @Test("State Lab with the app delegate: the classic callbacks, no phase (SPEC 2, 11)")
    func appDelegateWalkthrough() {
        #expect(rows(run(.app)) == [
            "0.0 application(_:willFinishLaunchingWithOptions:) -",
            "0.0 application(_:didFinishLaunchingWithOptions:) -",
            "0.0 applicationDidBecomeActive -",
            "10.0 applicationWillResignActive -",
            "10.0 applicationDidEnterBackground -",
            "20.0 applicationWillEnterForeground -",
            "20.0 applicationDidBecomeActive -",
            "30.0 applicationWillResignActive -",
            "35.0 applicationDidBecomeActive -",
            "35.0 applicationWillResignActive -",
            "35.0 applicationDidEnterBackground -",
            "40.0 application(_:performFetchWithCompletionHandler:) -",
            "60.0 application(_:willFinishLaunchingWithOptions:) -",
            "60.0 application(_:didFinishLaunchingWithOptions:) -",
            "60.0 applicationDidBecomeActive -",
        ])
    }

    @Test("State Lab with scenes: scene callbacks in the same places, a scene connecting on each cold launch, Callback.ScenePhase after each (SPEC 11, 16)")
    func sceneWalkthrough() {
        #expect(rows(run(.scene)) == [
            "0.0 application(_:willFinishLaunchingWithOptions:) background",
            "0.0 application(_:didFinishLaunchingWithOptions:) background",
            "0.0 scene(_:willConnectTo:options:) background",
            "0.0 sceneWillEnterForeground inactive",
            "0.0 sceneDidBecomeActive active",
            "10.0 sceneWillResignActive inactive",
            "10.0 sceneDidEnterBackground background",
            "20.0 sceneWillEnterForeground inactive",
            "20.0 sceneDidBecomeActive active",
            "30.0 sceneWillResignActive inactive",
            "35.0 sceneDidBecomeActive active",
            "35.0 sceneWillResignActive inactive",
            "35.0 sceneDidEnterBackground background",
            // Wake callbacks stay on the app delegate; the phase is the scene's.
            "40.0 application(_:performFetchWithCompletionHandler:) background",
            // The force-quit ended the process and its scene: the next launch connects one.
            "60.0 application(_:willFinishLaunchingWithOptions:) background",
            "60.0 application(_:didFinishLaunchingWithOptions:) background",
            "60.0 scene(_:willConnectTo:options:) background",
            "60.0 sceneWillEnterForeground inactive",
            "60.0 sceneDidBecomeActive active",
        ])
    }

    @Test("A wake launch connects no scene; the first open of that process connects one, with sceneWillEnterForeground once (SPEC 11)")
    func wakeLaunchThenOpen() {
        let lab = app("com.lab") {
            $0.backgroundModes = [.fetch]
            $0.lifecycle = .scene
        }
        let result = Simulation.run(scenario(apps: [lab], [(0, .wake(0, .fetch)), (10, .open(0)), (20, .home), (30, .open(0))]))
        #expect(rows(result) == [
            "0.0 application(_:willFinishLaunchingWithOptions:) background",
            "0.0 application(_:didFinishLaunchingWithOptions:) background",
            "0.0 application(_:performFetchWithCompletionHandler:) background",
            "10.0 scene(_:willConnectTo:options:) background",
            "10.0 sceneWillEnterForeground inactive",
            "10.0 sceneDidBecomeActive active",
            "20.0 sceneWillResignActive inactive",
            "20.0 sceneDidEnterBackground background",
            "30.0 sceneWillEnterForeground inactive",
            "30.0 sceneDidBecomeActive active",
        ])
    }

    @Test("Transitions are the same in both life cycles (SPEC 11: transitions.csv is unchanged)")
    func transitionsUnchanged() {
        #expect(run(.scene).transitions(of: 0) == run(.app).transitions(of: 0))
    }

    @Test("applicationWillTerminate and memory warnings stay on the app delegate (SPEC 11)")
    func appLevelCallbacksStay() {
        let audio = app("com.music", 100) {
            $0.lifecycle = .scene
            $0.backgroundModes = [.audio]
        }
        var scenario = scenario(ramMB: 1024, apps: [audio], [(0, .open(0)), (5, .home), (10, .systemAllocate(900 * 1024))])
        scenario.device.warningFreeKiB = 200 * 1024
        let result = Simulation.run(scenario)
        let tail = rows(result).suffix(2)
        #expect(tail == ["10.0 applicationDidReceiveMemoryWarning background", "10.0 applicationWillTerminate background"])
    }

    @Test("Under a cover, sceneDidBecomeActive waits for it to go (SPEC 16)")
    func coverDelaysActivation() {
        let lab = app("com.lab") { $0.lifecycle = .scene }
        // A call answered while the app is frontmost, the device locked during it, the call
        // ended while locked: the app comes back inactive, and active on unlock.
        let result = Simulation.run(scenario(apps: [lab], [(0, .open(0)), (5, .call), (6, .callAnswer), (7, .lock), (8, .callEnd), (9, .unlock)]))
        let rows = rows(result)
        #expect(rows.last == "9.0 sceneDidBecomeActive active")
        #expect(!rows.contains { $0.hasPrefix("8.0 sceneDidBecomeActive") })
    }
}
