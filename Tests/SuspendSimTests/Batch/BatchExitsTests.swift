import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 17's batch `exits.csv`: each row of the mapping table, run as a batch of one point,
/// counts its termination in its column's mean per run, and nowhere else.
@Suite struct BatchExitsTests {
    @Test("Each row of SPEC 17's exit table: a batch's exits.csv has mean 1.000 in its column, 0.000 in every other",
          arguments: MetricKitPayloadTests.exitRows)
    func exitRowInABatch(_ row: MetricKitExitRow) throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("row.json").path
            try ScenarioJSONWriter.json(row.scenario).write(toFile: file, atomically: true, encoding: .utf8)
            // A sweep of one point makes the scenario a batch (SPEC 14): its own end, or 10,000 s.
            var options = BatchPlan.Options()
            let end = row.scenario.endMs ?? .seconds(10_000)
            options.settings = [try SweepAxis(parsing: "end_s=\(end.seconds)")]
            let plan = try BatchPlan(templates: [try ScenarioLoader.template(path: file)], options: options)
            let out = folder.appendingPathComponent("out").path
            _ = try BatchRunner.run(plan, outPath: out, jobs: 1)
            let lines = try String(contentsOfFile: out + "/exits.csv", encoding: .utf8).split(separator: "\n")
                .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let header = lines[0]
            let appRow = try #require(lines.dropFirst().first { $0[2] == row.app })
            let fields = Dictionary(uniqueKeysWithValues: zip(header, appRow))
            #expect(fields["runs"] == "1")
            #expect(fields[row.column.rawValue] == "1.000")
            for category in KillReason.ExitCategory.allCases where category != row.column {
                #expect(fields[category.rawValue] == "0.000", "\(category.rawValue)")
            }
        }
    }
}
