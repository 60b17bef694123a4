import Testing
@testable import SuspendSimCore

/// The pressure check's own state alone (SPEC 5, 10, 32).
@Suite struct PressureCheckTests {
    @Test("Apps noted over their limit are taken once each, in scenario order, and the list empties")
    func overLimit() {
        var check = PressureCheck()
        let none = check.takeOverLimit()
        for index: AppIndex in [3, 1, 3, 0] { check.noteOverLimit(index) }
        let taken = check.takeOverLimit()
        let again = check.takeOverLimit()
        #expect(none.isEmpty && taken == [0, 1, 3] && again.isEmpty)
    }

    @Test("A warning episode starts below warning_free_mb, once, and ends at a check that settles at or above it")
    func warningEpisode() {
        var check = PressureCheck()
        var starts: [Bool] = []
        func look(at free: KiB) { starts.append(check.startsWarningEpisode(freeKiB: free, warningFreeKiB: 100)) }
        look(at: 100)
        look(at: 99)
        look(at: 50)
        check.settle(freeKiB: 99, warningFreeKiB: 100)
        #expect(check.inWarningEpisode)
        look(at: 50)
        check.settle(freeKiB: 100, warningFreeKiB: 100)
        #expect(!check.inWarningEpisode)
        look(at: 50)
        #expect(starts == [false, true, false, false, true])
    }

    @Test("min_free_mb is the lowest of the start and each settled check, not free between checks")
    func settledMinimum() {
        var check = PressureCheck()
        check.startMinimum(at: 500)
        check.settle(freeKiB: 600, warningFreeKiB: 0)
        #expect(check.minFreeKiB == 500)
        check.settle(freeKiB: 400, warningFreeKiB: 0)
        check.settle(freeKiB: 450, warningFreeKiB: 0)
        #expect(check.minFreeKiB == 400)
    }
}
