import Foundation
import Testing

/// SPEC 41, "One top-level set per command": a command that writes at the top of `--out`
/// removes the members of the set it does not write, in the same whole-or-none step as its
/// own (SPEC 35: kept aside until its own set is whole, put back when it is not); `report`
/// never removes what it reads; the new `index.html` links only what
/// the command wrote.
@Suite struct OneSetPerCommandTests {
    /// A what-if batch with every kind of member: the tables, `focus_runs.csv` and `whatif.csv`
    /// (`--baseline`), `groups.csv` and `paired.csv` (`--by policy`), `index.html` and `figures/`.
    static func whatIfBatch(out: URL) -> [String] {
        ["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "2", "--policy", "all", "--by", "policy",
         "--set", "device.ram_mb=2048,3072", "--baseline", "device.ram_mb=2048", "--html", "--jobs", "2", "--out", out.path]
    }

    /// The plain batch: no sweep, one policy; its set is the tables and `index.html`.
    static func plainBatch(out: URL) -> [String] {
        ["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "2", "--html", "--jobs", "2", "--out", out.path]
    }

    /// SPEC 41's list of the set's members.
    static let setNames = WholeOrNoneTests.setNames + ["assumptions.csv", "kills.csv", "sensitivity_runs.csv", "sensitivity.csv", "sensitivity_whatif.csv"]

    /// The set's entries at the top of `folder`.
    static func entries(_ folder: URL) -> [String] {
        setNames.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }

    /// The page's links to files of its folder (not anchors, not sub-folders' pages).
    static func links(_ folder: URL) throws -> Set<String> {
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        var links: Set<String> = []
        var rest = Substring(html)
        while let start = rest.range(of: "href=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let target = String(rest[..<end])
            if !target.hasPrefix("#"), !target.contains("://") { links.insert(String(target.split(separator: "#")[0])) }
            rest = rest[end...]
        }
        return links
    }

    @Test("A what-if batch, then a plain batch into the same --out: the top level holds the plain batch's set alone, and its page links nothing absent")
    func plainAfterWhatIf() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            let first = try suspendsim(Self.whatIfBatch(out: out))
            #expect(first.status == 0, "\(first.stderr)")
            #expect(Set(Self.entries(out)).isSuperset(of: ["whatif.csv", "focus_runs.csv", "groups.csv", "paired.csv", "figures"]))
            // The reference: the plain batch into an empty folder of the same name.
            let reference = folder.appendingPathComponent("reference/out")
            #expect(try suspendsim(Self.plainBatch(out: reference)).status == 0)
            let second = try suspendsim(Self.plainBatch(out: out))
            #expect(second.status == 0, "\(second.stderr)")
            #expect(Self.entries(out) == Self.entries(reference))
            #expect(!Self.entries(out).contains("whatif.csv"))
            #expect(WholeOrNoneTests.hiddenEntries(out).isEmpty, "\(WholeOrNoneTests.hiddenEntries(out))")
            for link in try Self.links(out) {
                #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(link).path), "index.html links \(link)")
            }
            #expect(try Self.links(out).isSuperset(of: ["summary.csv", "survival.csv"]))
            // The report folders of the first batch's other points are left as they are
            // (none here: without --details a batch writes none).
            let top = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }.sorted()
            #expect(top == Self.entries(reference).sorted(), "\(top)")
        }
    }

    @Test("SIGINT as the plain batch's set begins to land over the what-if batch's: exit 130, the what-if batch's set back whole, nothing of the plain one's; the rerun writes its set alone")
    func interruptedBetween() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            #expect(try suspendsim(Self.whatIfBatch(out: out)).status == 0)
            let earlier = try filesUnder(out).filter { path, _ in Self.setNames.contains(String(path.split(separator: "/").first ?? "")) }
            #expect(earlier["whatif.csv"] != nil && earlier["index.html"] != nil)
            // Paused before the first member lands, and again before index.html, the last.
            for pause in ["*", "index.html"] {
                let (status, stderr) = try WholeOrNoneTests.interruptAtLanding(Self.plainBatch(out: out), pause: pause, signal: SIGINT)
                #expect(stderr.contains("paused before putting"), "\(stderr)")
                #expect(status == 130, "\(stderr)")
                // Every file at the top is the what-if batch's, byte for byte: none is missing,
                // none is the plain batch's.
                let now = try filesUnder(out).filter { path, _ in Self.setNames.contains(String(path.split(separator: "/").first ?? "")) }
                #expect(now == earlier, "\(pause): \(Self.entries(out))")
                #expect(WholeOrNoneTests.hiddenEntries(out).isEmpty, "\(WholeOrNoneTests.hiddenEntries(out))")
            }
            let reference = folder.appendingPathComponent("reference/out")
            #expect(try suspendsim(Self.plainBatch(out: reference)).status == 0)
            #expect(try suspendsim(Self.plainBatch(out: out)).status == 0)
            #expect(try filesUnder(out) == filesUnder(reference))
        }
    }

    @Test("report over a what-if batch removes nothing it reads or does not write: whatif.csv, focus_runs.csv and the tables stay")
    func reportKeepsWhatItReads() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            #expect(try suspendsim(Self.whatIfBatch(out: out)).status == 0)
            let before = try filesUnder(out)
            let report = try suspendsim(["report", out.path])
            #expect(report.status == 0, "\(report.stderr)")
            let after = try filesUnder(out)
            for (name, bytes) in before where name.hasSuffix(".csv") && !name.contains("/") {
                #expect(after[name] == bytes, "\(name)")
            }
            #expect(after["index.html"] != nil)
        }
    }
}
