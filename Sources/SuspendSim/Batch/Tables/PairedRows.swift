/// The rows of `paired.csv` or `whatif.csv` (SPEC 21, 25, refined), collected whole so that
/// `p_holm` can adjust each family's p-values before any row is written.
///
/// Each row is its leading cells (the keys, `policy`, `metric`, ...), then, from its pairs'
/// values in exact thousandths: `pairs` (`whatif.csv`: then `baseline_mean,mean`),
/// `mean_diff,ci_low,ci_high` (Student's interval of the differences value − baseline),
/// `wilcoxon_p` (`WilcoxonSignedRank`, `%.4g`), `wilcoxon_method`, `p_holm` (Holm over the
/// rows of the row's family that have a p-value, `%.4g`), and `ratio,ratio_ci_low,ratio_ci_high`
/// (`RatioBootstrap`, `%.3f`). A row without pairs has `pairs` 0 and every other cell empty.
///
/// Rows over the same pairs (the same comparison cells and the same ordered runs) form a
/// group that shares its bootstrap resamples (`RatioBootstrap.Counts`), seeded from the
/// group's cells; rows whose pairs differ (a metric missing in some run) form their own group.
/// The bootstraps, most of the work, run when `fields` is read, group by group over `jobs`
/// threads (`parallelMap`); a group's draws depend on its seed only, so the bytes are the same
/// at any `jobs` and in any order of rows.
struct PairedRows {
    /// The bootstrap's seed for the whole file (`SummaryTable.bootstrapSeed`).
    let seed: UInt64
    /// Whether a row carries `baseline_mean,mean` after `pairs` (`whatif.csv`).
    let withMeans: Bool
    /// The threads the bootstraps run on.
    let jobs: Int
    /// Whether the ratios' bootstraps run; without them `ratio,ratio_ci_low,ratio_ci_high`
    /// are empty (SPEC 39's `sensitivity.csv` has no ratio columns and draws none).
    var ratios = true
    private var rows: [Row] = []

    private struct Row {
        /// The leading cells, then `pairs` (and `baseline_mean,mean`).
        var leading: [String]
        /// Student's interval of the differences, when there are any.
        var interval: (mean: Double, low: Double, high: Double)?
        var test: (p: Double, method: WilcoxonSignedRank.Method)?
        /// The pairs; none for a row without any.
        var sides: [(baseline: Int64, value: Int64)]
        var family: [String]
    }

    /// Rows over the same pairs: the comparison's cells and the runs, in order.
    private struct GroupKey: Hashable {
        var cells: [String]
        var runs: [Int]
    }

    /// Each group's seed and rows (indices into `rows`), in order of first row.
    private var groups: [(seed: UInt64, rows: [Int])] = []
    private var groupIndex: [GroupKey: Int] = [:]

    init(seed: UInt64, withMeans: Bool, jobs: Int = 1) {
        self.seed = seed
        self.withMeans = withMeans
        self.jobs = jobs
    }

    /// Adds the row of `leading` cells over `sides`, each pair's baseline and value in
    /// thousandths; `family` names the rows Holm adjusts together. `comparison` (the leading
    /// cells that name the comparison, without the app and metric) and `runs` (one run per
    /// pair, in the order of `sides`) name the row's group.
    mutating func add(_ leading: [String], sides: [(baseline: Int64, value: Int64)], family: [String],
                      comparison: [String], runs: [Int]) {
        precondition(runs.count == sides.count)
        guard !sides.isEmpty else {
            // `baseline_mean,mean` (what-ifs) empty too.
            rows.append(Row(leading: leading + ["0"] + (withMeans ? ["", ""] : []), interval: nil, test: nil, sides: [], family: family))
            return
        }
        let differences = sides.map { $0.value - $0.baseline }
        let test = WilcoxonSignedRank.test(thousandths: differences)
        var cells = leading + [String(sides.count)]
        if withMeans { cells += [Self.mean(sides.map(\.baseline)), Self.mean(sides.map(\.value))] }
        let interval = ComparisonNumbers.studentInterval(differences.map { Double($0) / 1000 })
        let key = GroupKey(cells: comparison, runs: runs)
        if let group = groupIndex[key] {
            groups[group].rows.append(rows.count)
        } else {
            groupIndex[key] = groups.count
            groups.append((RatioBootstrap.seed(base: seed, row: comparison), [rows.count]))
        }
        rows.append(Row(leading: cells, interval: interval, test: test, sides: sides, family: family))
    }

    /// The rows' fields, in the order added, each family's p-values adjusted by Holm.
    var fields: [[String]] {
        let adjusted = HolmAdjustment.adjust(rows.map { $0.test?.p }, families: rows.map(\.family))
        let rows = rows, groups = groups
        let computed = !ratios ? [] : parallelMap(count: groups.count, jobs: jobs) { group in
            Self.ratios(groups[group].rows.map { rows[$0].sides }, seed: groups[group].seed)
        }
        var ratios = [Ratio](repeating: Self.noRatio, count: rows.count)
        for (group, values) in zip(groups, computed) {
            for (row, ratio) in zip(group.rows, values) { ratios[row] = ratio }
        }
        let cell = { (value: Double?) in value.map(ComparisonNumbers.fixed3) ?? "" }
        return rows.indices.map { index in
            let row = rows[index]
            return row.leading + PairedStatistic.allCases.map { statistic in
                switch statistic {
                case .meanDiff: cell(row.interval?.mean)
                case .ciLow: cell(row.interval?.low)
                case .ciHigh: cell(row.interval?.high)
                case .wilcoxonP: row.test.map { ComparisonNumbers.general4($0.p) } ?? ""
                case .wilcoxonMethod: row.test?.method.rawValue ?? ""
                case .pHolm: adjusted[index].map(ComparisonNumbers.general4) ?? ""
                case .ratio: cell(ratios[index].ratio)
                case .ratioCILow: cell(ratios[index].low)
                case .ratioCIHigh: cell(ratios[index].high)
                }
            }
        }
    }

    /// A row's ratio of the means and its bootstrap interval (`ratio,ratio_ci_low,ratio_ci_high`),
    /// each nil when it has none.
    private typealias Ratio = (ratio: Double?, low: Double?, high: Double?)
    private static let noRatio: Ratio = (nil, nil, nil)

    /// The ratio of each row of one group (each row's `sides`, the same count), from resamples
    /// drawn once for the group when a row needs them; the per-row method with the group's
    /// seed (the same values) for rows that need no draw and for a group too large to count.
    private static func ratios(_ group: [[(baseline: Int64, value: Int64)]], seed: UInt64) -> [Ratio] {
        let count = group.first?.count ?? 0
        let intervals = (1...RatioBootstrap.Counts.largestGroup).contains(count)
            ? RatioBootstrap.Counts(pairs: count, seed: seed).intervals(group)
            : group.map { RatioBootstrap.interval($0, seed: seed) }
        return zip(group, intervals).map { sides, interval in
            sides.isEmpty ? noRatio : (RatioBootstrap.ratio(sides), interval?.low, interval?.high)
        }
    }

    /// The mean of thousandths, summed in order in double precision, with 3 decimals.
    private static func mean(_ values: [Int64]) -> String {
        ComparisonNumbers.fixed3(values.reduce(0.0) { $0 + Double($1) / 1000 } / Double(values.count))
    }
}
