import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Batches (docs/batch-runs.md): the `workload:`, `replicates:` and `sweep:` keys of a scenario file, exact and
/// checked like the rest of SPEC 7.
@Suite struct WorkloadLoaderTests {
    /// A valid scenario with a workload; `extra` goes on at line 9, at the top level.
    static func file(workload: String = "  duration_s: 3600\n", extra: String = "") -> String {
        """
        name: day
        device:
          ram_mb: 3072
          critical_free_mb: 100
        apps:
          - { id: com.a, active_mb: 100, background_modes: [fetch] }
          - { id: com.b, active_mb: 200 }
        workload:

        """ + workload + extra
    }

    @Test("Every workload key, exactly: shares in ppm, rates in thousandths, times in ms, MB in KiB")
    func everyKey() throws {
        let scenario = try ScenarioLoader.parse(Self.file(workload: """
              duration_s: 57600
              zipf_s: 1.25
              dwell_s: 90.5
              gap_s: 0
              home_share: 0.6
              calls_per_hour: 0.4
              answer_share: 0.7
              ring_s: 8
              call_s: 180
              alerts_per_hour: 6
              reply_share: 0.0000005
              alert_s: 4
              reply_s: 30
              wakes_per_hour: 0.0005
              allocations: { per_hour: 20, mean_mb: 30.5 }

            """), path: "day.yaml")
        let workload = try #require(scenario.generator as? Workload)
        var expected = Workload(durationMs: 57_600_000)
        expected.zipfExponentThousandths = 1250
        expected.meanDwellMs = 90_500
        expected.meanGapMs = 0
        expected.homeShare = Workload.Share(perMillion: 600_000)
        expected.callsPerHour = Workload.Rate(perThousandHours: 400)
        expected.answerShare = Workload.Share(perMillion: 700_000)
        expected.ringMs = 8_000
        expected.meanCallMs = 180_000
        expected.alertsPerHour = Workload.Rate(perThousandHours: 6_000)
        expected.replyShare = Workload.Share(perMillion: 1)  // half a ppm rounds up
        expected.alertMs = 4_000
        expected.replyMs = 30_000
        expected.wakesPerHour = Workload.Rate(perThousandHours: 1)
        expected.allocationsPerHour = Workload.Rate(perThousandHours: 20_000)
        expected.meanAllocationKiB = 31_232
        #expect(workload == expected)
    }

    @Test("Only duration_s is required; the rest has the documented defaults")
    func defaults() throws {
        let scenario = try ScenarioLoader.parse(Self.file(), path: "day.yaml")
        #expect(scenario.generator as? Workload == Workload(durationMs: 3_600_000))
        let workload = Workload(durationMs: 1)
        #expect(workload.zipfExponentThousandths == 1000 && workload.meanDwellMs == 60_000 && workload.meanGapMs == 600_000)
        #expect(workload.homeShare == Workload.Share(0.6) && workload.answerShare == Workload.Share(0.5))
        #expect(workload.replyShare == Workload.Share(0.2) && workload.ringMs == 10_000 && workload.meanCallMs == 120_000)
        #expect(workload.alertMs == 5_000 && workload.replyMs == 20_000 && workload.callsPerHour == .zero)
        #expect(workload.alertsPerHour == .zero && workload.wakesPerHour == .zero && workload.allocationsPerHour == .zero)
        #expect(try ScenarioLoader.parse(Self.file(), path: "day.yaml").seed == nil)
    }

    /// (what, workload lines or top-level lines, the diagnostic's start).
    static let bad: [(String, String, String, String)] = [
        ("missing duration", "  dwell_s: 30\n", "", "day.yaml:9:3: workload.duration_s: missing required key 'duration_s'"),
        ("share above 1", "  duration_s: 1\n  home_share: 1.5\n", "", "day.yaml:10:15: workload.home_share: must be a share from 0 to 1, got 1.5"),
        ("negative rate", "  duration_s: 1\n  calls_per_hour: -2\n", "", "day.yaml:10:19: workload.calls_per_hour: must be a rate per hour from 0 to 3600000, got -2"),
        ("zero dwell", "  duration_s: 1\n  dwell_s: 0\n", "", "day.yaml:10:12: workload.dwell_s: must be at least 0.001 s, got 0"),
        ("unknown key", "  duration_s: 1\n  naps_per_hour: 2\n", "", "day.yaml:10:3: workload.naps_per_hour: unknown key 'naps_per_hour' (did you mean 'calls_per_hour'?); expected one of duration_s, zipf_s"),
        ("allocations without a mean", "  duration_s: 1\n  allocations: { per_hour: 3 }\n", "", "day.yaml:10:16: workload.allocations.mean_mb: missing required key 'mean_mb'"),
        ("zipf too steep", "  duration_s: 1\n  zipf_s: 101\n", "", "day.yaml:10:11: workload.zipf_s: must be an exponent from 0 to 100, got 101"),
        ("a string for a time", "  duration_s: all day\n", "", "day.yaml:9:15: workload.duration_s: must be a number, got \"all day\""),
        ("zero replicates", "  duration_s: 1\n", "replicates: 0\n", "day.yaml:10:13: replicates: must be a whole number from 1 to 2147483647, got 0"),
        ("fractional replicates", "  duration_s: 1\n", "replicates: 2.5\n", "day.yaml:10:13: replicates: must be a whole number"),
        ("unknown sweep key", "  duration_s: 1\n", "sweep:\n  device.rom_mb: [1, 2]\n", "day.yaml:11:3: sweep.device.rom_mb: unknown sweep key 'device.rom_mb' (did you mean 'device.ram_mb'?); expected one of policy, end_s, device.ram_mb"),
        ("empty sweep", "  duration_s: 1\n", "sweep:\n  device.ram_mb: []\n", "day.yaml:11:18: sweep.device.ram_mb: must list at least one value"),
        ("value twice", "  duration_s: 1\n", "sweep:\n  device.ram_mb: [2048, 2048]\n", "day.yaml:11:25: sweep.device.ram_mb[1]: value '2048' is given twice"),
        // SPEC 35: two values that are one point; numbers compare as numbers, device.ios as a release.
        ("one number twice", "  duration_s: 1\n", "sweep:\n  device.ram_mb: [2048, 3072, 2048.0]\n",
         "day.yaml:11:31: sweep.device.ram_mb[2]: value '2048.0' is the same number as '2048' (value 1): two points would be one"),
        ("one ratio twice", "  duration_s: 1\n", "sweep:\n  device.compressor.ratio: [2.8, 2.80]\n",
         "day.yaml:11:34: sweep.device.compressor.ratio[1]: value '2.80' is the same number as '2.8' (value 1): two points would be one"),
        ("one release twice", "  duration_s: 1\n", "sweep:\n  device.ios: [\"18.1\", \"18.10\", \"18.01\"]\n",
         "day.yaml:11:33: sweep.device.ios[2]: value '18.01' is the same iOS release as '18.1' (value 1): two points would be one"),
        ("a list as a value", "  duration_s: 1\n", "sweep:\n  policy: [[lru]]\n", "day.yaml:11:12: sweep.policy[0]: must be a single value, got a list"),
    ]

    @Test("Bad workload, replicates and sweep keys: one located diagnostic each", arguments: 0..<WorkloadLoaderTests.bad.count)
    func badInput(_ index: Int) {
        let (what, workload, extra, message) = Self.bad[index]
        do {
            _ = try ScenarioLoader.parse(Self.file(workload: workload, extra: extra), path: "day.yaml")
            Issue.record("\(what): accepted")
        } catch {
            #expect(error.diagnostics.count == 1, "\(what): \(error)")
            #expect(error.description.hasPrefix(message), "\(what): \(error)")
        }
    }

    @Test("replicates: and sweep: are kept for a batch")
    func templateKeys() throws {
        let template = try ScenarioTemplate(
            text: Self.file(extra: "replicates: 25\nsweep:\n  device.ram_mb: [2048, 4096]\n  policy: [lru, jetsam]\n"),
            path: "day.yaml")
        #expect(template.replicates == 25)
        #expect(template.sweep == [
            SweepAxis(key: .device(.ramMB), values: ["2048", "4096"], source: .file),
            SweepAxis(key: .policy, values: ["lru", "jetsam"], source: .file),
        ])
    }

    @Test("A point's ram_mb re-derives the thresholds the file does not set, and keeps those it does")
    func ramRederivesDefaults() throws {
        let template = try ScenarioTemplate(text: Self.file(extra: "sweep:\n  device.ram_mb: [2048, 8192]\n"), path: "day.yaml")
        let axis = template.sweep[0]
        let small = try template.scenario(at: [SweepSetting(axis: axis, index: 0)])
        let large = try template.scenario(at: [SweepSetting(axis: axis, index: 1)])
        #expect(small.device == {
            var device = Device(ramKiB: 2048 * 1024)
            device.criticalFreeKiB = 100 * 1024
            return device
        }())
        #expect(large.device.ramKiB == .mb(8192))
        #expect(large.device.warningFreeKiB == Device(ramKiB: 8192 * 1024).warningFreeKiB)  // 12 % above 6 GiB
        #expect(large.device.criticalFreeKiB == .mb(100))
        #expect(template.scenario.device.warningFreeKiB == Device(ramKiB: 3072 * 1024).warningFreeKiB)
    }

    @Test("--set values get the file's checks, and name their option; workload keys need a workload")
    func commandLineValues() throws {
        let template = try ScenarioTemplate(text: Self.file(), path: "day.yaml")
        let share = try SweepAxis(parsing: "workload.home_share = 0.25, 2")
        let fine = try template.scenario(at: [SweepSetting(axis: share, index: 0)])
        #expect((fine.generator as? Workload)?.homeShare == Workload.Share(perMillion: 250_000))
        #expect(throws: ScenarioLoader.Error.self) { try template.scenario(at: [SweepSetting(axis: share, index: 1)]) }
        do {
            _ = try template.scenario(at: [SweepSetting(axis: share, index: 1)])
        } catch {
            #expect(error.description == "day.yaml: workload.home_share: must be a share from 0 to 1, got 2 (from --set workload.home_share=2)")
        }

        let plain = try ScenarioTemplate(text: "name: x\ndevice: { ram_mb: 1024 }\napps: [{ id: com.a, active_mb: 1 }]\n", path: "x.yaml")
        let dwell = try SweepAxis(parsing: "workload.dwell_s=30")
        do {
            _ = try plain.scenario(at: [SweepSetting(axis: dwell, index: 0)])
            Issue.record("a workload key was set on a scenario without a workload")
        } catch {
            // The key is wrong whatever its value: the option is named without it, once for all values.
            #expect(error.description == "x.yaml: workload.dwell_s: the scenario has no workload: block to set this in (from --set workload.dwell_s)")
        }
        let policy = try SweepAxis(parsing: "policy=lmkd")
        #expect(try plain.scenario(at: [SweepSetting(axis: policy, index: 0)]).policyName == "lmkd")
    }

    @Test("--set options: key=values, checked")
    func parsingSettings() throws {
        let axis = try SweepAxis(parsing: "device.ram_mb=2048,3072")
        #expect(axis == SweepAxis(key: .device(.ramMB), values: ["2048", "3072"], source: .commandLine))
        for bad in ["device.ram_mb", "colour=red", "policy=lru,,jetsam", "policy=lru,lru", "workload.allocations=3", "end_s=a/b"] {
            #expect(throws: SweepAxis.ParseError.self, "\(bad)") { try SweepAxis(parsing: bad) }
        }
        #expect(try SweepAxis(parsing: "workload.allocations.mean_mb=5").key == .allocations(.meanMB))
    }

    @Test("A bad value in a file's sweep: is located at the value")
    func sweepValueLocated() throws {
        let template = try ScenarioTemplate(text: Self.file(extra: "sweep:\n  device.ram_mb: [2048, -1]\n"), path: "day.yaml")
        #expect(throws: ScenarioLoader.Error.self) { try BatchPlan(templates: [template], options: BatchPlan.Options()) }
        do {
            _ = try BatchPlan(templates: [template], options: BatchPlan.Options())
        } catch {
            #expect(error.description == "day.yaml:11:25: device.ram_mb: must not be negative, got -1")
        }
    }

    @Test("Exact decimal scaling by powers of ten rounds half away from zero")
    func powerOfTen() throws {
        func scaled(_ text: String, _ power: Int, limit: Int64 = 1 << 32) -> Int64? {
            DecimalQuantity(text)!.scaled(byPowerOfTen: power, limit: limit)
        }
        #expect(scaled("0.6", 6) == 600_000)
        #expect(scaled("0.0000005", 6) == 1)
        #expect(scaled("0.00000049", 6) == 0)
        #expect(scaled("1e-7", 6) == 0)
        #expect(scaled("2.5", 0) == 3)
        #expect(scaled("-2.5", 0) == -3)
        #expect(scaled("1.0000001", 6, limit: 1) == nil)
        #expect(scaled("1", 6, limit: 1) == 1_000_000)
        #expect(scaled("3600000", 3, limit: 3_600_000) == 3_600_000_000)
        #expect(DecimalQuantity("2.0")!.isWhole && !DecimalQuantity("2.5")!.isWhole && DecimalQuantity("0")!.isWhole)
    }
}
