import Testing
@testable import SuspendSim

/// SPEC 39's `same_sign`, on what-ifs built by hand: a batch sweeping `device.x` over A (the
/// baseline) and B, two replicates, whose own runs make `pressure_kills` go up by 1 from A to
/// B; one variant moves B's runs further up (the sign kept), one below A (the sign flips).
@Suite struct SensitivitySameSignTests {
    /// A run at `value` of `device.x`, replicate `replicate`, with `kills` pressure kills.
    static func run(_ value: String, _ replicate: Int, kills: Int, point: Int) -> SensitivityRun {
        SensitivityRun(entry: 0, point: point, identity: ["s", "jetsam", "\(100 + replicate)", "\(replicate)"], columnValues: [value],
                       appValues: [], metrics: ["\(kills)", "", "", "", "", ""])
    }

    static let own = [run("A", 0, kills: 1, point: 0), run("A", 1, kills: 1, point: 0),
                      run("B", 0, kills: 2, point: 1), run("B", 1, kills: 2, point: 1)]

    /// The `pressure_kills` row's `mean_diff` and `same_sign` for a variant that ran at B only.
    static func pressureRow(variant: [SensitivityRun]) throws -> (diff: String, sameSign: String) {
        let whatIf = WhatIf(key: "device.x", baseline: "A")
        let ownRecords = try SensitivityComparison.whatIfRecords(own, scenario: "s", apps: [], columns: ["device.x"], whatIf: whatIf)
        let rows = try SensitivityWhatIf.rows(own: own, variant: variant, ownRecords: ownRecords, scenario: "s", apps: [],
                                              columns: ["device.x"], whatIf: whatIf, variant: ["device.y", "low", "1"])
        let header = ownRecords[0]
        let metric = try #require(header.firstIndex(of: "metric"))
        let diff = try #require(header.firstIndex(of: "mean_diff"))
        let row = try #require(rows.first { $0[3 + metric] == "pressure_kills" })
        #expect(Array(row.prefix(3)) == ["device.y", "low", "1"])
        return (row[3 + diff], try #require(row.last))
    }

    @Test("A variant that moves B from 2 to 3 kills keeps the what-if's sign: +1.000 becomes +2.000, same_sign true")
    func keepsItsSign() throws {
        let row = try Self.pressureRow(variant: [Self.run("B", 0, kills: 3, point: 1), Self.run("B", 1, kills: 3, point: 1)])
        #expect(row.diff == "2.000")
        #expect(row.sameSign == "true")
    }

    @Test("A variant that moves B from 2 to 0 kills flips it: +1.000 becomes −1.000, same_sign false")
    func flipsItsSign() throws {
        let row = try Self.pressureRow(variant: [Self.run("B", 0, kills: 0, point: 1), Self.run("B", 1, kills: 0, point: 1)])
        #expect(row.diff == "-1.000")
        #expect(row.sameSign == "false")
    }

    @Test("same_sign compares the written decimals: empty when either is empty or 0.000")
    func writtenDecimals() {
        #expect(SensitivityWhatIf.sameSign("0.001", "2.000") == "true")
        #expect(SensitivityWhatIf.sameSign("-0.500", "0.250") == "false")
        #expect(SensitivityWhatIf.sameSign("0.000", "1.000") == "")
        #expect(SensitivityWhatIf.sameSign("", "1.000") == "")
        #expect(SensitivityWhatIf.sameSign("-1.000", "-3.000") == "true")
    }
}
