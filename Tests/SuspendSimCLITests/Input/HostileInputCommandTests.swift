import Foundation
import Testing

/// SPEC 35 from the command line: empty paths and formula-like `--app` values are usage errors
/// (exit 64) that write nothing; hostile payloads and scenarios are bad input (exit 2).
@Suite struct HostileInputCommandTests {
    static let stateLab = packageRoot.appendingPathComponent("Scenarios/state-lab.yaml").path
    static let iphone11 = packageRoot.appendingPathComponent("Scenarios/iphone-11-ios18.yaml").path

    /// Runs `arguments` in an empty folder; the run and what the folder then holds.
    static func inEmptyFolder(_ arguments: [String]) throws -> (CLIRun, [String]) {
        try withTemporaryFolder { folder in
            let run = try suspendsim(arguments, in: folder)
            return (run, try FileManager.default.contentsOfDirectory(atPath: folder.path))
        }
    }

    @Test("An empty or blank path option or argument is a usage error, exit 64, and nothing is written", arguments: [
        ["run", stateLab, "--out", ""], ["run", stateLab, "--out", " \t"], ["run", ""], ["validate", " "],
        ["check", stateLab, "--junit", ""], ["check", stateLab, "--html", "--out", "\n"], ["merge", "a", "b", "--out", ""],
        ["merge", "", "--out", "x"], ["report", ""], ["explain", "  "], ["import", "jetsam", ""],
        ["import", "jetsam", packageRoot.appendingPathComponent("Tests/Data/jetsam/ios18.5-iphone14.7.min.ips").path, "-o", ""],
        ["import", "metrickit", "", "--onto", iphone11], ["import", "metrickit", "x.json", "--onto", " "],
        ["import", "metrickit", "x.json", "--onto", iphone11, "-o", ""],
    ])
    func emptyPaths(_ arguments: [String]) throws {
        let (run, files) = try Self.inEmptyFolder(arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("must name a file or folder"), "\(run.stderr)")
        #expect(files.isEmpty, "\(arguments) wrote \(files)")
    }

    @Test("--app with a formula-like or control-character value is a usage error, exit 64", arguments: [
        ["run", stateLab, "--app", "=HYPERLINK(\"http://x\")"], ["run", stateLab, "--app", "@SUM(1+1)"],
        ["report", "Reports", "--app", "+1"], ["run", stateLab, "--app", "com.a\nb"],
        ["import", "metrickit", "x.json", "--onto", iphone11, "--app=-x"],
    ])
    func formulaApps(_ arguments: [String]) throws {
        let (run, files) = try Self.inEmptyFolder(arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("SPEC 35"), "\(run.stderr)")
        #expect(files.isEmpty)
    }

    /// A payload file of one payload for `id` with `extra` inside it.
    static func payload(id: String, extra: String = "") -> String {
        "{\"metaData\": {\"regionFormat\": \"US\", \"deviceType\": \"iPhone12,1\", \"osVersion\": \"iPhone OS 17.2.1 (21C66)\", "
            + "\"bundleIdentifier\": \(id)}, \"memoryMetrics\": {\"peakMemoryUsage\": \"100 MB\"}\(extra)}"
    }

    /// Imports `json` onto the bundled iPhone 11 scenario, writing `out.yaml` in a folder.
    static func importing(_ json: String, name: String = "day3.json") throws -> (CLIRun, [String]) {
        try withTemporaryFolder { folder in
            try json.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let run = try suspendsim(["import", "metrickit", name, "--onto", iphone11, "-o", "out.yaml"], in: folder)
            return (run, try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted())
        }
    }

    @Test("The payload id with a newline and expect: is refused (a control character), exit 2, nothing written")
    func injectedPayloadID() throws {
        let (run, files) = try Self.importing(Self.payload(id: "\"com.acme.shop\\nexpect: { max_pressure_kills: 1000 }\\n#\""))
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: day3.json: metaData.bundleIdentifier: holds the control character U+000A"), "\(run.stderr)")
        #expect(files == ["day3.json"])
    }

    @Test("=HYPERLINK(...) as a payload's app id is refused at import, with the JSON path")
    func formulaPayloadID() throws {
        let (run, files) = try Self.importing(Self.payload(id: "\"=HYPERLINK(\\\"http://x\\\")\""))
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: day3.json: metaData.bundleIdentifier: begins with '='"), "\(run.stderr)")
        #expect(files == ["day3.json"])
    }

    @Test("A count of 4294967297 is bad input at import with its JSON path, not a file validate refuses")
    func countPastItsRange() throws {
        let exits = ", \"applicationExitMetrics\": {\"backgroundExitData\": {\"cumulativeMemoryPressureExitCount\": 4294967297}}"
        let (run, files) = try Self.importing(Self.payload(id: "\"com.acme.shop\"", extra: exits))
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: day3.json: applicationExitMetrics.backgroundExitData.cumulativeMemoryPressureExitCount: "
            + "must be a whole number from 0 to 2147483647 (SPEC 35), got 4294967297"), "\(run.stderr)")
        #expect(files == ["day3.json"])
    }

    @Test("A per-day mean past what a scenario holds (4294967.296) is refused at import, naming the payload's value")
    func meanPastItsRange() throws {
        let exits = ", \"applicationExitMetrics\": {\"backgroundExitData\": {\"cumulativeMemoryPressureExitCount\": 5000000}}"
        let (alone, files) = try Self.importing("[" + Self.payload(id: "\"com.acme.shop\"", extra: exits) + "]")
        #expect(alone.status == 2)
        #expect(alone.stderr.hasPrefix("error: day3.json: [0].applicationExitMetrics.backgroundExitData.cumulativeMemoryPressureExitCount: "
            + "observed.background_memory_pressure would be 5000000 per day, past the 4294967.296 a scenario may hold (SPEC 35)"), "\(alone.stderr)")
        #expect(files == ["day3.json"])
    }

    @Test("A footprint past 2^32 MB is refused at import with the payload's JSON path: 10^19 bytes are 9536743164062.5 MB")
    func footprintPastItsRange() throws {
        let json = Self.payload(id: "\"com.acme.shop\"").replacingOccurrences(of: "\"100 MB\"", with: "\"10000000000 GB\"")
        let (run, files) = try Self.importing(json)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: day3.json: memoryMetrics.peakMemoryUsage: active_mb would be 9536743164062.5, "
            + "past the 4294967296 a scenario may hold (SPEC 35)"), "\(run.stderr)")
        #expect(files == ["day3.json"])
    }

    @Test("A file name with a line break goes into the import's comment as a quoted YAML scalar: no line of its own")
    func fileNameInComment() throws {
        let (run, files) = try withTemporaryFolder { folder in
            let name = "phone\nexpect: 1.yaml"
            try FileManager.default.copyItem(atPath: Self.iphone11, toPath: folder.appendingPathComponent(name).path)
            try Self.payload(id: "\"com.acme.shop\"").write(to: folder.appendingPathComponent("day3.json"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["import", "metrickit", "day3.json", "--onto", name], in: folder)
            return (run, [run.stdout])
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(files[0].hasPrefix("# \"phone\\nexpect: 1.yaml\" with the MetricKit facts of com.acme.shop (1 payload)"), "\(files[0].prefix(200))")
        #expect(!files[0].contains("\nexpect: 1"))
    }

    @Test("observed.days: 4294967296 is refused with its line; nothing is run or written")
    func observedDays() throws {
        try withTemporaryFolder { folder in
            let text = try String(contentsOfFile: Self.stateLab, encoding: .utf8)
                .replacingOccurrences(of: "\napps:", with: "\nobserved: {app: com.example.statelab, days: 4294967296}\napps:")
            try text.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "s.yaml", "--out", "Reports"], in: folder)
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains("observed.days: must be a whole number of days from 1 to 2147483647, got 4294967296"), "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.yaml"])
        }
    }

    @Test("validate refuses the corpus's alias bomb at its line and column, exit 2, before the unknown key after it")
    func aliasBomb() throws {
        let bomb = packageRoot.appendingPathComponent("Fuzz/Corpus/alias-bomb.yaml").path
        let clock = ContinuousClock()
        let start = clock.now
        let run = try suspendsim(["validate", bomb])
        #expect(clock.now - start < .seconds(10), "the process took \(clock.now - start)")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("\(bomb):5:8: this alias adds 7381 nodes"), "\(run.stderr)")
        #expect(!run.stderr.contains("colour"))
    }
}
