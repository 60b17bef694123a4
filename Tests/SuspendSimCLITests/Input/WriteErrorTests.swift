import Foundation
import Testing

/// docs/reports.md "exit statuses": an output that cannot be written says what the system
/// said (a full disk is "No space left on device", not "Input/output error") and exits 74
/// (`EX_IOERR`) when writing failed, 73 (`EX_CANTCREAT`) when it cannot be made; a FIFO given
/// as a scenario is named for what it is.
@Suite struct WriteErrorTests {
    static let scenario = "name: s\ndevice: { ram_mb: 2048 }\napps:\n  - { id: com.a, active_mb: 100 }\nevents:\n  - { at: 0, open: com.a }\n"

    @Test("--junit onto /dev/full (written through, never replaced): No space left on device, exit 74")
    func fullDevice() throws {
        try withTemporaryFolder { folder in
            try Self.scenario.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
            // /dev/full is read-only to this test: it is opened for writing, which every write fails with ENOSPC.
            let run = try suspendsim(["check", "s.yaml", "--junit", "/dev/full"], in: folder)
            #expect(run.status == 74, "\(run.stderr)")
            #expect(run.stderr.contains("/dev/full: No space left on device (errno 28)"), "\(run.stderr)")
            var info = stat()
            #expect(lstat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        }
    }

    @Test("--junit into a folder without write permission (not root): Permission denied, exit 73")
    func noPermission() throws {
        guard getuid() != 0 else { return }
        try withTemporaryFolder { folder in
            try Self.scenario.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
            let locked = folder.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }
            let run = try suspendsim(["check", "s.yaml", "--junit", "locked/j.xml"], in: folder)
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr.contains("Permission denied"), "\(run.stderr)")
        }
    }

    @Test("A FIFO given as a scenario is named for what it is, exit 2, never read")
    func fifoInput() throws {
        try withTemporaryFolder { folder in
            #expect(mkfifo(folder.appendingPathComponent("s.yaml").path, 0o600) == 0)
            let run = try suspendsim(["validate", "s.yaml"], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("s.yaml: is a FIFO (named pipe), not a scenario file"), "\(run.stderr)")
        }
    }
}
