/// The memory compressor (SPEC 22, 23): step 2 of the pressure check compresses suspended
/// apps, earliest suspended first, while free memory is below `start_free_mb` and the pool has
/// room; leaving `suspended` gives the memory back at once, and a warm launch waits for it.
extension Simulation {
    /// Notes that app `index` has just entered `suspended`: its place in the compressor's
    /// order (entries are counted across all apps in the order they happen).
    /// Inlined into `setState`, the compaction a call: every suspension runs it, and as a call
    /// its prologue and epilogue were a third of its instructions (docs/performance.md, "The
    /// run's thread from the first event to the last").
    @inline(__always)
    mutating func noteSuspendedEntry(of index: AppIndex) {
        apps[index].suspendedEntry = compression.noteSuspendedEntry(of: index, queued: device.compresses)
        // The queue holds entries only on a device that compresses.
        if compression.queue.count > 2 * apps.count + 64 { compactCompressionQueue() }
    }

    /// Drops the queue's stale entries, once they could outnumber the apps.
    private mutating func compactCompressionQueue() {
        withCompressionQueue { queue, simulation in
            queue.compact { entry, app in simulation.isCompressible(app, entry: entry) }
        }
    }

    /// The earliest suspended app with memory left to compress; stale entries before it go.
    private mutating func nextToCompress() -> AppIndex? {
        withCompressionQueue { queue, simulation in
            queue.first { entry, app in simulation.isCompressible(app, entry: entry) }
        }
    }

    /// Runs `body` on the queue taken out of `self` (swapped, not copied), so that the
    /// queue can change while `body` reads the apps.
    private mutating func withCompressionQueue<T>(_ body: (inout CompressionQueue, borrowing Self) -> T) -> T {
        var queue = CompressionQueue()
        swap(&queue, &compression.queue)
        defer { swap(&queue, &compression.queue) }
        return body(&queue, self)
    }

    /// Step 2 of the pressure check: while free is below `start_free_mb`, the pool holds less
    /// than `pool_mb` and a suspended app has memory it may still compress, compresses the
    /// next such app, as much as its room and the pool's allow. Returns why it stopped.
    /// The device's test is inlined into the check, the loop a call: the check runs after
    /// every event and timer, and on a device without a compressor the call was the step.
    @inline(__always)
    mutating func compressSuspendedApps() -> Eviction.CompressionShortfall {
        guard device.compresses else { return .off }
        return compressWhileBelowStart()
    }

    /// `compressSuspendedApps()` on a device that compresses.
    private mutating func compressWhileBelowStart() -> Eviction.CompressionShortfall {
        let pool = device.compressorPoolKiB
        let start = device.compressorStartFreeKiB
        while true {
            guard freeKiB < start else { return .freeAtOrAboveStart }
            guard ledger.compressedKiB < pool else { return .poolFull }
            guard let index = nextToCompress() else {
                return .nothingToCompress
            }
            compress(index, by: min(compressionRoom(of: index), pool - ledger.compressedKiB))
        }
    }

    /// Whether the queue's entry `entry` of app `index` is its current stay in `suspended`
    /// and it has memory left to compress. A suspended app's room only shrinks (it runs no
    /// code, so it neither allocates nor releases; a purge takes only purgeable memory), so an
    /// entry found without room never gets it back. An app on flash has nothing to compress
    /// (SPEC 37) until it leaves `suspended`, which gives it a new entry.
    func isCompressible(_ index: AppIndex, entry: UInt64) -> Bool {
        apps[index].state == .suspended && apps[index].suspendedEntry == entry && !apps[index].freezer.isOnFlash
            && compressionRoom(of: index) > .zero
    }

    /// What app `index` may still compress: `min(compressible_mb, footprint − purgeable not
    /// yet purged) − c` (SPEC 22), never below 0.
    func compressionRoom(of index: AppIndex) -> KiB {
        let app = apps[index]
        let profile = profiles[index]
        let unpurged = app.memory.purged ? KiB.zero : profile.purgeableKiB
        var most = app.memory.footprintKiB - unpurged
        if let compressible = profile.compressibleKiB { most = min(most, compressible) }
        return max(.zero, most - app.memory.compressedKiB)
    }

    /// The ratio app `index` compresses at, in hundredths: its own, else the device's.
    func compressionRatio(of index: AppIndex) -> Int64 {
        profiles[index].compressionRatioHundredths ?? device.compressor?.ratioHundredths ?? 100
    }

    /// One compression step: `amount` more of app `index`'s memory goes into the compressor.
    /// Calls no callback and changes no state; writes a `memory.csv` and a `pressure.csv` row.
    private mutating func compress(_ index: AppIndex, by amount: KiB) {
        let compressed = apps[index].memory.compressedKiB + amount
        let stored = compressed.compressed(ratioHundredths: compressionRatio(of: index))
        ledger.compress(amount, storedFrom: apps[index].memory.storedKiB, to: stored)
        apps[index].memory.compressedKiB = compressed
        apps[index].memory.storedKiB = stored
        apps[index].stats.compressions += 1
        // A policy of its own may rank by physical memory.
        appDidChange(index)
        refreshFootprint(of: index)
    }

    /// App `index` leaves `suspended`: all of its compressed memory is given back at once
    /// (its physical memory is its footprint again). The caller's state change writes the
    /// `memory.csv` row, one for both. Inlined, the release a call: every warm launch from
    /// `suspended` tests it, and most have nothing compressed.
    @inline(__always)
    mutating func releaseCompressedMemory(of index: AppIndex) {
        guard apps[index].memory.compressedKiB > .zero else { return }
        giveBackCompressedMemory(of: index)
    }

    /// `releaseCompressedMemory(of:)` for an app with compressed memory.
    private mutating func giveBackCompressedMemory(of index: AppIndex) {
        ledger.release(compressed: apps[index].memory.compressedKiB, stored: apps[index].memory.storedKiB)
        apps[index].memory.compressedKiB = .zero
        apps[index].memory.storedKiB = .zero
    }

    /// A warm launch of app `index` from `suspended` waits for its compressed memory to be
    /// decompressed: `c ÷ 1024 ÷ decompress_mb_s` seconds, rounded half up to a ms (SPEC 22),
    /// counted into its launch wait and its resume histogram. Returns the wait (0 without one).
    /// The test is inlined into the launch, the count a call: most warm launches have nothing
    /// compressed.
    @inline(__always)
    mutating func countDecompressionWait(of index: AppIndex) -> Millis {
        guard apps[index].memory.compressedKiB > .zero else { return .zero }
        return countCompressedLaunchWait(of: index)
    }

    /// `countDecompressionWait(of:)` for an app with compressed memory.
    private mutating func countCompressedLaunchWait(of index: AppIndex) -> Millis {
        guard let compressor = device.compressor else { return .zero }
        // ms = c × 1000 ÷ (1024 × MB/s) = c × 10^6 ÷ (1024 × thousandths of MB/s), in 128 bits.
        let numerator = Int128(apps[index].memory.compressedKiB.count) * 1_000_000
        let denominator = Int128(1024) * Int128(compressor.decompressMilliMBPerS)
        let wait = Millis.ms(Int64((2 * numerator + denominator) / (2 * denominator)))
        compression.noteDecompressionWait(wait, of: index)
        return wait
    }

    /// For a kill of `trigger`, why compression did not reach its target first (SPEC 23);
    /// nil for a kill without a free-memory target. `stop` is why this check's step 2
    /// stopped, `compressedKiB` the pool's content now and `poolKiB` its size.
    ///
    /// Static, on the values it needs: a method reading `self` here made the optimizer copy
    /// the whole simulation at every kill (half a batch's time).
    static func compressionShortfall(
        for trigger: Eviction.Trigger, stop: Eviction.CompressionShortfall, compressedKiB: KiB, poolKiB: KiB
    ) -> Eviction.CompressionShortfall? {
        switch trigger {
        case .idle, .critical, .minfree, .pageshortage, .reaper: break
        case .limit, .timer, .user: return nil
        }
        guard poolKiB > .zero else { return .off }
        if stop == .poolFull, compressedKiB < poolKiB { return .roomFreedThisCheck }
        return stop
    }
}
