import Testing
@testable import SuspendSimCore

/// The long-idle reaper's clock alone (SPEC 11, 16).
@Suite struct ReaperClockTests {
    static func timer(_ seconds: Double, seq: UInt64) -> PendingTimer {
        PendingTimer(timeMs: .seconds(seconds), seq: seq, kind: .handlerDone, app: 0, epoch: 0)
    }

    @Test("A tick runs after a scenario event at its instant, and among timers by sequence number")
    func order() {
        let clock = ReaperClock()
        let tick = (timeMs: Millis.seconds(10), seq: UInt64(5))
        #expect(!clock.isFirst(tick, timer: nil, eventTime: .seconds(10)))
        #expect(clock.isFirst(tick, timer: nil, eventTime: .seconds(11)))
        #expect(clock.isFirst(tick, timer: Self.timer(10, seq: 6), eventTime: nil))
        #expect(!clock.isFirst(tick, timer: Self.timer(10, seq: 4), eventTime: nil))
        #expect(!clock.isFirst(tick, timer: Self.timer(9.999, seq: 9), eventTime: nil))
    }

    @Test("Skipping moves the tick to the first multiple of the interval at or after the time, keeping its sequence number")
    func skip() {
        var clock = ReaperClock()
        clock.skip(to: .seconds(500), interval: .seconds(60))
        #expect(clock.next == nil)
        clock.next = (.seconds(60), 7)
        clock.skip(to: .seconds(30), interval: .seconds(60))
        #expect(clock.next?.timeMs == .seconds(60))
        clock.skip(to: .seconds(61), interval: .seconds(60))
        #expect(clock.next?.timeMs == .seconds(120) && clock.next?.seq == 7)
        clock.skip(to: .seconds(180), interval: .seconds(60))
        #expect(clock.next?.timeMs == .seconds(180))
    }
}
