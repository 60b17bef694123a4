import Foundation
import Testing
@testable import SuspendSim

/// Errors as a person would want them (bad input names what is wrong, SPEC 9, 35): a mistyped key names the nearest valid one, a missing file the nearest existing name
/// in its folder, and a tab in YAML's indentation is called a tab.
@Suite struct DidYouMeanTests {
    @Test("A mistyped key in a file names the nearest valid key of its mapping; a key near none gets no guess", arguments: [
        ("apps:\n  - { id: a, active_mb: 1, suspend_mb: 3 }\n", "apps[0].suspend_mb: unknown key 'suspend_mb' (did you mean 'suspended_mb'?); expected one of id,"),
        ("device: { ram_mb: 1024, ram_m: 3 }\napps: [{ id: a, active_mb: 1 }]\n", "device.ram_m: unknown key 'ram_m' (did you mean 'ram_mb'?); expected one of"),
        ("apps:\n  - { id: a, active_mb: 1, backround_modes: [audio] }\n", "unknown key 'backround_modes' (did you mean 'background_modes'?)"),
        ("apps:\n  - { id: a, active_mb: 1, zzzzzz: 3 }\n", "apps[0].zzzzzz: unknown key 'zzzzzz'; expected one of id,"),
    ])
    func mistypedKey(_ body: String, _ message: String) {
        let text = "name: t\n" + (body.hasPrefix("device") ? "" : "device: { ram_mb: 1024 }\n") + body
        let diagnostics = loadDiagnostics(text).map(\.description)
        #expect(diagnostics.count == 1 && diagnostics[0].contains(message), "\(diagnostics)")
    }

    @Test("--set: a mistyped key names the nearest sweep key, an app's key the nearest app key under the same id")
    func mistypedSetKey() {
        func message(_ option: String) -> String {
            do {
                _ = try SweepAxis(parsing: option)
                return ""
            } catch {
                return error.description
            }
        }
        #expect(message("device.ram_m=1024").contains("unknown key 'device.ram_m' (did you mean 'device.ram_mb'?);"))
        #expect(message("app.com.x.y.suspend_mb=3").contains("unknown app key 'app.com.x.y.suspend_mb' (did you mean 'app.com.x.y.suspended_mb'?);"))
        #expect(!message("qqqqqqqqqq=3").contains("did you mean"))
    }

    @Test("A missing scenario file names the nearest existing name in its folder, as the path writes the folder; none near, no guess")
    func missingFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("did-you-mean-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["day-on-a-3gb-phone.yaml", "night.yaml", ".day-on-a-3gb-phone.yml"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("name: x\n".utf8))
        }
        func message(_ path: String) -> String {
            do {
                _ = try ScenarioLoader.scenarioFiles(in: [path])
                return ""
            } catch {
                return error.description
            }
        }
        // One letter short: the nearest visible name; the hidden near one is not offered.
        #expect(message(folder + "/day-on-a-3gb-phon.yaml").contains("no such file or folder (did you mean '\(folder)/day-on-a-3gb-phone.yaml'?)"))
        #expect(message(folder + "/nigth.yaml").contains("(did you mean '\(folder)/night.yaml'?)"))
        #expect(message(folder + "/" + String(repeating: "q", count: 20)).hasSuffix("no such file or folder"))
        // A file read as a scenario says the same.
        #expect(throws: ScenarioLoader.Error.self) { try ScenarioLoader.load(path: folder + "/nigth.yaml") }
        do {
            _ = try ScenarioLoader.load(path: folder + "/nigth.yaml")
        } catch {
            #expect(error.description.contains("no such file (did you mean '\(folder)/night.yaml'?)"), "\(error.description)")
        }
    }

    @Test("A tab in YAML indentation is called a tab, at the line libyaml names; other syntax errors get no such words", arguments: [
        ("name: t\ndevice:\n\tram_mb: 1024\n", 3, true),
        ("name: t\napps:\n  - id: a\n\tactive_mb: 1\n", 4, true),
        ("name: t\napps:\n  -\t{ id: a, active_mb: 1 }\n  - { id: b, active_mb: 1 }\n  -\t{ id: c, active_mb: 1 }\n", nil, true),
        ("name: t\napps: [{ id: a, active_mb: 1 }\n", nil, false),
    ])
    func tabIndentation(_ text: String, _ line: Int?, _ isTab: Bool) {
        let diagnostics = loadDiagnostics(text).map(\.description)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        let said = diagnostics.first ?? ""
        #expect(said.contains("holds a tab where YAML wants spaces: indent with spaces, never tabs") == isTab, "\(said)")
        if let line { #expect(said.hasPrefix("x.yaml:\(line):") && said.contains("; line \(line) holds a tab"), "\(said)") }
    }
}
