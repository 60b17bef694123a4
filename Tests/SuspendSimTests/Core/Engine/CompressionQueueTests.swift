import Testing
@testable import SuspendSimCore

/// The compressor's queue (SPEC 22, 23) holds memory in proportion to the apps, not to the
/// run's suspensions: the storage of the entries it drops is given back.
@Suite struct CompressionQueueTests {
    @Test("10^5 suspensions of 10 apps, the compressor taking the latest each time: storage stays under 200 entries, order kept")
    func storageStaysFlat() {
        var queue = CompressionQueue()
        var most = 0
        for entry in 1...100_000 {
            let app = AppIndex(entry % 10)
            queue.append(entry: UInt64(entry), app: app)
            // Only the latest entry is live: every earlier one is dropped as the front passes it.
            #expect(queue.first { candidate, _ in candidate == UInt64(entry) } == app)
            most = max(most, queue.storedCount)
        }
        // 64 dropped entries, or as many as the kept ones, are held before they are given back.
        #expect(most <= 130, "\(most) entries stored")
    }

    @Test("Entries given back keep the queue's order: the earliest live entry comes first")
    func orderAfterGivingBack() {
        var queue = CompressionQueue()
        for entry in 1...200 { queue.append(entry: UInt64(entry), app: AppIndex(entry % 7)) }
        // Entries 1-150 stale: the front moves to 151, and the 150 dropped go.
        #expect(queue.first { entry, _ in entry > 150 } == AppIndex(151 % 7))
        #expect(queue.storedCount == 50)
        #expect(queue.first { entry, _ in entry > 180 } == AppIndex(181 % 7))
        #expect(queue.count == 20)
    }
}
