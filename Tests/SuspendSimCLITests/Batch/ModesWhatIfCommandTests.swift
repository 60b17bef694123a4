import Foundation
import Testing

/// "What if we drop the audio mode?" (SPEC 41): a `background_modes` sweep's what-if rows equal
/// the pairing, by hand, of two files with the same `name:` (so the same seeds), one per set.
@Suite struct ModesWhatIfCommandTests {
    /// An editor with preview audio on a small phone, among three others.
    static func day(modes: String, sweep: String = "") -> String {
        """
        name: editor-day
        policy: jetsam
        device: { ram_mb: 1536, ios: "18.4", system_mb: 400 }
        apps:
          - { id: com.a, active_mb: 300, background_mb: 200, suspended_mb: 150 }
          - { id: com.b, active_mb: 400, background_mb: 250, suspended_mb: 180 }
          - { id: com.c, active_mb: 350, background_mb: 200, suspended_mb: 160 }
          - { id: com.acme.editor, active_mb: 500, background_mb: 300, suspended_mb: 180, background_modes: \(modes) }
        workload: { duration_s: 20000, zipf_s: 0.3, dwell_s: 120, gap_s: 600, allocations: { per_hour: 30, mean_mb: 80 } }
        replicates: 12
        \(sweep)
        """
    }

    /// A CSV file's rows as dictionaries by column name (no field here holds a comma).
    static func rows(_ url: URL) throws -> [[String: String]] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
    }

    @Test("--baseline app.com.acme.editor.background_modes=fetch+audio: the rows equal two files paired by hand")
    func whatIfEqualsTwoFiles() throws {
        try withTemporaryFolder { folder in
            // `[fetch, audio]` is written in SPEC 4's order, `audio+fetch`; `[]` is `none`.
            let files = [("swept.yaml", Self.day(modes: "[audio]", sweep: "sweep:\n  app.com.acme.editor.background_modes: [[fetch, audio], []]")),
                         ("with.yaml", Self.day(modes: "[audio, fetch]")), ("without.yaml", Self.day(modes: "[]"))]
            for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            let run = try suspendsim(["run", "swept.yaml", "--baseline", "app.com.acme.editor.background_modes=fetch+audio", "--out", "S"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            for name in ["with", "without"] {
                #expect(try suspendsim(["run", name + ".yaml", "--out", name], in: folder).status == 0)
            }
            let column = "app.com.acme.editor.background_modes"
            let swept = try Self.rows(folder.appendingPathComponent("S/summary.csv"))
            let with = try Self.rows(folder.appendingPathComponent("with/summary.csv"))
            let without = try Self.rows(folder.appendingPathComponent("without/summary.csv"))
            #expect(Set(swept.map { $0[column] }) == ["audio+fetch", "none"])
            // Each point's runs are the separate file's runs, seed for seed.
            func strip(_ row: [String: String]) -> [String: String] { row.filter { $0.key != column } }
            #expect(swept.filter { $0[column] == "audio+fetch" }.map(strip) == with)
            #expect(swept.filter { $0[column] == "none" }.map(strip) == without)
            // The run metric pressure_kills: the mean of the differences paired by replicate.
            let differences = zip(without, with).map { pair -> Double in
                #expect(pair.0["seed"] == pair.1["seed"] && pair.0["replicate"] == pair.1["replicate"])
                return Double(pair.0["pressure_kills"]!)! - Double(pair.1["pressure_kills"]!)!
            }
            #expect(differences.count == 12 && differences.contains { $0 != 0 }, "the modes change the day")
            let mean = differences.reduce(0, +) / 12
            let row = try #require(try Self.rows(folder.appendingPathComponent("S/whatif.csv")).first {
                $0["metric"] == "pressure_kills" && $0["app"] == ""
            })
            #expect(row["key"] == column && row["value"] == "none" && row["baseline"] == "audio+fetch" && row["pairs"] == "12")
            #expect(row["mean_diff"] == String(format: "%.3f", mean))
        }
    }

    @Test("Bad --set values are usage errors (exit 64), nothing written; the old 'unknown app key' refusal is gone",
          arguments: ["audio+radio", "fetch+fetch", "fetch+audio,audio+fetch"])
    func badCommandLine(_ value: String) throws {
        try withTemporaryFolder { folder in
            try Self.day(modes: "[audio]").write(to: folder.appendingPathComponent("day.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "day.yaml", "--set", "app.com.acme.editor.background_modes=" + value, "--out", "R"], in: folder)
            #expect(run.status == 64)
            #expect(!run.stderr.contains("unknown app key"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("R").path))
        }
    }
}
