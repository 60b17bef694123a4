import Foundation
import Testing

/// `docs/validation.md` holds the table `scripts/validate.sh` writes (SPEC 30's available and
/// system memory beside each shipped report's own figures), between two markers: the test
/// runs the script with the built binary and compares, so the doc and the script stay in step.
@Suite struct ValidationDocTests {
    static let begin = "<!-- scripts/validate.sh: begin -->\n"
    static let end = "<!-- scripts/validate.sh: end -->"

    @Test("docs/validation.md holds exactly what scripts/validate.sh writes")
    func docMatchesScript() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["scripts/validate.sh"]
        process.currentDirectoryURL = packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["SUSPENDSIM_BIN"] = executable.path
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let table = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(table.contains("| ios18.5-iphone14.7.min.ips | 3870 | 113751 | 1837.828 MB |"), "\(table)")
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/validation.md"), encoding: .utf8)
        let start = try #require(doc.range(of: Self.begin), "the begin marker is missing")
        let stop = try #require(doc.range(of: Self.end, range: start.upperBound..<doc.endIndex), "the end marker is missing")
        #expect(String(doc[start.upperBound..<stop.lowerBound]) == table)
    }
}
