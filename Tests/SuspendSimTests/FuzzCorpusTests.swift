import Foundation
import Testing
@testable import SuspendSim

/// The hostile inputs of `Fuzz/Corpus/` (SPEC 35), which `scripts/fuzz.sh` seeds its corpus
/// with: each, loaded as a scenario, is refused with diagnostics that name the file (none is a
/// valid scenario), within a second; each `payload-*.json` read as MetricKit payloads is
/// refused with an `ImportError`, except the French-style number under CA, which reads.
@Suite struct FuzzCorpusTests {
    static let folder = packageFile("Fuzz/Corpus")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "README.md" }.sorted()
    }

    @Test("Every corpus file is refused as a scenario, located, within a second")
    func scenarios() throws {
        #expect(Self.files.count >= 20)
        for name in Self.files {
            let text = try String(contentsOfFile: "\(Self.folder)/\(name)", encoding: .utf8)
            let verdict = FuzzTests.judge(text, path: name)
            #expect(!verdict.loaded, "\(name) loaded")
            #expect(verdict.problems.isEmpty, "\(name): \(verdict.problems)")
            #expect(verdict.duration < .seconds(1), "\(name) took \(verdict.duration)")
        }
    }

    @Test("Every payload of the corpus is refused by the payload reader, but the French-style number under CA")
    func payloads() throws {
        for name in Self.files where name.hasPrefix("payload-") {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(Self.folder)/\(name)"))
            let refusal = MetricKitImportTests.failure { _ = try MetricKitPayloadReader(file: name).payloads(data) }
            if name == "payload-french-style-ca.json" {
                #expect(refusal == nil, "\(refusal ?? "")")
            } else {
                #expect(refusal?.hasPrefix("\(name): ") == true, "\(name): \(refusal ?? "read")")
            }
        }
    }
}
