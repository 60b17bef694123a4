import Foundation
import Testing
import SuspendSimCore

/// SPEC 15: `suspendsim report`, `run --html` and `check --html`, as a user runs them.
@Suite struct ReportCommandTests {
    @Test("report on a folder that is not a report folder exits 2 and says what a report folder is")
    func notAReportFolder() throws {
        try withTemporaryFolder { folder in
            let run = try suspendsim(["report", folder.path])
            #expect(run.status == 2)
            #expect(run.stderr.contains("is not a report folder: it has no survivors.csv and no summary.csv"))
            #expect(run.stdout.isEmpty)
            let missing = try suspendsim(["report", folder.appendingPathComponent("nothing").path])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("there is no such folder"))
            #expect(try filesUnder(folder).isEmpty, "nothing written")
        }
    }

    @Test("run --html writes a page into --out and into every run folder, and report rewrites the same bytes")
    func runHTML() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", "Scenarios", "--replicates", "2", "--html", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("html: \(out.path)/index.html and 7 run pages"))
            let files = try filesUnder(out)
            let pages = files.keys.filter { $0.hasSuffix("index.html") }.sorted()
            #expect(pages == ["background-refresh/index.html", "background-task/index.html", "fast-app-switching/index.html", "index.html", "iphone-11-ios18/index.html",
                              "memory-pressure/index.html", "policy-showdown/index.html", "state-lab/index.html"])
            for page in pages { #expect(files[page]!.count < 2_000_000) }
            let batch = String(decoding: files["index.html"]!, as: UTF8.self)
            // The day scenario is a batch (two replicates): its survival chart; the others are single runs, linked.
            #expect(batch.contains("id=\"s1-survival-1\""))
            #expect(batch.contains("<h2>day-on-a-3gb-phone</h2>"))
            #expect(batch.contains("href=\"policy-showdown/index.html\""))
            #expect(batch.contains("id=\"single-runs-chart\""))
            // report gives the same bytes again.
            #expect(try suspendsim(["report", out.path]).status == 0)
            #expect(try filesUnder(out) == files)
        }
    }

    @Test("report on a batch whose focus.csv has no app column exits 2, names the file, and leaves the folder as it was")
    func unreadableFocusApps() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "2", "--html", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let focus = out.appendingPathComponent("focus.csv").path
            try "apps\nday-on-a-3gb-phone/com.example.a\n".write(toFile: focus, atomically: true, encoding: .utf8)
            let before = try filesUnder(out)
            let report = try suspendsim(["report", out.path])
            #expect(report.status == 2)
            #expect(report.stderr.contains(focus), "\(report.stderr)")
            #expect(try filesUnder(out) == before, "nothing rewritten")
        }
    }

    @Test("A --policy all batch with --details: policies side by side, a page per run with its seed")
    func policyAllBatch() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "2",
                                      "--set", "device.ram_mb=2048,3072", "--policy", "all", "--details", "--html", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let policies = BuiltInPolicies.names.count
            #expect(run.stdout.contains("html: \(out.path)/index.html and \(2 * 2 * policies) run pages"))
            let batch = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            // One chart: a panel per RAM size, the four policies as series in each.
            #expect(batch.contains(">RAM 2048 MB</text>") && batch.contains(">RAM 3072 MB</text>"))
            let survival = try #require(batch.components(separatedBy: "id=\"s1-survival-1\"").dropFirst().first?
                .components(separatedBy: "</svg>").first)
            #expect(survival.components(separatedBy: "<path class=\"whisker").count - 1 == 2 * policies)
            for policy in BuiltInPolicies.names { #expect(batch.contains("</svg>\(policy)</li>")) }
            // A link per run, each to a page that exists.
            let links = batch.components(separatedBy: "href=\"day-on-a-3gb-phone/").dropFirst()
            #expect(links.count == 2 * 2 * policies)
            let summary = try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8).split(separator: "\n")
            let jetsam = try #require(summary.first { $0.hasPrefix("day-on-a-3gb-phone,jetsam,") && $0.split(separator: ",")[3] == "1" })
            let page = try String(contentsOf: out.appendingPathComponent("day-on-a-3gb-phone/device.ram_mb=2048/policy=jetsam/replicate-1/index.html"),
                                  encoding: .utf8)
            let seed = jetsam.split(separator: ",")[2]
            #expect(page.contains("policy jetsam · device 2048 MB RAM"))
            #expect(page.contains("seed \(seed)"))
            #expect(page.contains("<h1>day-on-a-3gb-phone</h1>"))
        }
    }

    @Test("check --html writes each checked run's folder and page under --out; check alone writes nothing")
    func checkHTML() throws {
        try withTemporaryFolder { out in
            let plain = try suspendsim(["check", packageRoot.appendingPathComponent("Scenarios/policy-showdown.yaml").path], in: out)
            #expect(plain.status == 0)
            #expect(try filesUnder(out).isEmpty)
            let check = try suspendsim(["check", "Scenarios/policy-showdown.yaml", "--policy", "all", "--html", "--out", out.path])
            #expect(check.status == 0, "\(check.stderr)")
            #expect(check.stdout.contains("\(BuiltInPolicies.names.count) of \(BuiltInPolicies.names.count) runs as expected."))
            #expect(check.stdout.contains("html: \(BuiltInPolicies.names.count) report folders with index.html under \(out.path)/"))
            for policy in BuiltInPolicies.names {
                let page = try String(contentsOf: out.appendingPathComponent("policy-showdown/\(policy)/index.html"), encoding: .utf8)
                #expect(page.contains("<h1>policy-showdown</h1>"))
                #expect(page.contains("policy \(policy) ·"))
            }
        }
    }
}
