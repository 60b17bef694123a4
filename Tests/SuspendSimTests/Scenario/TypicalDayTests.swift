import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 38: `workload: typical-day` (and `{ include: typical-day, ... }`) from the assumption
/// table's rows, and the `apps.typical-day` factor on the bundled list's footprints.
@Suite struct TypicalDayTests {
    /// A scenario with `apps` and `workload`; the workload is on line 6.
    static func file(apps: String = "  - { id: com.a, active_mb: 100, background_modes: [fetch] }", workload: String) -> String {
        """
        name: day
        device: { ram_mb: 3072 }
        apps:
        \(apps)
        end_s: 100
        workload: \(workload)
        """
    }

    /// The typical day as the table gives it, worked out by hand from its rows: 16 h, Zipf 1,
    /// Böhmer et al.'s 71.56 s, LSApp's gap and 1 / 2.18 (0.459), the estimated rest.
    static var expectedDay: Workload {
        var day = Workload(durationMs: 57_600_000)
        day.zipfExponentThousandths = 1_000
        day.meanDwellMs = 71_560
        day.meanGapMs = 3_153_000
        day.homeShare = Workload.Share(perMillion: 459_000)
        day.callsPerHour = Workload.Rate(perThousandHours: 400)
        day.answerShare = Workload.Share(perMillion: 700_000)
        day.ringMs = 10_000
        day.meanCallMs = 180_000
        day.alertsPerHour = Workload.Rate(perThousandHours: 6_000)
        day.replyShare = Workload.Share(perMillion: 250_000)
        day.alertMs = 5_000
        day.replyMs = 20_000
        day.wakesPerHour = Workload.Rate(perThousandHours: 250)
        day.allocationsPerHour = Workload.Rate(perThousandHours: 20_000)
        day.meanAllocationKiB = 30 * 1024
        return day
    }

    /// Every `--set` key of the workload, in the key tables' order.
    static let everyWorkloadKey = WorkloadKey.allCases.filter(\.sweeps).map(\.path) + AllocationsKey.allCases.map(\.path)

    @Test("The table has one typical-day row per workload key, in the key tables' order")
    func oneRowPerKey() {
        #expect(TypicalDay.workloadKeys.sorted() == Self.everyWorkloadKey.sorted())
        #expect(Set(TypicalDay.workloadKeys).count == TypicalDay.workloadKeys.count)
    }

    @Test("gap_s is LSApp's sessions a day over the 16-hour day, less the model's mean session (dwell_s / home_share)")
    func gapFromLSApp() throws {
        let table = AssumptionTable.shipped
        func number(_ key: String) throws -> Double {
            let row = try #require(table.rows(of: key).first { $0.applies == [.workloadTypicalDay] })
            return try #require(row.value.magnitude?.amount)
        }
        let sessionsPerDay = 76_247.0 / (292 * 15)               // the LSApp README's table
        let session = try number("workload.dwell_s") / number("workload.home_share")
        #expect(abs(try number("workload.home_share") - 1 / 2.18) < 0.0005)
        #expect(try number("workload.gap_s") == (try number("workload.duration_s") / sessionsPerDay - session).rounded())
    }

    @Test("workload: typical-day fills every key from the table; every default is taken")
    func wholeDay() throws {
        let template = try ScenarioTemplate(text: Self.file(workload: "typical-day"), path: "x.yaml")
        #expect(template.scenario.generator as? Workload == Self.expectedDay)
        #expect(template.typicalDay.workload && !template.typicalDay.apps)
        #expect(template.typicalDay.workloadDefaultsTaken.sorted() == Self.everyWorkloadKey.sorted())
    }

    @Test("Keys given beside include: typical-day win, an allocations block as a whole; the defaults taken are the others")
    func givenKeysWin() throws {
        let template = try ScenarioTemplate(
            text: Self.file(workload: "{ include: typical-day, gap_s: 600, allocations: { per_hour: 5, mean_mb: 10 } }"), path: "x.yaml")
        var expected = Self.expectedDay
        expected.meanGapMs = 600_000
        expected.allocationsPerHour = Workload.Rate(perThousandHours: 5_000)
        expected.meanAllocationKiB = 10_240
        #expect(template.scenario.generator as? Workload == expected)
        let given = ["workload.gap_s", "workload.allocations.per_hour", "workload.allocations.mean_mb"]
        #expect(template.typicalDay.workloadDefaultsTaken.sorted() == Self.everyWorkloadKey.filter { !given.contains($0) }.sorted())
    }

    @Test("--set workload.* wins over the typical day and over a key given beside the include")
    func setWins() throws {
        let template = try ScenarioTemplate(text: Self.file(workload: "{ include: typical-day, gap_s: 600 }"), path: "x.yaml")
        let dwell = try SweepAxis(parsing: "workload.dwell_s=30")
        let gap = try SweepAxis(parsing: "workload.gap_s=60")
        let mean = try SweepAxis(parsing: "workload.allocations.mean_mb=1")
        let point = try template.scenario(at: [dwell, gap, mean].map { SweepSetting(axis: $0, index: 0) })
        var expected = Self.expectedDay
        expected.meanDwellMs = 30_000
        expected.meanGapMs = 60_000
        expected.meanAllocationKiB = 1_024
        #expect(point.generator as? Workload == expected)
    }

    @Test("Bad input, located: an unknown key beside the include, another include, a word other than typical-day")
    func badInput() {
        let unknown = loadDiagnostics(Self.file(workload: "{ include: typical-day, dwell: 60 }"))
        #expect(unknown.map(\.field) == ["workload.dwell"])
        #expect(unknown.first?.line == 6)
        #expect(unknown.first?.message.contains("unknown key 'dwell'") == true)
        let other = loadDiagnostics(Self.file(workload: "{ include: busy-day }"))
        #expect(other.map(\.field) == ["workload.include"])
        #expect(other.first?.line == 6 && other.first?.column == 22)
        #expect(other.first?.message.contains("includes only typical-day") == true)
        let word = loadDiagnostics(Self.file(workload: "typical_day"))
        #expect(word.map(\.field) == ["workload"])
        #expect(word.first?.message.contains("must be a mapping of workload keys or typical-day") == true)
        let quoted = loadDiagnostics(Self.file(workload: "{ include: 1 }"))
        #expect(quoted.map(\.field) == ["workload.include"])
    }
}

/// SPEC 38's `apps.typical-day`: the factor on the footprints the included list writes.
@Suite struct TypicalDayFactorTests {
    static let text = """
        name: t
        device: { ram_mb: 8192 }
        apps:
          - { include: typical-day }
          - { id: com.apple.camera, active_mb: 100 }
        """

    static func point(_ settings: String...) throws -> Scenario {
        let template = try ScenarioTemplate(text: text, path: "x.yaml")
        let axes = try settings.map { try SweepAxis(parsing: $0) }
        return try template.scenario(at: axes.map { SweepSetting(axis: $0, index: 0) })
    }

    static func app(_ scenario: Scenario, _ id: String) throws -> AppProfile {
        try #require(scenario.apps.first { $0.id == id })
    }

    @Test("1.5 scales every written footprint of the included apps; a replaced app and a key set by --set are not scaled")
    func scales() throws {
        let scenario = try Self.point("apps.typical-day=1.5", "app.com.burbn.instagram.suspended_mb=10")
        let messages = try Self.app(scenario, "com.apple.MobileSMS")       // 180, 120, 70
        #expect(messages.activeKiB == .mb(270) && messages.backgroundKiB == .mb(180) && messages.suspendedKiB == .mb(105))
        let instagram = try Self.app(scenario, "com.burbn.instagram")      // 380, 250, 160, purgeable 60, release 40
        #expect(instagram.activeKiB == .mb(570) && instagram.backgroundKiB == .mb(375))
        #expect(instagram.suspendedKiB == .mb(10))
        #expect(instagram.purgeableKiB == .mb(90) && instagram.warningReleaseKiB == .mb(60))
        let camera = try Self.app(scenario, "com.apple.camera")            // the file's own entry
        #expect(camera.activeKiB == .mb(100) && camera.suspendedKiB == .mb(100))
        #expect(try Self.app(try Self.point(), "com.apple.MobileSMS").activeKiB == .mb(180))
    }

    @Test("Each product is exact, then read half up to a KiB: 180 x 0.333 = 59.94 MB (61378.56 KiB), 70 x 0.333 = 23.31 MB (23869.44 KiB)")
    func rounding() throws {
        let messages = try Self.app(try Self.point("apps.typical-day=0.333"), "com.apple.MobileSMS")
        #expect(messages.activeKiB == KiB(61_379))
        #expect(messages.suspendedKiB == KiB(23_869))
        #expect(messages.backgroundKiB == KiB(40_919))                     // 120 x 0.333 = 39.96 MB, 40919.04 KiB
    }

    @Test("Factor 2 doubles every footprint each included app writes, exactly; the reading records the include, not a setting")
    func defaultsDerive() throws {
        let text = """
            name: t
            device: { ram_mb: 8192 }
            apps:
              - { include: typical-day }
            """
        let template = try ScenarioTemplate(text: text, path: "x.yaml")
        let factor = try SweepAxis(parsing: "apps.typical-day=2")
        let scaled = try template.scenario(at: [SweepSetting(axis: factor, index: 0)])
        for (plain, doubled) in zip(template.scenario.apps, scaled.apps) {
            #expect(doubled.activeKiB == KiB(plain.activeKiB.count * 2))
            #expect(doubled.backgroundKiB == KiB(plain.backgroundKiB.count * 2))
            #expect(doubled.suspendedKiB == KiB(plain.suspendedKiB.count * 2))
        }
        #expect(template.typicalDay.apps && !template.typicalDay.factorSet)
    }

    @Test("apps.typical-day sweeps, is a number, above 0, and needs the include")
    func badFactor() throws {
        #expect(SweepKey(path: "apps.typical-day") == .typicalDayFactor)
        #expect(SweepKey.typicalDayFactor.path == "apps.typical-day")
        #expect(throws: SweepAxis.ParseError.self) { try SweepAxis(parsing: "apps.typical-day=1,1.0") }
        for value in ["0", "-1", "x"] {
            #expect(throws: ScenarioLoader.Error.self) { try Self.point("apps.typical-day=\(value)") }
        }
        let plain = try ScenarioTemplate(text: "name: t\ndevice: { ram_mb: 2048 }\napps:\n  - { id: com.a, active_mb: 1 }\n", path: "x.yaml")
        let factor = try SweepAxis(parsing: "apps.typical-day=2")
        do {
            _ = try plain.scenario(at: [SweepSetting(axis: factor, index: 0)])
            Issue.record("a factor without the include was taken")
        } catch {
            #expect(error.diagnostics.first?.field == "apps.typical-day")
            #expect(error.diagnostics.first?.message.contains("do not include typical-day") == true)
        }
    }

    @Test("DecimalQuantity's product is exact: no digit is lost or rounded")
    func exactProduct() throws {
        func product(_ a: String, _ b: String) throws -> String {
            try #require(DecimalQuantity(a)).multiplied(by: try #require(DecimalQuantity(b))).plainText
        }
        #expect(try product("180", "0.333") == "59.94")
        #expect(try product("2.5", "0.4") == "1")
        #expect(try product("0.05", "0.2") == "0.01")
        #expect(try product("1e3", "1.5") == "1500")
        #expect(try product("-3", "0.5") == "-1.5")
        #expect(try product("0", "7") == "0")
        #expect(try product("123456789.123", "987.654321") == "121932631234.116750483")
    }
}
