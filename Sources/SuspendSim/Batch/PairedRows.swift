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
/// The bootstraps, most of the work, run when `fields` is read, spread over `jobs` threads
/// (`parallelMap`); each row has its own seed, so the bytes are the same at any `jobs`.
struct PairedRows {
    /// The bootstrap's seed for the whole file (`SummaryTable.bootstrapSeed`).
    let seed: UInt64
    /// Whether a row carries `baseline_mean,mean` after `pairs` (`whatif.csv`).
    let withMeans: Bool
    /// The threads the bootstraps run on.
    let jobs: Int
    private var rows: [Row] = []

    private struct Row {
        var leading: [String]
        var test: (p: Double, method: WilcoxonSignedRank.Method)?
        /// The pairs and the seed of the ratio's interval; no pairs for a row without any.
        var sides: [(baseline: Int64, value: Int64)]
        var seed: UInt64
        var family: [String]
    }

    init(seed: UInt64, withMeans: Bool, jobs: Int = 1) {
        self.seed = seed
        self.withMeans = withMeans
        self.jobs = jobs
    }

    /// Adds the row of `leading` cells over `sides`, each pair's baseline and value in
    /// thousandths; `family` names the rows Holm adjusts together.
    mutating func add(_ leading: [String], sides: [(baseline: Int64, value: Int64)], family: [String]) {
        guard !sides.isEmpty else {
            // `baseline_mean,mean` (what-ifs), `mean_diff,ci_low,ci_high,wilcoxon_p`.
            rows.append(Row(leading: leading + ["0"] + Array(repeating: "", count: withMeans ? 6 : 4), test: nil,
                            sides: [], seed: 0, family: family))
            return
        }
        let differences = sides.map { $0.value - $0.baseline }
        let test = WilcoxonSignedRank.test(thousandths: differences)
        var cells = leading + [String(sides.count)]
        if withMeans { cells += [Self.mean(sides.map(\.baseline)), Self.mean(sides.map(\.value))] }
        cells += GroupsTable.intervalFields(differences.map { Double($0) / 1000 })
        cells.append(test.map { ComparisonNumbers.general4($0.p) } ?? "")
        rows.append(Row(leading: cells, test: test, sides: sides, seed: RatioBootstrap.seed(base: seed, row: leading), family: family))
    }

    /// The rows' fields, in the order added, each family's p-values adjusted by Holm.
    var fields: [[String]] {
        let adjusted = HolmAdjustment.adjust(rows.map { $0.test?.p }, families: rows.map(\.family))
        let rows = rows
        let ratios = parallelMap(count: rows.count, jobs: jobs) { index in
            Self.ratioFields(rows[index].sides, seed: rows[index].seed)
        }
        return zip(zip(rows, adjusted), ratios).map { pair, ratio in
            pair.0.leading + [pair.0.test?.method.rawValue ?? "", pair.1.map(ComparisonNumbers.general4) ?? ""] + ratio
        }
    }

    /// `ratio,ratio_ci_low,ratio_ci_high` of `sides` (all three empty without pairs).
    private static func ratioFields(_ sides: [(baseline: Int64, value: Int64)], seed: UInt64) -> [String] {
        guard !sides.isEmpty else { return ["", "", ""] }
        let interval = RatioBootstrap.interval(sides, seed: seed)
        return [RatioBootstrap.ratio(sides), interval?.low, interval?.high].map { $0.map(ComparisonNumbers.fixed3) ?? "" }
    }

    /// The mean of thousandths, summed in order in double precision, with 3 decimals.
    private static func mean(_ values: [Int64]) -> String {
        ComparisonNumbers.fixed3(values.reduce(0.0) { $0 + Double($1) / 1000 } / Double(values.count))
    }
}
