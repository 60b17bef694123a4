import CJemalloc

/// jemalloc's own figures, read with `mallctl` after an `epoch` refresh (jemalloc caches its
/// statistics until the epoch advances).
struct JemallocStats: Sendable {
    /// Bytes the program has allocated and not freed.
    var allocated: Int
    /// Bytes in active pages (a multiple of the page size, at least `allocated`).
    var active: Int
    /// Bytes of physically resident data pages jemalloc maps.
    var resident: Int

    /// The current figures, or nil if jemalloc is not the allocator (mallctl fails).
    static func read() -> JemallocStats? {
        var epoch: UInt64 = 1
        var previousEpoch: UInt64 = 0
        var epochSize = MemoryLayout<UInt64>.size
        guard mallctl("epoch", &previousEpoch, &epochSize, &epoch, epochSize) == 0,
              let allocated = value("stats.allocated"),
              let active = value("stats.active"),
              let resident = value("stats.resident")
        else { return nil }
        return JemallocStats(allocated: allocated, active: active, resident: resident)
    }

    private static func value(_ name: String) -> Int? {
        var value = 0
        var size = MemoryLayout<Int>.size
        return mallctl(name, &value, &size, nil, 0) == 0 ? value : nil
    }

    /// `jemalloc: stats.allocated=… stats.active=… stats.resident=…` in bytes and MiB.
    var description: String {
        func show(_ bytes: Int) -> String {
            let tenths = (bytes * 10 + 524_288) / 1_048_576
            return "\(bytes) (\(tenths / 10).\(tenths % 10) MiB)"
        }
        return "jemalloc: stats.allocated=\(show(allocated)) stats.active=\(show(active)) stats.resident=\(show(resident))"
    }
}
