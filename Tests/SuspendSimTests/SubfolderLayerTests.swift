import Foundation
import Testing

/// The parts of the folders that grew subfolders (docs/architecture.md). A part names only the
/// parts this test allows it, so that the lower ones can be read, tested and changed without
/// the ones above. The edges are `LayerTests.folderGraph`'s: the types a part names that
/// another part declares.
@Suite struct SubfolderLayerTests {
    /// Records `part`'s uses of parts outside `allowed`, naming the types that make them.
    static func expectUses(_ part: String, in folder: String, onlyOf allowed: Set<String>) throws {
        let graph = try LayerTests.folderGraph(of: folder)
        #expect(graph.keys.contains(part), "\(folder) has no part \(part)")
        for (used, names) in (graph[part] ?? [:]).sorted(by: { $0.key < $1.key }) where !allowed.contains(used) {
            Issue.record("\(folder)/\(part) uses \(used): \(names.sorted().joined(separator: ", "))")
        }
    }

    @Test("The engine's records (the recorder protocol, EventLog, Eviction, causes) name no other part of the engine; background work names only them; memory and tasks do not name each other")
    func engineParts() throws {
        let engine = "SuspendSimCore/Engine"
        try Self.expectUses("Records", in: engine, onlyOf: [])
        try Self.expectUses("Background", in: engine, onlyOf: ["Records"])
        try Self.expectUses("App", in: engine, onlyOf: ["Background", "Records"])
        try Self.expectUses("Memory", in: engine, onlyOf: ["App", "Background", "Records", "State"])
        try Self.expectUses("Tasks", in: engine, onlyOf: ["App", "Background", "Records", "State"])
    }

    @Test("A batch's statistics are numbers only, naming no other part of Batch; merging shards names no part that runs them")
    func batchParts() throws {
        try Self.expectUses("Statistics", in: "SuspendSim/Batch", onlyOf: [])
        try Self.expectUses("Merging", in: "SuspendSim/Batch", onlyOf: ["Planning", "Tables", "Statistics"])
    }

    @Test("The page's words (Labels) and the HTML writer (Markup) name no other part of HTML; the charts name the words and what was read, never a page")
    func htmlParts() throws {
        try Self.expectUses("Labels", in: "SuspendSim/HTML", onlyOf: [])
        try Self.expectUses("Markup", in: "SuspendSim/HTML", onlyOf: [])
        try Self.expectUses("Charts", in: "SuspendSim/HTML", onlyOf: ["Labels", "Reading"])
    }

    @Test("Sweeps (SweepKey, SweepAxis, what-ifs) name nothing of the reader that reads them")
    func scenarioParts() throws {
        try Self.expectUses("Sweep", in: "SuspendSim/Scenario", onlyOf: [])
    }
}
