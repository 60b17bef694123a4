import Foundation
import Testing
@testable import SuspendSim

/// SPEC 35 "Identifiers" in the inputs besides scenarios: a payload's bundle id, a JetsamEvent
/// report's process name, a trace's app name and user id that hold a control character are
/// bad input; so is a formula-like id an import would write.
@Suite struct IdentifierInputTests {
    @Test("A payload's bundleIdentifier with a control character or a formula start is refused at its JSON path", arguments: [
        ("com.a\\u0085b", "holds the control character U+0085"), ("com.a\\u2029", "holds the control character U+2029"),
        ("com.a\\u007f", "holds the control character U+007F"), ("@SUM(1+1)", "begins with '@'"),
    ])
    func payloadIDs(_ id: String, _ problem: String) throws {
        let json = "[{\"metaData\": {\"bundleIdentifier\": \"\(id)\"}, \"memoryMetrics\": {\"peakMemoryUsage\": \"1 MB\"}}]"
        let message = try #require(MetricKitImportTests.failure { _ = try MetricKitPayloadReader(file: "d.json").payloads(Data(json.utf8)) })
        #expect(message.hasPrefix("d.json: [0].metaData.bundleIdentifier: \(problem)"), "\(message)")
    }

    @Test("A JetsamEvent process name with a control character or a formula start is refused, naming the process", arguments: [
        ("com.a\\nexpect: 1", "processes[1].name holds the control character U+000A"), ("=cmd|x", "processes[1].name begins with '='"),
    ])
    func jetsamNames(_ name: String, _ expected: String) {
        let text = JetsamImportTests.modernReport().replacingOccurrences(of: "\"name\" : \"com.a\"", with: "\"name\" : \"\(name)\"")
        do {
            _ = try JetsamReport(text: text, file: "r.ips")
            Issue.record("accepted \(name)")
        } catch {
            #expect(error.description.hasPrefix("r.ips: \(expected)"), "\(error.description)")
        }
    }

    @Test("A trace's app name or user id with a control character is bad input at its line and column", arguments: [
        ("1\t1\t2019-03-01 08:00:00\tMa\u{2028}ps\tOpened\n", "1", "app_name: holds the control character U+2028"),
        ("1\u{0085}\t1\t2019-03-01 08:00:00\tMaps\tOpened\n", "1", "user_id: holds the control character U+0085"),
        ("1\t1\t2019-03-01 08:00:00\tMaps\u{7F}\tOpened\n", "1", "app_name: holds the control character U+007F"),
    ])
    func traceIdentifiers(_ row: String, _ user: String, _ expected: String) throws {
        let folder = try TemporaryFolder()
        let trace = try folder.write("t.tsv", "user_id\tsession_id\ttimestamp\tapp_name\tevent_type\n1\t1\t2019-03-01 07:00:00\tMaps\tOpened\n" + row)
        let text = "name: day\ndevice: {ram_mb: 4096}\napps: [{id: a, active_mb: 1}]\n"
            + "trace: {file: \(trace), user: \(user), default_app: {active_mb: 10}}\n"
        let messages = loadDiagnostics(text).map(\.description)
        #expect(messages == ["\(trace):3: \(expected); an identifier may not (SPEC 35)"], "\(messages)")
    }

    @Test("Two trace app names that differ only in invalid UTF-8 bytes never merge: the first is refused at its line and field")
    func traceInvalidUTF8Apps() throws {
        let folder = try TemporaryFolder()
        // `Ma FF ps` and `Ma FE ps`: both would decode to "Ma\u{FFFD}ps". 0xFF and 0xFE never occur in
        // UTF-8 (Unicode 15, table 3-7), so each is an ill-formed sequence of one byte, the third.
        var bytes = Array("user_id\tsession_id\ttimestamp\tapp_name\tevent_type\n".utf8)
        bytes += Array("1\t1\t2019-03-01 07:00:00\tMa".utf8) + [0xFF] + Array("ps\tOpened\n".utf8)
        bytes += Array("1\t1\t2019-03-01 08:00:00\tMa".utf8) + [0xFE] + Array("ps\tOpened\n".utf8)
        let trace = folder.path + "/t.tsv"
        try Data(bytes).write(to: URL(fileURLWithPath: trace))
        let text = "name: day\ndevice: {ram_mb: 4096}\napps: [{id: a, active_mb: 1}]\n"
            + "trace: {file: \(trace), user: \"1\", default_app: {active_mb: 10}}\n"
        let messages = loadDiagnostics(text).map(\.description)
        #expect(messages == ["\(trace):2: app_name: is not valid UTF-8: byte 3 (0xFF) begins an ill-formed sequence of 1 byte; "
            + "an identifier must be UTF-8 text (SPEC 35)"], "\(messages)")
    }

    @Test("A trace user id that is not UTF-8 is refused at its line, whichever user the scenario replays", arguments: [
        ([0x31, 0xC3], "byte 2 (0xC3) begins an ill-formed sequence of 1 byte"),
        ([0xED, 0xA0, 0x80], "byte 1 (0xED) begins an ill-formed sequence of 1 byte"),
    ] as [([UInt8], String)])
    func traceInvalidUTF8User(_ user: [UInt8], _ problem: String) throws {
        let folder = try TemporaryFolder()
        var bytes = Array("user_id\tsession_id\ttimestamp\tapp_name\tevent_type\n1\t1\t2019-03-01 07:00:00\tMaps\tOpened\n".utf8)
        bytes += user + Array("\t1\t2019-03-01 08:00:00\tMaps\tOpened\n".utf8)
        let trace = folder.path + "/t.tsv"
        try Data(bytes).write(to: URL(fileURLWithPath: trace))
        let text = "name: day\ndevice: {ram_mb: 4096}\napps: [{id: a, active_mb: 1}]\n"
            + "trace: {file: \(trace), user: \"1\", default_app: {active_mb: 10}}\n"
        let messages = loadDiagnostics(text).map(\.description)
        #expect(messages == ["\(trace):3: user_id: is not valid UTF-8: \(problem); an identifier must be UTF-8 text (SPEC 35)"], "\(messages)")
    }

    @Test("trace.user with a control character is refused at its place")
    func traceUser() {
        let text = "name: day\ndevice: {ram_mb: 4096}\napps: [{id: a, active_mb: 1}]\ntrace: {file: t.tsv, user: \"1\\n2\"}\n"
        #expect(loadDiagnostics(text).map(\.description).first?.hasPrefix("x.yaml:4:28: trace.user: holds the control character U+000A") == true)
    }

    @Test("import jetsam writes only what reads back: a file name that makes a reserved scenario name is bad input at import")
    func jetsamReservedName() throws {
        let report = try JetsamReport(text: JetsamImportTests.modernReport(), file: "x.csv.ips")
        #expect(throws: ImportError.self) { try JetsamImport.checkedScenarioText(report, file: "x.csv.ips", replayKills: false) }
        let message = MetricKitImportTests.failure { _ = try JetsamImport.checkedScenarioText(report, file: "x.csv.ips", replayKills: false) }
        #expect(message?.hasPrefix("x.csv.ips: the scenario it would write does not read back: name: must not end in '.csv'") == true, "\(message ?? "")")
        #expect(try JetsamImport.checkedScenarioText(report, file: "day.ips", replayKills: false).contains("name: \"jetsam-day\""))
    }
}
