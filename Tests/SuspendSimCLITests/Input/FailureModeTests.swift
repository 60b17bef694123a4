import Foundation
import Testing

/// Failure modes (docs/development.md): when the world fails (an output that cannot be written, a disk that fills
/// up, Ctrl-C in the middle of a batch): a clear message, a non-zero exit, no partial report,
/// and earlier complete reports untouched.
@Suite struct FailureModeTests {
    /// Every hidden (temporary) entry under `folder`, at any depth; not the report folders'
    /// ownership markers (docs/reports.md), which are no temporaries.
    func hiddenEntries(under folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var hidden: [String] = []
        while let path = walker?.nextObject() as? String {
            guard !path.hasSuffix(".suspendsim-folder") else { continue }
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { hidden.append(path) }
        }
        return hidden
    }

    /// Runs suspendsim with `arguments` under `ulimit -f KIB`: any file it writes past that
    /// many KiB fails to grow (EFBIG), as on a full disk. Returns its exit status and stderr.
    func suspendsimUnderFileSizeLimit(kib: Int, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -f \(kib); exec \"$0\" \"$@\"", executable.path] + arguments
        process.currentDirectoryURL = packageRoot
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    @Test("--out /dev/full: a clear error, exit 73 (EX_CANTCREAT: no folder can be made in a device), nothing written")
    func devFull() throws {
        let run = try suspendsim(["run", "Scenarios/state-lab.yaml", "--out", "/dev/full"])
        #expect(run.status == 73)
        #expect(run.stderr.contains("/dev/full"), "\(run.stderr)")
        #expect(run.stderr.contains("Not a directory"), "\(run.stderr)")
    }

    @Test("A disk that fills up mid-write (a file-size limit): exit 74 (EX_IOERR), no partial report, earlier reports untouched")
    func diskFillsUp() throws {
        try withTemporaryFolder { out in
            #expect(try suspendsim(["run", "Scenarios/memory-pressure.yaml", "--out", out.path]).status == 0)
            let before = try filesUnder(out)
            // Any file past 2 KiB fails to grow.
            let (status, message) = try suspendsimUnderFileSizeLimit(
                kib: 2, ["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "1", "--details", "--out", out.path])
            #expect(status == 74)
            #expect(message.contains("File too large"), "\(message)")
            #expect(hiddenEntries(under: out).isEmpty)
            let after = try filesUnder(out)
            #expect(after["memory-pressure/evictions.csv"] == before["memory-pressure/evictions.csv"])
            #expect(after["summary.csv"] == before["summary.csv"])
        }
    }

    @Test("A long run whose report fills the disk, three of its files written by the formatting thread: exit 74 (EX_IOERR), no partial report")
    func diskFillsUpInALongRun() throws {
        try withTemporaryFolder { folder in
            // 30,000 events: a long report (docs/architecture.md), streamed from a JSON file of
            // more than 1 MiB. The app opens, then allocates: each allocation adds a row to
            // memory.csv and pressure.csv, which the formatting thread writes, and none to the
            // files the run's thread writes.
            var events = ["{\"at\": 0, \"open\": \"com.a\"}"]
            for index in 1..<30_000 {
                events.append("{\"at\": \(index), \"allocate\": {\"app\": \"com.a\", \"mb\": 0.001}}")
            }
            let scenario = folder.appendingPathComponent("long.json")
            try ("{\"name\": \"long\", \"device\": {\"ram_mb\": 2048}, \"apps\": [{\"id\": \"com.a\", \"active_mb\": 100}],\n"
                + "\"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n").write(to: scenario, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("reports")
            // Any file past 256 KiB fails to grow; only the formatting thread's files pass it.
            let (status, message) = try suspendsimUnderFileSizeLimit(kib: 256, ["run", scenario.path, "--out", out.path])
            #expect(status == 74)
            #expect(message.contains("File too large"), "\(message)")
            #expect(message.contains("memory.csv") || message.contains("pressure.csv"), "\(message)")
            #expect(hiddenEntries(under: out).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("long").path))
        }
    }

    @Test("Ctrl-C in the middle of a batch: exit 130, a message, no partial report, earlier reports untouched")
    func interruptedBatch() throws {
        try withTemporaryFolder { out in
            #expect(try suspendsim(["run", "Scenarios/state-lab.yaml", "--out", out.path]).status == 0)
            let before = try filesUnder(out)
            let process = Process()
            process.executableURL = executable
            process.arguments = ["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "1000000", "--details",
                                 "--out", out.path]
            process.currentDirectoryURL = packageRoot
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // Wait until the batch is writing report folders, then interrupt it.
            let batchFolder = out.appendingPathComponent("day-on-a-3gb-phone")
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline,
                  ((try? FileManager.default.contentsOfDirectory(atPath: batchFolder.path))?.count ?? 0) < 3 {
                usleep(20_000)
            }
            process.interrupt()
            // It must stop by itself; if it does not, kill it rather than hang the suite.
            let stopBy = Date().addingTimeInterval(20)
            while process.isRunning, Date() < stopBy { usleep(20_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                Issue.record("suspendsim did not stop within 20 s of SIGINT")
            }
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 130)
            #expect(message.contains("interrupted"), "\(message)")
            // The writes the clean-up cancelled are not reported as errors of their own: the
            // interruption's line is the only message.
            #expect(!message.contains("error:"), "\(message)")
            #expect(hiddenEntries(under: out).isEmpty)
            let after = try filesUnder(out)
            for (path, bytes) in before { #expect(after[path] == bytes, "\(path) changed") }
            // The batch finished some replicates: each of those folders is whole.
            let replicates = try FileManager.default.contentsOfDirectory(atPath: batchFolder.path)
            for replicate in replicates {
                #expect(after["day-on-a-3gb-phone/\(replicate)/survivors.csv"] != nil, "\(replicate) is not whole")
            }
        }
    }
}
