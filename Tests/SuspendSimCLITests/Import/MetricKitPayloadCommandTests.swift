import Foundation
import Testing

/// `suspendsim run --metrickit` (SPEC 17): MetricKit payloads in every report folder written.
@Suite struct MetricKitPayloadCommandTests {
    /// A tiny day with a workload (a batch): two apps, an hour, two replicates.
    static let day = """
        name: tiny-day
        device: { ram_mb: 2048, model: iphone-11, ios: "18.5" }
        apps:
          - { id: com.example.mail, active_mb: 150, suspended_mb: 60, cold_launch_s: 0.8, resume_s: 0.2 }
          - { id: com.example.maps, active_mb: 300, suspended_mb: 120 }
        workload:
          duration_s: 3600
          dwell_s: 120
          gap_s: 300
        replicates: 2

        """

    /// Writes the day into `folder`/tiny-day.yaml and returns its path.
    static func writeDay(_ folder: URL) throws -> String {
        let file = folder.appendingPathComponent("tiny-day.yaml")
        try day.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The JSON object in `file`.
    static func json(_ file: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    @Test("run --metrickit writes metrickit/<app>.json into a single run's folder, the same bytes every time (SPEC 17)")
    func singleRun() throws {
        try withTemporaryFolder { folder in
            var payloads: [[String: Data]] = []
            for name in ["a", "b"] {
                let out = folder.appendingPathComponent(name)
                let run = try suspendsim(["run", "Scenarios/state-lab.yaml", "--metrickit", "--out", out.path])
                #expect(run.status == 0, "\(run.stderr)")
                payloads.append(try filesUnder(out.appendingPathComponent("state-lab/metrickit")))
            }
            #expect(Array(payloads[0].keys) == ["com.example.statelab.json"])
            #expect(payloads[0] == payloads[1])
            let json = try Self.json(folder.appendingPathComponent("a/state-lab/metrickit/com.example.statelab.json"))
            let meta = try #require(json["metaData"] as? [String: Any])
            #expect(meta["bundleIdentifier"] as? String == "com.example.statelab")
            // state-lab: two cold launches (0 s and 50 s), one warm (20 s), the force-quit at 40 s
            // is no MetricKit exit.
            let launches = try #require(json["applicationLaunchMetrics"] as? [String: Any])
            let cold = try #require((launches["histogrammedTimeToFirstDrawKey"] as? [String: Any])?["histogramValue"] as? [String: Any])
            #expect((cold["0"] as? [String: Any])?["bucketCount"] as? Int == 2)
            let background = try #require((json["applicationExitMetrics"] as? [String: Any])?["backgroundExitData"] as? [String: Any])
            #expect(background.values.allSatisfy { $0 as? Int == 0 })
            // Without the option, no payloads.
            let plain = folder.appendingPathComponent("plain")
            #expect(try suspendsim(["run", "Scenarios/state-lab.yaml", "--out", plain.path]).status == 0)
            #expect(try filesUnder(plain).keys.allSatisfy { !$0.contains("metrickit") })
        }
    }

    @Test("--metrickit on a batch without --details is a usage error (exit 64) that writes nothing")
    func batchNeedsDetails() throws {
        try withTemporaryFolder { folder in
            let input = try Self.writeDay(folder)
            let out = folder.appendingPathComponent("out")
            let run = try suspendsim(["run", input, "--metrickit", "--out", out.path])
            #expect(run.status == 64)
            #expect(run.stderr.contains("--metrickit") && run.stderr.contains("tiny-day") && run.stderr.contains("--details"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("--metrickit with --details writes payloads in every run's folder of a batch, with the catalog's product id and the release (SPEC 17)")
    func batchWithDetails() throws {
        try withTemporaryFolder { folder in
            let input = try Self.writeDay(folder)
            let out = folder.appendingPathComponent("out")
            let run = try suspendsim(["run", input, "--metrickit", "--details", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let files = try filesUnder(out)
            for replicate in 0..<2 {
                let folder = "tiny-day/replicate-\(replicate)"
                #expect(files["\(folder)/exits.csv"] != nil)
                let payloads = files.keys.filter { $0.hasPrefix("\(folder)/metrickit/") }.sorted()
                #expect(payloads == ["\(folder)/metrickit/com.example.mail.json", "\(folder)/metrickit/com.example.maps.json"])
                let mail = try Self.json(out.appendingPathComponent("\(folder)/metrickit/com.example.mail.json"))
                let meta = try #require(mail["metaData"] as? [String: Any])
                #expect(meta["deviceType"] as? String == "iPhone12,1")
                #expect(meta["osVersion"] as? String == "iPhone OS 18.5")
                let launches = try #require(mail["applicationLaunchMetrics"] as? [String: Any])
                let cold = try #require((launches["histogrammedTimeToFirstDrawKey"] as? [String: Any])?["histogramValue"] as? [String: Any])
                #expect((cold["0"] as? [String: Any])?["bucketStart"] as? String == "800 ms")
            }
        }
    }

    @Test("--policy all with --metrickit: each policy's folder has its payloads")
    func everyPolicy() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            let run = try suspendsim(["run", "Scenarios/state-lab.yaml", "--policy", "all", "--metrickit", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let files = try filesUnder(out)
            for policy in ["largest-first", "lru", "jetsam", "lmkd"] {
                #expect(files["state-lab/\(policy)/metrickit/com.example.statelab.json"] != nil, "\(policy)")
            }
        }
    }
}
