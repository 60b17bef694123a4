import Foundation
import Testing
@testable import SuspendSim

/// SPEC 36: a batch root's `assumptions.csv` holds each point's rows in `summary.csv`'s order,
/// and `merge` refuses shards whose assumption tables differ.
struct BatchAssumptionsTests {
    static let swept = """
        name: swept
        device: { ram_mb: 1024 }
        apps: [{ id: com.a, active_mb: 100 }]
        workload: { duration_s: 600 }

        """

    static func folder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("suspendsim-assumptions-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func plan() throws -> BatchPlan {
        var options = BatchPlan.Options()
        options.settings = [try SweepAxis(parsing: "device.ram_mb=2048,4096")]
        options.replicates = 2
        return try BatchPlan(templates: [try ScenarioTemplate(text: swept, path: "swept.yaml")], options: options)
    }

    @Test func theBatchRootListsEachPointsRowsInSummaryOrder() throws {
        let out = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try BatchRunner.run(try Self.plan(), outPath: out, jobs: 2)
        let lines = try String(contentsOfFile: out + "/assumptions.csv", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "scenario,policy,device.ram_mb,key,value,unit,origin,source,low,high")
        let warnings = lines.filter { $0.contains(",device.warning_free_mb,") }
        // 15 % of 2048 MB, then of 4096 MB: one row per point (not per replicate), in grid order.
        #expect(warnings.count == 2)
        #expect(warnings.first?.hasPrefix("swept,largest-first,2048,device.warning_free_mb,307.200,MB,source-code,") == true)
        #expect(warnings.last?.hasPrefix("swept,largest-first,4096,device.warning_free_mb,614.400,MB,source-code,") == true)
        // The swept key is the file's, not a default; the workload's defaults are.
        #expect(!lines.dropFirst().contains { $0.contains(",device.ram_mb,") })
        #expect(lines.contains { $0.hasPrefix("swept,largest-first,2048,workload.gap_s,600.000,s,estimated,") })
        // Every row of a point comes before the next point's.
        let points = lines.dropFirst().map { $0.split(separator: ",")[2] }
        #expect(points == points.sorted())
    }

    @Test func mergeRefusesShardsWhoseTablesDiffer() throws {
        let plan = try Self.plan()
        let shards = [Self.folder(), Self.folder()]
        let out = Self.folder() + "-merged"
        defer { for folder in shards + [out] { try? FileManager.default.removeItem(atPath: folder) } }
        for (index, folder) in shards.enumerated() {
            _ = try BatchRunner.run(plan, outPath: folder, jobs: 1, shard: BatchShard(index: index + 1, count: 2)!)
        }
        let manifest = shards[1] + "/shard.csv"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(text.hasPrefix(ShardColumn.header + "\n") && text.hasSuffix("," + AssumptionTable.shippedSHA256 + "\n"))
        try text.replacingOccurrences(of: AssumptionTable.shippedSHA256, with: String(repeating: "0", count: 64))
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        do {
            _ = try ShardMerge.merge(shards, into: out)
            Issue.record("merged shards of two assumption tables")
        } catch {
            #expect("\(error)".contains("assumptions_sha256") && "\(error)".contains("different assumption tables"))
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/summary.csv"))
    }
}
