import Testing
@testable import SuspendSim

/// Small things a reader of the pages saw (SPEC 15, 33): axis ticks that read alike, and a run
/// page that speaks of another policy's apps.
@Suite struct PageWordsTests {
    @Test("Tick labels never repeat: a step of 0.005 from -0.01 gets a third decimal, not two '-0.01'")
    func ticksNeverRepeat() {
        // short(-0.005, 2) rounds half away from zero to -0.01, the label of -0.01 too.
        #expect(ChartNumber.short(-0.005, 2) == ChartNumber.short(-0.01, 2))
        #expect(ChartNumber.tickLabels([-0.01, -0.005, 0, 0.005], 2) == ["-0.01", "-0.005", "0", "0.005"])
        // Labels that differ already keep their decimals.
        #expect(ChartNumber.tickLabels([0, 0.5, 1, 1.5], 2) == ["0", "0.5", "1", "1.5"])
        #expect(ChartNumber.tickLabels([0, 100, 200], 1) == ["0", "100", "200"])
        // A chart's scale over a small negative difference, as the launch-wait what-if drew it.
        let scale = ChartScale(domain: -0.012...0.004, range: 0...100, inverted: true)
        let ticks = scale.ticks(4)
        #expect(ticks.count >= 3)
        let labels = ChartNumber.tickLabels(ticks, 2)
        #expect(Set(labels).count == ticks.count, "\(labels)")
    }

    @Test("The kept-apps note fits the run's policy: lmkd's cached apps only under lmkd, jetsam's bands under jetsam")
    func keptAppsNoteFitsThePolicy() {
        let lmkd = KeptAppsTable.note(policy: "lmkd")
        let jetsam = KeptAppsTable.note(policy: "jetsam")
        let lru = KeptAppsTable.note(policy: "lru")
        let unknown = KeptAppsTable.note(policy: nil)
        #expect(lmkd.contains("lmkd's cached apps"))
        for note in [jetsam, lru, unknown] {
            #expect(!note.contains("lmkd") && !note.contains("cached"), "\(note)")
        }
        #expect(jetsam.contains("jetsam's idle band"))
        #expect(Set([lmkd, jetsam, lru]).count == 3)
    }
}
