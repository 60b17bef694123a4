import Foundation
import Testing

/// SPEC 21: the batch page's table of `paired.csv` shows its statistics after `wilcoxon_p`.
@Suite struct PairedTableCommandTests {
    @Test("The page's paired table has wilcoxon_method, p_holm and ratio [low, high] headings, and each row's cells as paired.csv writes them")
    func pairedTableShowsTheStatistics() throws {
        try withTemporaryFolder { folder in
            try FigureExportCommandTests.batch(in: folder)
            #expect(try suspendsim(["report", "R"], in: folder).status == 0)
            let page = try String(contentsOf: folder.appendingPathComponent("R/index.html"), encoding: .utf8)
            #expect(page.contains("<th>wilcoxon_<wbr>method</th><th>p_<wbr>holm</th><th>ratio [ratio_<wbr>ci_<wbr>low, ratio_<wbr>ci_<wbr>high]</th>"))
            let paired = try ComparisonCommandTests.rows(folder.appendingPathComponent("R/paired.csv"))
            let column = { (name: String) in paired[0].firstIndex(of: name)! }
            #expect(paired.count > 1, "paired.csv has rows to find on the page")
            for row in paired.dropFirst() {
                let ratio = row[column("ratio")].isEmpty ? ""
                    : row[column("ratio")] + (row[column("ratio_ci_low")].isEmpty ? "" : " [\(row[column("ratio_ci_low")]), \(row[column("ratio_ci_high")])]")
                let cells = "<td>\(row[column("wilcoxon_p")])</td><td>\(row[column("wilcoxon_method")])</td><td>\(row[column("p_holm")])</td><td>\(ratio)</td>"
                #expect(page.contains(cells), "\(row)")
            }
        }
    }
}
