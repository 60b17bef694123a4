/// The statistics a paper states, as the page's tables of `paired.csv` and `whatif.csv` show
/// them (SPEC 21, 25): after `wilcoxon_p`, the test's method (`exact` or `normal`), Holm's
/// adjusted p-value, and the ratio of the means with its 95 % bootstrap interval, as
/// `ratio [ratio_ci_low, ratio_ci_high]`. Columns are found by name (the same in both files);
/// a folder written before them has none, and the tables show what they showed before.
struct PairedStatistics {
    private let method: Int
    private let holm: Int
    private let ratio: Int
    private let low: Int
    private let high: Int

    /// The headings of the three cells.
    static let headings = [PairedColumn.wilcoxonMethod.rawValue, PairedColumn.pHolm.rawValue,
                           "\(PairedColumn.ratio.rawValue) [\(PairedColumn.ratioCILow.rawValue), \(PairedColumn.ratioCIHigh.rawValue)]"]

    /// What the cells say, for the table's note (continuing its sentence on `wilcoxon_p`).
    static let note = ", exact for at most 25 non-zero differences without ties (wilcoxon_method); p_holm is Holm's adjustment "
        + "over the file's rows of one metric; ratio is the policy's mean over the baseline's with its 95 % bootstrap interval "
        + "(empty when the baseline's mean is 0)."

    /// The columns of `header`, or nil when it lacks one of them.
    init?(header: [String]) {
        func column(_ name: PairedColumn) -> Int? { header.firstIndex(of: name.rawValue) }
        guard let method = column(.wilcoxonMethod), let holm = column(.pHolm), let ratio = column(.ratio),
              let low = column(.ratioCILow), let high = column(.ratioCIHigh) else { return nil }
        (self.method, self.holm, self.ratio, self.low, self.high) = (method, holm, ratio, low, high)
    }

    /// A row's three cells: method, adjusted p-value, and the ratio with its interval when it has one.
    func cells(_ row: [String]) -> [String] {
        let interval = row[low].isEmpty ? "" : " [\(row[low]), \(row[high])]"
        return [row[method], row[holm], row[ratio].isEmpty ? "" : row[ratio] + interval]
    }
}
