import Foundation
import Testing

/// The files beside `summary.csv` that `run` finishes a folder with (`BatchFolderFinish`):
/// their lines in order, and a second batch into the same `--out` leaving none of the first's.
@Suite struct BatchFolderFinishCommandTests {
    /// `LabelCommandTests`' batch (a compressor pool and two policies swept) sweeping the
    /// policies alone, without its `labels:` block: it sweeps no key a what-if takes (SPEC 25).
    static let unlabelled = LabelCommandTests.scenario(labels: "{}").replacingOccurrences(of: "labels: {}\n", with: "")
        .replacingOccurrences(of: "device.compressor.pool_mb: [0, 4096], ", with: "")

    @Test("run prints summary, survival, groups, paired, whatif in that order; a second batch without labels, grouping or what-if removes the first's labels.csv, whatif.csv, focus_runs.csv, groups.csv and paired.csv")
    func secondBatchLeavesNoneOfTheFirst() throws {
        try withTemporaryFolder { folder in
            let labelled = folder.appendingPathComponent("pools.yaml")
            try LabelCommandTests.scenario(labels: "{device.compressor.pool_mb: {0: \"no compressor\"}}")
                .write(to: labelled, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out").path
            let first = try suspendsim(["run", labelled.path, "--by", "policy,device.compressor.pool_mb",
                                        "--baseline", "device.compressor.pool_mb=0", "--out", out])
            #expect(first.status == 0, "\(first.stderr)")
            let names = ["summary", "survival", "groups", "paired", "whatif"]
            let printed = first.stdout.split(separator: "\n").compactMap { line in names.first { line.hasPrefix($0 + ": ") } }
            #expect(printed == names)
            let files = ["labels.csv", "whatif.csv", "focus_runs.csv", "groups.csv", "paired.csv"]
            for file in files { #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)") }

            // The policies alone, without labels: no what-if by default; no --by.
            let plain = folder.appendingPathComponent("plain.yaml")
            try Self.unlabelled.write(to: plain, atomically: true, encoding: .utf8)
            #expect(!Self.unlabelled.contains("labels:") && !Self.unlabelled.contains("pool_mb: [0"))
            let second = try suspendsim(["run", plain.path, "--out", out])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(!second.stdout.contains("groups: ") && !second.stdout.contains("whatif: "))
            for file in files { #expect(!FileManager.default.fileExists(atPath: out + "/" + file), "\(file)") }
            #expect(FileManager.default.fileExists(atPath: out + "/summary.csv"))
        }
    }
}
