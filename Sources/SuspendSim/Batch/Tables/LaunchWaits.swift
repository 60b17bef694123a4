/// A run's launches by their wait, each as `launch_wait_s` counts it (SPEC 17, 22): a cold
/// launch waits the app's `cold_launch_s`, a warm launch its `resume_s` plus the decompression
/// it waited for, if any. `summary.csv`'s `launch_wait_p50_s` and `launch_wait_p95_s` are its
/// nearest-rank percentiles.
struct LaunchWaits {
    /// How many launches waited each time, by wait.
    private(set) var counts: [Millis: Int] = [:]

    /// The launches of every app of a finished run.
    init(_ apps: [AppOutcome]) {
        for app in apps {
            let decompressed = app.decompressionWaits.values.reduce(0, +)
            add(app.coldLaunchMs, app.coldLaunches)
            add(app.resumeMs, app.warmLaunches - decompressed)
            for (wait, count) in app.decompressionWaits { add(app.resumeMs + wait, count) }
        }
    }

    private mutating func add(_ wait: Millis, _ count: Int) {
        if count > 0 { counts[wait, default: 0] += count }
    }

    /// The launches counted.
    var launches: Int { counts.values.reduce(0, +) }

    /// The nearest-rank `percent`th percentile: the smallest wait such that at least
    /// ⌈percent × n ÷ 100⌉ of the n launches waited no longer; nil without a launch.
    func percentile(_ percent: Int) -> Millis? {
        let n = launches
        guard n > 0 else { return nil }
        let rank = max(1, (percent * n + 99) / 100)
        var seen = 0
        for wait in counts.keys.sorted() {
            seen += counts[wait]!
            if seen >= rank { return wait }
        }
        return nil
    }
}
