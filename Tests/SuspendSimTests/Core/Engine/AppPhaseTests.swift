import Testing
@testable import SuspendSimCore

/// SPEC 2 and 4: an app's phase holds its background work only in `background`.
@Suite("App phase: work only in background (SPEC 4)")
struct AppPhaseTests {
    @Test("Every state is entered afresh, with no work running, and reads back as itself")
    func enteringEveryState() {
        for state in LifecycleState.allCases {
            let phase = AppRuntime.Phase(entering: state)
            #expect(phase.state == state)
            #expect(phase.work.isEmpty)
        }
    }

    @Test("Work begins and ends in background; the app has a reason to run while any runs")
    func workInBackground() {
        var app = AppRuntime()
        app.phase = AppRuntime.Phase(entering: .background)
        #expect(!app.hasReasonToRun)
        app.begin(.handler)
        app.begin(.task)
        #expect(app.phase.work == [.handler, .task])
        app.end(.handler)
        #expect(app.hasReasonToRun)
        app.end(.task)
        #expect(!app.hasReasonToRun)
        #expect(app.state == .background)
    }

    @Test("Outside background there is no work to end")
    func endingOutsideBackground() {
        for state in LifecycleState.allCases where state != .background {
            var app = AppRuntime()
            app.phase = AppRuntime.Phase(entering: state)
            app.end([.handler, .task, .wake])
            #expect(app.state == state)
            #expect(app.phase.work.isEmpty)
        }
    }

    @Test("A kill's reset ends the work")
    func resetEndsWork() {
        var app = AppRuntime()
        app.phase = AppRuntime.Phase(entering: .background)
        app.begin(.wake)
        app.resetProcess()
        #expect(app.phase.work.isEmpty)
    }

    @Test("The phase is as small as the state and the flags it replaced")
    func phaseSize() {
        #expect(MemoryLayout<AppRuntime.Phase>.size <= 2)
    }
}
