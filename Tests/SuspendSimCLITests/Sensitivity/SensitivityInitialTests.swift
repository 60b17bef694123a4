import Foundation
import Testing

/// SPEC 39 with an `initial:` block (SPEC 12): a variant starts from the same resident apps,
/// so its runs are those of the file run with `--set KEY=END`.
@Suite struct SensitivityInitialTests {
    static let scenario = """
        name: init
        device: { model: iphone-15, ios: "18.4" }
        apps:
          - { id: com.a, active_mb: 1500, background_mb: 1200, suspended_mb: 1000 }
          - { id: com.b, active_mb: 1500, background_mb: 1200, suspended_mb: 1000 }
          - { id: com.c, active_mb: 1500, background_mb: 1200, suspended_mb: 1000 }
        initial:
          - { app: com.a, state: suspended }
          - { app: com.b, state: suspended }
        events:
          - { at: 10, open: com.c }
          - { at: 20, open: com.a }
          - { at: 30, open: com.b }
        sensitivity: [device.limit_share]

        """

    @Test("With initial: apps, device.limit_share's low and high ends run as --set device.limit_share=END does: the same rows in sensitivity_runs.csv")
    func initialAppsTakeTheEnd() throws {
        try withTemporaryFolder { folder in
            try Self.scenario.write(to: folder.appendingPathComponent("init.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "init.yaml", "--out", "V"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let variant = try ComparisonCommandTests.rows(folder.appendingPathComponent("V/sensitivity_runs.csv"))
            // iPhone 15: the catalog's estimate 2826-3600 MB (SensitivityCommandTests).
            for (end, value) in [("low", "2826.000"), ("high", "3600.000")] {
                let out = "E-\(end)"
                let set = try suspendsim(["run", "init.yaml", "--set", "device.limit_share=\(value)", "--sensitivity-keys", "device.compressor.ratio",
                                          "--out", out], in: folder)
                #expect(set.status == 0, "\(set.stderr)")
                // The --set run has device.limit_share as a column of its own (one value): left out.
                let setRows = try ComparisonCommandTests.rows(folder.appendingPathComponent("\(out)/sensitivity_runs.csv"))
                let column = try #require(setRows[0].firstIndex(of: "device.limit_share"))
                let own = setRows.dropFirst().filter { $0[0].isEmpty }.map { row in row.enumerated().filter { $0.offset != column }.map(\.element) }
                let mine = variant.dropFirst().filter { $0[0] == "device.limit_share" && $0[1] == end }
                #expect(mine.count == 4 && mine.allSatisfy { $0[2] == value })
                #expect(mine.map { Array($0.dropFirst(3)) } == own.map { Array($0.dropFirst(3)) }, "\(end)")
            }
        }
    }
}
