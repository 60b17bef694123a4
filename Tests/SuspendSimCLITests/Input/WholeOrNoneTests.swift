import Foundation
import Testing

/// SPEC 35, "Whole or none, for every command": `merge` leaves each run folder whole or absent;
/// the files one command writes at the top of `--out` (`summary.csv` and the tables beside it,
/// `index.html`, `figures/`) land as one set, which an interruption finishes or removes, and
/// which the next command cleans up after a SIGKILL.
@Suite struct WholeOrNoneTests {
    /// The set's names at the top of a folder (`OutputSet.names`).
    static let setNames = ["summary.csv", "survival.csv", "exits.csv", "observed.csv", "comparison.csv", "groups.csv",
                           "paired.csv", "focus.csv", "focus_runs.csv", "whatif.csv", "shard.csv", "labels.csv", "index.html", "figures"]

    /// A batch of a few runs with every top-level file: tables, `index.html` and `figures/`
    /// (`--by policy`); `replicates` changes every file's bytes.
    static func batch(_ replicates: Int, out: URL) -> [String] {
        ["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "\(replicates)", "--policy", "all", "--html", "--by", "policy",
         "--jobs", "2", "--out", out.path]
    }

    /// The set's entries at the top of `folder`.
    static func setEntries(_ folder: URL) -> [String] {
        setNames.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }

    /// Every hidden entry under `folder`, at any depth; not the report folders' ownership
    /// markers (docs/reports.md), which are no temporaries.
    static func hiddenEntries(_ folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var hidden: [String] = []
        while let path = walker?.nextObject() as? String {
            guard !path.hasSuffix(".suspendsim-folder") else { continue }
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { hidden.append(path) }
        }
        return hidden
    }

    /// Starts `suspendsim arguments` with `SUSPENDSIM_PAUSE_BEFORE_SET=pause`, waits until it
    /// says it paused (at most 120 s), sends `signal`, and returns its exit status and stderr.
    static func interruptAtLanding(_ arguments: [String], pause: String, signal: Int32) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["SUSPENDSIM_PAUSE_BEFORE_SET"] = pause
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(120)
        while !text.contains("paused before putting"), process.isRunning, Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { usleep(10_000) } else { text += String(decoding: chunk, as: UTF8.self) }
        }
        kill(process.processIdentifier, signal)
        text += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// The files of the set at the top of `folder` (`figures/` within), with their bytes.
    static func setFiles(_ folder: URL) throws -> [String: Data] {
        try filesUnder(folder).filter { path, _ in
            setNames.contains(String(path.split(separator: "/").first ?? ""))
        }
    }

    @Test("SIGTERM just before index.html lands, over an earlier batch: exit 143, the earlier set back whole, a rerun gives the same bytes")
    func interruptedBeforeTheLastFileOfTheSet() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            // The page names its folder: the reference is another folder of the same name.
            let reference = folder.appendingPathComponent("reference/out")
            #expect(try suspendsim(Self.batch(2, out: out)).status == 0)
            #expect(Set(Self.setEntries(out)).isSuperset(of: ["summary.csv", "index.html", "figures", "groups.csv"]))
            let earlier = try Self.setFiles(out)
            let (status, stderr) = try Self.interruptAtLanding(Self.batch(3, out: out), pause: "index.html", signal: SIGTERM)
            #expect(stderr.contains("paused before putting index.html in place"), "\(stderr)")
            #expect(status == 143, "\(stderr)")
            // The new tables had landed, the page not yet: they go, and the earlier set (two
            // replicates' tables, page and figures) is back byte for byte, nothing of the new.
            #expect(try Self.setFiles(out) == earlier)
            #expect(Self.hiddenEntries(out).isEmpty, "\(Self.hiddenEntries(out))")
            #expect(try suspendsim(Self.batch(3, out: out)).status == 0)
            #expect(try suspendsim(Self.batch(3, out: reference)).status == 0)
            #expect(try filesUnder(out) == filesUnder(reference))
        }
    }

    @Test("SIGHUP before the set's first file lands (--out with a trailing slash): exit 129, the earlier set back whole, no hidden entry")
    func hangUpBeforeTheFirstFile() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            #expect(try suspendsim(Self.batch(2, out: out)).status == 0)
            let earlier = try Self.setFiles(out)
            // `--out` with a trailing slash names the same folder.
            let (status, stderr) = try Self.interruptAtLanding(
                Self.batch(3, out: out).dropLast() + [out.path + "/"], pause: "*", signal: SIGHUP)
            #expect(status == 129, "\(stderr)")
            #expect(try Self.setFiles(out) == earlier)
            #expect(Self.hiddenEntries(out).isEmpty, "\(Self.hiddenEntries(out))")
        }
    }

    @Test("SIGKILL while the set lands: the next command writing that folder removes the dead command's set first")
    func killedWhileLanding() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            #expect(try suspendsim(Self.batch(2, out: out)).status == 0)
            let (status, _) = try Self.interruptAtLanding(Self.batch(3, out: out), pause: "index.html", signal: SIGKILL)
            #expect(status == SIGKILL)
            // The new summary.csv, the set's marker and the earlier set kept aside.
            #expect(Self.hiddenEntries(out).contains { $0.hasPrefix(".batch-files.partial-") }, "\(Self.hiddenEntries(out))")
            #expect(Self.hiddenEntries(out).contains { $0.hasPrefix(".batch-files.old-") }, "\(Self.hiddenEntries(out))")
            let next = try suspendsim(["run", "Scenarios/state-lab.yaml", "--out", out.path])
            #expect(next.status == 0, "\(next.stderr)")
            #expect(next.stderr.contains("note: removed"), "\(next.stderr)")
            #expect(next.stderr.contains(".batch-files.partial-"), "\(next.stderr)")
            // state-lab writes summary.csv alone: every other file of the dead set is gone.
            #expect(Self.setEntries(out) == ["summary.csv"], "\(Self.setEntries(out))")
            #expect(Self.hiddenEntries(out).isEmpty, "\(Self.hiddenEntries(out))")
        }
    }

    @Test("SIGKILL while a report makes its set's marker: no marker stands half-written, and the next report keeps the batch's summary.csv, survival.csv and exits.csv byte for byte")
    func killedWhileMarking() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            #expect(try suspendsim(Self.batch(2, out: out)).status == 0)
            let read = ["summary.csv", "survival.csv", "exits.csv"]
            let before = try read.map { try Data(contentsOf: out.appendingPathComponent($0)) }
            // Paused after the marker's list of read files is written, before it is the marker.
            let (status, stderr) = try Self.interruptAtLanding(["report", out.path, "--by", "policy"], pause: ".batch-files", signal: SIGKILL)
            #expect(status == SIGKILL && stderr.contains("paused before putting the set's marker"), "\(stderr)")
            // The list stands under its partial name; a marker made empty and then written would
            // stand empty here, and its clean-up would take every member, the files read too.
            #expect(Self.hiddenEntries(out).contains { $0.hasPrefix(".batch-files-kept.partial-") }, "\(Self.hiddenEntries(out))")
            #expect(!Self.hiddenEntries(out).contains { $0.hasPrefix(".batch-files.partial-") }, "\(Self.hiddenEntries(out))")
            let next = try suspendsim(["report", out.path, "--by", "policy"])
            #expect(next.status == 0, "\(next.stderr)")
            #expect(next.stderr.contains(".batch-files-kept.partial-"), "\(next.stderr)")
            #expect(try read.map { try Data(contentsOf: out.appendingPathComponent($0)) } == before)
            #expect(Self.hiddenEntries(out).isEmpty, "\(Self.hiddenEntries(out))")
        }
    }

    @Test("SIGKILL while the set lands, then a command that fails: the dead command's set goes, the earlier set is back byte for byte")
    func killedWhileLandingRestoresTheEarlierSet() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            #expect(try suspendsim(Self.batch(2, out: out)).status == 0)
            let earlier = try Self.setFiles(out)
            let (status, _) = try Self.interruptAtLanding(Self.batch(3, out: out), pause: "index.html", signal: SIGKILL)
            #expect(status == SIGKILL)
            // report cleans up first (the earlier set put back), then its own page fails, and
            // the set it found is put back again: the two-replicate batch's, whole.
            let next = try suspendsim(["report", out.path, "--by", "policy"], environment: ["SUSPENDSIM_FAIL_BEFORE_SET": "index.html:EIO"])
            #expect(next.status == 74, "\(next.stderr)")
            #expect(next.stderr.contains("note: removed") && next.stderr.contains(".batch-files.old-"), "\(next.stderr)")
            #expect(try Self.setFiles(out) == earlier)
            #expect(Self.hiddenEntries(out).isEmpty, "\(Self.hiddenEntries(out))")
        }
    }

    @Test("merge interrupted while it copies run folders: exit 130, each folder whole or absent, no hidden entry; a rerun gives the same bytes")
    func interruptedMerge() throws {
        try withTemporaryFolder { folder in
            var shards: [String] = []
            for index in 1...2 {
                let shard = folder.appendingPathComponent("shard-\(index)")
                let run = try suspendsim(["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "300", "--details", "--jobs", "2",
                                          "--shard", "\(index)/2", "--out", shard.path])
                #expect(run.status == 0, "\(run.stderr)")
                shards.append(shard.path)
            }
            let reference = folder.appendingPathComponent("reference")
            #expect(try suspendsim(["merge"] + shards + ["--out", reference.path]).status == 0)
            let expected = try filesUnder(reference)
            let out = folder.appendingPathComponent("out")
            let process = Process()
            process.executableURL = executable
            process.arguments = ["merge"] + shards + ["--out", out.path]
            process.currentDirectoryURL = packageRoot
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Once a few run folders are in place, in the middle of the copy.
            let batch = out.appendingPathComponent("day-on-a-3gb-phone")
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, ((try? FileManager.default.contentsOfDirectory(atPath: batch.path))?.count ?? 0) < 20 {
                usleep(2_000)
            }
            process.interrupt()
            process.waitUntilExit()
            #expect(process.terminationStatus == 130)
            #expect(Self.hiddenEntries(out).isEmpty, "\(Self.hiddenEntries(out))")
            // Every file left is the merged run's, byte for byte: no truncated file, and every
            // run folder left has all its files.
            let left = try filesUnder(out)
            for (path, bytes) in left { #expect(expected[path] == bytes, "\(path) is not the merged run's") }
            let folders = Set(left.keys.map { ($0 as NSString).deletingLastPathComponent }).filter { $0.contains("/") }
            for runFolder in folders {
                let wanted = expected.keys.filter { ($0 as NSString).deletingLastPathComponent == runFolder }
                let kept = left.keys.filter { ($0 as NSString).deletingLastPathComponent == runFolder }
                #expect(kept.count == wanted.count, "\(runFolder) has \(kept.count) of its \(wanted.count) files")
            }
            #expect(try suspendsim(["merge"] + shards + ["--out", out.path]).status == 0)
            #expect(try filesUnder(out) == expected)
        }
    }
}
