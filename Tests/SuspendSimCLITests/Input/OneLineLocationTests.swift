import Foundation
import Testing

/// SPEC 35: `run` and `validate` locate a bad event alike. `run` streams a JSON file of 1 MiB
/// or more and, when an event stops it, has the ordinary reader read an excerpt from the event
/// before; on a file of one line, or of several events a line, the column must still be the
/// file's, not the excerpt's.
@Suite struct OneLineLocationTests {
    /// A JSON scenario of one app and 60,000 opens (about 1.9 MB, past the 1 MiB at which
    /// `run` streams), `perLine` events a line, then `last`.
    static func scenario(perLine: Int, last: String) -> String {
        let events = (0..<60_000).map { "{\"at\": \($0), \"open\": \"com.a\"}" }
        let lines = stride(from: 0, to: events.count, by: perLine).map { events[$0..<min($0 + perLine, events.count)].joined(separator: ", ") }
        return "{\"name\": \"s\", \"device\": {\"ram_mb\": 2048}, \"apps\": [{\"id\": \"com.a\", \"active_mb\": 100}], \"events\": ["
            + lines.joined(separator: ",\n") + ", " + last + "]}\n"
    }

    // The column of what is wrong, counted by hand within the last event: an unknown key is
    // placed at the key (`{"at": 999999, ` is 15 bytes), a bad value at the value
    // (`{"at": ` is 7 bytes, `{"at": 999999, "open": ` is 23).
    @Test("A bad last event: run and validate give the same file, line, column and field, exit 2", arguments: [
        (60_000, "{\"at\": 999999, \"opne\": \"com.a\"}", 15, "events[60000].opne: unknown key 'opne'"),
        (60_000, "{\"at\": 5, \"open\": \"com.a\"}", 7, "events[60000].at: events out of time order: at 5 comes after at 59999 (line 1)"),
        (7, "{\"at\": 999999, \"open\": 5}", 23, "events[60000].open: must be a string, got 5"),
    ])
    func sameLocation(_ perLine: Int, _ last: String, _ within: Int, _ said: String) throws {
        try withTemporaryFolder { folder in
            let text = Self.scenario(perLine: perLine, last: last)
            try text.write(to: folder.appendingPathComponent("one.json"), atomically: true, encoding: .utf8)
            // The last event begins on the file's last line, `last` and `]}` before its end;
            // every byte of the file is ASCII, one column each.
            let lastLine = text.split(separator: "\n").last!
            let line = text.count { $0 == "\n" }
            let column = lastLine.count - (last.count + "]}".count) + 1 + within
            let place = "one.json:\(line):\(column): \(said)"
            let validate = try suspendsim(["validate", "one.json"], in: folder)
            let run = try suspendsim(["run", "one.json", "--out", "out"], in: folder)
            #expect(validate.status == 2 && run.status == 2)
            #expect(validate.stderr.hasPrefix(place), "\(validate.stderr.prefix(300))")
            #expect(run.stderr.hasPrefix(place), "\(run.stderr.prefix(300))")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/s").path))
        }
    }
}
