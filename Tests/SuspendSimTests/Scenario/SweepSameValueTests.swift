import Testing
@testable import SuspendSim

/// SPEC 35: two sweep values that make one point are refused, and the checks of a sweep cost
/// time linear in its values (SweepAxis+SameValue.swift).
@Suite struct SweepSameValueTests {
    @Test("Numbers compare as numbers, device.ios as a release, trace.user and policy as text")
    func comparisons() {
        #expect(SweepAxis.comparison(of: SweepKey(path: "device.ram_mb")!) == .number)
        #expect(SweepAxis.comparison(of: SweepKey(path: "device.compressor.ratio")!) == .number)
        #expect(SweepAxis.comparison(of: SweepKey(path: "app.com.a.b.suspended_mb")!) == .number)
        #expect(SweepAxis.comparison(of: SweepKey(path: "workload.allocations.per_hour")!) == .number)
        #expect(SweepAxis.comparison(of: SweepKey(path: "end_s")!) == .number)
        #expect(SweepAxis.comparison(of: SweepKey(path: "device.ios")!) == .version)
        #expect(SweepAxis.comparison(of: SweepKey(path: "trace.user")!) == .text)
        #expect(SweepAxis.comparison(of: SweepKey(path: "policy")!) == .text)
        #expect(SweepAxis.comparison(of: SweepKey(path: "device.model")!) == .model)
        #expect(SweepAxis.comparison(of: SweepKey(path: "device.charging")!) == .text)
    }

    @Test("The first value that repeats an earlier point, by index", arguments: [
        ("device.ram_mb", ["3072", "3072.0"], 0, 1),
        ("device.compressor.ratio", ["2.5", "2.8", "2.80"], 1, 2),
        ("workload.gap_s", ["900", "600", "9e2"], 0, 2),
        ("device.ram_mb", ["0.5", ".50"], 0, 1),
        ("device.ios", ["18", "18.0"], 0, 1),
        ("device.ios", ["18.1", "18.01"], 0, 1),
        ("trace.user", ["7", "8", "7"], 0, 2),
        ("device.model", ["iphone-11", "iphone-xs", "iPhone12,1"], 0, 2),
        ("device.model", ["iPhone 11", "IPHONE-11"], 0, 1),
    ])
    func repeated(_ key: String, _ values: [String], _ first: Int, _ again: Int) {
        let found = SweepAxis.repeatedValue(values, key: SweepKey(path: key)!)
        #expect(found?.first == first && found?.again == again, "\(key) \(values): \(String(describing: found))")
    }

    @Test("Values that are different points", arguments: [
        ("device.ios", ["18.1", "18.10"]),
        ("trace.user", ["7", "007", "7.0"]),
        ("policy", ["lru", "LRU"]),
        ("device.ram_mb", ["2048", "2048.001", "20480"]),
        ("device.ram_mb", ["abc", "ABC"]),
        ("device.model", ["iphone-11", "iphone-11-pro"]),
    ])
    func distinct(_ key: String, _ values: [String]) {
        #expect(SweepAxis.repeatedValue(values, key: SweepKey(path: key)!) == nil)
    }

    @Test("--set with two values of one point is refused, naming both")
    func commandLine() {
        #expect(throws: SweepAxis.ParseError.self) { try SweepAxis(parsing: "device.ram_mb=3072,3072.0") }
        do {
            _ = try SweepAxis(parsing: "device.compressor.ratio=2.8, 2.80")
        } catch {
            #expect(error.description == "--set device.compressor.ratio=2.8, 2.80: value '2.80' is the same number as '2.8' (value 1): two points would be one")
        }
        #expect((try? SweepAxis(parsing: "device.ios=18.1,18.10"))?.values == ["18.1", "18.10"])
    }

    /// A sweep point is the file read again with the point's values in place. Reading the
    /// `sweep:` block again at each point made a sweep of n values cost n times the check of
    /// n values (and that check was itself quadratic): 500 values took over a minute. The
    /// template reads the block once; a point's reading leaves it alone.
    @Test("A point's reading does not read the sweep again; the template's reads it once")
    func pointsSkipTheSweep() throws {
        let values = (0..<500).map { String(2048 + $0) }
        let text = "name: s\ndevice: {ram_mb: 4096}\napps: [{id: a, active_mb: 100}]\nevents: [{at: 0, open: a}]\n"
            + "sweep:\n  device.ram_mb: [\(values.joined(separator: ", "))]\n"
        let template = try ScenarioTemplate(text: text, path: "s.yaml")
        #expect(template.sweep.first?.values == values)
        let document = try ScenarioDecoding.decode(text: text, path: "s.yaml").document
        let point = try ScenarioReading.read(document, path: "s.yaml", settings: [SweepSetting(axis: template.sweep[0], index: 7)])
        #expect(point.sweep.isEmpty)
        #expect(point.scenario.device.ramKiB == .kib(2055 * 1024))
        var options = BatchPlan.Options()
        options.replicates = 1
        let plan = try BatchPlan(templates: [template], options: options)
        #expect(plan.unitCount == 500)
        #expect(plan.entries[0].points[499].scenario.device.ramKiB == .kib(2547 * 1024))
    }
}
