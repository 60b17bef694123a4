import Foundation
import Synchronization
import Testing

/// SPEC 35 "Paths": a single-file output (`--junit`, `-o`) onto a FIFO or a character device is
/// written through, never renamed over; onto a symbolic link, what the link names is written
/// and the link stays. Private nodes under the test's own folder, never the system's.
@Suite struct SpecialFileOutputTests {
    static let scenario = "name: s\ndevice: { ram_mb: 2048 }\napps:\n  - { id: com.a, active_mb: 100 }\nevents:\n  - { at: 0, open: com.a }\n"

    /// The file type of `path`, without following a final link.
    static func type(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    @Test("--junit onto a FIFO: the reader gets the report, the FIFO stays a FIFO")
    func fifo() throws {
        try withTemporaryFolder { folder in
            try Self.scenario.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
            let fifo = folder.appendingPathComponent("report.fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let received = Mutex(Data())
            let reader = Thread {
                let handle = FileHandle(forReadingAtPath: fifo)
                received.withLock { $0 = handle?.readDataToEndOfFile() ?? Data() }
            }
            reader.start()
            let run = try suspendsim(["check", "s.yaml", "--junit", "report.fifo"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            while !reader.isFinished { usleep(1_000) }
            #expect(String(decoding: received.withLock { $0 }, as: UTF8.self).hasPrefix("<?xml"))
            var info = stat()
            #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        }
    }

    @Test("--junit onto a symbolic link: the file it names is written, a dangling one's made; the link stays")
    func symbolicLink() throws {
        try withTemporaryFolder { folder in
            try Self.scenario.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
            try "old\n".write(to: folder.appendingPathComponent("real.xml"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.xml").path, withDestinationPath: "real.xml")
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.xml").path, withDestinationPath: "new.xml")
            for link in ["link.xml", "dangling.xml"] {
                let run = try suspendsim(["check", "s.yaml", "--junit", link], in: folder)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(Self.type(folder.appendingPathComponent(link).path) == .typeSymbolicLink)
            }
            for file in ["real.xml", "new.xml"] {
                #expect(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).hasPrefix("<?xml"), "\(file)")
                #expect(Self.type(folder.appendingPathComponent(file).path) == .typeRegular)
            }
        }
    }

    @Test("--junit onto a private character device (root only: mknod): written through, the node stays a device")
    func characterDevice() throws {
        guard getuid() == 0 else { return }
        try withTemporaryFolder { folder in
            try Self.scenario.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
            let node = folder.appendingPathComponent("null").path
            // Major 1, minor 3: a private node of the null device, in this test's folder.
            guard mknod(node, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0 else { return }
            let run = try suspendsim(["check", "s.yaml", "--junit", "null"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            var info = stat()
            #expect(lstat(node, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        }
    }

    @Test("import jetsam -o onto a private null device (root only) is written through, the node stays a device; onto a link, the file it names gets the scenario")
    func importOntoSpecialFiles() throws {
        let report = packageRoot.appendingPathComponent("Tests/Data/jetsam/ios18.5-iphone14.7.min.ips").path
        try withTemporaryFolder { folder in
            try "old\n".write(to: folder.appendingPathComponent("real.yaml"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.yaml").path, withDestinationPath: "real.yaml")
            let linked = try suspendsim(["import", "jetsam", report, "-o", "link.yaml"], in: folder)
            #expect(linked.status == 0, "\(linked.stderr)")
            #expect(Self.type(folder.appendingPathComponent("link.yaml").path) == .typeSymbolicLink)
            // What the link names is the imported scenario, which validate reads back.
            #expect(try String(contentsOf: folder.appendingPathComponent("real.yaml"), encoding: .utf8).contains("apps:"))
            #expect(try suspendsim(["validate", "real.yaml"], in: folder).status == 0)
            // The reproducer: `-o /dev/null` as root replaced the system's node by a file.
            guard getuid() == 0 else { return }
            let node = folder.appendingPathComponent("null").path
            guard mknod(node, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0 else { return }
            let run = try suspendsim(["import", "jetsam", report, "-o", "null"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            var info = stat()
            #expect(lstat(node, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        }
    }
}
