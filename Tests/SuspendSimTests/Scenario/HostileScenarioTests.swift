import Foundation
import Testing
@testable import SuspendSim

/// SPEC 35 for scenario files: control characters in identifiers, formula-like ids, names
/// and text sweep values, reserved names, count ranges and nesting, each located.
@Suite struct HostileScenarioTests {
    /// A valid scenario whose app id, name and extra lines a case replaces.
    static func text(id: String = "com.a", name: String = "n", extra: String = "") -> String {
        "name: \(name)\ndevice: {ram_mb: 1024}\napps: [{id: \(id), active_mb: 100}]\nevents: [{at: 0, open: \(id)}]\n\(extra)"
    }

    /// The one diagnostic of `text`, as `file:line:column: field: message`.
    static func refusal(_ text: String) -> String {
        loadDiagnostics(text).map(\.description).joined(separator: "\n")
    }

    @Test("An app id or trace_name with a control character is bad input at its place", arguments: [
        ("\"a\\nb\"", "U+000A"), ("\"a\\x85b\"", "U+0085"), ("\"a\\u2028b\"", "U+2028"), ("\"a\\u2029b\"", "U+2029"),
        ("\"a\\x7Fb\"", "U+007F"), ("\"a\\x9Fb\"", "U+009F"), ("\"a\\0b\"", "U+0000"), ("\"a\\x1Fb\"", "U+001F"),
    ])
    func controlCharacters(_ id: String, _ code: String) {
        #expect(Self.refusal(Self.text(id: id)).hasPrefix("x.yaml:3:13: apps[0].id: holds the control character \(code); an identifier may not (SPEC 35)"))
        let traceName = "name: n\ndevice: {ram_mb: 1024}\napps: [{id: a, trace_name: \(id), active_mb: 100}]\nevents: [{at: 0, open: a}]\n"
        #expect(Self.refusal(traceName).hasPrefix("x.yaml:3:28: apps[0].trace_name: holds the control character \(code)"))
    }

    @Test("The payload id with a newline and expect: is refused; other Unicode ids still load")
    func injectedID() throws {
        let id = JSONEscaping.quoted("com.acme.shop\nexpect: { max_pressure_kills: 1000 }\n#", for: .yaml)
        #expect(Self.refusal(Self.text(id: id)).contains("apps[0].id: holds the control character U+000A"))
        #expect(try ScenarioLoader.parse(Self.text(id: "\"ça-😀\""), path: "x.yaml").apps.first?.id == "ça-😀")
    }

    @Test("An app id, a name or a text sweep value that begins with = + - @ is bad input", arguments: ["=", "+", "-", "@"])
    func formulas(_ start: String) {
        let formula = "\"\(start)HYPERLINK(1)\""
        #expect(Self.refusal(Self.text(id: formula)).hasPrefix("x.yaml:3:13: apps[0].id: begins with '\(start)', which a spreadsheet runs as a formula (SPEC 35)"))
        #expect(Self.refusal(Self.text(name: formula)).hasPrefix("x.yaml:1:7: name: begins with '\(start)'"))
        let sweep = Self.text(extra: "sweep: {policy: [lru, \(formula)]}\n")
        #expect(Self.refusal(sweep).hasPrefix("x.yaml:5:23: sweep.policy[1]: value '\(start)HYPERLINK(1)' begins with '\(start)'"))
    }

    @Test("A number that begins with - or + is no formula in a sweep")
    func signedNumbers() throws {
        #expect(SweepAxis.valueProblem(["-5", "+2.5", "lru"], key: .trace(.user)) == nil)
        #expect(SweepAxis.valueProblem(["lru", "@x"], key: .policy)?.index == 1)
        #expect(SweepAxis.valueProblem(["@x"], key: .policy)?.message.contains("begins with '@'") == true)
        #expect(throws: SweepAxis.ParseError.self) { try SweepAxis(parsing: "policy=lru,=HYPERLINK(1)") }
        #expect(try SweepAxis(parsing: "device.ram_mb=-5,2048").values == ["-5", "2048"])
    }

    @Test("Reserved names: ending in .csv .html .env, equal to figures shards logs, beginning with . (any case)", arguments: [
        "summary.csv", "Index.HTML", "slurm.env", "figures", "SHARDS", "Logs", ".hidden", ".csv",
        // `.` and a combining acute accent: one character that is not ".", a hidden file all the same.
        ".\u{301}notes",
    ])
    func reservedNames(_ name: String) {
        let message = Self.refusal(Self.text(name: "\"\(name)\""))
        #expect(message.hasPrefix("x.yaml:1:7: name: must not"), "\(message)")
        #expect(message.contains("SPEC 35"))
    }

    @Test("A sweep value whose --details folder name passes 255 bytes is refused by validate, located; 255 bytes load")
    func folderNamesPast255Bytes() throws {
        // `end_s=` and 249 digits: 6 + 249 = 255 bytes, the most a folder name may have.
        let fits = "1" + String(repeating: "0", count: 248)
        #expect(SweepAxis.folderLengthProblem(key: .endS, value: fits) == nil)
        // `end_s=` and 250 digits: 6 + 250 = 256 bytes as a --details folder name.
        let value = "1" + String(repeating: "0", count: 249)
        let sweep = Self.refusal(Self.text(extra: "sweep: { end_s: [1, \(value)] }"))
        #expect(sweep.contains("sweep.end_s[1]: value '"), "\(sweep)")
        #expect(sweep.contains("makes the report folder name end_s=... 256 bytes long"), "\(sweep)")
    }

    @Test("Names near the reserved ones load")
    func nearlyReserved() throws {
        for name in ["csv", "figures2", "a.csv.yaml", "logs-x", "my.env.d", "html"] {
            #expect(try ScenarioLoader.parse(Self.text(name: name), path: "x.yaml").name == name)
        }
    }

    @Test("Counts are at most 2^31 - 1, refused at their line: observed.days, replicates, expect counts")
    func counts() throws {
        let observed = { (days: String) in Self.text(extra: "observed: {app: com.a, days: \(days)}\n") }
        #expect(Self.refusal(observed("4294967296")) == "x.yaml:5:30: observed.days: must be a whole number of days from 1 to 2147483647, got 4294967296")
        #expect(Self.refusal(observed("2147483648")).hasPrefix("x.yaml:5:30: observed.days: must be a whole number of days from 1 to 2147483647"))
        #expect(try ScenarioLoader.parse(observed("2147483647"), path: "x.yaml").observed?.days == 2_147_483_647)
        let expect = Self.text(extra: "expect: {max_pressure_kills: 2147483648}\n")
        #expect(Self.refusal(expect).hasPrefix("x.yaml:5:30: expect.max_pressure_kills: must be a whole number from 0 to 2147483647"))
    }

    @Test("At the largest days and counter a scenario holds, Garwood's k fits an Int64: no arithmetic trap")
    func largestObservedCount() throws {
        let text = Self.text(extra: "observed: {app: com.a, days: 2147483647, foreground_memory_resource_limit: 4294967.296}\n")
        let observed = try #require(try ScenarioLoader.parse(text, path: "x.yaml").observed)
        let thousandths = try #require(observed.counters.first?.thousandths)
        // (2^32 x (2^31 - 1) + 500) / 1000, whole.
        #expect(PoissonInterval.count(thousandthsPerDay: thousandths, days: observed.days) == 9_223_372_032_559_809)
    }

    @Test("YAML nesting deeper than 256 levels is bad input at the 257th; 256 are read")
    func nesting() {
        let deep = Self.text(extra: "x: " + String(repeating: "[", count: 257) + String(repeating: "]", count: 257) + "\n")
        #expect(Self.refusal(deep) == "x.yaml:5:259: mappings and lists nest deeper than 256 levels here (SPEC 35)")
        // The top-level mapping is the first level.
        let fine = Self.text(extra: "x: " + String(repeating: "[", count: 255) + String(repeating: "]", count: 255) + "\n")
        #expect(!Self.refusal(fine).contains("nest deeper"))
        let deepJSON = "{\"name\": \"n\", \"x\": " + String(repeating: "{\"a\": ", count: 300) + "1" + String(repeating: "}", count: 300) + "}"
        #expect(Self.refusal(deepJSON).contains("nest deeper than 256 levels"))
    }
}
