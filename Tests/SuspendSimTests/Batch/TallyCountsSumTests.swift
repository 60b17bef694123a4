import Testing
@testable import SuspendSim
import SuspendSimCore

/// `SurvivalTally.Counts`' `+=` adds every field: a field added to the counts (to one of their
/// parts, the exit categories or the eviction triggers) and not to the sum fails here, not in a
/// batch's `survival.csv` or `exits.csv` whose totals silently stay at one run's.
@Suite struct TallyCountsSumTests {
    /// Every whole number stored in `value`, depth first, private fields and tuples included
    /// (`Mirror` sees them all).
    static func wholeNumbers(_ value: Any) -> [Int64] {
        switch value {
        case let number as Int: return [Int64(number)]
        case let number as Int64: return [number]
        default: return Mirror(reflecting: value).children.flatMap { wholeNumbers($0.value) }
        }
    }

    /// Counts whose every stored number is a different non-zero value: 1, 2, 3, ... for the
    /// named fields, then 100 + i for the i-th exit category and 200 + i for the i-th trigger.
    static func everyFieldSet() -> SurvivalTally.Counts {
        var exits = AppOutcome.ExitCounts()
        for (index, category) in KillReason.ExitCategory.allCases.enumerated() { exits[category] = 100 + index }
        var kills = Eviction.TriggerCounts()
        for (index, trigger) in Eviction.Trigger.allCases.enumerated() { kills[trigger] = 200 + index }
        return SurvivalTally.Counts(
            fate: .init(survived: 1, neverKilled: 2, launched: 3, pressureKills: 4, pressureKillSquares: 5),
            launches: .init(cold: 6, warm: 7, waitMs: 8), exits: exits, time: .init(foregroundS: 9, backgroundS: 10),
            tasks: .init(refreshRuns: 11, processingRuns: 12), kills: kills, freezer: .init(freezes: 13, thaws: 14))
    }

    @Test("The fixture sets every stored number of the counts (none left at 0)")
    func fixtureSetsEveryField() {
        let numbers = Self.wholeNumbers(Self.everyFieldSet())
        // 14 named fields, 9 exit categories, 8 triggers.
        #expect(numbers.count >= 14 + KillReason.ExitCategory.allCases.count + Eviction.Trigger.allCases.count)
        #expect(!numbers.contains(0), "a field of the counts is not set by the fixture: \(numbers)")
    }

    @Test("Adding counts to themselves doubles every stored number, and adding them to zero gives them back")
    func sumAddsEveryField() {
        let counts = Self.everyFieldSet()
        var doubled = counts
        doubled += counts
        #expect(Self.wholeNumbers(doubled) == Self.wholeNumbers(counts).map { 2 * $0 })
        var fromZero = SurvivalTally.Counts.zero
        fromZero += counts
        #expect(fromZero == counts)
    }

    @Test("The measure sees a private field and a tuple's elements")
    func measureSeesEveryNumber() {
        struct Hidden { private var a = 3; var pair: (Int, Int64) = (4, 5) }
        #expect(Self.wholeNumbers(Hidden()) == [3, 4, 5])
    }
}
