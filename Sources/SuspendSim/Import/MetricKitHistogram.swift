/// A launch-time histogram of a MetricKit payload (`MXHistogram` of `MXAppLaunchMetric`'s
/// `histogrammedTimeToFirstDraw` or `histogrammedApplicationResumeTime`), and the pooled
/// median SPEC 18 takes of it.
///
/// Only the buckets are read: `histogramNumBuckets` is not checked against them, and
/// `histogramValue`'s keys ("0", "1", ...) say nothing about the order (Apple writes them in
/// no particular one).
struct MetricKitHistogram: Sendable, Hashable {
    /// One `MXHistogramBucket`: `[start, end]` in milliseconds, and how many launches fell in it.
    struct Bucket: Sendable, Hashable {
        var start: MetricKitDecimal
        var end: MetricKitDecimal
        var count: UInt64
    }

    var buckets: [Bucket]

    /// The sum of the bucket counts (the launches the histogram holds), or nil when it does
    /// not fit in 64 bits.
    var total: UInt64? {
        var sum: UInt64 = 0
        for bucket in buckets {
            let (next, overflow) = sum.addingReportingOverflow(bucket.count)
            if overflow { return nil }
            sum = next
        }
        return sum
    }

    /// The median launch of every histogram's buckets pooled (SPEC 18), in thousandths of a
    /// second, rounded half up: the buckets sorted by rising `bucketStart` (then `bucketEnd`,
    /// then as given), the midpoint `(start + end) / 2` of the first bucket at which the
    /// running count reaches half the total (`2 × running ≥ total`).
    ///
    /// A median, not a mean, because real payloads hold outliers: a resume bucket at
    /// 1,190,070 ms beside ones at 270 and 440 ms moves a mean by minutes and the median not
    /// at all. Nil when the histograms hold no launch (or a count too large to add).
    ///
    /// - Complexity: O(n log n) in the number of buckets.
    static func pooledMedianThousandths(_ histograms: [MetricKitHistogram]) -> UInt64? {
        let buckets = histograms.flatMap(\.buckets).enumerated()
            .sorted { ($0.element.start, $0.element.end, $0.offset) < ($1.element.start, $1.element.end, $1.offset) }
            .map(\.element)
        guard let total = MetricKitHistogram(buckets: buckets).total, total > 0 else { return nil }
        var running: UInt64 = 0
        for bucket in buckets {
            running += bucket.count  // cannot overflow: at most `total`
            // running >= total / 2, exactly: running >= total - running.
            guard running >= total - running else { continue }
            return bucket.start.adding(bucket.end)?.thousandths(over: 2_000)
        }
        return nil
    }
}
