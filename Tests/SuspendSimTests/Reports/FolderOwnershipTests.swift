import Foundation
import Testing
@testable import SuspendSim

/// SPEC 35 "Whole or none": a folder is replaced only when it is the tool's (its marker), empty,
/// or holds nothing but the tool's own temporaries; a user's file makes it somebody's own.
struct FolderOwnershipTests {
    static func folder(holding names: [String]) throws -> String {
        let path = NSTemporaryDirectory() + "suspendsim-ownership-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for name in names { _ = FileManager.default.createFile(atPath: path + "/" + name, contents: Data("x".utf8)) }
        return path
    }

    @Test func aFolderOfTheToolsTemporariesIsTheTools() throws {
        // What a `report --figures` killed while its converter wrote can leave behind.
        let path = try Self.folder(holding: [".figure.pdf.partial-4242-9f3a", ".page.old-77-ab"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FolderOwnership.isReplaceable(path))
    }

    @Test func aUsersFileBesideTemporariesIsNot() throws {
        let path = try Self.folder(holding: [".figure.pdf.partial-4242-9f3a", "thesis.txt"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(!FolderOwnership.isReplaceable(path))
        // A name that only looks like a temporary (no process number) is the user's.
        let lookalike = try Self.folder(holding: [".notes.partial-draft"])
        defer { try? FileManager.default.removeItem(atPath: lookalike) }
        #expect(!FolderOwnership.isReplaceable(lookalike))
    }

    @Test func aMarkedOrEmptyFolderIsTheTools() throws {
        let marked = try Self.folder(holding: [FolderOwnership.markerName, "figure.svg"])
        defer { try? FileManager.default.removeItem(atPath: marked) }
        #expect(FolderOwnership.isReplaceable(marked))
        let empty = try Self.folder(holding: [])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(FolderOwnership.isReplaceable(empty))
    }
}
