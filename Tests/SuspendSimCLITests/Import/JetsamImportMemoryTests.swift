import Foundation
import Testing

/// SPEC 35: `import jetsam` within 4 times the report's size in peak memory. The reader keeps
/// each process as it is read, never the report's tree (`JSONTreeReader`, `.each`).
@Suite struct JetsamImportMemoryTests {
    /// A JetsamEvent report of `processes` idle daemons, one line each, as the shared iOS 18.5
    /// report writes its processes.
    static func report(processes: Int) -> String {
        var text = "{\"bug_type\":\"298\",\"os_version\":\"iPhone OS 18.5 (22F76)\"}\n{\n \"product\": \"iPhone14,7\",\n"
            + " \"memoryStatus\": {\"pageSize\": 16384, \"memoryPages\": {\"active\": 133350, \"wired\": 66530, \"inactive\": 132950, \"free\": 3870}},\n"
            + " \"processes\" : [\n"
        text.reserveCapacity(processes * 130)
        for index in 0..<processes {
            text += "  {\"name\": \"com.apple.daemon\(index)\", \"pid\": \(index + 100), \"states\": [\"daemon\", \"idle\"], "
                + "\"rpages\": 1, \"lifetimeMax\": 2, \"priority\": 0}" + (index + 1 < processes ? ",\n" : "\n")
        }
        return text + " ]\n}\n"
    }

    @Test("A 20 MB report costs at most 4 times its size above what a report of one process costs")
    func peakMemory() throws {
        try withTemporaryFolder { folder in
            let big = Self.report(processes: 160_000)
            try big.write(to: folder.appendingPathComponent("big.ips"), atomically: true, encoding: .utf8)
            try Self.report(processes: 1).write(to: folder.appendingPathComponent("small.ips"), atomically: true, encoding: .utf8)
            let large = try RefusalCostTests.measured(["import", "jetsam", folder.appendingPathComponent("big.ips").path,
                                                       "-o", folder.appendingPathComponent("big.yaml").path], in: folder)
            let small = try RefusalCostTests.measured(["import", "jetsam", folder.appendingPathComponent("small.ips").path,
                                                       "-o", folder.appendingPathComponent("small.yaml").path], in: folder)
            #expect(large.status == 0 && small.status == 0, "\(large.stderr)")
            let sizeKiB = big.utf8.count / 1024
            #expect(sizeKiB > 19_000)
            #expect(large.peakKiB - small.peakKiB <= 4 * sizeKiB, "peak \(large.peakKiB) KiB, one process \(small.peakKiB) KiB, report \(sizeKiB) KiB")
        }
    }
}
