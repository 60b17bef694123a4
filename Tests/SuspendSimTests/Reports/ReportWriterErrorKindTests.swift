import Foundation
import Testing
@testable import SuspendSim

/// The public writers take a `String` path and throw `ReportWriter.Error` only, with a `kind`:
/// a system call's failure (`errno`), a folder that suspendsim did not write (never replaced),
/// or streamed events that could not be read.
@Suite struct ReportWriterErrorKindTests {
    @Test("A folder suspendsim did not write is refused with kind notOurs and left as it was")
    func notOurs() throws {
        try withTemporaryFolder { root in
            let folder = root.appendingPathComponent("mine").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
            let result = Simulation.run(goldenScenario())
            let error = #expect(throws: ReportWriter.Error.self) {
                try ReportWriter.write(result, of: goldenScenario(), into: folder)
            }
            #expect(error?.kind == .notOurs && error?.path == folder && error?.code == EEXIST)
            #expect(error?.description.contains("was not written by suspendsim") == true)
            #expect(try String(contentsOfFile: folder + "/notes.txt", encoding: .utf8) == "keep")
            let streamed = #expect(throws: ReportWriter.Error.self) { try Simulation.run(goldenScenario(), writingReportTo: folder) }
            #expect(streamed?.kind == .notOurs)
            // A fresh path is written, by the same String.
            let fresh = root.appendingPathComponent("fresh").path
            try ReportWriter.write(result, of: goldenScenario(), into: fresh)
            #expect(FileManager.default.fileExists(atPath: fresh + "/survivors.csv"))
        }
    }

    @Test("A path under a regular file is kind system with the errno")
    func system() throws {
        try withTemporaryFolder { root in
            let file = root.appendingPathComponent("file").path
            try Data().write(to: URL(fileURLWithPath: file))
            let error = #expect(throws: ReportWriter.Error.self) {
                try Simulation.runEveryPolicy(goldenScenario(), policies: [LRUPolicy()], writingReportsTo: file + "/out")
            }
            #expect(error?.kind == .system && error?.code == ENOTDIR)
        }
    }

    @Test("Other errors convert: the error itself, a folder not ours, unreadable events, anything else as EIO")
    func conversion() {
        let own = ReportWriter.Error("rename", path: "/a", code: EACCES)
        #expect(ReportWriter.Error(converting: own, path: "/b") == own)
        #expect(ReportWriter.Error(converting: FolderOwnership.NotOurs(path: "/c"), path: "/d")
            == ReportWriter.Error(kind: .notOurs, "replace", path: "/c", code: EEXIST))
        #expect(ReportWriter.Error(converting: EventStreamUnreadable(), path: "/e").kind == .unreadableEvents)
        #expect(ReportWriter.Error(converting: CancellationError(), path: "/f") == ReportWriter.Error("write", path: "/f", code: EIO))
    }
}
