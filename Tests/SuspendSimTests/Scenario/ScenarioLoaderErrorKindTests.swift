import Foundation
import Testing
@testable import SuspendSim

/// `ScenarioLoader.Error` is `Equatable` and each diagnostic says what sort of problem it is
/// (`Diagnostic.Kind`): a file that cannot be read, text that is not YAML, a value the schema
/// refuses, or an argument given beside the file.
@Suite struct ScenarioLoaderErrorKindTests {
    @Test("A missing file, a folder and non-UTF-8 bytes are kind file")
    func fileKind() throws {
        try withTemporaryFolder { folder in
            let missing = folder.appendingPathComponent("nope.yaml").path
            let error = #expect(throws: ScenarioLoader.Error.self) { try ScenarioLoader.load(path: missing) }
            #expect(error?.kind == .file && error?.diagnostics.count == 1)
            #expect(error?.diagnostics.first?.message.hasPrefix("no such file") == true)
            #expect(throws: ScenarioLoader.Error.self) { try ScenarioLoader.load(path: folder.path) }
            #expect((try? ScenarioLoader.load(path: folder.path)) == nil)
            let binary = folder.appendingPathComponent("binary.yaml")
            try Data([0x6E, 0x61, 0x6D, 0x65, 0x3A, 0x20, 0xFF, 0xFE]).write(to: binary)
            let notText = #expect(throws: ScenarioLoader.Error.self) { try ScenarioLoader.load(path: binary.path) }
            #expect(notText?.kind == .file)
        }
    }

    @Test("Text that is not YAML is kind syntax; a value the schema refuses is kind value, located")
    func syntaxAndValueKinds() throws {
        let syntax = #expect(throws: ScenarioLoader.Error.self) { try ScenarioLoader.parse("name: [unclosed\n", path: "s.yaml") }
        #expect(syntax?.kind == .syntax)
        #expect(syntax?.diagnostics.allSatisfy { $0.kind == .syntax } == true)
        let text = "name: v\ndevice: { ram_mb: -5 }\napps: [{ id: com.a, active_mb: 100 }]\nevents: [{ at: 0, open: com.a }]\n"
        let value = #expect(throws: ScenarioLoader.Error.self) { try ScenarioLoader.parse(text, path: "v.yaml") }
        #expect(value?.kind == .value)
        #expect(value?.diagnostics.first.map { ($0.file, $0.line, $0.field) } ?? ("", nil, "") == ("v.yaml", 2, "device.ram_mb"))
    }

    @Test("Errors are equal when their diagnostics are, kind included")
    func equality() {
        let diagnostic = ScenarioLoader.Diagnostic(file: "a.yaml", line: 3, column: 5, field: "apps[0].id", message: "m")
        var other = diagnostic
        #expect(ScenarioLoader.Error(diagnostics: [diagnostic]) == ScenarioLoader.Error(diagnostics: [other]))
        other.kind = .argument
        #expect(ScenarioLoader.Error(diagnostics: [diagnostic]) != ScenarioLoader.Error(diagnostics: [other]))
        #expect(ScenarioLoader.Error(diagnostics: [diagnostic]).kind == .value)
        #expect(ScenarioLoader.Error(diagnostics: [other, diagnostic]).kind == .argument)
    }
}
