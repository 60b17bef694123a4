import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `explain` and the freezer (SPEC 37): a thaw's wait, and a victim frozen on flash or demoted.
@Suite struct FreezerNarrativeTests {
    @Test("explain names a warm launch's thaw wait (f ÷ thaw_mb_s) and says that the victim was frozen on flash")
    func thawWaitAndFrozenVictim() throws {
        // FreezerReportTests' run with thaw_mb_s 250: a's warm launch at 10 s reads 50 MB back
        // at 250 MB/s, 0.200 s; a, refrozen at 20 s, is force-quit on flash at 25 s.
        let text = FreezerReportTests.text.replacingOccurrences(of: "refreeze_min_thawed: 1 }", with: "refreeze_min_thawed: 1, thaw_mb_s: 250 }")
        let explanation = try TaskNarrativeTests.explain(text)
        let lines = explanation.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("    It was frozen and on flash (the freezer's band, 75): the kill freed its copy on flash and no memory."))
        #expect(lines.suffix(3) == [
            "Warm launches that waited for a thaw:", "  10.000 s  com.a  thawed from flash: 50.000 MB at 250.000 MB/s, 0.200 s", "",
        ])
        // Only com.b's: b was never evicted and never waited.
        let b = try TaskNarrativeTests.explain(text, app: "com.b")
        #expect(!b.contains("thawed from flash"))
    }

    @Test("A demoted victim is said to be demoted, with when")
    func demotedVictim() {
        var tracker = FreezerStandingTracker()
        tracker.act(EventLog.FreezerRecord(timeMs: .ms(3_000), app: 0, action: .freeze, writtenKiB: .mb(50), budgetLeftKiB: .zero,
                                           frozenCount: 1, readKiB: .zero, waitMs: .zero))
        tracker.act(EventLog.FreezerRecord(timeMs: .ms(86_400_000), app: 0, action: .demote, writtenKiB: .zero, budgetLeftKiB: .zero,
                                           frozenCount: 1, readKiB: .zero, waitMs: .zero))
        let eviction = Eviction(
            who: Eviction.Who(seq: 1, timeMs: .ms(86_700_000), app: 0, state: .suspended, reason: .longIdleExit, trigger: .reaper),
            memory: Eviction.Memory(footprintKiB: .mb(50), freeBeforeKiB: .zero, freeAfterKiB: .zero, thresholdKiB: nil),
            ranking: Eviction.Ranking(priority: 0, order: nil), compressor: Eviction.Compressor(compressedKiB: .zero, shortfall: nil))
        tracker.evictionRow(eviction)
        #expect(FreezerNarrative.lines(eviction, context: tracker.context)
            == ["    It was frozen and demoted to band 0 at 86400.000 s by the freezer's daily tick."])
    }
}
