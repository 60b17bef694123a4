import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Files and folders: `scenarioFiles(in:)` and `load(path:)`.
@Suite struct ScenarioLoaderFileTests {
    @Test func folderGivesItsScenarioFilesSortedByName() throws {
        let folder = try TemporaryFolder()
        for name in ["b.yaml", "a.yml", "c.json", "B.YAML", "notes.txt", ".hidden.yaml", "yaml", "Makefile"] {
            try folder.write(name, "x")
        }
        try folder.makeFolder("sub.yaml")
        try folder.write("sub.yaml/inner.yaml", "x")

        let files = try ScenarioLoader.scenarioFiles(in: [folder.path])
        #expect(files == ["B.YAML", "a.yml", "b.yaml", "c.json"].map { folder.path + "/" + $0 })
        #expect(try ScenarioLoader.scenarioFiles(in: [folder.path + "/"]) == files)
    }

    @Test func fileIsKeptAsGivenAndOrderIsKept() throws {
        let folder = try TemporaryFolder()
        let notes = try folder.write("notes.txt", "x")
        try folder.makeFolder("more")
        let inner = try folder.write("more/z.yaml", "x")
        let files = try ScenarioLoader.scenarioFiles(in: [notes, folder.path + "/more", notes])
        #expect(files == [notes, inner, notes])
    }

    @Test func emptyFolderGivesNothing() throws {
        let folder = try TemporaryFolder()
        #expect(try ScenarioLoader.scenarioFiles(in: [folder.path]) == [])
        #expect(try ScenarioLoader.scenarioFiles(in: []) == [])
    }

    @Test func missingPathsAreErrors() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path + "/nope.yaml"
        let alsoMissing = folder.path + "/nope"
        let error = #expect(throws: ScenarioLoader.Error.self) {
            try ScenarioLoader.scenarioFiles(in: [folder.path, missing, alsoMissing])
        }
        #expect(
            error?.diagnostics == [
                ScenarioLoader.Diagnostic(file: missing, message: "no such file or folder", kind: .file),
                ScenarioLoader.Diagnostic(file: alsoMissing, message: "no such file or folder", kind: .file),
            ])
    }

    @Test func loadNamesTheFileInEveryDiagnostic() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bad.yaml", "name: bad\ndevice: {ram_mb: x}\napps: []\n")
        let error = #expect(throws: ScenarioLoader.Error.self) { try ScenarioLoader.load(path: path) }
        #expect(error?.diagnostics.map(\.file) == [path, path])
        #expect(error?.description.hasPrefix(path + ":2:18: device.ram_mb: must be a number, got \"x\"\n") == true)
    }

    @Test func loadRejectsMissingFilesFoldersAndNonUTF8() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path + "/nope.yaml"
        #expect(loadError(missing)?.diagnostics == [ScenarioLoader.Diagnostic(file: missing, message: "no such file", kind: .file)])
        #expect(loadError(folder.path)?.diagnostics.first?.message == "is a folder, not a scenario file")

        let latin1 = folder.path + "/latin1.yaml"
        try Data([0x6E, 0x61, 0x6D, 0x65, 0x3A, 0x20, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: latin1))
        #expect(loadError(latin1)?.diagnostics == [ScenarioLoader.Diagnostic(file: latin1, message: "is not UTF-8 text", kind: .file)])
    }

    private func loadError(_ path: String) -> ScenarioLoader.Error? {
        do {
            _ = try ScenarioLoader.load(path: path)
            return nil
        } catch {
            return error
        }
    }
}
