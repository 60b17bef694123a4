import Foundation
import Testing
@testable import SuspendSim

/// SPEC 21's grouping and what it pools (`GroupPooling`): a key left out of KEYS whose values
/// differ inside a group is named with its number of values, for `--by`'s warning; users
/// (`trace.user`) are samples and never named; the files are what KEYS asks for either way.
@Suite struct GroupPoolingTests {
    /// Runs of two policies at four RAM sizes, users 1 and 2 each, in `summary.csv`.
    func writeBatch(in folder: URL) throws -> String {
        var rows: [String] = []
        for policy in ["lru", "jetsam"] {
            for ram in [1024, 1536, 2048, 3072] {
                for user in ["1", "2"] {
                    rows.append(BatchComparisonTests.row(policy, ram: ram, user: user, kills: ram / 512, hot: "0.500", minFree: "1.000"))
                }
            }
        }
        let path = folder.appendingPathComponent("summary.csv").path
        try (BatchComparisonTests.header + rows.joined()).write(toFile: path, atomically: true, encoding: .utf8)
        return folder.path
    }

    @Test("--by policy pools the four RAM sizes into each group: named, with its values, in the warning's words")
    func poolsRAM() throws {
        try withTemporaryFolder { folder in
            let written = try BatchComparison(keys: ["policy"]).write(folder: try writeBatch(in: folder))
            #expect(written.pooled == [GroupPooling(key: "device.ram_mb", values: ["1024", "1536", "2048", "3072"], inEveryGroup: true)])
            #expect(written.pooled.first?.description
                == "pooling 4 values of device.ram_mb into each group (1024, 1536, 2048, 3072); add it to --by to keep them apart")
            // groups.csv is what --by asked for: a group per policy, of 8 runs.
            let groups = try String(contentsOfFile: folder.path + "/groups.csv", encoding: .utf8).split(separator: "\n")
            #expect(groups.count == 3 && groups[1].hasPrefix("lru,8,"))
        }
    }

    @Test("--by device.ram_mb pools the policies; policy and every sweep key: nothing (users are samples, not pooled settings)")
    func poolsPoliciesOrNothing() throws {
        try withTemporaryFolder { folder in
            let batch = try writeBatch(in: folder)
            #expect(try BatchComparison(keys: ["device.ram_mb"]).write(folder: batch).pooled.map(\.description)
                == ["pooling 2 values of policy into each group (lru, jetsam); add it to --by to keep them apart"])
            #expect(try BatchComparison(keys: ["policy", "device.ram_mb"]).write(folder: batch).pooled.isEmpty)
            #expect(try BatchComparison(keys: ["device.ram_mb", "policy"]).write(folder: batch).pooled.isEmpty)
        }
    }

    @Test("A key pooled in some groups only is named with the most values a group pools")
    func someGroups() throws {
        try withTemporaryFolder { folder in
            let rows = [BatchComparisonTests.row("lru", ram: 1024, user: "1", kills: 1, hot: "0.5", minFree: "1"),
                        BatchComparisonTests.row("lru", ram: 2048, user: "1", kills: 1, hot: "0.5", minFree: "1"),
                        BatchComparisonTests.row("jetsam", ram: 1024, user: "1", kills: 1, hot: "0.5", minFree: "1")]
            let path = folder.appendingPathComponent("summary.csv").path
            try (BatchComparisonTests.header + rows.joined()).write(toFile: path, atomically: true, encoding: .utf8)
            let pooled = try BatchComparison(keys: ["policy"]).write(folder: folder.path).pooled
            #expect(pooled.map(\.description)
                == ["pooling up to 2 values of device.ram_mb into a group (1024, 2048); add it to --by to keep them apart"])
        }
    }
}
