import Foundation
import Testing

/// The layers (docs/architecture.md): `SuspendSimCore` is the simulation alone, pure Swift on
/// swift-collections, so that it runs anywhere and its rules can be read without I/O in the
/// way. Foundation is importable on every platform, so the build cannot enforce this: this
/// test does.
@Suite struct LayerTests {
    static let sources = packageRoot.appendingPathComponent("Sources")

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

    /// The folders of `module` (a folder of `Sources`) and, for each, the other folders whose
    /// types it names, with those names. Extending a type names it, so an extension in Model of
    /// a type of Engine is an edge from Model to Engine.
    static func folderGraph(of module: String) throws -> [String: [String: Set<String>]] {
        let root = sources.appendingPathComponent(module)
        var texts: [String: String] = [:]
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path) where folder != "Resources" && !folder.hasSuffix(".swift")
            && !folder.hasSuffix(".docc") {
            let url = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") } ?? []
            texts[folder] = try files.map { try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8) }
                .joined(separator: "\n")
        }
        let declared = texts.mapValues(declaredTypes(in:))
        var graph: [String: [String: Set<String>]] = [:]
        for (folder, text) in texts {
            let names = namesUsed(in: text)
            graph[folder] = declared.filter { $0.key != folder }.mapValues { $0.intersection(names) }.filter { !$0.value.isEmpty }
        }
        return graph
    }

    /// The folders of `module` and the folders whose types each one names.
    static func folderDependencies(of module: String = "SuspendSim") throws -> [String: Set<String>] {
        try folderGraph(of: module).mapValues { Set($0.keys) }
    }

    /// The types `text` declares: top-level declarations, which start a line (`[attributes]
    /// [access] [final] struct|enum|class|protocol|typealias Name`), and types declared four
    /// spaces into an extension, by their qualified name: a record type nested in another
    /// folder's type (`extension Eviction { enum Trigger }`) belongs to the folder that declares
    /// it.
    static func declaredTypes(in text: String) -> Set<String> {
        let declaration = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol|typealias) (\w+)/
        var names = Set(text.matches(of: declaration.anchorsMatchLineEndings()).map { String($0.output.1) })
        let opening = /(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package )?extension ([\w.]+)\b.*\{\s*/
        var extended: Substring?
        // The cheap tests first: a regex per line is slow in a debug build.
        for line in text.split(separator: "\n") where !line.hasPrefix("        ") {
            if line.first != " ", line.contains("extension "), let match = line.wholeMatch(of: opening) {
                extended = match.output.1
            } else if line.hasPrefix("}") {
                extended = nil
            } else if let extended, line.hasPrefix("    "), let nested = line.dropFirst(4).prefixMatch(of: declaration) {
                names.insert("\(extended).\(nested.output.1)")
            }
        }
        return names
    }

    /// The type names `text` uses in code, leaving out comments and string literals: each
    /// capitalised word, and each qualified prefix of a dotted name (`Device.BandNumbers.current`
    /// uses `Device` and `Device.BandNumbers`).
    static func namesUsed(in text: String) -> Set<String> {
        let code = text.replacing(/\/\/.*/, with: "").replacing(/"(?:[^"\\\n]|\\.)*"/, with: "\"\"")
        var names: Set<String> = []
        for match in code.matches(of: /\b[A-Z]\w*(?:\.[A-Z]\w*)*/) {
            var prefix = ""
            for part in match.output.split(separator: ".") {
                prefix = prefix.isEmpty ? String(part) : "\(prefix).\(part)"
                names.insert(prefix)
                names.insert(String(part))
            }
        }
        return names
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

    /// The folders that read what comes in, and those that write what goes out. The scenario
    /// writers are input's: they write scenario files, for the importers and the generators.
    static let inputFolders: Set<String> = ["Syntax", "Scenario", "ScenarioWriting", "Keys", "Trace", "Import", "Devices", "Assumptions"]
    static let outputFolders: Set<String> = ["Reports", "HTML", "Batch", "Check", "Explain"]

    @Test("The key tables (Keys) use no other folder: the reader, the writers, the reports and the page all read them (STYLE section 8)")
    func keyTablesUseNoOtherFolder() throws {
        let dependencies = try Self.folderDependencies()
        #expect(dependencies["Keys"]?.subtracting(["Keys"]).isEmpty ?? true, "Keys uses \(dependencies["Keys"] ?? [])")
        #expect(dependencies["Scenario"]?.contains("Keys") == true)
        #expect(dependencies["Reports"]?.contains("Keys") == true)
    }

    @Test("Input never uses output: Syntax, Scenario, ScenarioWriting, Keys, Trace, Import and Devices name no type of Reports, HTML, Batch, Check or Explain (docs/architecture.md)")
    func inputFoldersUseNoOutputFolder() throws {
        let dependencies = try Self.folderDependencies()
        // Every folder is one or the other, or Plumbing: a new folder must be placed.
        #expect(Set(dependencies.keys) == Self.inputFolders.union(Self.outputFolders).union(["Plumbing"]))
        for folder in Self.inputFolders.sorted() {
            let edges = (dependencies[folder] ?? []).intersection(Self.outputFolders)
            #expect(edges.isEmpty, "\(folder) uses \(edges.sorted().joined(separator: ", "))")
        }
    }

    @Test("Syntax (text → nodes) uses no folder but Plumbing; the reader (Scenario) and the writers (ScenarioWriting) both stand on it and not on each other (docs/architecture.md)")
    func syntaxIsBelowTheReaderAndTheWriters() throws {
        let graph = try Self.folderGraph(of: "SuspendSim")
        // Syntax knows scenario text, not what a scenario means: the reader's types (the
        // loader's errors, templates, sweeps) are above it.
        for (used, names) in (graph["Syntax"] ?? [:]).sorted(by: { $0.key < $1.key }) where used != "Plumbing" {
            Issue.record("Syntax uses \(used): \(names.sorted().joined(separator: ", "))")
        }
        // Reading and writing share the syntax (the event grammar), and need nothing of each other.
        #expect(graph["Scenario"]?["Syntax"]?.contains("ScenarioNode") == true)
        #expect(graph["ScenarioWriting"]?["Syntax"]?.contains("EventGrammar") == true)
        #expect(graph["Scenario"]?["ScenarioWriting"] == nil, "Scenario uses \(graph["Scenario"]?["ScenarioWriting"]?.sorted() ?? [])")
        #expect(graph["ScenarioWriting"]?["Scenario"] == nil, "ScenarioWriting uses \(graph["ScenarioWriting"]?["Scenario"]?.sorted() ?? [])")
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

    /// SuspendSimCore's folders in layers, lowest first (docs/architecture.md): the vocabulary
    /// of a scenario (its units, device, apps, events, record types, the policy contract), what
    /// changes between iOS releases, the built-in policies, the engine, then what the engine
    /// runs without knowing it: the generators, workloads, and the conformance checker.
    static let coreLayers: [Set<String>] = [["Model"], ["Platform"], ["Policies"], ["Engine"], ["Generator"], ["Workload", "Conformance"]]

    @Test("SuspendSimCore's folders use only the layers below them: Model, Platform, Policies, Engine, Generator, then Workload and Conformance (docs/architecture.md)")
    func coreFoldersAreLayered() throws {
        let graph = try Self.folderGraph(of: "SuspendSimCore")
        // Every folder is on a layer: a new folder must be placed.
        #expect(Set(graph.keys) == Set(Self.coreLayers.joined()))
        var layer: [String: Int] = [:]
        for (index, folders) in Self.coreLayers.enumerated() {
            for folder in folders { layer[folder] = index }
        }
        for (folder, uses) in graph.sorted(by: { $0.key < $1.key }) {
            for (used, names) in uses.sorted(by: { $0.key < $1.key }) where layer[used, default: .max] >= layer[folder, default: .max] {
                Issue.record("\(folder) uses \(used), which is not on a layer below it: \(names.sorted().joined(separator: ", "))")
            }
        }
        // The edges the order is for: the engine runs the model under a policy, and the
        // conformance checker runs the engine on generated scenarios.
        #expect(graph["Engine"]?["Model"]?.contains("EvictionPolicy") == true)
        #expect(graph["Policies"]?["Model"]?.contains("Device.BandNumbers") == true)
        #expect(graph["Conformance"]?.keys.contains("Engine") == true && graph["Conformance"]?.keys.contains("Generator") == true)
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
