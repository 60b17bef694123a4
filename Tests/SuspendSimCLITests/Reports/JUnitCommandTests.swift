import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SuspendSimCore

/// `check --junit` from the command line (SPEC 14): a CI system reading the file gets each
/// failure whole, and the file and line to annotate.
@Suite struct JUnitCommandTests {
    /// `AnswersTests.twoAppsStory`: b's open at 20 s kills suspended a (under every policy),
    /// against line 11's assertion.
    static let two = AnswersTests.twoAppsStory + """
        expect:
          never_killed: [com.a]
          survives: [com.b]

        """

    @Test("The failure's message names the killed app (the assertion's second line); every testcase has file and line")
    func wholeMessageAndLines() throws {
        try withTemporaryFolder { folder in
            try Self.two.write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            try Self.two.components(separatedBy: "expect:")[0].replacingOccurrences(of: "name: two", with: "name: plain")
                .write(to: folder.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["check", "plain.yaml", "two.yaml", "--policy", "all", "--junit", "j.xml"], in: folder)
            #expect(run.status == 1)
            let document = try XMLDocument(data: Data(contentsOf: folder.appendingPathComponent("j.xml")))
            let cases = try #require(document.rootElement()).elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
            let policies = BuiltInPolicies.names.count
            #expect(cases.count == 2 * policies)
            // Unchecked files point at line 1, the failures at the line of never_killed (which fails first).
            #expect(cases.map { $0.attribute(forName: "line")?.stringValue } == Array(repeating: "1", count: policies) + Array(repeating: "11", count: policies))
            #expect(cases.map { $0.attribute(forName: "file")?.stringValue } == Array(repeating: "plain.yaml", count: policies) + Array(repeating: "two.yaml", count: policies))
            let failures = cases.flatMap { $0.elements(forName: "failure") }
            #expect(failures.count == policies)
            for failure in failures {
                let message = try #require(failure.attribute(forName: "message")?.stringValue)
                #expect(message.hasPrefix("two.yaml:11: expect.never_killed: killed during the run:\n  com.a: killed first at 20.000 s"), "\(message)")
                #expect(run.stdout.contains(message.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")))
            }
        }
    }
}
