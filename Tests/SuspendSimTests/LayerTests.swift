import Foundation
import Testing

/// The layers (docs/architecture.md): `SuspendSimCore` is the simulation alone, pure Swift on
/// swift-collections, so that it runs anywhere and its rules can be read without I/O in the
/// way. Foundation is importable on every platform, so the build cannot enforce this: this
/// test does.
@Suite struct LayerTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test("SuspendSimCore imports only the standard library, Synchronization and HeapModule: no Foundation, no Yams, no file layer")
    func coreImportsNothingElse() throws {
        let allowed: Set<String> = ["HeapModule", "Synchronization"]
        let folder = Self.sources.appendingPathComponent("SuspendSimCore")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 30)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let importIndex = words.firstIndex(of: "import"), importIndex + 1 < words.count,
                      words[..<importIndex].allSatisfy({ $0.hasPrefix("@") || $0 == "package" || $0 == "public" })
                else { continue }
                let module = String(words[importIndex + 1])
                #expect(allowed.contains(module), "\(file) imports \(module)")
            }
        }
    }

    /// The folders of `SuspendSim` and the folders whose top-level types each one names.
    static func folderDependencies() throws -> [String: Set<String>] {
        let module = sources.appendingPathComponent("SuspendSim")
        var texts: [String: String] = [:]
        for folder in try FileManager.default.contentsOfDirectory(atPath: module.path) where folder != "Resources" && !folder.hasSuffix(".swift") {
            let url = module.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") } ?? []
            texts[folder] = try files.map { try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8) }
                .joined(separator: "\n")
        }
        // Top-level declarations start a line: `[attributes] [access] [final] struct|enum|class|protocol|typealias Name`.
        let declaration = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol|typealias) (\w+)/
            .anchorsMatchLineEndings()
        var declared: [String: Set<String>] = [:]
        for (folder, text) in texts {
            declared[folder] = Set(text.matches(of: declaration).map { String($0.output.1) })
        }
        var dependencies: [String: Set<String>] = [:]
        for (folder, text) in texts {
            // Names used in code, leaving out comments and string literals.
            let code = text.replacing(/\/\/.*/, with: "").replacing(/"(?:[^"\\\n]|\\.)*"/, with: "\"\"")
            let names = Set(code.matches(of: /\b[A-Z]\w*/).map { String($0.output) })
            dependencies[folder] = Set(declared.filter { $0.key != folder && !$0.value.isDisjoint(with: names) }.keys)
        }
        return dependencies
    }

    @Test("SuspendSim's folders depend on each other without a cycle (docs/architecture.md)")
    func foldersHaveNoCycle() throws {
        let dependencies = try Self.folderDependencies()
        #expect(dependencies.count >= 8)
        // Depth-first search; a folder met again while still on the path closes a cycle.
        var finished: Set<String> = []
        var path: [String] = []
        func visit(_ folder: String) {
            if finished.contains(folder) { return }
            if let start = path.firstIndex(of: folder) {
                Issue.record("cycle: \((path[start...] + [folder]).joined(separator: " -> "))")
                return
            }
            path.append(folder)
            for next in (dependencies[folder] ?? []).sorted() { visit(next) }
            path.removeLast()
            finished.insert(folder)
        }
        for folder in dependencies.keys.sorted() { visit(folder) }
        // The layering the architecture describes: reports below batches, the scenario reader
        // below batches.
        #expect(dependencies["Batch"]?.contains("Reports") == true)
        #expect(dependencies["Reports"]?.contains("Batch") == false)
    }

    /// The folders that read what comes in, and those that write what goes out.
    static let inputFolders: Set<String> = ["Scenario", "Trace", "Import", "Devices"]
    static let outputFolders: Set<String> = ["Reports", "HTML", "Batch", "Check", "Explain"]

    @Test("Input never uses output: Scenario, Trace, Import and Devices name no type of Reports, HTML, Batch, Check or Explain (docs/architecture.md)")
    func inputFoldersUseNoOutputFolder() throws {
        let dependencies = try Self.folderDependencies()
        // Every folder is one or the other, or Plumbing: a new folder must be placed.
        #expect(Set(dependencies.keys) == Self.inputFolders.union(Self.outputFolders).union(["Plumbing"]))
        for folder in Self.inputFolders.sorted() {
            let edges = (dependencies[folder] ?? []).intersection(Self.outputFolders)
            #expect(edges.isEmpty, "\(folder) uses \(edges.sorted().joined(separator: ", "))")
        }
    }

    @Test("Plumbing (CSV primitives, pipeline threads, escaping) uses no other folder; Check and Explain do not use HTML (docs/architecture.md)")
    func plumbingStandsAlone() throws {
        let dependencies = try Self.folderDependencies()
        #expect(dependencies["Plumbing"] == [], "Plumbing uses \(dependencies["Plumbing"]?.sorted() ?? [])")
        #expect(dependencies["Check"]?.contains("HTML") == false)
        #expect(dependencies["Explain"]?.contains("HTML") == false)
        // What both sides use is in Plumbing: the CSV reader, used by an input (the device
        // catalog) and outputs (the batch's merge).
        #expect(dependencies["Devices"]?.contains("Plumbing") == true)
        #expect(dependencies["Batch"]?.contains("Plumbing") == true)
    }

    @Test("The library's public API is what a user's test needs: at most 31 top-level public declarations outside SPI (docs/architecture.md)")
    func publicAPIIsSmall() throws {
        let declaration = /^(?:@\w+(?:\([^)]*\))?\s+)*public (?:final )?(?:struct|enum|class|protocol|func|typealias|let|var) (\w+)/
            .anchorsMatchLineEndings()
        var names: [String] = []
        for module in ["SuspendSimCore", "SuspendSim"] {
            let folder = Self.sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                names += text.matches(of: declaration).filter { !$0.output.0.contains("@_spi") }.map { String($0.output.1) }
            }
        }
        #expect(names.count <= 31, "\(names.count) top-level public declarations: \(names.sorted().joined(separator: ", "))")
        // What a user's test needs is among them.
        for needed in ["Scenario", "Device", "AppProfile", "ScenarioEvent", "Simulation", "SimulationResult", "EvictionPolicy",
                       "Candidate", "LargestFirstPolicy", "LRUPolicy", "JetsamPolicy", "LMKDPolicy", "ScenarioLoader", "ReportWriter", "Batch"] {
            #expect(names.contains(needed), "\(needed) is public")
        }
    }
}
