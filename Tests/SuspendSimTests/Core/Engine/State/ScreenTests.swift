import Testing
@testable import SuspendSimCore

/// The screen alone (SPEC 3, "Overlapping interruptions"): what covers the frontmost app, what
/// blocks a switch, and SPEC 6's recency counter.
@Suite struct ScreenTests {
    @Test("A lock, an alert or a ringing call covers the frontmost app; an answered call does not")
    func covers() {
        var screen = Screen()
        #expect(!screen.isCovered)
        screen.alertShowing = true
        #expect(screen.isCovered)
        screen.alertShowing = false
        screen.call = .ringing
        #expect(screen.isCovered)
        screen.call = .inProgress(returnTo: 2, userOpenedApp: false)
        #expect(!screen.isCovered)
        screen.locked = true
        #expect(screen.isCovered)
    }

    @Test("open, home and force_quit are blocked by the lock first, then by a ringing call; an alert blocks nothing")
    func switchingBlocked() {
        var screen = Screen()
        screen.alertShowing = true
        #expect(screen.switchingBlocked == nil)
        screen.call = .ringing
        #expect(screen.switchingBlocked == .callRinging)
        screen.locked = true
        #expect(screen.switchingBlocked == .deviceLocked)
        screen.call = .inProgress(returnTo: nil, userOpenedApp: false)
        screen.locked = false
        #expect(screen.switchingBlocked == nil)
    }

    @Test("The frontmost app leaves with its alert and takes the next recency order: 1, 2, ...; the home screen takes none")
    func endFrontmost() {
        var screen = Screen()
        let none = screen.endFrontmost()
        #expect(none == nil)
        #expect(screen.frontmostEndCounter == 0)
        screen.frontmost = 4
        screen.alertShowing = true
        let first = screen.endFrontmost()
        #expect(first?.app == 4 && first?.order == 1)
        #expect(screen.frontmost == nil && !screen.alertShowing)
        let second = screen.nextFrontmostEnd()
        screen.frontmost = 0
        let third = screen.endFrontmost()
        #expect(second == 2 && third?.order == 3)
    }

    @Test("An app opened during an answered call is noted (call_end then switches nothing); a ringing call is left alone")
    func appOpenedDuringCall() {
        var screen = Screen()
        screen.call = .ringing
        screen.noteAppOpenedDuringCall()
        #expect(screen.call == .ringing)
        screen.call = .inProgress(returnTo: 3, userOpenedApp: false)
        screen.noteAppOpenedDuringCall()
        #expect(screen.call == .inProgress(returnTo: 3, userOpenedApp: true))
    }
}
