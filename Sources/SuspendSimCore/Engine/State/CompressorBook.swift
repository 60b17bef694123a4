/// The compressor's bookkeeping beside the ledger's sums (SPEC 22, 23): the order of entries
/// into `suspended`, which the compressor takes apps in (earliest first), and the waits of warm
/// launches for their compressed memory.
struct CompressorBook {
    /// Entries into `suspended` so far, every app's, counted whether or not the device
    /// compresses: an app's `suspendedEntry` is its place among them.
    private(set) var suspendedEntries: UInt64 = 0
    /// The suspended apps by entry, earliest first (only when the device compresses).
    var queue = CompressionQueue()
    /// Per app, the decompression waits of its warm launches, by wait (sparse: only apps that
    /// resumed compressed).
    private(set) var decompressionWaits: [AppIndex: [Millis: Int]] = [:]

    /// App `app` enters `suspended`: returns its place among the entries, queued for the
    /// compressor when `queued`.
    mutating func noteSuspendedEntry(of app: AppIndex, queued: Bool) -> UInt64 {
        suspendedEntries += 1
        if queued { queue.append(entry: suspendedEntries, app: app) }
        return suspendedEntries
    }

    /// A warm launch of app `app` waited `wait` for its compressed memory.
    mutating func noteDecompressionWait(_ wait: Millis, of app: AppIndex) {
        decompressionWaits[app, default: [:]][wait, default: 0] += 1
    }
}
