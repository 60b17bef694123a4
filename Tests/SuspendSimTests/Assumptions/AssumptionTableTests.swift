import Testing
@testable import SuspendSim

/// The shipped assumption table keeps SPEC 36's grammar: every row parses, a key's rows never
/// hold at once, and every range holds its value.
struct AssumptionTableTests {
    @Test func theShippedTableParsesWithSourcedRows() throws {
        let table = try AssumptionTable(csv: AssumptionTable.shippedCSV)
        #expect(!table.rows.isEmpty)
        for row in table.rows {
            #expect(!row.source.isEmpty, "\(row.key) has no source")
        }
    }

    @Test func noTwoRowsOfOneKeyCanHoldAtOnce() {
        let rows = AssumptionTable.shipped.rows
        for (i, row) in rows.enumerated() {
            for other in rows[(i + 1)...] where other.key == row.key {
                #expect(row.excludes(other), "\(row.key): '\(row.applies)' and '\(other.applies)' can hold at once")
            }
        }
    }

    @Test func everyRangeHoldsItsValue() {
        for row in AssumptionTable.shipped.rows {
            guard let low = row.low.magnitude, let value = row.value.magnitude, let high = row.high.magnitude else { continue }
            #expect(low.kind == value.kind && value.kind == high.kind, "\(row.key): the range and the value are of different kinds")
            #expect(low.amount <= value.amount && value.amount <= high.amount, "\(row.key): \(row.low) ... \(row.value) ... \(row.high)")
        }
    }

    @Test func spec36sKnownRowsAreExact() throws {
        let reaper = AssumptionTable.shipped.rows(of: "device.reaper_free_mb")
        #expect(reaper.map(\.value) == [.percentOfRAM(percent: "20"), .percentOfRAM(percent: "18"), .percentOfRAM(percent: "16")])
        #expect(reaper.map(\.low) == [.percentOfRAM(percent: "18"), .percentOfRAM(percent: "16"), .percentOfRAM(percent: "16")])
        #expect(reaper.map(\.high) == [.percentOfRAM(percent: "20"), .percentOfRAM(percent: "20"), .percentOfRAM(percent: "18")])
        let ratio = try #require(AssumptionTable.shipped.rows(of: "device.compressor.ratio").first)
        #expect(ratio.value == .number("2.8") && ratio.low == .number("2.5") && ratio.high == .number("3.9"))
        #expect(ratio.origin == .measured && ratio.applies == [.compressorOn])
        let maxFrozen = try #require(AssumptionTable.shipped.rows(of: "device.freezer.max_frozen").first)
        #expect(maxFrozen.value == .number("20") && maxFrozen.origin == .sourceCode && maxFrozen.applies == [.freezerOn])
    }

    @Test(arguments: [
        ("ram_mb <= 3072 and ram_mb > 3072", true),
        ("ram_mb <= 3072 and ram_mb > 2048", false),
        ("ios < 17.4 and ios >= 17.4", true),
        ("ios < 18 and ios >= 17.4", false),
        ("ios >= 9 and profile classic", true),
        ("policy jetsam and policy lmkd", true),
        ("workload plain and workload typical-day", true),
        ("model set and model unset", true),
        ("compressor on and freezer on", false),
    ])
    func atomsThatCannotHoldTogether(applies: String, excluded: Bool) throws {
        let atoms = try AssumptionCondition.parseAll(applies)
        #expect(atoms[0].excludes(atoms[1]) == excluded)
        #expect(atoms[1].excludes(atoms[0]) == excluded)
    }

    /// `applies` is split at each ` and ` from the left, empty parts kept, as
    /// `split(separator: " and ", omittingEmptySubsequences: false)` splits it; the non-ASCII
    /// case takes that call, the others the byte comparison.
    @Test(arguments: [
        ("always", ["always"]),
        ("ram_mb <= 3072 and policy lru", ["ram_mb <= 3072", "policy lru"]),
        ("a and b and c", ["a", "b", "c"]),
        ("a and and b", ["a", "and b"]),
        ("always and", ["always and"]),
        ("a and ", ["a", ""]),
        (" and ", ["", ""]),
        ("", [""]),
        ("a andb", ["a andb"]),
        ("é and b", ["é", "b"]),
    ])
    func appliesSplitsAtEachAnd(applies: String, parts: [String]) {
        #expect(AssumptionCondition.andParts(applies).map(String.init) == parts)
        #expect(AssumptionCondition.andParts(applies).map(String.init)
            == applies.split(separator: " and ", omittingEmptySubsequences: false).map(String.init))
    }

    @Test(arguments: [
        "ram_mb < 3072", "ios > 9", "policy", "compressor off", "ram_mb <= lots", "always and", "",
    ])
    func atomsOutsideSpec36sListAreRefused(applies: String) {
        #expect(throws: AssumptionRow.FieldError.self) { try AssumptionCondition.parseAll(applies) }
    }

    @Test func aRowThatBreaksTheGrammarIsRefusedWithItsLine() {
        let header = AssumptionTable.columns.joined(separator: ",")
        let cases = [
            "device.x,always,1,furlongs,estimated,a guess,1,1",
            "device.x,always,1,MB,guessed,a guess,1,1",
            "device.x,always,1,MB,estimated,,1,1",
            "device.x,always,twenty,MB,estimated,a guess,1,1",
            "device.x,always,20% of ram_mb,s,estimated,a guess,1,1",
            "device.x,always,yes,boolean,estimated,a guess,true,true",
        ]
        for row in cases {
            #expect(throws: AssumptionTable.FormatError.self, "\(row)") { try AssumptionTable(csv: header + "\n" + row + "\n") }
            do {
                _ = try AssumptionTable(csv: header + "\n" + row + "\n")
            } catch {
                #expect(error.line == 2)
            }
        }
    }
}
