/// `suspendsim check --junit FILE`: the results as JUnit XML, the shape CI systems read
/// (`testsuites` > `testsuite` per scenario file > `testcase` per scenario and policy, with a
/// `failure` holding the diff, or `skipped` for a file without `expect:`).
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
            out += "  <testsuite name=\"\(escape(file))\" \(counts(suite))>\n"
            for result in suite {
                out += "    <testcase classname=\"\(escape(result.scenario))\" name=\"\(escape(result.label))\" file=\"\(escape(file))\""
                switch result.status {
                case .passed:
                    out += "/>\n"
                case .unchecked:
                    out += ">\n      <skipped message=\"no expect: block\"/>\n    </testcase>\n"
                case .failed:
                    let message = result.failures.first?.split(separator: "\n").first.map(String.init) ?? "failed"
                    out += ">\n      <failure message=\"\(escape(message))\" type=\"expectation\">"
                    out += escape(result.failures.joined(separator: "\n"))
                    out += "</failure>\n    </testcase>\n"
                }
            }
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

    /// Text or an attribute value with XML's five special characters escaped (as for HTML),
    /// and control characters other than tab and line feed (which XML 1.0 cannot hold)
    /// replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            let isControl = (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0xFFFE...0xFFFF).contains(scalar.value)
            return isControl ? "\u{FFFD}" : scalar
        }))
        return HTMLEscaping.escape(printable)
    }
}
