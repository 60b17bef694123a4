import Foundation
import Testing
@testable import SuspendSim

/// `trace.file` (SPEC 13) is resolved beside the scenario file (`ScenarioReader.tracePath`):
/// worked by hand for absolute and relative scenario paths, with `..` and a trailing slash;
/// and the messages name the trace by that path.
@Suite struct TracePathTests {
    @Test("Worked by hand: beside an absolute scenario path the name is joined as written; a relative one is resolved")
    func byHand() {
        #expect(ScenarioReader.tracePath("traces/t.csv", besideFile: "/data/s/day.yaml") == "/data/s/traces/t.csv")
        #expect(ScenarioReader.tracePath("../t.csv", besideFile: "/data/s/day.yaml") == "/data/s/../t.csv")
        #expect(ScenarioReader.tracePath("t.csv/", besideFile: "/data/s/day.yaml") == "/data/s/t.csv")
        #expect(ScenarioReader.tracePath("/elsewhere/t.csv", besideFile: "day.yaml") == "/elsewhere/t.csv")
        let cwd = FileManager.default.currentDirectoryPath
        let parent = (cwd as NSString).deletingLastPathComponent
        #expect(ScenarioReader.tracePath("t.csv", besideFile: "Scenarios/day.yaml") == cwd + "/Scenarios/t.csv")
        #expect(ScenarioReader.tracePath("../t.csv", besideFile: "Scenarios/day.yaml") == cwd + "/t.csv")
        #expect(ScenarioReader.tracePath("t.csv", besideFile: "../day.yaml") == parent + "/t.csv")
    }

    @Test("A missing trace's message names it by that path: relative, and with ..")
    func messagePaths() throws {
        try withTemporaryFolder { folder in
            let sub = folder.appendingPathComponent("sub")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let absolute = sub.path + "/day.yaml"
            // The same file named from the working directory: as many `..` as the working
            // directory is deep, then the temporary folder's path.
            let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
            let relative = String(repeating: "../", count: depth) + absolute.dropFirst()
            for (name, fromAbsolute, fromRelative) in [
                ("traces/none.csv", sub.path + "/traces/none.csv", sub.path + "/traces/none.csv"),
                ("../none.csv", sub.path + "/../none.csv", folder.path + "/none.csv"),
            ] {
                try "name: traced\ndevice: {ram_mb: 1024}\napps: [{id: a, active_mb: 1}]\ntrace: {file: \"\(name)\", user: u1}\n"
                    .write(toFile: absolute, atomically: true, encoding: .utf8)
                for (path, expected) in [(absolute, fromAbsolute), (relative, fromRelative)] {
                    let error = #expect(throws: ScenarioLoader.Error.self) { try ScenarioLoader.load(path: path) }
                    let diagnostic = try #require(error?.diagnostics.first)
                    #expect(diagnostic.field == "trace.file")
                    #expect(diagnostic.message.hasPrefix(expected + ": "), "\(path): \(diagnostic.message)")
                }
            }
        }
    }
}
