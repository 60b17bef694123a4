import Testing
@testable import SuspendSim

/// SPEC 15 (axes with units): a chart's x axis is titled by its key in words with the unit,
/// from one table that covers every key a batch can sweep (`AxisTitle`).
@Suite struct AxisTitleTests {
    @Test("Keys in words", arguments: [
        ("device.ram_mb", "RAM (MB)"),
        ("device.critical_free_mb", "critical threshold of free memory (MB)"),
        ("device.ios", "iOS release"),
        ("workload.gap_s", "mean time between sessions (s)"),
        ("workload.allocations.mean_mb", "mean allocation burst (MB)"),
        ("trace.user", "trace user"),
        ("end_s", "run length (s)"),
        ("app.com.x.suspended_mb", "suspended memory of com.x (MB)"),
        ("app.com.example.long.wake_work_s", "wake work of com.example.long (s)"),
        ("point", "sweep point"),
        ("device.unknown_mb", "device.unknown_mb"),
        ("app.com.x.unknown", "app.com.x.unknown"),
    ])
    func words(key: String, title: String) {
        #expect(AxisTitle.text(key) == title)
    }

    @Test("Every sweepable key has its words, and the table names no key that cannot be swept or shown")
    func everyKey() {
        for key in SweepAxis.keys {
            #expect(AxisTitle.keys[key] != nil, "\(key) has no words")
        }
        for key in SweepAxis.appKeys {
            #expect(AxisTitle.words("app.com.x.\(key)")?.app == "com.x", "app.<id>.\(key) has no words")
        }
        #expect(AxisTitle.words("app.com.x.id") == nil && AxisTitle.words("app..active_mb") == nil)
        #expect(Set(AxisTitle.keys.keys) == Set(SweepAxis.keys + ["scenario", "point"]))
    }

    @Test("The unit follows the key's suffix: _mb is MB, _mb_s MB/s, _s seconds (but Zipf's exponent s)")
    func units() {
        let all = AxisTitle.keys.map { ($0.key, $0.value) } + SweepAxis.appKeys.compactMap { key in AxisTitle.words("app.x." + key).map { ("app.x." + key, $0.words) } }
        for (key, words) in all {
            let expected: String? = key.hasSuffix("_mb") ? "MB" : key.hasSuffix("_mb_s") ? "MB/s"
                : key.hasSuffix("_s") && key != "workload.zipf_s" ? "s" : nil
            #expect(words.unit == expected, "\(key)")
        }
    }
}
