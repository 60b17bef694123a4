import Foundation
import Testing

/// SPEC 35 "Whole or none" and docs/reports.md "Which folders are replaced": a command replaces
/// only folders it wrote (marked `.suspendsim-folder`) or empty ones; any other folder where a
/// report folder, a merge's run folder or `figures/` goes is refused before anything runs
/// (exit 73, named), and so is a report folder that would hold the command's own input.
@Suite struct FolderOwnershipCommandTests {
    /// A one-app scenario named `name`.
    static func scenario(_ name: String) -> String {
        "name: \(name)\ndevice: { ram_mb: 2048 }\napps:\n  - { id: com.a, active_mb: 100 }\nevents:\n  - { at: 0, open: com.a }\n"
    }

    /// Writes `text` at `path` under `folder`, making its folders.
    static func write(_ text: String, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test("A scenario named as a user's folder does not replace it: run and check --html refuse, exit 73, nothing written")
    func userFolderKept() throws {
        try withTemporaryFolder { folder in
            try Self.write(Self.scenario("notes"), "s.yaml", in: folder)
            try Self.write("my thesis\n", "notes/thesis.txt", in: folder)
            for arguments in [["run", "s.yaml", "--out", "."], ["check", "--html", "s.yaml", "--out", "."],
                              ["run", "s.yaml", "--policy", "all", "--out", "."]] {
                let run = try suspendsim(arguments, in: folder)
                #expect(run.status == 73, "\(arguments)")
                #expect(run.stderr.contains("./notes exists and was not written by suspendsim"), "\(arguments)")
                #expect(try filesUnder(folder).keys.sorted() == ["notes/thesis.txt", "s.yaml"], "\(arguments)")
            }
        }
    }

    @Test("A scenario named as the folder of scenarios being run is refused before anything runs")
    func inputFolderKept() throws {
        try withTemporaryFolder { folder in
            try Self.write(Self.scenario("inputs"), "inputs/s.yaml", in: folder)
            let run = try suspendsim(["run", "inputs", "--out", "."], in: folder)
            #expect(run.status == 73)
            #expect(run.stderr.contains("the report folder ./inputs would replace inputs, which this command reads"))
            #expect(try filesUnder(folder).keys.sorted() == ["inputs/s.yaml"])
        }
    }

    @Test("The tool's own folder, marked, is replaced on a rerun; an empty one is too")
    func ownFolderReplaced() throws {
        try withTemporaryFolder { folder in
            try Self.write(Self.scenario("s"), "s.yaml", in: folder)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("R/s"), withIntermediateDirectories: true)
            #expect(try suspendsim(["run", "s.yaml", "--out", "R"], in: folder).status == 0)
            let marker = try String(contentsOf: folder.appendingPathComponent("R/s/.suspendsim-folder"), encoding: .utf8)
            #expect(marker == "command: run\nscenario: s\nformat: 1\n")
            let first = try filesUnder(folder.appendingPathComponent("R"))
            #expect(try suspendsim(["run", "s.yaml", "--out", "R"], in: folder).status == 0)
            #expect(try filesUnder(folder.appendingPathComponent("R")) == first)
        }
    }

    @Test("merge refuses a run folder that is not the tool's before writing anything; report --figures a figures folder")
    func mergeAndFigures() throws {
        try withTemporaryFolder { folder in
            try Self.write(Self.scenario("notes"), "s.yaml", in: folder)
            #expect(try suspendsim(["run", "s.yaml", "--out", "A", "--shard", "1/2"], in: folder).status == 0)
            #expect(try suspendsim(["run", "s.yaml", "--out", "B", "--shard", "2/2"], in: folder).status == 0)
            try Self.write("mine\n", "M/notes/mine.txt", in: folder)
            let merge = try suspendsim(["merge", "A", "B", "--out", "M"], in: folder)
            #expect(merge.status == 73)
            #expect(merge.stderr.contains("M/notes exists and was not written by suspendsim"))
            #expect(try filesUnder(folder.appendingPathComponent("M")).keys.sorted() == ["notes/mine.txt"])
            // Into a fresh folder the merge is whole, the shard's marker kept.
            #expect(try suspendsim(["merge", "A", "B", "--out", "N"], in: folder).status == 0)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("N/notes/.suspendsim-folder").path))
            try Self.write("mine\n", "F/mine.txt", in: folder)
            let figures = try suspendsim(["report", "N", "--figures", "F"], in: folder)
            #expect(figures.status == 73)
            #expect(figures.stderr.contains("F exists and was not written by suspendsim"))
            #expect(try filesUnder(folder.appendingPathComponent("F")).keys.sorted() == ["mine.txt"])
        }
    }
}
