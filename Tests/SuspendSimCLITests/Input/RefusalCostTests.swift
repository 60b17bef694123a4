import Foundation
import Testing

/// SPEC 35, "Cost of a refusal": a large JSON file refused late (a bad last event) costs at
/// most 1.2 times the memory of running it with that event mended; the error path streams as
/// the run does, and says what the ordinary reader says.
@Suite struct RefusalCostTests {
    /// A JSON scenario of 100 apps and `events` events (opens and allocations), whose last
    /// event opens `lastApp`.
    static func scenario(events: Int, lastApp: String) -> String {
        var text = "{\n  \"name\": \"big\",\n  \"device\": {\"ram_mb\": 4096},\n  \"apps\": [\n"
        text += (0..<100).map { "    {\"id\": \"com.example.app\($0)\", \"active_mb\": \(40 + $0 * 3)}" }.joined(separator: ",\n")
        text += "\n  ],\n  \"events\": [\n"
        for index in 0..<events - 1 {
            let app = "com.example.app\(index * 7 % 100)"
            text += index % 3 == 2
                ? "    {\"at\": \(index), \"allocate\": {\"app\": \"\(app)\", \"mb\": 1.5}},\n"
                : "    {\"at\": \(index), \"open\": \"\(app)\"},\n"
        }
        text += "    {\"at\": \(events), \"open\": \"\(lastApp)\"}\n  ]\n}\n"
        return text
    }

    /// `suspendsim arguments` under /usr/bin/time: exit status, stderr and peak resident KiB.
    static func measured(_ arguments: [String], in folder: URL) throws -> (status: Int32, stderr: String, peakKiB: Int) {
        let peak = folder.appendingPathComponent("peak-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", peak.path, executable.path] + arguments
        process.currentDirectoryURL = packageRoot
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let figure = try String(contentsOf: peak, encoding: .utf8).split(separator: "\n").last.flatMap { Int($0) } ?? -1
        return (process.terminationStatus, message, figure)
    }

    @Test("A 10^5-event file whose last event names an unknown app: refused (exit 2, its line) in at most 1.2x the memory of running it mended")
    func lateRefusalStreams() throws {
        try withTemporaryFolder { folder in
            let events = 100_000
            let bad = folder.appendingPathComponent("bad.json")
            let mended = folder.appendingPathComponent("mended.json")
            try Self.scenario(events: events, lastApp: "com.example.nosuch").write(to: bad, atomically: true, encoding: .utf8)
            try Self.scenario(events: events, lastApp: "com.example.app1").write(to: mended, atomically: true, encoding: .utf8)
            let refused = try Self.measured(["run", bad.path, "--out", folder.appendingPathComponent("r1").path], in: folder)
            let ran = try Self.measured(["run", mended.path, "--out", folder.appendingPathComponent("r2").path], in: folder)
            #expect(refused.status == 2, "\(refused.stderr)")
            #expect(ran.status == 0)
            // The header's 106 lines, then one line per event: the last is on line 106 + 10^5,
            // column 28 (after 4 spaces and `{"at": 100000, "open": `), index 10^5 - 1.
            #expect(refused.stderr.contains("\(bad.path):\(106 + events):28: events[\(events - 1)].open: unknown app 'com.example.nosuch'"),
                    "\(refused.stderr)")
            #expect(refused.stderr.contains("com.example.nosuch"), "\(refused.stderr)")
            #expect(Double(refused.peakKiB) <= 1.2 * Double(ran.peakKiB), "refused in \(refused.peakKiB) KiB, ran in \(ran.peakKiB) KiB")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r1/big").path))
        }
    }

    @Test("A streamed file's late mistakes are told as validate tells them: an unknown app, a time that goes back")
    func sameMessageAsTheOrdinaryReader() throws {
        try withTemporaryFolder { folder in
            // Over 1 MiB: streamed by run, read whole by validate.
            var backwards = Self.scenario(events: 30_000, lastApp: "com.example.app2")
            backwards = backwards.replacingOccurrences(of: "{\"at\": 30000, \"open\"", with: "{\"at\": 12.5, \"open\"")
            for (name, text) in [("unknown", Self.scenario(events: 30_000, lastApp: "com.example.nosuch")), ("backwards", backwards)] {
                let file = folder.appendingPathComponent("\(name).json")
                try text.write(to: file, atomically: true, encoding: .utf8)
                let run = try suspendsim(["run", file.path, "--out", folder.appendingPathComponent("out-\(name)").path])
                let validate = try suspendsim(["validate", file.path])
                #expect(run.status == 2)
                #expect(validate.status == 2)
                let located = validate.stderr.split(separator: "\n").filter { $0.hasPrefix(file.path + ":") }
                #expect(!located.isEmpty, "\(validate.stderr)")
                for line in located { #expect(run.stderr.contains(line), "run said: \(run.stderr)\nvalidate said: \(validate.stderr)") }
            }
        }
    }
}
