import Foundation
import Testing

/// SPEC 18 from the command line: `suspendsim import metrickit PAYLOAD.json... --onto SCENARIO
/// [--app ID] [-o FILE]`, through the binary.
@Suite struct MetricKitImportCommandTests {
    static func fixture(_ name: String) -> String { packageRoot.appendingPathComponent("Tests/Data/metrickit/\(name)").path }
    static let iphone11 = packageRoot.appendingPathComponent("Scenarios/iphone-11-ios18.yaml").path

    @Test("Without -o the scenario goes to standard output: the new app's figures and observed: per day, a note on stderr")
    func standardOutput() throws {
        let run = try suspendsim(["import", "metrickit", Self.fixture("ios17-days.json"), "--onto", Self.iphone11])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("# iphone-11-ios18.yaml with the MetricKit facts of com.acme.shop (3 payloads) put in by `suspendsim import metrickit` (SPEC 18); its comments are not kept.\nname: iphone-11-ios18\n"))
        #expect(run.stdout.contains("""
            device:
              model: iphone-11
              ios: "17.2"
              system_mb: 2500

            """))
        #expect(run.stdout.contains("""
            - id: com.acme.shop
              active_mb: 362.873
              suspended_mb: 121.593
              cold_launch_s: 1.005
              resume_s: 0.205
            events:

            """))
        #expect(run.stdout.hasSuffix("""
            observed:
              app: com.acme.shop
              days: 3
              exit_days: 2
              foreground_memory_resource_limit: 0.5
              background_memory_pressure: 1
              background_memory_resource_limit: 0
              background_app_watchdog: 0
              background_task_assertion_timeout: 0.5
              background_fetch_completion_timeout: 0
              background_normal: 2
              cold_launches: 2.333
              resumes: 5

            """))
        #expect(run.stderr == "note: 1 of 3 payloads lacks applicationExitMetrics: the exit counters are means over the 2 that have it (observed.exit_days: 2)\n"
            + "note: no payload has applicationTimeMetrics: observed: has no foreground_s or background_s\n"
            + "note: com.acme.shop is new in apps: no event of the scenario opens it yet; add the events that do\n"
            + "note: device.ios is now \"17.2\", the payloads' release (was \"18.5\")\n")
    }

    @Test("A payload from a device the catalog does not know, on iOS 26.6: stderr says both, ios: \"26.6\" is written, the model kept (SPEC 18)")
    func unknownDeviceNewRelease() throws {
        try withTemporaryFolder { folder in
            let payload = "{\"metaData\": {\"regionFormat\": \"US\", \"deviceType\": \"iPhone99,7\", \"osVersion\": \"iPhone OS 26.6 (23G80)\", "
                + "\"bundleIdentifier\": \"com.example.editor\"}, \"memoryMetrics\": {\"peakMemoryUsage\": \"665,600 kB\"}}"
            try payload.write(to: folder.appendingPathComponent("day.json"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["import", "metrickit", "day.json", "--onto", Self.iphone11], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("device:\n  model: iphone-11\n  ios: \"26.6\"\n"))
            #expect(run.stderr.contains("note: device type iPhone99,7 is not in the device catalog (see `suspendsim devices`): "
                + "the scenario's device is left as it is (kept device.model iphone-11)\n"))
            #expect(run.stderr.contains("note: device.ios is now \"26.6\", the payloads' release (was \"18.5\")\n"))
        }
    }

    @Test("-o FILE writes the same text atomically and prints `wrote FILE`; the file validates")
    func outputFile() throws {
        let printed = try suspendsim(["import", "metrickit", Self.fixture("ios14-single.json"), "--app", "com.example.shop", "--onto", Self.iphone11])
        #expect(printed.status == 0, "\(printed.stderr)")
        try withTemporaryFolder { folder in
            let run = try suspendsim(["import", "metrickit", Self.fixture("ios14-single.json"), "--app", "com.example.shop", "--onto", Self.iphone11, "-o", "field.yaml"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == "wrote field.yaml\n")
            let written = try String(contentsOf: folder.appendingPathComponent("field.yaml"), encoding: .utf8)
            #expect(written == printed.stdout)
            // The app the scenario has: its keys replaced in place, background_mb kept.
            #expect(written.contains("\n- {id: com.example.shop, active_mb: 488.281, background_mb: 280, suspended_mb: 190.735, cold_launch_s: 1.255, resume_s: 0.155}\n"))
            #expect(written.contains("\n  model: iphone-12\n  ios: \"14.8\"\n"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["field.yaml"])
            let validate = try suspendsim(["validate", "field.yaml"], in: folder)
            #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        }
    }

    @Test("A folder argument: its .json files in name order, the device of the first on a tie, the other left out, a note on stderr")
    func folder() throws {
        let run = try suspendsim(["import", "metrickit", Self.fixture("folder"), "--onto", Self.iphone11])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  model: iphone-14\n  ios: \"17.2\"\n"))
        #expect(run.stdout.contains("\n  days: 1\n  foreground_memory_resource_limit: 0\n  background_memory_pressure: 1\n"))
        #expect(run.stderr.contains("note: kept 1 of 2 payloads (device iphone-14, iOS 17.2): left out 1 by device and 0 by release\n"), "\(run.stderr)")
    }

    /// A payload object of `app` whose `memoryMetrics` is `memory`.
    static func payload(app: String? = "com.acme.shop", memory: String = "{\"peakMemoryUsage\": \"300,000 kB\"}", extra: String = "") -> String {
        let bundle = app.map { ", \"bundleIdentifier\": \"\($0)\"" } ?? ""
        return "{\"metaData\": {\"regionFormat\": \"US\", \"deviceType\": \"iPhone12,1\"\(bundle)}, \"memoryMetrics\": \(memory)\(extra)}"
    }

    @Test("Bad input: exit 2, a message naming the file (and JSON path), nothing written", arguments: [
        (["day3.json": payload(memory: "{\"peakMemoryUsage\": \"12 parsecs\"}")], [String](),
         "error: day3.json: memoryMetrics.peakMemoryUsage: cannot read \"12 parsecs\"; expected a memory measurement"),
        (["day3.json": "{\"payloads\": [\(payload()), \(payload(memory: "{\"peakMemoryUsage\": \"12a kB\"}"))]}"], [],
         "error: day3.json: payloads[1].memoryMetrics.peakMemoryUsage: cannot read \"12a kB\""),
        (["day3.json": "[\(payload()), {\"timeStampBegin\": \"2026-03-01 00:00:00 +0000\"}]"], [], "error: day3.json: [1].metaData: is missing"),
        (["a.json": payload(), "b.json": payload(app: "com.acme.other")], [],
         "error: b.json: metaData.bundleIdentifier: names com.acme.other, but a.json names com.acme.shop; the payloads are of two apps: choose one with --app"),
        (["day3.json": payload(app: nil)], [], "error: day3.json: metaData.bundleIdentifier: is missing (payloads before iOS 15 or so name no app); name the app with --app"),
        (["day3.json": "[]"], [], "error: day3.json: holds no payload (an empty array)"),
        (["day3.json": "MetricKit, but not JSON"], [], "error: day3.json: not JSON: expected a value, found 'M' at byte 0 (line 1, column 1)"),
        (["day3.json": "{\"reportVersion\": 1, \"reports\": []}"], [], "error: day3.json: not a MetricKit payload: found an object with the keys reportVersion, reports;"),
        (["day3.json": payload(extra: ", \"applicationLaunchMetrics\": {\"histogrammedTimeToFirstDrawKey\": {\"histogramValue\": {\"0\": {\"bucketStart\": \"1 ms\", \"bucketEnd\": \"2 ms\", \"bucketCount\": -3}}}}")], [],
         "error: day3.json: applicationLaunchMetrics.histogrammedTimeToFirstDrawKey.histogramValue.0.bucketCount: must be a whole number from 0 to 2147483647 (SPEC 35), got -3"),
        (["day3.json": payload()], ["--onto", "missing.yaml"], "error: missing.yaml: no such scenario file"),
        (["day3.json": payload(), "list.yaml": "- a\n- b\n"], ["--onto", "list.yaml"], "error: list.yaml: not a scenario: expected a mapping"),
    ] as [([String: String], [String], String)])
    func badInput(_ files: [String: String], _ arguments: [String], _ message: String) throws {
        try withTemporaryFolder { folder in
            for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            let payloads = files.keys.filter { $0.hasSuffix(".json") }.sorted()
            let onto = arguments.isEmpty ? ["--onto", Self.iphone11] : arguments
            let run = try suspendsim(["import", "metrickit"] + payloads + onto + ["-o", "out.yaml"], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == files.keys.sorted())
        }
    }

    @Test("The help text, pinned (STYLE: a change to the interface is a change to a test)")
    func help() throws {
        let run = try suspendsim(["import", "metrickit", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            OVERVIEW: Put the field's facts from MetricKit payloads into a scenario.

            Each file holds one MXMetricPayload as jsonRepresentation() writes it, a JSON
            array of them, or an object whose payloads is such an array; a folder stands
            for its *.json files in name order. The app (--app, else the payloads'
            bundleIdentifier) gets active_mb (the largest peakMemoryUsage), suspended_mb
            (averageSuspendedMemory, weighted by sampleCount), cold_launch_s and resume_s
            (the median of the launch histograms, pooled); an app SCENARIO does not list
            takes the place of its observed: app in apps: (and so its popularity rank),
            else is appended. device.model and device.ios come from metaData. observed:
            holds app, days (the payloads kept: one device and one release, --device and
            --ios, else the most frequent) and each exit counter's mean per day, with
            cold_launches, resumes, foreground_s and background_s, over the payloads that
            measured them (exit_days, launch_days, time_days when fewer). Numbers have at
            most 3 decimals, rounded half up; memory is in MB of 2^20 bytes. The result is
            SCENARIO read and written back with Yams: keys keep their order, but SCENARIO's
            comments are not kept. Notes (a new app, a device chosen by vote, payloads of
            other apps skipped) go to standard error. A payload that cannot be read stops
            the import with its file and JSON path, exit status 2, and nothing written.
            Numbers are read by the separators of each payload's metaData.regionFormat
            (SPEC 26): a number with one "," or "." followed by three digits ("352.100") is
            ambiguous without a listed region; --region XX overrides every payload's region.

            USAGE: suspendsim import metrickit <payload> ... --onto <scenario> [--app <id>] [--region <region>] [--device <product-or-model>] [--ios <major[.minor]>] [--output <file>]

            ARGUMENTS:
              <payload>               MetricKit payload files (JSON), or folders of them.

            OPTIONS:
              --onto <scenario>       The scenario file (YAML or JSON) to put the facts
                                      into.
              --app <id>              The app's id, when the payloads do not name it
                                      (before iOS 15) or name several.
              --region <region>       Read every payload's numbers by this region's
                                      separators (US, GB, CN, JP, KR, IN, AU, DE, FR, ES,
                                      IT, NL, RU, BR, PT, TR, SE, PL), in place of its
                                      metaData.regionFormat.
              --device <product-or-model>
                                      Keep only this device's payloads: a catalog model,
                                      product id or marketing name (default: the most
                                      frequent).
              --ios <major[.minor]>   Keep only this iOS release's payloads: 17 keeps every
                                      17.x, 17.2 keeps 17.2.x (default: the most frequent
                                      MAJOR.MINOR).
              -o, --output <file>     Write the scenario here instead of to standard output.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test("No payload argument is a usage error")
    func noPayload() throws {
        let run = try suspendsim(["import", "metrickit", "--onto", Self.iphone11])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Missing expected argument '<payload> ...'"))
    }
}
