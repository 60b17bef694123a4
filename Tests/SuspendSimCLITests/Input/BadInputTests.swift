import Foundation
import Testing

/// SPEC 7: bad input gets a located, readable error, a non-zero exit, and no report.
@Suite struct BadInputTests {
    /// A valid scenario that each case breaks in one way.
    static let valid = """
        name: broken
        device:
          ram_mb: 2048
        apps:
          - { id: com.a, active_mb: 100, background_modes: [fetch] }
        events:
          - { at: 0, open: com.a }
          - { at: 5, home }

        """

    /// (what is wrong, the file, the start of the expected message: file:line:column: field).
    static let cases: [(String, String, String)] = [
        ("unknown top-level key", valid + "colour: red\n", "bad.yaml:9:1: colour: unknown key 'colour'"),
        ("unknown app key", valid.replacingOccurrences(of: "active_mb: 100,", with: "active_mb: 100, colour: red,"),
         "bad.yaml:5:34: apps[0].colour: unknown key 'colour'"),
        ("unknown device key", valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  rom_mb: 1"),
         "bad.yaml:4:3: device.rom_mb: unknown key 'rom_mb'"),
        ("duplicate key", valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  ram_mb: 4096"),
         "bad.yaml:4:3: device.ram_mb: duplicate key 'ram_mb'"),
        ("duplicate app id", valid.replacingOccurrences(of: "events:", with: "  - { id: com.a, active_mb: 5 }\nevents:"),
         "bad.yaml:6:11: apps[1].id: duplicate app id 'com.a' (first at line 5, column 11)"),
        ("unknown app in an event", valid.replacingOccurrences(of: "open: com.a", with: "open: com.b"),
         "bad.yaml:7:20: events[0].open: unknown app 'com.b'"),
        ("unknown event", valid.replacingOccurrences(of: "home }", with: "dance }"),
         "bad.yaml:8:14: events[1].dance: unknown key 'dance'; expected one of at, open, home"),
        ("unknown mode", valid.replacingOccurrences(of: "[fetch]", with: "[teleport]"),
         "bad.yaml:5:53: apps[0].background_modes[0]: unknown background mode 'teleport'"),
        ("wake with a continuous mode", valid + "  - { at: 6, wake: { app: com.a, mode: audio } }\n",
         "bad.yaml:9:40: events[2].wake.mode: wake takes a wake-only mode (fetch, remote-notification, processing, newsstand-content), got continuous mode 'audio'"),
        ("negative memory", valid.replacingOccurrences(of: "active_mb: 100", with: "active_mb: -100"),
         "bad.yaml:5:29: apps[0].active_mb: must not be negative, got -100"),
        ("negative time", valid.replacingOccurrences(of: "at: 5,", with: "at: -5,"),
         "bad.yaml:8:11: events[1].at: must not be negative"),
        ("events out of order", valid.replacingOccurrences(of: "at: 5,", with: "at: 0,").replacingOccurrences(of: "at: 0, open", with: "at: 3, open"),
         "bad.yaml:8:11: events[1].at: events out of time order"),
        ("missing name", valid.replacingOccurrences(of: "name: broken\n", with: ""), "bad.yaml:1:1: name: missing required key 'name'"),
        ("missing ram_mb", valid.replacingOccurrences(of: "ram_mb: 2048", with: "reserved_mb: 1"),
         "bad.yaml:3:3: device.ram_mb: missing required key 'ram_mb'"),
        ("a string for a number", valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: lots"),
         "bad.yaml:3:11: device.ram_mb: must be a number"),
        ("a YAML syntax error", valid.replacingOccurrences(of: "{ at: 5, home }", with: "{ at: 5, home"),
         "bad.yaml:9:1:"),
        ("a number beyond the model", valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 1e30"),
         "bad.yaml:3:11: device.ram_mb: must be at most 4294967296"),
        ("an unknown policy", "policy: fifo\n" + valid, "bad.yaml:1:9: policy: unknown policy 'fifo'"),
        // SPEC 11.
        ("an unknown model", valid.replacingOccurrences(of: "ram_mb: 2048", with: "model: iphone-12-pro-maxx"),
         "bad.yaml:3:10: device.model: unknown model 'iphone-12-pro-maxx'; nearest: iphone-12-pro-max"),
        ("an ios that is not MAJOR[.MINOR]", valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  ios: \"18.4.1\""),
         "bad.yaml:4:8: device.ios: must be \"MAJOR[.MINOR]\""),
        ("an unquoted ios", valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  ios: 18.10"),
         "bad.yaml:4:8: device.ios: must be quoted"),
        ("an unknown lifecycle", valid.replacingOccurrences(of: "active_mb: 100,", with: "active_mb: 100, lifecycle: swiftui,"),
         "bad.yaml:5:45: apps[0].lifecycle: unknown lifecycle 'swiftui'; expected app or scene"),
        ("app_background_limit_mb above the RAM", valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  app_background_limit_mb: 4096"),
         "bad.yaml:4:28: device.app_background_limit_mb: must not be above ram_mb (2048.000 MB), got 4096"),
        // SPEC 29.
        ("a task request whose mode is not declared",
         valid.replacingOccurrences(of: "background_modes: [fetch] }", with: "background_modes: [fetch], bg_tasks: [{ kind: processing }] }"),
         "bad.yaml:5:80: apps[0].bg_tasks[0].kind: a processing request needs the processing mode in the app's background_modes"),
        ("a charge event that is not true or false", valid + "  - { at: 6, charge: maybe }\n",
         "bad.yaml:9:22: events[2].charge: must be true or false"),
        ("a refresh window of 0", valid.replacingOccurrences(of: "ram_mb: 2048", with: "ram_mb: 2048\n  refresh_window_s: 0"),
         "bad.yaml:4:21: device.refresh_window_s: must be more than 0"),
    ]

    @Test("Each kind of bad input: located error, exit 2, nothing written", arguments: 0..<BadInputTests.cases.count)
    func badInput(_ index: Int) throws {
        let (what, text, message) = Self.cases[index]
        try withTemporaryFolder { folder in
            try text.write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "bad.yaml", "--out", "Reports"], in: folder)
            #expect(run.status == 2, "\(what)")
            #expect(run.stderr.hasPrefix(message), "\(what): \(run.stderr)")
            #expect(run.stderr.contains("nothing was run"), "\(what)")
            #expect(run.stdout.isEmpty, "\(what)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bad.yaml"], "\(what): something was written")
        }
    }

    @Test("One invalid file in a batch: nothing runs, the valid files get no report either")
    func invalidFileStopsTheBatch() throws {
        try withTemporaryFolder { folder in
            try Self.valid.write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
            try (Self.valid + "oops: 1\n").replacingOccurrences(of: "name: broken", with: "name: other")
                .write(to: folder.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", ".", "--out", "Reports"], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("1 of 2 scenario files are invalid"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports").path))
        }
    }

    @Test("Two files with the same name would share a report folder: an error")
    func duplicateNames() throws {
        try withTemporaryFolder { folder in
            try Self.valid.write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
            try Self.valid.write(to: folder.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["validate", "."], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("name: 'broken' is also the name of ./a.yaml"))
        }
    }

    @Test("A missing path is an error, exit 2")
    func missingPath() throws {
        let run = try suspendsim(["run", "no/such/file.yaml"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("no/such/file.yaml"))
    }

    @Test("An output folder that cannot be made (a file in its path): a clear error and exit 73 (EX_CANTCREAT)")
    func unwritableOutput() throws {
        try withTemporaryFolder { folder in
            let blocker = folder.appendingPathComponent("file")
            try Data("x".utf8).write(to: blocker)
            let run = try suspendsim(["run", "Scenarios/state-lab.yaml", "--out", blocker.path + "/Reports"])
            #expect(run.status == 73)
            #expect(run.stderr.contains("Not a directory"), "\(run.stderr)")
        }
    }
}
