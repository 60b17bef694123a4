import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// No input crashes the loader: odd YAML, huge or deep input, and seeded random mutations of
/// a valid file either load or give located diagnostics.
@Suite struct ScenarioLoaderRobustnessTests {
    /// Loads or fails; either way every diagnostic names the file and has a message.
    private func survive(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try ScenarioLoader.parse(text, path: "f.yaml")
        } catch {
            #expect(!error.diagnostics.isEmpty, sourceLocation: sourceLocation)
            for diagnostic in error.diagnostics {
                #expect(diagnostic.file == "f.yaml", sourceLocation: sourceLocation)
                #expect(!diagnostic.message.isEmpty, sourceLocation: sourceLocation)
                #expect((diagnostic.line ?? 1) >= 1 && (diagnostic.column ?? 1) >= 1, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func oddInputs() {
        let inputs = [
            "", " ", "\n\n", "~", "null", "42", "'just a string'", "[]", "{}", "---", "--- |\n  text\n", "...",
            "name:", "name: [", "name: {a: 1}", "&a name: *a", "*undefined", "!!binary aGk=", "? [a, b]\n: c\n",
            "<<: {name: x}\n", "name: x\ndevice: &d {ram_mb: 1}\napps: [{id: a, active_mb: 1}]\nexpect: *d\n",
            "a: &x [*x]", "name: \u{FEFF}x", "\u{E000}: 1\n\u{E000}: 2\n", "name: \u{0}",
            String(repeating: "[", count: 999) + String(repeating: "]", count: 999),
            String(repeating: "[", count: 5_000),
            String(repeating: "- ", count: 2_000) + "x",
            "name: x\n" + String(repeating: "name: y\n", count: 300),
            "name: x\ndevice: {ram_mb: 1e-99999999999999999999}\napps: [{id: a, active_mb: -0}]\n",
            "name: x\ndevice: {ram_mb: 1}\napps: [{id: a, active_mb: 1}]\nevents: [{at: 1, allocate: {app: a, mb: -4294967296}}]\n",
        ]
        for input in inputs { survive(input) }
    }

    /// Up to 4 duplicate keys are reported where they are, with their field; beyond that the
    /// loader gives up renaming (each rename composes the file again) and reports the next one
    /// as Yams finds it, located.
    @Test func manyDuplicateKeysStillGiveALocatedDiagnostic() {
        let few = loadDiagnostics("name: x\n" + (1...5).map { "k: \($0)\n" }.joined())
        #expect(few.filter { $0.message.hasPrefix("duplicate key 'k' (first at line 2, column 1)") }.map(\.line) == [3, 4, 5, 6])
        #expect(few.allSatisfy { $0.message.hasPrefix("duplicate key") ? $0.field == "k" : true })

        let many = loadDiagnostics("name: x\n" + (1...300).map { "k: \($0)\n" }.joined())
        #expect(many == [ScenarioLoader.Diagnostic(file: "x.yaml", line: 6, column: 1, message: "duplicate key 'k'", kind: .syntax)])
    }

    @Test func aliasesAreReadAsTheirAnchors() throws {
        let text = """
            name: aliases
            device: {ram_mb: 2048}
            apps:
              - &first {id: a, active_mb: 100}
              - {id: b, active_mb: 100}
            events:
              - {at: 0, open: &app b}
              - {at: 1, force_quit: *app}

            """
        let scenario = try ScenarioLoader.parse(text, path: "f.yaml")
        #expect(scenario.events.map(\.action) == [.open(1), .forceQuit(1)])
    }

    /// Seeded random edits of the SPEC example: deletions, insertions of YAML punctuation,
    /// duplicated and swapped lines, truncations.
    @Test(arguments: 0..<4)
    func randomMutations(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = ["{", "}", "[", "]", ":", ",", "-", "'", "\"", "#", "&a", "*a", "!", "|", ">", "%", "@", "`",
                      "\t", "\n", " ", "0", "-1", "1e99", ".5", "null", "true", "at", "open", "com.a", "home", "?",
                      "\u{E000}", "é", "\u{85}", "\r", "mb", "app"]
        let original = Array(ScenarioLoaderTests.specExample.unicodeScalars)
        for _ in 0..<500 {
            var scalars = original
            for _ in 0..<(1 + random.next(below: 4)) {
                let position = random.next(below: scalars.count + 1)
                switch random.next(below: 4) {
                case 0:
                    let end = min(scalars.count, position + random.next(below: 20))
                    scalars.removeSubrange(position..<end)
                case 1:
                    let piece = pieces[random.next(below: pieces.count)]
                    scalars.insert(contentsOf: piece.unicodeScalars, at: position)
                case 2:
                    let end = min(scalars.count, position + random.next(below: 80))
                    scalars.insert(contentsOf: Array(scalars[position..<end]), at: position)
                default:
                    scalars.removeSubrange(position...)
                }
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            survive(String(view))
        }
    }
}

extension SplitMix64 {
    /// A number in 0..<bound (0 when bound is 0).
    mutating func next(below bound: Int) -> Int {
        bound <= 0 ? 0 : Int(int(in: 0...Int64(bound - 1)))
    }
}
