/// `suspendsim check --junit FILE`: the results as JUnit XML, the shape CI systems read
/// (SPEC 14, 19): `testsuites` > `testsuite` per scenario file > `testcase` per scenario and
/// policy (per point and policy for a batch's assertions), with a `failure` or, for a file
/// without `expect:`, `skipped`.
///
/// Each `testcase` has `file` and `line` attributes (`CheckResult.line`: the assertion that
/// failed first, the first assertion checked when it passed, 1 without `expect:`), so that CI
/// annotates the line. A `failure`'s `message` is the whole first failed assertion, its lines
/// kept as `&#10;`; its text is every failed assertion.
///
/// Written by hand: none of the packages the project uses writes XML, and this is five
/// elements with escaped text.
package enum JUnitReport {
    /// The XML document for `results`, in their order; byte-identical for the same results.
    package static func xml(_ results: [CheckResult]) -> String {
        var files: [String] = []
        var byFile: [String: [CheckResult]] = [:]
        for result in results {
            if byFile[result.file] == nil { files.append(result.file) }
            byFile[result.file, default: []].append(result)
        }
        func counts(_ results: [CheckResult]) -> String {
            let failures = results.filter { $0.status == .failed }.count
            let skipped = results.filter { $0.status == .unchecked }.count
            return "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"suspendsim check\" \(counts(results))>\n"
        for file in files {
            let suite = byFile[file] ?? []
            out += "  <testsuite name=\"\(XMLEscaping.attribute(file))\" \(counts(suite))>\n"
            for result in suite { out += testcase(result) }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// Writes the document to `path` whole or not at all.
    ///
    /// - Throws: `ReportWriter.Error` naming the path and the system's error.
    package static func write(_ results: [CheckResult], to path: String) throws {
        try AtomicTextFile.write(xml(results), to: path)
    }

    /// One `testcase` element, indented under its `testsuite`, with its line feed.
    private static func testcase(_ result: CheckResult) -> String {
        var out = "    <testcase classname=\"\(XMLEscaping.attribute(result.scenario))\" name=\"\(XMLEscaping.attribute(result.label))\""
        out += " file=\"\(XMLEscaping.attribute(result.file))\""
        if let line = result.line { out += " line=\"\(line)\"" }
        switch result.status {
        case .passed:
            out += "/>\n"
        case .unchecked:
            out += ">\n      <skipped message=\"no expect: block\"/>\n    </testcase>\n"
        case .failed:
            let message = result.failures.first ?? "failed"
            out += ">\n      <failure message=\"\(XMLEscaping.attribute(message))\" type=\"expectation\">"
            out += XMLEscaping.text(result.failures.joined(separator: "\n"))
            out += "</failure>\n    </testcase>\n"
        }
        return out
    }
}
