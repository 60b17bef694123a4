import Foundation
import Testing

/// The batch page's focus apps when the scenario names none in `expect:` or `observed:`
/// (SPEC 19, 27; SPEC 41's issue): the what-if apps given with `--app`, else the app the file
/// lists last that `include: typical-day` did not bring, so that the "never killed" panel is
/// the engineer's own app rather than six apps of the typical day.
@Suite struct FocusAppTests {
    /// The engineer's editor between two apps of its own and the typical day's.
    static let day = """
        name: own
        policy: jetsam
        device: { model: iphone-11, ios: "18.5" }
        apps:
          - { id: com.example.notes, active_mb: 200 }
          - { include: typical-day }
          - { id: com.example.editor, active_mb: 700, suspended_mb: 180 }
        workload: { duration_s: 3600 }
        replicates: 2
        sweep: { app.com.example.editor.suspended_mb: [120, 180] }
        """

    static func focus(_ folder: URL) throws -> String? {
        try? String(contentsOf: folder.appendingPathComponent("focus.csv"), encoding: .utf8)
    }

    @Test("No expect: or observed: apps: focus.csv names the app listed last that the include did not bring; --app names the what-if apps")
    func ownAppIsTheFocus() throws {
        try withTemporaryFolder { folder in
            try Self.day.write(to: folder.appendingPathComponent("own.yaml"), atomically: true, encoding: .utf8)
            let plain = try suspendsim(["run", "own.yaml", "--html", "--out", "R"], in: folder)
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(try Self.focus(folder.appendingPathComponent("R")) == "app\nown/com.example.editor\n")
            let html = try String(contentsOf: folder.appendingPathComponent("R/index.html"), encoding: .utf8)
            #expect(html.contains("com.example.editor"))
            let given = try suspendsim(["run", "own.yaml", "--app", "com.example.notes", "--baseline", "app.com.example.editor.suspended_mb=180",
                                        "--out", "G"], in: folder)
            #expect(given.status == 0, "\(given.stderr)")
            #expect(try Self.focus(folder.appendingPathComponent("G")) == "app\nown/com.example.notes\n")
            // Without the include, nothing is the engineer's by position: the change rule, no focus.csv.
            let bare = Self.day.replacingOccurrences(of: "  - { include: typical-day }\n", with: "")
            try bare.write(to: folder.appendingPathComponent("bare.yaml"), atomically: true, encoding: .utf8)
            #expect(try suspendsim(["run", "bare.yaml", "--out", "B"], in: folder).status == 0)
            #expect(try Self.focus(folder.appendingPathComponent("B")) == nil)
        }
    }
}
