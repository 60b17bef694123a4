import Foundation
import Testing

/// SPEC 21 from the command line: `run --by` and `report --by` warn on stderr when the grouping
/// pools runs that differ in a key left out of KEYS, naming the key and its number of values;
/// the files and the exit status are what KEYS asks for.
@Suite struct GroupPoolingCommandTests {
    @Test("run --by policy over two RAM sizes warns once; report --by policy,device.ram_mb does not; report --by device.ram_mb names the policies")
    func byWarnsOnPooling() throws {
        try withTemporaryFolder { folder in
            try ComparisonCommandTests.traceScenario().write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "lsapp.yaml", "--set", "policy=lru,jetsam", "--set", "device.ram_mb=1024,2048",
                                      "--by", "policy", "--out", "R"], in: folder)
            #expect(run.status == 0)
            #expect(run.stderr == "warning: --by policy: pooling 2 values of device.ram_mb into each group (1024, 2048); "
                + "add it to --by to keep them apart\n")
            #expect(try ComparisonCommandTests.rows(folder.appendingPathComponent("R/groups.csv")).count == 1 + 2)

            let apart = try suspendsim(["report", "R", "--by", "policy,device.ram_mb"], in: folder)
            #expect(apart.status == 0 && apart.stderr.isEmpty, "\(apart.stderr)")

            let byRAM = try suspendsim(["report", "R", "--by", "device.ram_mb"], in: folder)
            #expect(byRAM.status == 0)
            #expect(byRAM.stderr.contains("warning: --by device.ram_mb: pooling 2 values of policy into each group (lru, jetsam)"))
        }
    }

    @Test("The default grouping of a batch over trace users pools only the users: no warning")
    func defaultGroupingIsSilent() throws {
        try withTemporaryFolder { folder in
            try ComparisonCommandTests.traceScenario().write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "lsapp.yaml", "--set", "policy=lru,jetsam", "--set", "device.ram_mb=1024,2048", "--out", "R"], in: folder)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        }
    }
}
