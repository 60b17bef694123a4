import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 8: the six files the formatting thread writes reserve each row's room from the run's
/// own spellings (`RunReportRowRooms`), so an app id of any length fits its rows, quoted as
/// RFC 4180 says, on the run's thread and on the formatting thread alike, with a flush after
/// every row or with the default buffer. (The tests' builds also stop at any row that
/// outgrows its room.)
@Suite struct ReservedRowRoomTests {
    @Test func longAndQuotedAppIDsFitTheirRows() throws {
        var scenario = RandomScenario.make(apps: 6, events: 25_000, seed: 5, ramMB: 2048)
        let long = String(repeating: "com.example.long.", count: 18)  // 306 bytes
        scenario.apps[0].id = long
        scenario.apps[1].id = "com.\"quoted\",app"
        #expect(scenario.makesLongReport)
        try withTemporaryFolder { temporary in
            for flushThreshold in [1, CSVReportRecorder.defaultFlushThreshold] {
                var folders: [URL] = []
                for threaded in [false, true] {
                    let folder = temporary.appendingPathComponent("\(flushThreshold)-\(threaded)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                    try ReportWriter.writeReport(scenario, policyName: scenario.policy.name, intoFolder: folder.path,
                                                 flushThreshold: flushThreshold, formatsOnAThreadOfItsOwn: threaded) { recorder in
                        var simulation = Simulation(scenario, policy: scenario.policy, recorder: recorder)
                        simulation.run()
                        return simulation.runOutcome
                    }
                    folders.append(folder)
                }
                #expect(try snapshot(of: folders[1]) == snapshot(of: folders[0]), "flush threshold \(flushThreshold)")
                // Each transition row: a time, the app, two states and a cause; the long id
                // whole, the quoted one with its quotes doubled.
                let rows = try read("transitions.csv", in: folders[1]).split(separator: "\n").dropFirst()
                let longRows = rows.filter { $0.contains("," + long + ",") }
                let quotedRows = rows.filter { $0.contains(",\"com.\"\"quoted\"\",app\",") }
                #expect(!longRows.isEmpty && !quotedRows.isEmpty)
                #expect(longRows.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 5 })
            }
        }
    }
}
