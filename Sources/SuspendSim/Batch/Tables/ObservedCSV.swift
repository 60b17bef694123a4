/// A batch's `Reports/observed.csv` (SPEC 18, 26): for each scenario with `observed:`, each
/// sweep point, policy and observed counter, the field's value per day with its own 95 %
/// interval (Garwood's, for the exit and launch counters; `PoissonInterval`) beside the simulated mean
/// per run of that counter for `observed.app`, with a 95 % interval
/// `mean ± 1.959963984540054 × sd / √runs` (sample standard deviation, n − 1), then the
/// batch's sweep columns. One run stands for one day of the field. A batch over several trace
/// users pools them (SPEC 24): a row per scenario, policy, counter and point of the other sweep
/// keys, over every user's runs, without the `trace.user` column; a run whose user does not have
/// the observed app counts 0 for it.
///
/// The interval's cells are empty for a point with one run (its standard deviation is
/// undefined), and every simulated cell for a point with none (only a shard can have one).
/// Numbers have 3 decimals, printed as C's `printf("%.3f")` prints the Double (SPEC 8).
///
/// A shard's file holds the exact sums instead (`ObservedShardColumn`: `total` and
/// `total_squares` in place of the mean and the interval), so that `merge` adds them up and
/// writes a single run's bytes.
package enum ObservedCSV {
    /// The 97.5th percentile of the standard normal distribution (SPEC 18).
    static let z975 = 1.959963984540054

    /// A counter's value per run summed over a group's runs, and the sum of its squares.
    struct Sums {
        var runs: Int
        var total: Int
        var squares: Int
    }

    /// The field's cells of a row, already CSV fields: its value per day and its interval
    /// (empty cells for the seconds).
    struct Field {
        var observed: [UInt8]
        var low: [UInt8]
        var high: [UInt8]

        /// The cells of `counter`'s value per day in thousandths, over `days` days: the value,
        /// and for an exit or launch counter Garwood's interval of the total, over the days
        /// (SPEC 26, 27).
        init(_ counter: Scenario.Observed.Counter, thousandths: Int64, days: Int) {
            observed = []
            CSVFormatting.appendRoundedThousandths(numerator: UInt64(thousandths), denominator: 1000, to: &observed)
            (low, high) = ([], [])
            guard counter.kind != .seconds, days > 0 else { return }
            let interval = PoissonInterval.perDay(thousandthsPerDay: thousandths, days: days)
            CSVFormatting.appendFixed3(interval.low, to: &low)
            CSVFormatting.appendFixed3(interval.high, to: &high)
        }

        /// Cells as a file holds them (`merge` copies a shard's).
        init(observed: some Collection<UInt8>, low: some Collection<UInt8>, high: some Collection<UInt8>) {
            (self.observed, self.low, self.high) = (Array(observed), Array(low), Array(high))
        }
    }

    /// Appends a row's fixed fields (`ObservedColumn`'s, or a shard's `ObservedShardColumn`'s):
    /// its prefix (`scenario,policy,counter`), the field's cells, then the simulated statistics
    /// from `sums` (or, for a shard, the sums). A shard's column of a single run's name holds
    /// that column's cell.
    static func appendRow<Sink: CSVByteSink>(
        _ prefix: BatchRowPrefix, field: Field, sums: Sums, shard: Bool = false, to bytes: inout Sink
    ) {
        guard shard else {
            let interval = interval(sums)
            return prefix.appendRow(ObservedColumn.self, to: &bytes) { column, bytes in
                appendCell(column, field: field, sums: sums, interval: interval, to: &bytes)
            }
        }
        prefix.appendRow(ObservedShardColumn.self, to: &bytes) { column, bytes in
            switch column {
            case .total: CSVFormatting.appendInteger(sums.total, to: &bytes)
            case .totalSquares: CSVFormatting.appendInteger(sums.squares, to: &bytes)
            case .scenario, .policy, .counter, .observed, .observedCILow, .observedCIHigh, .runs:
                appendCell(column.singleRunColumn, field: field, sums: sums, interval: nil, to: &bytes)
            }
        }
    }

    /// Appends the cell of `column` after the prefix: the field's, or the simulated mean per
    /// run with its `interval` (nil: empty cells) and the runs.
    private static func appendCell<Sink: CSVByteSink>(
        _ column: ObservedColumn, field: Field, sums: Sums, interval: (low: Double, high: Double)?, to bytes: inout Sink
    ) {
        switch column {
        case .scenario, .policy, .counter: break  // the prefix's cells
        case .observed: bytes.append(contentsOf: field.observed)
        case .observedCILow: bytes.append(contentsOf: field.low)
        case .observedCIHigh: bytes.append(contentsOf: field.high)
        case .simulatedMean: if sums.runs > 0 { CSVFormatting.appendRatio(sums.total, of: sums.runs, to: &bytes) }
        case .ciLow: if let interval { CSVFormatting.appendFixed3(interval.low, to: &bytes) }
        case .ciHigh: if let interval { CSVFormatting.appendFixed3(interval.high, to: &bytes) }
        case .runs: CSVFormatting.appendInteger(sums.runs, to: &bytes)
        }
    }

    /// The 95 % interval of the mean per run (SPEC 18); nil with fewer than two runs. The
    /// variance is computed from the integer sums exactly, then once in double precision.
    static func interval(_ sums: Sums) -> (low: Double, high: Double)? {
        guard sums.runs > 1 else { return nil }
        let n = Double(sums.runs)
        let mean = Double(sums.total) / n
        // Exact in 64 bits for counts; the seconds of a very large group may not fit, and are
        // then formed in double precision.
        let (scaled, overflowA) = sums.runs.multipliedReportingOverflow(by: sums.squares)
        let (squaredTotal, overflowB) = sums.total.multipliedReportingOverflow(by: sums.total)
        let spread = overflowA || overflowB ? max(0, n * Double(sums.squares) - Double(sums.total) * Double(sums.total))
            : Double(max(0, scaled - squaredTotal))
        let variance = spread / (n * (n - 1))
        let half = z975 * variance.squareRoot() / n.squareRoot()
        return (mean - half, mean + half)
    }

    /// Writes a row per counter of every group of a scenario with `observed:`, atomically.
    ///
    /// - Throws: `ReportWriter.Error`; the file is then left as it was.
    /// - Complexity: O(groups × counters)
    static func write(_ plan: BatchPlan, tally: SurvivalTally, shard: Bool = false, toPath target: String) throws {
        let file = try AtomicCSVStream(path: target, header: BatchReportFile.observed.header(followedBy: plan.tableColumns, shard: shard))
        plan.forEachGroupedApp { row in
            guard row.entry.kind == .batch, let observed = row.point.scenario.observed, row.observedApp == row.appIndex else { return }
            let counts = tally.counts(group: row.group, app: row.appIndex)
            for (counter, thousandths) in observed.counters {
                let field = Field(counter, thousandths: thousandths, days: observed.days(measuring: counter))
                let sums = Sums(runs: tally.runs[row.group], total: counts.value(of: counter),
                                squares: tally.observedSquares(group: row.group, counter: counter))
                file.appendRow { bytes in
                    appendRow(BatchRowPrefix(scenario: row.entry.name, policy: row.policy, subject: counter.rawValue), field: field,
                              sums: sums, shard: shard, to: &bytes)
                    SurvivalCSV.appendColumns(row.columnValues, to: &bytes)
                }
            }
        }
        try file.commit()
    }
}

extension BatchPlan {
    /// Whether a batch scenario of the plan has `observed:` (SPEC 18: it then writes
    /// `observed.csv`).
    var writesObserved: Bool {
        entries.contains { $0.kind == .batch && $0.points.first?.scenario.observed != nil }
    }
}
