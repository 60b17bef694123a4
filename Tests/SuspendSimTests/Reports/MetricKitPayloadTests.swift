import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

private let mb: KiB = 1024

/// A termination of SPEC 17's mapping table: a scenario that ends with it, and where it counts.
struct MetricKitExitRow: Sendable, CustomTestStringConvertible {
    /// The table's row: reason, state at the kill, column (MetricKit field).
    var row: String
    var scenario: Scenario
    /// The app killed, and `result.kills`'s entry for it.
    var app: String
    var kill: String
    /// The `exits.csv` column that counts it.
    var column: KillReason.ExitCategory
    /// The payload's field that counts it (`foregroundExitData` or `backgroundExitData`, and
    /// the key); nil when MetricKit has none.
    var field: (group: String, key: String)?

    var testDescription: String { row }
}

/// SPEC 17's `metrickit/<app>.json` (`suspendsim run --metrickit`): MetricKit payloads of a run.
@Suite struct MetricKitPayloadTests {
    // MARK: Helpers

    /// Runs `scenario` into a fresh report folder with payloads, and hands the folder over.
    func withReport<T>(_ scenario: Scenario, _ body: (URL, SimulationResult<NullRecorder>) throws -> T) throws -> T {
        try withTemporaryFolder { root in
            let folder = root.appendingPathComponent("report")
            let result = try Simulation.run(scenario, writingReportTo: folder, metricKitPayloads: true)
            return try body(folder, result)
        }
    }

    /// The payload of `app` in `folder`, parsed.
    func payload(_ app: String, in folder: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("metrickit/\(MetricKitPayloadJSON.fileName(forApp: app))"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The object at `path` in `object`.
    func object(_ object: [String: Any], _ path: String...) throws -> [String: Any] {
        var current = object
        for key in path { current = try #require(current[key] as? [String: Any], "no object at \(key)") }
        return current
    }

    /// The `exits.csv` row of `app`, by column name.
    func exitsRow(_ app: String, in folder: URL) throws -> [String: String] {
        let lines = try read("exits.csv", in: folder).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let row = try #require(lines.dropFirst().first { $0.first == app })
        return Dictionary(uniqueKeysWithValues: zip(lines[0], row))
    }

    // MARK: Exits

    /// One scenario per row of SPEC 17's table (two for a row whose reasons differ in kind).
    static let exitRows: [MetricKitExitRow] = {
        var reaper = Device(ramMB: 2048)
        reaper.ios = IOSVersion(major: 18, minor: 4)
        reaper.apply(PlatformProfile(ios: reaper.ios))
        reaper.systemKiB = 0
        // Five suspended apps of 100 MB and 1200 MB of system memory: free 348 MB, below the
        // reaper's 409.6 but above every threshold of SPEC 5; app0, idle longest, goes at 330 s.
        var idleEvents: [(Double, ScenarioEvent.Action)] = [(0, .systemAllocate(1200 * mb))]
        for index in 0..<5 { idleEvents.append((Double(index * 10), .open(index))) }
        idleEvents.append((50, .home))
        var idle = scenario(ramMB: 2048, apps: (0..<5).map { app("com.app\($0)", 100) }, policy: "jetsam", endSeconds: 1000, idleEvents)
        idle.device = reaper
        var backgroundLimit = scenario(apps: [app("com.a", 300)], [(0, .open(0)), (10, .home)])
        backgroundLimit.device.appLimitKiB = 400 * mb
        backgroundLimit.device.appBackgroundLimitKiB = 200 * mb
        return [
            MetricKitExitRow(
                row: "per-process-limit | active or inactive | foreground_memory_resource_limit (foreground cumulativeMemoryResourceLimitExitCount)",
                scenario: scenario(ramMB: 1000, apps: [app("com.a", 100)], [(0, .open(0)), (1, .allocate(0, 501 * mb))]),
                app: "com.a", kill: "com.a:per-process-limit", column: .foregroundMemoryResourceLimit,
                field: ("foregroundExitData", "cumulativeMemoryResourceLimitExitCount")),
            MetricKitExitRow(
                row: "memory-pressure, vm-pageshortage | active or inactive | foreground_memory_pressure (no MetricKit field)",
                scenario: scenario(ramMB: 1000, apps: [app("com.a", 100)], configure: { $0.appLimitKiB = 2000 * mb },
                                   [(0, .open(0)), (1, .allocate(0, 850 * mb)), (2, .allocate(0, 100 * mb))]),
                app: "com.a", kill: "com.a:vm-pageshortage", column: .foregroundMemoryPressure, field: nil),
            MetricKitExitRow(
                row: "memory-pressure, vm-pageshortage, long-idle-exit | background or suspended | background_memory_pressure (cumulativeMemoryPressureExitCount): memory-pressure",
                scenario: scenario(ramMB: 1000, apps: [app("com.cache", 300), app("com.front", 100)],
                                   configure: { $0.appLimitKiB = 2000 * mb },
                                   [(0, .open(0)), (1, .open(1)), (2, .allocate(1, 580 * mb))]),
                app: "com.cache", kill: "com.cache:memory-pressure", column: .backgroundMemoryPressure,
                field: ("backgroundExitData", "cumulativeMemoryPressureExitCount")),
            MetricKitExitRow(
                row: "memory-pressure, vm-pageshortage, long-idle-exit | background or suspended | background_memory_pressure (cumulativeMemoryPressureExitCount): long-idle-exit",
                scenario: idle, app: "com.app0", kill: "com.app0:long-idle-exit", column: .backgroundMemoryPressure,
                field: ("backgroundExitData", "cumulativeMemoryPressureExitCount")),
            MetricKitExitRow(
                row: "per-process-limit | background or suspended | background_memory_resource_limit (cumulativeMemoryResourceLimitExitCount)",
                scenario: backgroundLimit, app: "com.a", kill: "com.a:per-process-limit", column: .backgroundMemoryResourceLimit,
                field: ("backgroundExitData", "cumulativeMemoryResourceLimitExitCount")),
            MetricKitExitRow(
                row: "watchdog | background | background_app_watchdog (cumulativeAppWatchdogExitCount)",
                scenario: scenario(apps: [app("com.a") { $0.didEnterBackgroundMs = 7_000 }], [(0, .open(0)), (1, .home)]),
                app: "com.a", kill: "com.a:watchdog", column: .backgroundAppWatchdog,
                field: ("backgroundExitData", "cumulativeAppWatchdogExitCount")),
            MetricKitExitRow(
                row: "background-task-expired | background | background_task_assertion_timeout (cumulativeBackgroundTaskAssertionTimeoutExitCount)",
                scenario: scenario(apps: [app("com.a") {
                    $0.backgroundTaskMs = 300_000
                    $0.endsTaskOnExpiration = false
                }], [(0, .open(0)), (10, .home)]),
                app: "com.a", kill: "com.a:background-task-expired", column: .backgroundTaskAssertionTimeout,
                field: ("backgroundExitData", "cumulativeBackgroundTaskAssertionTimeoutExitCount")),
            MetricKitExitRow(
                row: "wake-timeout | background | background_fetch_completion_timeout (cumulativeBackgroundFetchCompletionTimeoutExitCount)",
                scenario: scenario(apps: [app("com.a") { $0.backgroundModes = [.fetch]; $0.wakeWorkMs = 31_000 }], [(0, .wake(0, .fetch))]),
                app: "com.a", kill: "com.a:wake-timeout", column: .backgroundFetchCompletionTimeout,
                field: ("backgroundExitData", "cumulativeBackgroundFetchCompletionTimeoutExitCount")),
            MetricKitExitRow(
                row: "exits-on-suspend | background | background_normal (cumulativeNormalAppExitCount)",
                scenario: scenario(apps: [app("com.a") { $0.exitsOnSuspend = true }], [(0, .open(0)), (1, .home)]),
                app: "com.a", kill: "com.a:exits-on-suspend", column: .backgroundNormal,
                field: ("backgroundExitData", "cumulativeNormalAppExitCount")),
            MetricKitExitRow(
                row: "force-quit | any | user_force_quit (not a MetricKit field)",
                scenario: scenario(apps: [app("com.a")], [(0, .open(0)), (1, .home), (2, .forceQuit(0))]),
                app: "com.a", kill: "com.a:force-quit", column: .userForceQuit, field: nil),
        ]
    }()

    @Test("Each row of SPEC 17's exit table: the termination counts 1 in its exits.csv column and in its payload field, every other field 0",
          arguments: MetricKitPayloadTests.exitRows)
    func exitRow(_ row: MetricKitExitRow) throws {
        try withReport(row.scenario) { folder, result in
            #expect(result.apps.first { $0.id == row.app }?.field.exits[row.column] == 1)
            let exits = try exitsRow(row.app, in: folder)
            #expect(exits[row.column.rawValue] == "1")
            #expect(KillReason.ExitCategory.allCases.filter { $0 != row.column }.allSatisfy { exits[$0.rawValue] == "0" })

            let exitMetrics = try object(try payload(row.app, in: folder), "applicationExitMetrics")
            for group in ["foregroundExitData", "backgroundExitData"] {
                let data = try object(exitMetrics, group)
                #expect(data.count == (group == "foregroundExitData" ? 6 : 11))
                for (key, value) in data {
                    let expected = row.field.map { $0.group == group && $0.key == key } == true ? 1 : 0
                    #expect(value as? Int == expected, "\(group).\(key)")
                }
            }
            if let field = row.field {
                #expect(try object(exitMetrics, field.group)[field.key] as? Int == 1)
            }
        }
        // The scenario ends as the row says (run again, with its log).
        #expect(Simulation.run(row.scenario).kills.contains(row.kill))
    }

    // MARK: Launches, memory, time

    /// Opened at 0 (100 MB active, 40 MB suspended), home at 10 s, opened again at 70 s, end
    /// at 100 s.
    func handComputed(_ configure: (inout AppProfile) -> Void = { _ in }) -> Scenario {
        scenario(apps: [app("com.a", 100, suspended: 40, configure)], endSeconds: 100, [(0, .open(0)), (10, .home), (70, .open(0))])
    }

    @Test("Launch histograms, memory and time of a hand-computed run: 40 s foreground, 60 s suspended at 40 MB, 1 cold and 1 warm launch (SPEC 17)")
    func handComputedPayload() throws {
        try withReport(handComputed()) { folder, _ in
            let json = try payload("com.a", in: folder)
            let launches = try object(json, "applicationLaunchMetrics")
            let cold = try object(launches, "histogrammedTimeToFirstDrawKey")
            #expect(cold["histogramNumBuckets"] as? Int == 1)
            let coldBucket = try object(cold, "histogramValue", "0")
            #expect(coldBucket["bucketStart"] as? String == "400 ms" && coldBucket["bucketEnd"] as? String == "400 ms")
            #expect(coldBucket["bucketCount"] as? Int == 1)
            let resume = try object(launches, "histogrammedResumeTime", "histogramValue", "0")
            #expect(resume["bucketStart"] as? String == "100 ms" && resume["bucketEnd"] as? String == "100 ms")
            #expect(resume["bucketCount"] as? Int == 1)

            let memory = try object(json, "memoryMetrics")
            // 100 MB = 102,400 KiB = 104,857,600 bytes.
            #expect(memory["peakMemoryUsage"] as? String == "104857.6 kB")
            let suspended = try object(memory, "averageSuspendedMemory")
            // 40 MB = 40,960 KiB = 41,943,040 bytes.
            #expect(suspended["averageValue"] as? String == "41943.04 kB")
            #expect(suspended["standardDeviation"] as? Int == 0)
            #expect(suspended["sampleCount"] as? Int == 60)

            let time = try object(json, "applicationTimeMetrics")
            #expect(time["cumulativeForegroundTime"] as? String == "40 sec")
            #expect(time["cumulativeBackgroundTime"] as? String == "0 sec")
            #expect(time["cumulativeBackgroundAudioTime"] as? String == "0 sec")
            #expect(time["cumulativeBackgroundLocationTime"] as? String == "0 sec")

            #expect(json["timeStampBegin"] as? String == "2026-01-01 00:00:00 +0000")
            #expect(json["timeStampEnd"] as? String == "2026-01-01 00:01:40 +0000")
            let meta = try object(json, "metaData")
            #expect(meta["bundleIdentifier"] as? String == "com.a")
            #expect(meta["deviceType"] as? String == "" && meta["osVersion"] as? String == "")
        }
    }

    @Test("cold_launch_s, resume_s and did_enter_background_s show in the payload: 1200 ms, 250 ms, 2.5 s of background; the model's first product id and the iOS release in metaData (SPEC 17)")
    func launchWaitsAndBackgroundTime() throws {
        var scenario = handComputed {
            $0.coldLaunchMs = 1_200
            $0.resumeMs = 250
            $0.didEnterBackgroundMs = 2_500
        }
        scenario.device.model = "iphone-11"
        scenario.device.ios = IOSVersion(major: 18, minor: 5)
        try withReport(scenario) { folder, _ in
            let json = try payload("com.a", in: folder)
            #expect(try object(json, "applicationLaunchMetrics", "histogrammedTimeToFirstDrawKey", "histogramValue", "0")["bucketStart"] as? String == "1200 ms")
            #expect(try object(json, "applicationLaunchMetrics", "histogrammedResumeTime", "histogramValue", "0")["bucketEnd"] as? String == "250 ms")
            let time = try object(json, "applicationTimeMetrics")
            #expect(time["cumulativeForegroundTime"] as? String == "40 sec")
            #expect(time["cumulativeBackgroundTime"] as? String == "2.5 sec")
            // Suspended from 12.5 s to 70 s: 57.5 s, 57 whole seconds.
            #expect(try object(json, "memoryMetrics", "averageSuspendedMemory")["sampleCount"] as? Int == 57)
            let meta = try object(json, "metaData")
            #expect(meta["deviceType"] as? String == "iPhone12,1")
            #expect(meta["osVersion"] as? String == "iPhone OS 18.5")
        }
    }

    @Test("No launch of a kind: histogramNumBuckets 0 and an empty histogramValue; never suspended: averageValue 0 kB, sampleCount 0 (SPEC 17)")
    func emptyHistogramsAndNoSuspension() throws {
        try withReport(scenario(apps: [app("com.a", 100)], [(0, .open(0)), (5, .allocate(0, 1))])) { folder, _ in
            let json = try payload("com.a", in: folder)
            let resume = try object(json, "applicationLaunchMetrics", "histogrammedResumeTime")
            #expect(resume["histogramNumBuckets"] as? Int == 0)
            #expect(try object(resume, "histogramValue").isEmpty)
            let suspended = try object(json, "memoryMetrics", "averageSuspendedMemory")
            #expect(suspended["averageValue"] as? String == "0 kB" && suspended["sampleCount"] as? Int == 0)
            // 100 MB + 1 KiB: 102,401 KiB = 104,858,624 bytes, exactly.
            #expect(try object(json, "memoryMetrics")["peakMemoryUsage"] as? String == "104858.624 kB")
            // The run ends at its last event.
            #expect(json["timeStampEnd"] as? String == "2026-01-01 00:00:05 +0000")
        }
    }

    // MARK: Files

    @Test("Payloads are byte-identical run after run, in a fixed key order, pretty-printed with two spaces (SPEC 17)")
    func byteIdentical() throws {
        try withTemporaryFolder { root in
            var texts: [[String: Data]] = []
            for name in ["one", "two"] {
                let folder = root.appendingPathComponent(name)
                try Simulation.run(goldenScenario(), writingReportTo: folder, metricKitPayloads: true)
                texts.append(try snapshot(of: folder.appendingPathComponent("metrickit")))
            }
            #expect(texts[0].count == 2)
            #expect(texts[0] == texts[1])
            let text = String(decoding: texts[0]["com.example.a.json"] ?? Data(), as: UTF8.self)
            #expect(text.hasPrefix("{\n  \"timeStampBegin\" : \"2026-01-01 00:00:00 +0000\",\n  \"timeStampEnd\" : "))
            #expect(text.contains("\n    \"foregroundExitData\" : {\n      \"cumulativeNormalAppExitCount\" : 0,\n"))
            #expect(text.hasSuffix("\n  }\n}\n"))
        }
    }

    @Test("Only apps that launched get a payload; an id that needs escaping is escaped in JSON; without the option there is no metrickit folder (SPEC 17)")
    func whichApps() throws {
        let odd = "com.example.\"b\",2"
        let apps = [app("com.a"), app(odd), app("com.never")]
        try withReport(scenario(apps: apps, [(0, .open(0)), (1, .open(1))])) { folder, _ in
            let names = try contents(of: folder.appendingPathComponent("metrickit"))
            #expect(names == ["com.a.json", "com.example.\"b\",2.json"])
            let meta = try object(try payload(odd, in: folder), "metaData")
            #expect(meta["bundleIdentifier"] as? String == odd)
        }
        try withTemporaryFolder { root in
            try Simulation.run(scenario(apps: apps, [(0, .open(0))]), writingReportTo: root.appendingPathComponent("plain"))
            let names = try contents(of: root.appendingPathComponent("plain"))
            #expect(names.contains("survivors.csv") && !names.contains("metrickit"))
        }
    }

    @Test("The payloads are written into the hidden partial folder before it is put in place, and go with it when the run fails")
    func payloadsAreInsideTheAtomicFolder() throws {
        try withTemporaryFolder { root in
            let target = root.appendingPathComponent("report")
            struct Refused: Error {}
            #expect(throws: Refused.self) {
                try Simulation.run(goldenScenario(), policy: LargestFirstPolicy(), writingReportToPath: target.path,
                                   flushThreshold: 1 << 16, metricKitPayloads: true) { partial in
                    #expect(FileManager.default.fileExists(atPath: partial + "/metrickit/com.example.a.json"))
                    throw Refused()
                }
            }
            let left = try contents(of: root)
            #expect(left.isEmpty)
        }
    }

    @Test("--policy all: every policy's folder gets its payloads")
    func everyPolicy() throws {
        try withTemporaryFolder { root in
            let folder = root.appendingPathComponent("all")
            _ = try Simulation.runEveryPolicy(goldenScenario(), policies: BuiltInPolicies.all, writingReportsTo: folder, metricKitPayloads: true)
            for policy in BuiltInPolicies.names {
                #expect(try contents(of: folder.appendingPathComponent("\(policy)/metrickit")).count == 2, "\(policy)")
            }
        }
    }

    @Test("--metrickit changes a batch's fingerprint, so that shards with and without payloads do not merge")
    func fingerprint() throws {
        let template = try ScenarioLoader.template(path: packageFile("Scenarios/state-lab.yaml"))
        var options = BatchPlan.Options()
        let off = try BatchPlan(templates: [template], options: options).fingerprint
        options.metricKit = true
        let on = try BatchPlan(templates: [template], options: options)
        #expect(on.metricKit && on.fingerprint != off)
    }

    // MARK: Formatting

    @Test("Measurements as MetricKit writes them: exact kB of KiB, means rounded half up to 3 decimals, seconds trimmed")
    func measurements() {
        typealias M = MetricKitPayloadJSON.Measurement
        #expect(M.kilobytes(1) == "1.024 kB")
        #expect(M.kilobytes(1000) == "1024 kB")
        #expect(M.kilobytes(.zero) == "0 kB")
        #expect(M.kilobytes(.kib(3 * 1024 * 1024)) == "3221225.472 kB")
        // 1 KiB over 3 ms: 0.3413 kB; 1 KiB × ms over 2048 ms: 0.0005 kB, a half, up.
        #expect(M.meanKilobytes(kibMs: 1, over: 3) == "0.341 kB")
        #expect(M.meanKilobytes(kibMs: 1, over: 2048) == "0.001 kB")
        #expect(M.meanKilobytes(kibMs: 1, over: 2049) == "0 kB")
        #expect(M.seconds(12_500) == "12.5 sec" && M.seconds(1) == "0.001 sec" && M.seconds(.zero) == "0 sec")
        #expect(M.milliseconds(400) == "400 ms")
    }

    @Test("Time stamps count calendar days, months and leap years from 2026-01-01")
    func timeStamps() {
        typealias M = MetricKitPayloadJSON.Measurement
        let day: Int64 = 86_400
        #expect(M.timeStamp(secondsAfterBegin: 3_661) == "2026-01-01 01:01:01 +0000")
        #expect(M.timeStamp(secondsAfterBegin: 31 * day) == "2026-02-01 00:00:00 +0000")
        #expect(M.timeStamp(secondsAfterBegin: 365 * day - 1) == "2026-12-31 23:59:59 +0000")
        #expect(M.timeStamp(secondsAfterBegin: (365 + 365 + 31 + 28) * day) == "2028-02-29 00:00:00 +0000")
    }

    @Test("A file name per app id: '/', '%' and a leading '.' are percent-encoded")
    func fileNames() {
        #expect(MetricKitPayloadJSON.fileName(forApp: "com.a") == "com.a.json")
        #expect(MetricKitPayloadJSON.fileName(forApp: "a/b") == "a%2Fb.json")
        #expect(MetricKitPayloadJSON.fileName(forApp: "50%") == "50%25.json")
        #expect(MetricKitPayloadJSON.fileName(forApp: ".hidden.a") == "%2Ehidden.a.json")
        #expect(MetricKitPayloadJSON.fileName(forApp: "é/ü") == "é%2Fü.json")
    }
}
