import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @_spi(Testing) @testable import SuspendSimCore

/// The README's examples are real: its custom policy is `Examples/SmallestFirstPolicy.swift`,
/// its conformance check `Examples/PolicyConformanceExample.swift` and its library examples
/// `Examples/LibraryExample.swift`, word for word; its `Package.swift` snippet declares this
/// package's platforms, and its tour scenario validates and passes its own `expect:`.
@Suite struct ReadmeExampleTests {
    /// The fenced code blocks of the README in `language`.
    func codeBlocks(_ language: String) throws -> [String] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.components(separatedBy: "```\(language)\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test("The README's custom policy is the one the tests compile")
    func customPolicyIsCompiled() throws {
        let example = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SuspendSimTests/Examples/SmallestFirstPolicy.swift"),
                                 encoding: .utf8)
        #expect(try codeBlocks("swift").contains(example))
    }

    @Test("The README's conformance check is the one the tests run (Examples/PolicyConformanceExample.swift), through the SPI import it shows")
    func conformanceExampleIsCompiled() throws {
        let example = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SuspendSimTests/Examples/PolicyConformanceExample.swift"),
                                 encoding: .utf8)
        #expect(try codeBlocks("swift").contains(example))
    }

    @Test("The README's compressor-aware policy is the one the tests compile, and it ranks by the memory a kill frees")
    func compressorPolicy() throws {
        let example = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SuspendSimTests/Examples/FreesMostFirstPolicy.swift"),
                                 encoding: .utf8)
        #expect(try codeBlocks("swift").contains(example))
        var compressed = Candidate(index: 0, state: .suspended, footprintKiB: .mb(300))
        compressed.compressedKiB = .mb(280)
        compressed.storedKiB = .mb(100)
        let plain = Candidate(index: 1, state: .suspended, footprintKiB: .mb(200))
        let policy = FreesMostFirstPolicy()
        // 120 MB physical against 200 MB: the plain app frees more, though its footprint is smaller.
        #expect(policy.rank(of: plain) < policy.rank(of: compressed))
        #expect(EvictionPolicyConformance.violations(of: policy).isEmpty)
    }

    @Test("The README's policy with kill levels is the one the tests compile, and it kills by its own levels (SPEC 33)")
    func levelsPolicy() throws {
        let example = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SuspendSimTests/Examples/TwoLevelsPolicy.swift"),
                                 encoding: .utf8)
        #expect(try codeBlocks("swift").contains(example))
        // 1000 MB: a suspended 50 MB app, a 50 MB app running with location, the frontmost game.
        func run(freeMB: Double) -> SimulationResult<EventLog> {
            Simulation.run(scenario(ramMB: 1000, apps: [
                app("com.suspended", 50), app("com.location", 50) { $0.backgroundModes = [.location] }, app("com.game", 50),
            ], configure: { $0.appLimitKiB = .mb(5000) }, [
                (1, .open(0)), (2, .open(1)), (3, .open(2)), (10, .allocate(2, .mb(850 - freeMB))),
            ]), policy: TwoLevelsPolicy())
        }
        // Free 250 < 300: the suspended app goes (300), the background app stays.
        let high = run(freeMB: 250)
        #expect(high.pressureEvictions == ["com.suspended"])
        #expect(high.log.evictions.map(\.memory.thresholdKiB) == [.mb(300)])
        #expect(high.log.evictions.map(\.who.trigger) == [.minfree])
        // Free 40 < 100: the suspended app (90), then the background app (140); critical_free_mb (50) plays no part.
        let low = run(freeMB: 40)
        #expect(low.pressureEvictions == ["com.suspended", "com.location"])
        #expect(low.log.evictions.map(\.memory.thresholdKiB) == [.mb(100), .mb(100)])
        #expect(EvictionPolicyConformance.violations(of: TwoLevelsPolicy()).isEmpty)
    }

    @Test("The custom policy kills the smallest suspended app first (its contract: Examples/PolicyConformanceExample.swift)")
    func customPolicyWorks() throws {
        let scenario = try ScenarioLoader.load(path: packageFile("Scenarios/memory-pressure.yaml"))
        // notes (80 MB) is the smallest suspended snapshot; the music runs in the background, so it goes last.
        let evictions = runWithMyPolicy(scenario)
        #expect(evictions.first == "com.example.notes")
        #expect(evictions.last == "com.example.music")
    }

    @Test("The tour's scenario validates and passes its expect: block")
    func tourScenario() throws {
        let yaml = try #require(codeBlocks("yaml").first { $0.hasPrefix("name: mine") })
        let scenario = try ScenarioLoader.parse(yaml, path: "README.md")
        let result = Simulation.run(scenario)
        #expect(ExpectationCheck.mismatches(result, expected: try #require(scenario.expectation)).isEmpty)
        let freeBefore = try #require(result.log.evictions.first).memory.freeBeforeKiB
        #expect(freeBefore == KiB(96 * 1024))
    }

    @Test("The README's Package.swift snippet declares the platforms this package does")
    func packageSnippetHasThePlatforms() throws {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let platforms = try #require(manifest.split(separator: "\n").first { $0.contains("platforms:") })
            .trimmingCharacters(in: .whitespaces)
        let snippet = try #require(codeBlocks("swift").first { $0.hasPrefix("// Package.swift") })
        #expect(snippet.split(separator: "\n").contains { $0.hasPrefix(platforms) }, "\(platforms)")
    }

    @Test("The README's library example is the Swift Testing test the suite runs (Examples/LibraryExample.swift)")
    func libraryExampleIsCompiled() throws {
        let example = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SuspendSimTests/Examples/LibraryExample.swift"),
                                 encoding: .utf8)
        #expect(try codeBlocks("swift").contains(example))
    }
}
