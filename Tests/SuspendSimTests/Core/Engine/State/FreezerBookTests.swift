import Testing
@testable import SuspendSimCore

/// The freezer's own state alone (SPEC 37): the interval, the budget, the frozen count and the
/// daily tick.
@Suite struct FreezerBookTests {
    @Test("No freeze yet counts as long enough ago; exactly interval_s after one is enough, a ms less is not")
    func interval() {
        var book = FreezerBook(isOn: true, budgetKiB: .mb(2048))
        #expect(book.intervalHasPassed(at: .zero, intervalMs: .ms(10_000)))
        book.noteFreeze(writtenKiB: .mb(50), at: .ms(5_000), isNew: true)
        #expect(!book.intervalHasPassed(at: .ms(14_999), intervalMs: .ms(10_000)))
        #expect(book.intervalHasPassed(at: .ms(15_000), intervalMs: .ms(10_000)))
        #expect(book.intervalEnd(intervalMs: .ms(10_000)) == .ms(15_000))
    }

    @Test("A freeze takes what it writes from the budget; a refreeze adds no frozen app; a death takes one and gives nothing back")
    func budgetAndCount() {
        var book = FreezerBook(isOn: true, budgetKiB: .mb(100))
        book.noteFreeze(writtenKiB: .mb(60), at: .zero, isNew: true)
        book.noteFreeze(writtenKiB: .mb(30), at: .ms(1), isNew: false)
        #expect(book.budgetKiB == .mb(10) && book.frozenCount == 1)
        book.noteFrozenFound()
        book.noteFrozenDeath()
        #expect(book.budgetKiB == .mb(10) && book.frozenCount == 1)
    }

    @Test("The daily tick adds daily_mb to what is left and schedules the next a day later; an off book has no budget")
    func dailyTick() {
        var book = FreezerBook(isOn: true, budgetKiB: .mb(70))
        book.noteFreeze(writtenKiB: .mb(50), at: .zero, isNew: true)
        book.tickDaily(at: FreezerBook.dayMs, dailyKiB: .mb(70), seq: 7)
        #expect(book.budgetKiB == .mb(90))
        #expect(book.nextDaily?.timeMs == .ms(172_800_000) && book.nextDaily?.seq == 7)
        book.tickDaily(at: .ms(172_800_000), dailyKiB: KiB(Int64.max), seq: 8)
        #expect(book.budgetKiB == KiB(Int64.max))
        #expect(FreezerBook(isOn: false, budgetKiB: .mb(2048)).budgetKiB == .zero)
    }
}
