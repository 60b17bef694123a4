/// Payloads that are read but hard to believe (SPEC 26 "Plausibility"): a `peakMemoryUsage`
/// above the device's RAM, or an `averageSuspendedMemory` above the same payload's peak. They
/// are kept (the field is what it is, and a figure may be a collector's unit slip), and each
/// is warned about on stderr, naming the payload. "The device's RAM" is the catalog's
/// `ram_mb` of the kept device, in MB of 2^20 bytes (SPEC 27 "Field data (26)": Filtering).
extension MetricKitFacts {
    /// The warnings for `payloads` on `model` (nil: a device the catalog does not know, whose
    /// RAM is not known either: only the suspended-above-peak check is made).
    static func plausibilityWarnings(_ payloads: [MetricKitPayload], model: DeviceCatalog.Entry?) -> [String] {
        var warnings: [String] = []
        for payload in payloads {
            if let peak = payload.peakMemory, let model, let ram = UInt64(exactly: model.ramMB),
               peak > MetricKitDecimal(ram << 20) {
                warnings.append("\(payload.place): memoryMetrics.peakMemoryUsage is \(megabytes(peak)), above the RAM of "
                    + "\(model.model) (\(model.ramMB) MB): kept, but check the payload")
            }
            if let peak = payload.peakMemory, let average = payload.averageSuspendedMemory, average.value > peak {
                warnings.append("\(payload.place): memoryMetrics.averageSuspendedMemory is \(megabytes(average.value)), above "
                    + "the payload's peakMemoryUsage (\(megabytes(peak))): kept, but check the payload")
            }
        }
        return warnings
    }

    /// `bytes` in MB of 2^20 bytes, 3 decimals, half up (`MetricKitDecimal.text`): `"512 MB"`.
    private static func megabytes(_ bytes: MetricKitDecimal) -> String {
        bytes.thousandths(over: 1 << 20).map { "\(MetricKitDecimal.text(thousandths: $0)) MB" } ?? "\(bytes) bytes"
    }
}
