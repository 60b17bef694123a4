import Foundation
import Testing
@testable import SuspendSim

/// `BatchChannel`: the hand-over between a long run's threads (the streamed reader and the
/// formatting thread) keeps order, ends cleanly, and reuses the storage of batches it has
/// handed over.
@Suite struct BatchChannelTests {
    /// Every batch arrives, in the order sent, across threads; after `finish` the receiver
    /// gets nil (and keeps getting it).
    @Test func batchesArriveInOrderThenEnd() {
        let channel = BatchChannel<Int>(capacity: 2)
        let sender = Thread {
            for start in stride(from: 0, to: 10_000, by: 100) {
                var batch = channel.emptyBatch(capacity: 100)
                batch.append(contentsOf: start ..< start + 100)
                _ = channel.send(batch)
            }
            channel.finish()
        }
        sender.start()
        var received: [Int] = []
        while let batch = channel.receive() {
            received += batch
            channel.recycle(consume batch)
        }
        #expect(received == Array(0 ..< 10_000))
        #expect(channel.receive() == nil)
    }

    /// A recycled batch comes back empty, with its storage: the same buffer, the same room.
    @Test func aRecycledBatchIsFilledAgain() {
        let channel = BatchChannel<Int>(capacity: 2)
        let fresh = channel.emptyBatch(capacity: 500)
        #expect(fresh.isEmpty && fresh.capacity >= 500)

        var batch = fresh
        batch.append(contentsOf: 0 ..< 500)
        let storage = batch.withUnsafeBufferPointer { $0.baseAddress }
        #expect(channel.send(batch))
        batch = []
        let received = channel.receive()!
        #expect(received.withUnsafeBufferPointer { $0.baseAddress } == storage)
        channel.recycle(consume received)

        let again = channel.emptyBatch(capacity: 1)
        #expect(again.isEmpty)
        #expect(again.capacity >= 500)
        #expect(again.withUnsafeBufferPointer { $0.baseAddress } == storage)
        // None is left over: the next one is new.
        #expect(channel.emptyBatch(capacity: 1).capacity < 500)
    }

    /// Once the receiver closes the channel, the sender is told to stop.
    @Test func aClosedChannelRefusesBatches() {
        let channel = BatchChannel<Int>(capacity: 1)
        channel.close()
        #expect(!channel.send([1]))
    }
}
