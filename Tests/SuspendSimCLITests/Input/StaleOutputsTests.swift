import Foundation
import Testing

/// A run that died without cleaning up (SIGKILL at a time limit, a lost node) leaves hidden
/// `.<name>.partial-<pid>-<random>` outputs; a rerun into the same folder removes them, and
/// refuses while another run is still writing there.
@Suite struct StaleOutputsTests {
    /// The hidden partial entries under `folder`.
    static func partials(_ folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if (path as NSString).lastPathComponent.contains(".partial-") { found.append(path) }
        }
        return found
    }

    /// The number of a process that has ended.
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("A SIGKILLed run, then a rerun into the same folder: no partial file is left, and the reports are whole")
    func killedThenRerun() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("R")
            let arguments = ["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "400", "--details", "--jobs", "2", "--out", out.path]
            let process = Process()
            process.executableURL = packageRoot.appendingPathComponent(".build/debug/suspendsim")
            process.arguments = arguments
            process.currentDirectoryURL = packageRoot
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until the run has begun writing, then kill it without a chance to clean up.
            for _ in 0..<400 where Self.partials(out).isEmpty { usleep(10_000) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // A leftover of an earlier dead run too, whatever the kill's timing left.
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try Data().write(to: out.appendingPathComponent(".summary.csv.partial-\(try Self.deadPID())-9f3a"))
            let rerun = try suspendsim(["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "3", "--out", out.path])
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.stderr.contains("note: removed"))
            #expect(Self.partials(out).isEmpty, "\(Self.partials(out))")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("summary.csv").path))
        }
    }

    @Test("A dead run's .replicate-N.old- folder goes with the next run --details; a dead report's figures/.NAME.pdf.partial- with the next report --figures")
    func oldFoldersAndFigurePartials() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("R")
            let details = ["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "2", "--details", "--jobs", "2", "--out", out.path]
            #expect(try suspendsim(details).status == 0)
            let dead = try Self.deadPID()
            // What a SIGKILL leaves between moving a replicate's old folder aside and removing
            // it, and while the PDF converter writes a figure.
            let old = out.appendingPathComponent("day-on-a-3gb-phone/.replicate-2.old-\(dead)-ab12")
            try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: old.appendingPathComponent("summary.csv"))
            let rerun = try suspendsim(details)
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.stderr.contains("note: removed 1 unfinished output(s)") && rerun.stderr.contains(".replicate-2.old-\(dead)-ab12"), "\(rerun.stderr)")
            #expect(!FileManager.default.fileExists(atPath: old.path))
            let figures = out.appendingPathComponent("figures")
            #expect(try suspendsim(["report", out.path, "--figures", figures.path]).status == 0)
            let partial = figures.appendingPathComponent(".survival.pdf.partial-\(dead)-cd34")
            try Data("%PDF".utf8).write(to: partial)
            let report = try suspendsim(["report", out.path, "--figures", figures.path])
            #expect(report.status == 0, "\(report.stderr)")
            #expect(report.stderr.contains(".survival.pdf.partial-\(dead)-cd34"), "\(report.stderr)")
            #expect(!FileManager.default.fileExists(atPath: partial.path))
            #expect(WholeOrNoneTests.hiddenEntries(out).isEmpty, "\(WholeOrNoneTests.hiddenEntries(out))")
        }
    }

    @Test("A partial of a live suspendsim run is not touched: the rerun refuses, naming it, and runs nothing")
    func liveRunRefused() throws {
        try withTemporaryFolder { folder in
            let busy = Process()
            busy.executableURL = packageRoot.appendingPathComponent(".build/debug/suspendsim")
            busy.arguments = ["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "100000", "--jobs", "1",
                              "--out", folder.appendingPathComponent("busy").path]
            busy.currentDirectoryURL = packageRoot
            busy.standardOutput = FileHandle.nullDevice
            busy.standardError = FileHandle.nullDevice
            try busy.run()
            defer {
                kill(busy.processIdentifier, SIGKILL)
                busy.waitUntilExit()
            }
            let out = folder.appendingPathComponent("R")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let partial = out.appendingPathComponent(".summary.csv.partial-\(busy.processIdentifier)-abc1")
            try Data().write(to: partial)
            let run = try suspendsim(["run", "Scenarios/state-lab.yaml", "--out", out.path])
            #expect(run.status == 1)
            #expect(run.stderr.contains("is being written by suspendsim (pid \(busy.processIdentifier)) right now"), "\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: partial.path))
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("state-lab").path))
        }
    }

    @Test("SIGTERM leaves whole reports or none, and no empty output folder it made")
    func terminatedLeavesNoEmptyFolder() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("shard-7")
            let process = Process()
            process.executableURL = packageRoot.appendingPathComponent(".build/debug/suspendsim")
            process.arguments = ["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "100000", "--shard", "1/2", "--out", out.path]
            process.currentDirectoryURL = packageRoot
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Once the run has made its folder (with its unfinished summary.csv in it).
            for _ in 0..<500 where !FileManager.default.fileExists(atPath: out.path) { usleep(10_000) }
            #expect(FileManager.default.fileExists(atPath: out.path))
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationStatus == 143)
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }
}
