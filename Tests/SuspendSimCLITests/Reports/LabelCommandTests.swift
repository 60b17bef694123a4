import Foundation
import Testing

/// SPEC 15 "Labels": a scenario's `labels:` reaches the page through `labels.csv`;
/// `report --label` renames a value over it; bad labels are bad input (exit 2, located) in a
/// file and usage errors (exit 64) on the command line.
@Suite struct LabelCommandTests {
    static func scenario(labels: String) -> String {
        """
        name: pools
        device: {ram_mb: 1024, compressor: {}}
        apps: [{id: com.a, active_mb: 300}, {id: com.b, active_mb: 300}, {id: com.c, active_mb: 300}]
        events: [{at: 0, open: com.a}, {at: 1, open: com.b}, {at: 2, open: com.c}, {at: 3, open: com.a}]
        sweep: {device.compressor.pool_mb: [0, 4096], policy: [lru, jetsam]}
        labels: \(labels)

        """
    }

    @Test("run keeps labels: in labels.csv; the page names the values so; --label overrides one; worded otherwise")
    func labelsReachThePage() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("pools.yaml")
            try Self.scenario(labels: "{device.compressor.pool_mb: {0: \"no compressor\"}}").write(to: file, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out").path
            let run = try suspendsim(["run", file.path, "--by", "policy,device.compressor.pool_mb", "--html", "--out", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try String(contentsOfFile: out + "/labels.csv", encoding: .utf8) == "key,value,label\ndevice.compressor.pool_mb,0,no compressor\n")
            let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
            // The x axis is the pool: ticked "no compressor" and, unlabelled, 4096 (its title says MB).
            #expect(page.contains(">no compressor</text>") && page.contains(">4096</text>"))
            #expect(!page.contains("pool_mb=0<") && !page.contains("pool_mb=4096<"))
            let relabelled = try suspendsim(["report", out, "--label", "device.compressor.pool_mb=4096=4 GB pool",
                                             "--label", "device.compressor.pool_mb=0=zero = none"])
            #expect(relabelled.status == 0, "\(relabelled.stderr)")
            let again = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
            #expect(again.contains(">4 GB pool</text>") && again.contains(">zero = none</text>") && !again.contains(">no compressor</text>"))
            // A --label is for one page: labels.csv keeps the file's.
            #expect(try String(contentsOfFile: out + "/labels.csv", encoding: .utf8).contains("no compressor"))
            let unknown = try suspendsim(["report", out, "--label", "device.ram_mb=1024=1 GB"])
            #expect(unknown.status == 64)
            #expect(unknown.stderr.contains("--label device.ram_mb=1024=1 GB: 'device.ram_mb' is not a swept key; expected one of device.compressor.pool_mb"))
            #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8) == again, "the page is not written")
            let notSwept = try suspendsim(["report", out, "--label", "device.compressor.pool_mb=2048=2 GB"])
            #expect(notSwept.status == 64 && notSwept.stderr.contains("is not swept at '2048'; it takes 0, 4096"))
            #expect(try suspendsim(["report", out, "--label", "device.compressor.pool_mb=0"]).status == 64)
            #expect(try suspendsim(["report", out, "--label", "device.compressor.pool_mb=0=+1"]).status == 64)
            // A policy takes labels as a swept key does: one the batch did not run is refused.
            let policy = try suspendsim(["report", out, "--label", "policy=no-such-policy=X"])
            #expect(policy.status == 64 && policy.stderr.contains("policy is not swept at 'no-such-policy'"))
            // A saved label that names nothing on the page is left out, not refused.
            try ("key,value,label\ndevice.compressor.pool_mb,0,no compressor\ntrace.user,u1,first user\n")
                .write(toFile: out + "/labels.csv", atomically: true, encoding: .utf8)
            #expect(try suspendsim(["report", out]).status == 0)
            #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8).contains(">no compressor</text>"))
        }
    }

    @Test("report --label renames a built-in policy and a YAML policy everywhere on the page: single runs (chart, legend, table) and the paired table's policy and baseline")
    func labelsRenamePolicies() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("mine.yaml")
            try """
                name: mine
                device: {ram_mb: 1024}
                apps: [{id: com.a, active_mb: 300}, {id: com.b, active_mb: 300}, {id: com.c, active_mb: 300}]
                events: [{at: 0, open: com.a}, {at: 1, open: com.b}, {at: 2, open: com.c}, {at: 3, open: com.a}]
                policies: [{name: oldest-first, order: [state, last_frontmost]}]
                sweep: {policy: [lru, oldest-first]}

                """.write(to: file, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out").path
            let run = try suspendsim(["run", file.path, "--by", "policy", "--html", "--out", out])
            #expect(run.status == 0, "\(run.stderr)")
            let before = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
            #expect(before.contains(">oldest-first<") && !before.contains("Least recent"))
            let relabelled = try suspendsim(["report", out, "--label", "policy=lru=Least recent", "--label", "policy=oldest-first=Our YAML order"])
            #expect(relabelled.status == 0, "\(relabelled.stderr)")
            let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
            #expect(page.contains(">Least recent<") && page.contains(">Our YAML order<"), "both policies renamed on the page")
            #expect(!page.contains(">oldest-first<") && !page.contains(">lru<"), "no legend or label keeps a policy's own name")
        }
    }

    @Test("A bad label in the file is bad input: exit 2, its line and column, nothing run")
    func badFileLabel() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("pools.yaml")
            try Self.scenario(labels: "{device.compressor.pool_mb: {1024: small}}").write(to: file, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out")
            let run = try suspendsim(["run", file.path, "--out", out.path])
            #expect(run.status == 2)
            #expect(run.stderr.contains("pools.yaml:6:38: labels.device.compressor.pool_mb.1024: device.compressor.pool_mb is not swept at '1024'; it takes 0, 4096"),
                    "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("import --onto keeps a scenario's labels: block, and the file it writes still reads")
    func importKeepsLabels() throws {
        try withTemporaryFolder { folder in
            let written = folder.appendingPathComponent("out.yaml").path
            let run = try suspendsim(["import", "metrickit", "Scenarios/metrickit/day-01.json", "--onto", "Scenarios/compressor.yaml", "-o", written])
            #expect(run.status == 0, "\(run.stderr)")
            let text = try String(contentsOfFile: written, encoding: .utf8)
            #expect(text.contains("labels:\n  device.compressor.pool_mb: {0: \"no compressor\", 4096: \"4 GB pool\"}\n"))
            #expect(try suspendsim(["validate", written]).status == 0)
        }
    }
}
