import Foundation
import Testing

/// docs/reports.md "Exit statuses" and SPEC 35 "Whole or none": a write that fails names the
/// system's error (a full disk, a quota, a read-only file system, no permission), exits 74
/// (`EX_IOERR`) or 73 (`EX_CANTCREAT`), and leaves the top-level set whole or absent, never an
/// earlier batch's page beside a new `summary.csv`: the earlier set is kept whole until the new
/// one is complete (`OutputSet`). Failures are made through the writer's
/// seam (`SUSPENDSIM_FAIL_BEFORE_SET`, `OutputSet`) and, where the test runs as root, for real:
/// a full tmpfs and a read-only bind mount.
@Suite struct WriteFailureTests {
    /// A folder `sc` of two scenarios, so that `run sc` is a batch with a top-level set.
    static func scenarios(in folder: URL) throws {
        let sc = folder.appendingPathComponent("sc")
        try FileManager.default.createDirectory(at: sc, withIntermediateDirectories: true)
        for name in ["a", "b"] {
            try "name: \(name)\ndevice: { ram_mb: 2048 }\napps:\n  - { id: com.a, active_mb: 100 }\nevents:\n  - { at: 0, open: com.a }\n"
                .write(to: sc.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        }
    }

    @Test("index.html cannot be put in place over an earlier batch (ENOSPC): exit 74, the error named, the earlier set kept whole")
    func pageFailsOverAnEarlierBatch() throws {
        try withTemporaryFolder { folder in
            try Self.scenarios(in: folder)
            #expect(try suspendsim(["run", "sc", "--html", "--out", "out"], in: folder).status == 0)
            let out = folder.appendingPathComponent("out")
            #expect(Set(WholeOrNoneTests.setEntries(out)).isSuperset(of: ["summary.csv", "index.html"]))
            let before = try filesUnder(out)
            let failed = try suspendsim(["run", "sc", "--html", "--out", "out"], in: folder,
                                        environment: ["SUSPENDSIM_FAIL_BEFORE_SET": "index.html:ENOSPC"])
            #expect(failed.status == 74, "\(failed.stderr)")
            #expect(failed.stderr.contains("out/index.html: No space left on device (errno \(ENOSPC))"), "\(failed.stderr)")
            // The new summary.csv had landed before the page: it goes, and the earlier set
            // (tables and page) is back as it was. The run folders were replaced whole by runs
            // of the same files, so every file under out is the earlier run's, byte for byte,
            // and no hidden temporary is left.
            #expect(try filesUnder(out) == before)
            #expect(WholeOrNoneTests.hiddenEntries(out).isEmpty, "\(WholeOrNoneTests.hiddenEntries(out))")
            // A rerun gives the bytes of a first run elsewhere.
            #expect(try suspendsim(["run", "sc", "--html", "--out", "out"], in: folder).status == 0)
            #expect(try suspendsim(["run", "sc", "--html", "--out", "ref/out"], in: folder).status == 0)
            #expect(try filesUnder(out) == filesUnder(folder.appendingPathComponent("ref/out")))
        }
    }

    @Test("A first batch whose index.html cannot be put in place (ENOSPC) leaves no file of the set and no temporary")
    func pageFailsWithNoEarlierBatch() throws {
        try withTemporaryFolder { folder in
            try Self.scenarios(in: folder)
            let failed = try suspendsim(["run", "sc", "--html", "--out", "out"], in: folder,
                                        environment: ["SUSPENDSIM_FAIL_BEFORE_SET": "index.html:ENOSPC"])
            #expect(failed.status == 74, "\(failed.stderr)")
            let out = folder.appendingPathComponent("out")
            #expect(WholeOrNoneTests.setEntries(out).isEmpty, "\(WholeOrNoneTests.setEntries(out))")
            #expect(WholeOrNoneTests.hiddenEntries(out).isEmpty, "\(WholeOrNoneTests.hiddenEntries(out))")
        }
    }

    @Test("report whose index.html cannot be put in place (ENOSPC): exit 74; the earlier page and groups.csv are back, the tables it read untouched")
    func reportPageFails() throws {
        try withTemporaryFolder { folder in
            try Self.scenarios(in: folder)
            #expect(try suspendsim(["run", "sc", "--html", "--by", "policy", "--out", "out"], in: folder).status == 0)
            let out = folder.appendingPathComponent("out")
            #expect(Set(WholeOrNoneTests.setEntries(out)).isSuperset(of: ["summary.csv", "groups.csv", "index.html"]))
            let before = try filesUnder(out)
            let failed = try suspendsim(["report", "out", "--by", "policy"], in: folder,
                                        environment: ["SUSPENDSIM_FAIL_BEFORE_SET": "index.html:ENOSPC"])
            #expect(failed.status == 74, "\(failed.stderr)")
            // report's new groups.csv had landed: it goes, the earlier one is back.
            #expect(try filesUnder(out) == before)
        }
    }

    @Test("Each error names itself with its exit status, through the writer's seam", arguments: [
        ("ENOSPC", ENOSPC, 74), ("EDQUOT", EDQUOT, 74), ("EROFS", EROFS, 73), ("EACCES", EACCES, 73), ("EIO", EIO, 74),
    ] as [(String, Int32, Int32)])
    func namedErrors(_ name: String, _ code: Int32, _ status: Int32) throws {
        try withTemporaryFolder { folder in
            try Self.scenarios(in: folder)
            let failed = try suspendsim(["run", "sc", "--out", "out"], in: folder, environment: ["SUSPENDSIM_FAIL_BEFORE_SET": "summary.csv:\(name)"])
            #expect(failed.status == status, "\(failed.stderr)")
            // strerror(3)'s own words: "No space left on device", "Disk quota exceeded", ...
            let words = String(cString: strerror(code))
            #expect(failed.stderr.contains("error: Cannot rename into place out/summary.csv: \(words) (errno \(code))"), "\(failed.stderr)")
            #expect(WholeOrNoneTests.setEntries(folder.appendingPathComponent("out")).isEmpty)
        }
    }

    /// Runs `body` with `mountPoint` mounted by `mount arguments`, unmounted after; false
    /// (nothing run) when the mount is not permitted here.
    static func mounted(_ arguments: [String], at mountPoint: URL, _ body: () throws -> Void) throws -> Bool {
        guard getuid() == 0 else { return false }
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = arguments + [mountPoint.path]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { return false }
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [mountPoint.path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        try body()
        return true
    }

    @Test("A real full disk (a 64 KiB tmpfs, as root): No space left on device, exit 74, no partial file left")
    func realFullDisk() throws {
        try withTemporaryFolder { folder in
            try Self.scenarios(in: folder)
            let disk = folder.appendingPathComponent("disk")
            let ran = try Self.mounted(["-t", "tmpfs", "-o", "size=64k", "tmpfs"], at: disk) {
                // 64 KiB holds a few small files, not two run folders' reports with their page.
                let run = try suspendsim(["run", "sc", "--html", "--out", "disk/out"], in: folder)
                #expect(run.status == 74, "\(run.stderr)")
                #expect(run.stderr.contains("No space left on device (errno \(ENOSPC))"), "\(run.stderr)")
                #expect(WholeOrNoneTests.hiddenEntries(disk).isEmpty, "\(WholeOrNoneTests.hiddenEntries(disk))")
            }
            if !ran { print("skipped: mount -t tmpfs is not permitted here") }
        }
    }

    @Test("A real read-only file system (a read-only bind mount, as root): Read-only file system, exit 73")
    func realReadOnly() throws {
        try withTemporaryFolder { folder in
            try Self.scenarios(in: folder)
            let target = folder.appendingPathComponent("target")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            let readOnly = folder.appendingPathComponent("ro")
            let ran = try Self.mounted(["--bind", "-o", "ro", target.path], at: readOnly) {
                let run = try suspendsim(["run", "sc", "--out", "ro/out"], in: folder)
                #expect(run.status == 73, "\(run.stderr)")
                #expect(run.stderr.contains("Read-only file system (errno \(EROFS))"), "\(run.stderr)")
                let junit = try suspendsim(["check", "sc/a.yaml", "--junit", "ro/j.xml"], in: folder)
                #expect(junit.status == 73, "\(junit.stderr)")
                #expect(junit.stderr.contains("Read-only file system (errno \(EROFS))"), "\(junit.stderr)")
            }
            #expect((try? FileManager.default.contentsOfDirectory(atPath: target.path)) == [])
            if !ran { print("skipped: a read-only bind mount is not permitted here") }
        }
    }

    @Test("A FIFO given to import jetsam or import metrickit is named for what it is, exit 2, never opened", arguments: [
        ["import", "jetsam", "in.ips", "-o", "out.yaml"], ["import", "metrickit", "in.ips", "--onto", "sc/a.yaml", "-o", "out.yaml"],
    ])
    func fifoInput(_ arguments: [String]) throws {
        try withTemporaryFolder { folder in
            try Self.scenarios(in: folder)
            #expect(mkfifo(folder.appendingPathComponent("in.ips").path, 0o600) == 0)
            // Opening a FIFO for reading waits for a writer: a command that opened it would hang.
            let run = try suspendsim(arguments, in: folder)
            #expect(run.status == 2, "\(run.stderr)")
            let what = arguments[1] == "jetsam" ? "a JetsamEvent report" : "a payload file"
            #expect(run.stderr.contains("error: in.ips: is a FIFO (named pipe), not \(what): give a regular file"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.yaml").path))
        }
    }

    @Test("A FIFO given as a scenario's trace file is named for what it is, exit 2; validate no longer waits on it")
    func fifoTrace() throws {
        try withTemporaryFolder { folder in
            #expect(mkfifo(folder.appendingPathComponent("t.tsv").path, 0o600) == 0)
            try "name: day\ndevice: {ram_mb: 4096}\napps: [{id: a, active_mb: 1}]\ntrace: {file: t.tsv, user: \"1\", default_app: {active_mb: 10}}\n"
                .write(to: folder.appendingPathComponent("tr.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["validate", "tr.yaml"], in: folder)
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains("trace.file: ") && run.stderr.contains("t.tsv: is a FIFO (named pipe), not a trace file: give a regular file"),
                    "\(run.stderr)")
        }
    }
}
