import Foundation
import Testing

/// A YAML policy that reproduces a built-in gives the built-in's batch reports (sweeps,
/// workloads, replicates: `summary.csv`, `survival.csv`, every run folder with `--details`),
/// byte for byte but for the policy's name, on every bundled scenario.
@Suite struct OrderPolicyBatchTests {
    static let bundled: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scenarios").path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    static let policies = "policies: [{ name: lru-yaml, order: [state, last_frontmost] }, { name: largest-yaml, order: [state, -footprint_mb] }]\n"

    /// Every file under `folder`, by relative path, as text.
    func tree(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let base = folder.standardizedFileURL.path + "/"
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let name = String(url.standardizedFileURL.path.dropFirst(base.count))
            files[name] = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }
        return files
    }

    /// The reports of `file` (with the YAML policies added) under `policy`, 2 replicates, names
    /// of `yaml` written as `builtIn`.
    func reports(_ file: String, policy: String, renaming yaml: String, to builtIn: String) throws -> [String: String] {
        try withTemporaryFolder { folder in
            let text = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(file)"), encoding: .utf8)
            try (text + "\n" + Self.policies).write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", file, "--policy", policy, "--replicates", "2", "--details", "--out", "Reports"], in: folder)
            #expect(run.status == 0, "\(file) under \(policy): \(run.stderr)")
            var files: [String: String] = [:]
            for (name, text) in try tree(folder.appendingPathComponent("Reports")) {
                files[name.replacingOccurrences(of: yaml, with: builtIn)] = text.replacingOccurrences(of: yaml, with: builtIn)
            }
            return files
        }
    }

    @Test("lru-yaml and largest-yaml give lru's and largest-first's batch reports", arguments: bundled)
    func sameBatchReports(file: String) throws {
        for (builtIn, yaml) in [("lru", "lru-yaml"), ("largest-first", "largest-yaml")] {
            let expected = try reports(file, policy: builtIn, renaming: yaml, to: builtIn)
            let actual = try reports(file, policy: yaml, renaming: yaml, to: builtIn)
            #expect(!expected.isEmpty)
            #expect(expected.keys.sorted() == actual.keys.sorted(), "\(file), \(yaml)")
            for (name, text) in expected where actual[name] != text {
                Issue.record("\(file), \(yaml): \(name) differs")
            }
        }
    }
}
