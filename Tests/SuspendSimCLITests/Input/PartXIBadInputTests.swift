import Foundation
import Testing

/// SPEC 40's bad input through the command, as a user meets it: exit 2, the file, line and
/// field named with what is wrong, and no report folder. (The reader's messages for every case
/// are `FreezerTests`, `TypicalDayTests` and `DeviceCatalogTests`; here the command's whole
/// behaviour, once per kind.)
@Suite struct PartXIBadInputTests {
    /// A valid scenario (8 lines) that each case breaks in one way.
    static let valid = """
        name: broken
        device:
          ram_mb: 2048
        apps:
          - { id: com.a, active_mb: 100 }
          - { id: com.b, active_mb: 100 }
        events:
          - { at: 0, open: com.a }

        """

    /// (the file, the line it names, the field and what is wrong).
    static let cases: [(String, String, String)] = [
        (valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  freezer: 3"), "bad.yaml:4:", "device.freezer: must be a mapping"),
        (valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  freezer: { max_frozen: 20.0 }"), "bad.yaml:4:",
         "device.freezer.max_frozen: must be a whole number from 0 to 2147483647"),
        (valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  freezer: { thaw_mb_s: 0 }"), "bad.yaml:4:",
         "device.freezer.thaw_mb_s: must be more than 0"),
        (valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  freezer: { level: 3 }"), "bad.yaml:4:",
         "device.freezer.level: unknown key 'level'"),
        (valid + "initial:\n  - { app: com.b, state: active, frozen: true }\n", "bad.yaml:10:",
         "initial[0].frozen: only a suspended app can be frozen"),
        (valid + "initial:\n  - { app: com.b, state: suspended, frozen: 1 }\n", "bad.yaml:10:", "initial[0].frozen: must be true or false"),
        (valid + "workload: { include: busy-day }\n", "bad.yaml:9:", "workload.include"),
        (valid + "workload: { include: typical-day, dwell: 60 }\n", "bad.yaml:9:", "workload.dwell: unknown key 'dwell'"),
        (valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  ios: \"21\""), "bad.yaml:4:", "device.ios"),
    ]

    @Test("SPEC 40's bad input: exit 2, located, nothing written", arguments: 0..<PartXIBadInputTests.cases.count)
    func refused(_ index: Int) throws {
        let (text, location, message) = Self.cases[index]
        try withTemporaryFolder { folder in
            try text.write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "bad.yaml", "--out", "R"], in: folder)
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains(location) && run.stderr.contains(message), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("R").path))
        }
    }
}
