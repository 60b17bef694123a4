/// `expect: { observed_within_ci: true }` (SPEC 18): every observed counter lies inside its
/// simulated 95 % interval, at each point of the batch and under each policy. Judged on the
/// numbers `observed.csv` prints (3 decimals), so that what a reader sees and what `check`
/// says agree; a point with one run has no interval, and passes only when its mean equals
/// the observed value.
package enum ObservedCheck {
    /// One result per point and policy of the scenario's batch (`entry` of `plan`), from the
    /// batch's `tally`.
    package static func results(_ plan: BatchPlan, entry: Int, tally: SurvivalTally, file: String, line: Int?) -> [CheckResult] {
        var results: [CheckResult] = []
        plan.forEachGroupedApp { row in
            guard row.entry.path == plan.entries[entry].path, let observed = row.point.scenario.observed,
                  observed.app == row.appIndex else { return }
            let counts = tally.counts(group: row.group, app: row.appIndex)
            var failures: [String] = []
            for (counter, thousandths) in observed.counters {
                let sums = ObservedCSV.Sums(runs: tally.runs[row.group], total: counts.value(of: counter),
                                            squares: tally.observedSquares(group: row.group, counter: counter))
                if let problem = problem(counter, observed: thousandths, sums: sums) {
                    failures.append("\(file)\(line.map { ":\($0)" } ?? ""): expect.observed_within_ci: \(problem)")
                }
            }
            results.append(CheckResult(
                scenario: row.entry.name + pointLabel(plan.columns, row.point.columnValues), policy: row.policy, file: file,
                status: failures.isEmpty ? .passed : .failed, failures: failures))
        }
        return results
    }

    /// What is wrong with one counter at one point, or nil when its observed value is inside.
    static func problem(_ counter: Scenario.Observed.Counter, observed: Int64, sums: ObservedCSV.Sums) -> String? {
        guard sums.runs > 0 else { return "\(counter.rawValue): no run" }
        let mean = thousandths(Double(sums.total) / Double(sums.runs))
        let (low, high) = ObservedCSV.interval(sums).map { (thousandths($0.low), thousandths($0.high)) } ?? (mean, mean)
        guard observed < low || observed > high else { return nil }
        return "\(counter.rawValue) observed \(text(observed)) a day is outside the simulated interval "
            + "\(text(low))..\(text(high)) (mean \(text(mean)) per run, \(sums.runs) run\(sums.runs == 1 ? "" : "s"))"
    }

    /// ` {key=value, ...}` for a point of a sweep; empty without one.
    static func pointLabel(_ columns: [String], _ values: [String?]) -> String {
        guard !columns.isEmpty else { return "" }
        return " {" + zip(columns, values).map { "\($0)=\($1 ?? "")" }.joined(separator: ", ") + "}"
    }

    /// `value` in thousandths, as C's `printf("%.3f")` rounds it.
    private static func thousandths(_ value: Double) -> Int64 {
        var bytes: [UInt8] = []
        CSVFormatting.appendFixed3(value, to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let negative = text.hasPrefix("-")
        let digits = text.filter { $0 != "." && $0 != "-" }
        let magnitude = Int64(digits) ?? 0
        return negative ? -magnitude : magnitude
    }

    /// Thousandths as a decimal with 3 places.
    private static func text(_ thousandths: Int64) -> String {
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = thousandths.magnitude
        let fraction = String(magnitude % 1000)
        return sign + "\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
