import Foundation
import Testing

/// SPEC 36: `suspendsim assumptions` prints the table, or each file's batch-root rows, aligned
/// or as CSV.
@Suite struct AssumptionsCommandTests {
    @Test("assumptions --csv prints the shipped table's bytes")
    func csv() throws {
        let run = try suspendsim(["assumptions", "--csv"])
        #expect(run.status == 0)
        let shipped = try String(contentsOfFile: packageFile("Sources/SuspendSim/Resources/assumptions.csv"), encoding: .utf8)
        #expect(run.stdout == shipped)
    }

    @Test("assumptions aligns each column to its widest cell, two spaces apart, no trailing spaces")
    func aligned() throws {
        let run = try suspendsim(["assumptions"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.hasPrefix("key  ") && header.hasSuffix("high"))
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
        // The applies column starts where the longest key plus two spaces ends, on every line.
        let keys = lines.dropFirst().map { String($0.prefix { $0 != " " }) }
        let column = (keys + ["key"]).map(\.count).max()! + 2
        for line in lines {
            let start = line.index(line.startIndex, offsetBy: column)
            #expect(line[line.index(before: start)] == " " && line[start] != " ", "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("device.freezer.max_frozen ") })
    }

    @Test("assumptions FILE --set prints the batch root's rows as run would, a blank line between files")
    func files() throws {
        try withTemporaryFolder { folder in
            var paths: [String] = []
            for name in ["one", "two"] {
                let path = folder.appendingPathComponent("\(name).yaml").path
                try "name: \(name)\ndevice: { ram_mb: 2048 }\napps: [{ id: com.a, active_mb: 100 }]\nevents: [{ at: 0, open: com.a }]\n"
                    .write(toFile: path, atomically: true, encoding: .utf8)
                paths.append(path)
            }
            let run = try suspendsim(["assumptions"] + paths + ["--set", "device.aging_s=3", "--policy", "lmkd", "--csv"])
            #expect(run.status == 0, "\(run.stderr)")
            let blocks = run.stdout.components(separatedBy: "\n\n")
            #expect(blocks.count == 2)
            #expect(blocks[0].hasPrefix("scenario,policy,device.aging_s,key,value,unit,origin,source,low,high\n"))
            #expect(blocks[1].contains("\ntwo,lmkd,3,device.lmkd.minfree.950,315.000,MB,source-code,"))
            #expect(!run.stdout.contains(",device.aging_s,2.000"))
            let bad = try suspendsim(["assumptions", paths[0], "--set", "device.aging_s=x"])
            #expect(bad.status == 64)
        }
    }
}
