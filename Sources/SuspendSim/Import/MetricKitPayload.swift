/// The facts `suspendsim import metrickit` reads from one MetricKit payload (SPEC 18): one
/// `MXMetricPayload`, usually a day of one app on one device.
///
/// Absent fields stay nil (a histogram, a memory figure) or count 0 (an exit counter: real
/// payloads leave out counters that are 0). Everything else a payload holds (`diskIOMetrics`,
/// `signpostMetrics`, fields Apple adds every year) is not read.
struct MetricKitPayload: Sendable, Hashable {
    /// The file it came from, as the command line named it.
    var file: String
    /// Where it sits in the file (`payloads[3]`, `[3]`, or the top level).
    var path: MetricKitJSONPath
    /// `MXMetaData.bundleIdentifier`; nil before iOS 15 or so, when the payload names no app.
    var bundleIdentifier: String?
    /// `MXMetaData.deviceType`, a hardware product id (`iPhone12,1`).
    var deviceType: String?
    /// `MXMetaData.osVersion` (`iPhone OS 17.2.1 (21C66)`).
    var osVersion: String?
    /// `MXMetaData.regionFormat` (`DE`): the region whose separators the payload's numbers
    /// use (SPEC 26 "Locale"); nil when absent.
    var regionFormat: String?
    /// Whether the payload has `applicationExitMetrics`: without it (iOS 13) exits were not
    /// measured, which is not 0 exits (SPEC 26 "Metrics that did not exist").
    var measuresExits = false
    /// Whether it has `applicationLaunchMetrics` (SPEC 26).
    var measuresLaunches = false
    /// Whether it has `memoryMetrics` (SPEC 26).
    var measuresMemory = false
    /// `MXAppRunTimeMetric`'s `cumulativeForegroundTime` and `cumulativeBackgroundTime`, in
    /// milliseconds, 0 when absent inside a present `applicationTimeMetrics`; nil when the
    /// payload has no `applicationTimeMetrics` (it did not measure usage, SPEC 26).
    var usage: Usage?
    /// `MXAppExitMetric`'s counters, 0 when absent inside a present `applicationExitMetrics`.
    var exitCounts: [KillReason.ExitCategory: UInt64] = [:]
    /// `MXMemoryMetric.peakMemoryUsage`, in bytes.
    var peakMemory: MetricKitDecimal?
    /// `MXMemoryMetric.averageSuspendedMemory`; nil when absent.
    var averageSuspendedMemory: Average?
    /// `MXAppLaunchMetric.histogrammedTimeToFirstDraw` (JSON `histogrammedTimeToFirstDrawKey`).
    var timeToFirstDraw: MetricKitHistogram?
    /// `MXAppLaunchMetric.histogrammedApplicationResumeTime` (JSON `histogrammedResumeTime`).
    var resumeTime: MetricKitHistogram?

    init(file: String, path: MetricKitJSONPath) {
        self.file = file
        self.path = path
    }

    /// An `MXAverage` of memory: its `averageValue` in bytes and its `sampleCount` (nil when
    /// absent).
    struct Average: Sendable, Hashable {
        var value: MetricKitDecimal
        var sampleCount: UInt64?
    }

    /// The times of `applicationTimeMetrics` (`MXAppRunTimeMetric`), in milliseconds.
    struct Usage: Sendable, Hashable {
        var foreground: MetricKitDecimal
        var background: MetricKitDecimal
    }

    /// Whether it has `applicationTimeMetrics` (SPEC 26).
    var measuresUsage: Bool { usage != nil }

    /// `file: path` or `file`, to begin a note about this payload.
    var place: String { path.isRoot ? file : "\(file): \(path)" }
}
