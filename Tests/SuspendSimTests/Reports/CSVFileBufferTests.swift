import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `CSVFileBuffer` and the recorder's files: rows stream to disk as the buffer fills, so a
/// long run's memory stays bounded, and the bytes do not depend on when flushes happen.
@Suite struct CSVFileBufferTests {
    private func size(of path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test func writesOutEachTimeTheBufferPassesTheThreshold() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("rows.csv").path
            let file = try CSVFileBuffer(path: path, header: "n,square", flushThreshold: 64)
            #expect(try size(of: path) == 0)  // the header waits in the buffer
            var expected = "n,square\n"
            for n in 0 ..< 1_000 {
                file.appendRow { row in
                    CSVFormatting.appendInteger(n, to: &row)
                    row.append(CSVFormatting.comma)
                    CSVFormatting.appendInteger(n * n, to: &row)
                }
                expected += "\(n),\(n * n)\n"
                // Never more than one threshold plus one row is held in memory.
                #expect(try expected.utf8.count - size(of: path) < 64)
            }
            try file.close()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
        }
    }

    /// With a `CSVWriteBehindThread`, full buffers are written by that thread, in order: the
    /// file holds the same bytes, all of them once `close()` returns, and the files sharing
    /// the thread do not mix.
    @Test func aWriteBehindThreadWritesTheSameBytes() throws {
        try withTemporaryFolder { folder in
            let writeBehind = CSVWriteBehindThread()
            let paths = ["squares.csv", "cubes.csv"].map { folder.appendingPathComponent($0).path }
            let files = try paths.map { try CSVFileBuffer(path: $0, header: "n,power", flushThreshold: 64, writeBehind: writeBehind) }
            var expected = ["n,power\n", "n,power\n"]
            for n in 0 ..< 5_000 {
                for (index, file) in files.enumerated() {
                    let power = index == 0 ? n * n : n * n * n
                    file.appendRow { row in
                        CSVFormatting.appendInteger(n, to: &row)
                        row.append(CSVFormatting.comma)
                        CSVFormatting.appendInteger(power, to: &row)
                    }
                    expected[index] += "\(n),\(power)\n"
                }
            }
            for file in files { try file.close() }
            for (index, path) in paths.enumerated() {
                #expect(try String(contentsOfFile: path, encoding: .utf8) == expected[index], "\(path)")
            }
            writeBehind.finish()
        }
    }

    /// A flush of a page or more writes whole pages (`CSVFileBuffer.pageSize`) and keeps the
    /// last partial page for the next write, so every write but the last starts and ends on a
    /// page boundary; the file's bytes are the same, with or without a write-behind thread.
    @Test(arguments: [false, true])
    func flushesWriteWholePagesAndTheCloseTheRest(writingBehind: Bool) throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("rows.csv").path
            let writeBehind = writingBehind ? CSVWriteBehindThread() : nil
            let threshold = 3 * CSVFileBuffer.pageSize + 100
            let file = try CSVFileBuffer(path: path, header: "n,text", flushThreshold: threshold, writeBehind: writeBehind)
            var expected = "n,text\n"
            var sizesSeen: Set<Int> = []
            for n in 0 ..< 4_000 {
                file.appendRow { row in
                    CSVFormatting.appendInteger(n, to: &row)
                    row.append(CSVFormatting.comma)
                    row.append(contentsOf: Array("row number \(n)".utf8))
                }
                expected += "\(n),row number \(n)\n"
                if !writingBehind { sizesSeen.insert(try size(of: path)) }
            }
            try file.close()
            writeBehind?.finish()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
            #expect(expected.utf8.count % CSVFileBuffer.pageSize != 0)  // so the close writes a partial page
            if !writingBehind {
                // Rows of 16-20 bytes pass the threshold at 3 pages and 100-120 bytes: each
                // flush writes 3 pages and keeps the rest.
                #expect(sizesSeen.count >= 5)  // 0 and at least four flushes of some 76 kB
                #expect(sizesSeen.allSatisfy { $0 % (3 * CSVFileBuffer.pageSize) == 0 }, "\(sizesSeen.sorted())")
            }
        }
    }

    #if os(Linux)
    /// A write that fails on the write-behind thread is the file's error: `close()` throws
    /// it, naming the file, as a synchronous write's error would be thrown.
    @Test func aWriteBehindErrorIsThrownByClose() throws {
        let writeBehind = CSVWriteBehindThread()
        let file = try CSVFileBuffer(path: "/dev/full", header: "n", flushThreshold: 16, existing: true, writeBehind: writeBehind)
        for n in 0 ..< 100 { file.appendRow { CSVFormatting.appendInteger(n, to: &$0) } }
        let error = #expect(throws: ReportWriter.Error.self) { try file.close() }
        #expect(error?.path == "/dev/full")
        #expect(error?.code == ENOSPC)
        writeBehind.finish()
    }
    #endif

    @Test func refusesToOverwriteAFile() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("taken.csv").path
            try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: ReportWriter.Error.self) {
                _ = try CSVFileBuffer(path: path, header: "a", flushThreshold: 1)
            }
            #expect(error?.description == "Cannot create file \(path): File exists (errno \(EEXIST))")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
        }
    }

    /// The recorder fails as a whole when one of its files cannot be created.
    @Test func recorderReportsTheFileItCouldNotCreate() throws {
        try withTemporaryFolder { folder in
            try Data().write(to: folder.appendingPathComponent("memory.csv"))
            let error = #expect(throws: ReportWriter.Error.self) {
                _ = try CSVReportRecorder(scenario: goldenScenario(), policyName: "lru", folder: folder)
            }
            #expect(error?.path == folder.appendingPathComponent("memory.csv").path)
            #expect(error?.code == EEXIST)
        }
    }

    /// A long run (thousands of app switches) flushes many times at the default threshold
    /// and still writes every row the in-memory log holds, in the same order.
    @Test func longRunStreamsEveryRow() throws {
        var scenario = Scenario(
            name: "long", device: Device(ramMB: 2048),
            apps: (0 ..< 8).map { AppProfile(id: "com.example.app\($0)", activeMB: 150, suspendedMB: 90) })
        for step in 0 ..< 20_000 {
            try scenario.append(at: Double(step), step % 2 == 0 ? .open(step / 2 % 8) : .home)
        }
        try withTemporaryFolder { temporary in
            let folder = temporary.appendingPathComponent("long")
            let result = try Simulation.run(scenario, writingReportTo: folder)
            let log = Simulation.run(scenario).log
            #expect(result.eventsRun == 20_000)

            let callbacks = try read("callbacks.csv", in: folder).split(separator: "\n").dropFirst()
            #expect(callbacks.count == log.callbacks.count)
            #expect(try size(of: folder.appendingPathComponent("callbacks.csv").path)
                    > CSVReportRecorder.defaultFlushThreshold * 2)
            let expected = log.callbacks.map { record in
                var row: [UInt8] = []
                CSVFormatting.appendSeconds(record.timeMs, to: &row)
                return String(decoding: row, as: UTF8.self)
                    + ",\(scenario.apps[record.app].id),\(record.callback.rawValue),"
            }
            #expect(callbacks.map(String.init) == expected)
        }
    }
}
