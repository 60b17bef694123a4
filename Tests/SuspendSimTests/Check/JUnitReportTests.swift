import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import SuspendSim

/// `check --junit` (SPEC 14, 19): a `testcase` per result with `file` and `line`, a
/// `failure` whose `message` is the whole first failed assertion, and XML a parser reads back
/// to the same text.
@Suite struct JUnitReportTests {
    static let failures = [
        "two.yaml:12: expect.never_killed: killed during the run:\n  com.a: killed first at 20.000 s (1 pressure kill, 0 other), not-running at the end",
        "two.yaml:14: expect.max_pressure_kills: 1 pressure kills, at most 0 expected",
    ]

    static let results = [
        CheckResult(scenario: "two", policy: "jetsam", file: "two.yaml", status: .failed, failures: failures, line: 12),
        CheckResult(scenario: "two {k=1}", policy: "lru", file: "two.yaml", status: .passed, line: 11),
        CheckResult(scenario: "lab", policy: "jetsam", file: "lab.yaml", status: .unchecked, line: 1),
    ]

    /// The `testcase` elements of `xml`, parsed.
    static func testcases(_ xml: String) throws -> [XMLElement] {
        let document = try XMLDocument(data: Data(xml.utf8))
        return try #require(document.rootElement()).elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
    }

    @Test("A failure's message is its first assertion whole, lines included; its text holds every assertion")
    func messageIsWhole() throws {
        let xml = JUnitReport.xml(Self.results)
        let cases = try Self.testcases(xml)
        let failure = try #require(cases.first?.elements(forName: "failure").first)
        // The app's name is on the assertion's second line: it is in the message.
        #expect(failure.attribute(forName: "message")?.stringValue == Self.failures[0])
        #expect(failure.stringValue == Self.failures.joined(separator: "\n"))
        // In the attribute, line feeds are character references (a literal one reads as a space).
        #expect(xml.contains("killed during the run:&#10;  com.a: killed first"))
    }

    @Test("Every testcase has file and line: the failure's, the first assertion's, 1 without expect:")
    func fileAndLine() throws {
        let cases = try Self.testcases(JUnitReport.xml(Self.results))
        #expect(cases.map { $0.attribute(forName: "file")?.stringValue } == ["two.yaml", "two.yaml", "lab.yaml"])
        #expect(cases.map { $0.attribute(forName: "line")?.stringValue } == ["12", "11", "1"])
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["two [jetsam]", "two {k=1} [lru]", "lab [jetsam]"])
    }

    @Test("Special and control characters survive a parser's round trip; those XML cannot hold become U+FFFD")
    func escaping() throws {
        let text = "a \"quoted\" & 'single' <tag> tab\there\r\nnext \u{1} \u{FFFE} end"
        let result = CheckResult(scenario: "x<y", policy: "lru", file: "a&b.yaml", status: .failed, failures: [text], line: 3)
        let xml = JUnitReport.xml([result])
        let testcase = try #require(try Self.testcases(xml).first)
        #expect(testcase.attribute(forName: "file")?.stringValue == "a&b.yaml")
        #expect(testcase.attribute(forName: "classname")?.stringValue == "x<y")
        let expected = "a \"quoted\" & 'single' <tag> tab\there\r\nnext \u{FFFD} \u{FFFD} end"
        let failure = try #require(testcase.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == expected)
        #expect(failure.stringValue == expected)
        #expect(XMLEscaping.attribute("\"'\t\n\r") == "&quot;&apos;&#9;&#10;&#13;")
        #expect(XMLEscaping.text("\"'\t\n\r<&>") == "\"'\t\n&#13;&lt;&amp;&gt;")
    }

    @Test("The same results give the same bytes")
    func sameBytes() {
        #expect(JUnitReport.xml(Self.results) == JUnitReport.xml(Self.results))
        #expect(JUnitReport.xml(Self.results).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"suspendsim check\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">\n"))
    }
}
