
/// The `metrickit/` folder of a report (`suspendsim run --metrickit`, SPEC 17): for each app
/// that launched in the run (`AppOutcome.FieldMetrics.wasResident`), `metrickit/<app id>.json`,
/// one payload in the JSON shape of MetricKit's `MXMetricPayload.jsonRepresentation()`
/// holding what the run knows of the app:
///
/// - `applicationExitMetrics` (`MXAppExitMetric`): `foregroundExitData`
///   (`MXForegroundExitData`) and `backgroundExitData` (`MXBackgroundExitData`), the run's
///   terminations in the fields of SPEC 17's table (`KillReason.ExitCategory`), every other
///   field 0. `foreground_memory_pressure` and `user_force_quit` have no field: they are in
///   `exits.csv` only.
/// - `applicationLaunchMetrics` (`MXAppLaunchMetric`): `histogrammedTimeToFirstDrawKey` (cold
///   launches, each waiting `cold_launch_s`) and `histogrammedResumeTime` (warm launches, each
///   waiting `resume_s`, plus its decompression when it resumed compressed, SPEC 22): one
///   bucket per distinct wait in rising order, so without a compressor one bucket,
///   `bucketStart` = `bucketEnd` = the wait in ms, or none (`histogramNumBuckets` 0, an empty
///   `histogramValue`) when the app had no such launch.
/// - `memoryMetrics` (`MXMemoryMetric`): `peakMemoryUsage`, the largest footprint of the run,
///   exact (1 KiB = 1.024 kB: 3 decimals suffice); `averageSuspendedMemory`, the mean suspended
///   footprint over the time suspended rounded to 3 decimals (halves up), `standardDeviation`
///   0, `sampleCount` the whole seconds suspended (rounded down); `"0 kB"` and 0 samples when
///   the app was never suspended.
/// - `applicationTimeMetrics` (`MXAppRunTimeMetric`): `cumulativeForegroundTime` (active or
///   inactive) and `cumulativeBackgroundTime` (background; suspended time is neither), to the
///   millisecond; `cumulativeBackgroundAudioTime` and `cumulativeBackgroundLocationTime` 0 (the
///   run does not split background time by mode).
/// - `metaData` (`MXMetaData`): `deviceType` (the catalog model's first product id, empty
///   without `device.model`), `osVersion` (`iPhone OS <ios>`, empty without `device.ios`),
///   `bundleIdentifier` (the app id); and, fixed, `appBuildVersion` "1", `regionFormat` "US"
///   and `platformArchitecture` "arm64e", present in every payload of a current iPhone and
///   decided by nothing in the run. `appVersion` (the payload's `latestApplicationVersion`) is
///   "1" likewise.
/// - `timeStampBegin` 2026-01-01 00:00:00 +0000, a fixed instant (no clock: the bytes are the
///   same run after run), and `timeStampEnd` that plus the run's length in whole seconds
///   (rounded down): the run's end is `end_s` when given, else its last event or timer.
///
/// Measurements are written as MetricKit writes them (`Measurement`), without group
/// separators; the keys come in a fixed order (`Value`).
enum MetricKitPayloadJSON {
    /// The folder of the payloads inside a report folder.
    static let folderName = "metrickit"

    /// `MXForegroundExitData`'s fields in the order written; each counts the exit category
    /// `KillReason.ExitCategory(metricKitExitData:key:)` names, or stays 0 in a simulated run.
    static let foregroundExitFields = [
        "cumulativeNormalAppExitCount", "cumulativeMemoryResourceLimitExitCount", "cumulativeBadAccessExitCount",
        "cumulativeAbnormalExitCount", "cumulativeIllegalInstructionExitCount", "cumulativeAppWatchdogExitCount",
    ]

    /// `MXBackgroundExitData`'s fields in the order written, with Xcode's
    /// `cumulativeBackgroundFetchCompletionTimeoutExitCount` last; as `foregroundExitFields`.
    static let backgroundExitFields = [
        "cumulativeNormalAppExitCount", "cumulativeMemoryResourceLimitExitCount", "cumulativeCPUResourceLimitExitCount",
        "cumulativeMemoryPressureExitCount", "cumulativeBadAccessExitCount", "cumulativeAbnormalExitCount",
        "cumulativeIllegalInstructionExitCount", "cumulativeAppWatchdogExitCount", "cumulativeSuspendedWithLockedFileExitCount",
        "cumulativeBackgroundTaskAssertionTimeoutExitCount", "cumulativeBackgroundFetchCompletionTimeoutExitCount",
    ]

    /// Writes `metrickit/` into the existing report folder `folder`: a payload per app of
    /// `scenario` that launched (`outcomes` in scenario order). The folder is made even when
    /// no app launched, so that its absence means the option was off.
    ///
    /// - Parameters:
    ///   - deviceType: `metaData.deviceType` (resolved by the caller from the device catalog).
    ///   - runEndMs: the run's end, for `timeStampEnd`.
    /// - Throws: `ReportWriter.Error` naming the path and the system's error.
    static func write(
        _ outcomes: [AppOutcome], of scenario: Scenario, deviceType: String, runEndMs: Millis, intoFolder folder: String
    ) throws {
        precondition(outcomes.count == scenario.apps.count, "An outcome per app of the scenario")
        let payloads = folder + "/" + folderName
        try ReportFileSystem.makeFolder(payloads)
        for (profile, outcome) in zip(scenario.apps, outcomes) where outcome.field.wasResident {
            let json = payload(for: outcome, profile: profile, device: scenario.device, deviceType: deviceType, runEndMs: runEndMs)
            try writeFile(json.text, to: payloads + "/" + fileName(forApp: outcome.id))
        }
    }

    /// The payload of one app: `outcome` of the app of `profile`, run on `device`.
    static func payload(
        for outcome: AppOutcome, profile: AppProfile, device: Device, deviceType: String, runEndMs: Millis
    ) -> Value {
        .object([
            ("timeStampBegin", .string(Measurement.timeStamp(secondsAfterBegin: 0))),
            ("timeStampEnd", .string(Measurement.timeStamp(secondsAfterBegin: max(0, runEndMs.count / 1000)))),
            ("appVersion", .string("1")),
            ("metaData", metaData(appID: outcome.id, device: device, deviceType: deviceType)),
            ("applicationExitMetrics", exitMetrics(outcome.field.exits)),
            ("applicationLaunchMetrics", .object([
                ("histogrammedTimeToFirstDrawKey", histogram([profile.coldLaunchMs: outcome.coldLaunches])),
                ("histogrammedResumeTime", histogram(resumeWaits(of: outcome, resumeMs: profile.resumeMs))),
            ])),
            ("memoryMetrics", memoryMetrics(outcome.field)),
            ("applicationTimeMetrics", .object([
                ("cumulativeForegroundTime", .string(Measurement.seconds(outcome.field.foregroundMs))),
                ("cumulativeBackgroundTime", .string(Measurement.seconds(outcome.field.backgroundMs))),
                ("cumulativeBackgroundAudioTime", .string(Measurement.seconds(.zero))),
                ("cumulativeBackgroundLocationTime", .string(Measurement.seconds(.zero))),
            ])),
        ])
    }

    /// `MXMetaData`.
    private static func metaData(appID: String, device: Device, deviceType: String) -> Value {
        .object([
            ("deviceType", .string(deviceType)),
            ("osVersion", .string(device.ios.map { "iPhone OS \($0)" } ?? "")),
            ("bundleIdentifier", .string(appID)),
            ("appBuildVersion", .string("1")),
            ("regionFormat", .string("US")),
            ("platformArchitecture", .string("arm64e")),
        ])
    }

    /// `MXAppExitMetric`: the foreground and background exit data.
    private static func exitMetrics(_ exits: AppOutcome.ExitCounts) -> Value {
        func data(_ exitData: String, _ keys: [String]) -> Value {
            .object(keys.map { key in
                (key, .integer(Int64(KillReason.ExitCategory(metricKitExitData: exitData, key: key).map { exits[$0] } ?? 0)))
            })
        }
        return .object([
            ("foregroundExitData", data("foregroundExitData", foregroundExitFields)),
            ("backgroundExitData", data("backgroundExitData", backgroundExitFields)),
        ])
    }

    /// A launch histogram (`MXHistogram`) of `launches` launches that each waited `wait`: one
    /// bucket from `wait` to `wait`, or none without a launch.
    private static func histogram(_ launches: [Millis: Int]) -> Value {
        let buckets = launches.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        return .object([
            ("histogramNumBuckets", .integer(Int64(buckets.count))),
            ("histogramValue", .object(buckets.enumerated().map { number, bucket in
                let bound = Value.string(Measurement.milliseconds(bucket.key))
                return (String(number), .object([("bucketStart", bound), ("bucketEnd", bound), ("bucketCount", .integer(Int64(bucket.value)))]))
            })),
        ])
    }

    /// The waits of an app's warm launches: `resume_s`, plus the decompression of those that
    /// resumed compressed (SPEC 22), counted by wait.
    private static func resumeWaits(of outcome: AppOutcome, resumeMs: Millis) -> [Millis: Int] {
        var waits = [resumeMs: outcome.warmLaunches - outcome.decompressionWaits.values.reduce(0, +)]
        for (decompression, count) in outcome.decompressionWaits { waits[resumeMs + decompression, default: 0] += count }
        return waits
    }

    /// `MXMemoryMetric`: the peak footprint and the average suspended footprint.
    private static func memoryMetrics(_ field: AppOutcome.FieldMetrics) -> Value {
        let average = field.suspendedMs > .zero
            ? Measurement.meanKilobytes(kibMs: field.suspendedKiBMs, over: field.suspendedMs)
            : Measurement.kilobytes(.zero)
        return .object([
            ("peakMemoryUsage", .string(Measurement.kilobytes(field.peakFootprintKiB))),
            ("averageSuspendedMemory", .object([
                ("averageValue", .string(average)),
                ("standardDeviation", .integer(0)),
                ("sampleCount", .integer(max(0, field.suspendedMs.count / 1000))),
            ])),
        ])
    }

    /// The file name of app `id`'s payload: the id and `.json`, with `/`, `%` and NUL, and a
    /// leading `.`, percent-encoded (`%2F`, `%25`, `%00`, `%2E`), so that any id names one
    /// visible file of its own in the folder.
    static func fileName(forApp id: String) -> String {
        var bytes: [UInt8] = []
        for (offset, byte) in id.utf8.enumerated() {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "%") || byte == 0 || (offset == 0 && byte == UInt8(ascii: ".")) {
                let hex = Array("0123456789ABCDEF".utf8)
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self) + ".json"
    }

    /// Creates the file `path` (it must not exist) holding `text`.
    private static func writeFile(_ text: String, to path: String) throws {
        let descriptor = try ReportFileSystem.createFile(path)
        do {
            _ = try descriptor.writeAll(Array(text.utf8))
        } catch {
            try? descriptor.close()
            throw ReportWriter.Error("write", path: path, systemError: error)
        }
        do {
            try descriptor.close()
        } catch {
            throw ReportWriter.Error("close", path: path, systemError: error)
        }
    }
}
