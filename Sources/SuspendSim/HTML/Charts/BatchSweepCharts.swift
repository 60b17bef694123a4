/// The small charts of one batch scenario drawn against its sweep (SPEC 19), as `SweepChart`
/// values for `BatchPage` to lay out:
///
/// - per focus app (`FocusApps`), `never_killed_rate` with its Wilson band against the swept
///   value, one line per policy (a scenario that sweeps one key);
/// - the calibration picture: per counter of `observed.csv`, the simulated mean per run with
///   its 95 % interval, and the observed value as a horizontal line labelled "observed" (the
///   x axis is the swept value, or the points in sweep order when the scenario sweeps no key
///   or several);
/// - pressure kills per run (mean, band: fewest to most) and the hot-launch ratio (warm / all
///   launches, pooled) against the swept value, for a long sweep (`BatchPage`).
struct BatchSweepCharts {
    let reports: BatchReports
    let observed: ObservedReports
    let scenario: BatchReports.Scenario
    /// The apps given to focus on (`report --app`, or `run --html`'s `expect:` and `observed:`
    /// apps); nil or none of the scenario's: the change rule.
    let given: [String]?

    /// The x axis: the swept key and values, or the points in sweep order (each in words,
    /// `SweepValueLabels`).
    var axis: (key: String, values: [String], settings: [[String]]) {
        if let sweep = scenario.sweep { return (sweep.key, sweep.values, scenario.sweepOrder) }
        let labels = scenario.sweepOrder.map { $0.isEmpty ? "all runs" : reports.labels.text(settings: $0) }
        return ("point", labels, scenario.sweepOrder)
    }

    /// The x axis' tick labels: a labelled swept value's label (SPEC 15 "Labels").
    var valueNames: [String] {
        let axis = axis
        return axis.values.map { reports.labels.tick(axis.key, $0) }
    }

    private func key(_ policy: String, _ settings: [String]) -> BatchReports.PointKey {
        BatchReports.PointKey(scenario: scenario.name, policy: policy, settings: settings)
    }

    /// The focus apps and why; nil when the scenario sweeps no single key or `survival.csv`
    /// has no never-killed rates.
    func focus() -> (apps: [String], rule: FocusApps.Rule)? {
        guard scenario.sweep != nil, reports.hasNeverKilled, !scenario.apps.isEmpty else { return nil }
        let settings = axis.settings
        // An entry `<scenario>/<app>` is this scenario's only (`run` names each scenario's own).
        let prefix = scenario.name + "/"
        let ownGiven = given?.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
        return FocusApps.select(given: ownGiven, apps: scenario.apps) { app in
            FocusApps.change(scenario.policies.map { policy in
                settings.map { reports.survival[key(policy, $0)]?[app]?.neverKilled?.value }
            })
        }
    }

    /// A never-killed chart per focus app.
    func neverKilledCharts() -> [SweepChart] {
        guard let focus = focus() else { return [] }
        let axis = axis
        let styles = SeriesStyle.styles(for: scenario.policies)
        return focus.apps.map { app in
            let lines = scenario.policies.enumerated().map { index, policy in
                SweepChart.Line(label: reports.labels.policy(policy), style: styles[index],
                                values: axis.settings.map { reports.survival[key(policy, $0)]?[app]?.neverKilled })
            }
            let change = FocusApps.change(lines.map { $0.values.map { $0?.value } })
            let points = ChartNumber.short(change * 100, 1)
            let range = change < 0 ? "no runs" : change == 0 ? "the same at every swept value"
                : "changes by up to \(points) point\(points == "1" ? "" : "s") across the sweep"
            return SweepChart(title: app, subtitle: "never killed (share of runs); \(range)", key: axis.key,
                              values: axis.values, lines: lines, yAxis: .share, valueNames: valueNames)
        }
    }

    /// The counters of the scenario in `observed.csv` that are 0 in the field and 0 in every
    /// run at every point: a flat chart says nothing, so the page names them in one line.
    func zeroCounters() -> [String] {
        (observed.counters[scenario.name] ?? []).filter(Self.isZeroEverywhere).map(\.name)
    }

    private static func isZeroEverywhere(_ counter: ObservedReports.Counter) -> Bool {
        counter.observed == 0 && counter.simulated.values.allSatisfy { $0.value == 0 && ($0.high ?? 0) == 0 }
    }

    /// A calibration chart per counter of the scenario in `observed.csv`, but those that are 0
    /// everywhere (`zeroCounters`).
    func calibrationCharts() -> [SweepChart] {
        let axis = axis
        let styles = SeriesStyle.styles(for: scenario.policies)
        return (observed.counters[scenario.name] ?? []).filter { !Self.isZeroEverywhere($0) }.map { counter in
            let lines = scenario.policies.enumerated().map { index, policy in
                SweepChart.Line(label: reports.labels.policy(policy), style: styles[index], values: axis.settings.map { counter.simulated[key(policy, $0)] })
            }
            let observedText = ChartNumber.short(counter.observed, 3)
            return SweepChart(title: counter.name,
                              subtitle: "per run (a day): simulated mean, band: 95 % interval; observed \(observedText) a day",
                              key: axis.key, values: axis.values, lines: lines, yAxis: .count,
                              reference: (counter.observed, "observed \(observedText)"), valueNames: valueNames)
        }
    }

    /// Pressure kills per run and the hot-launch ratio against the swept value.
    func pointCharts() -> [SweepChart] {
        let axis = axis
        var kills: [SweepChart.Line] = []
        var ratios: [SweepChart.Line] = []
        let styles = SeriesStyle.styles(for: scenario.policies)
        for (index, policy) in scenario.policies.enumerated() {
            let points = axis.settings.map { reports.point(key(policy, $0)) }
            kills.append(SweepChart.Line(label: reports.labels.policy(policy), style: styles[index], values: points.map { point in
                guard let point, point.runs > 0 else { return nil }
                let spread = point.runs > 1
                return BatchReports.Rate(value: point.pressureKills / Double(point.runs),
                                         low: spread ? point.minPressureKills : nil, high: spread ? point.maxPressureKills : nil)
            }))
            ratios.append(SweepChart.Line(label: reports.labels.policy(policy), style: styles[index], values: points.map { point in
                guard let point, point.coldLaunches + point.warmLaunches > 0 else { return nil }
                return BatchReports.Rate(value: point.warmLaunches / (point.coldLaunches + point.warmLaunches))
            }))
        }
        return [
            SweepChart(title: "Pressure kills per run", subtitle: "mean over the point's runs; band: fewest to most in one run",
                       key: axis.key, values: axis.values, lines: kills, yAxis: .count, valueNames: valueNames),
            SweepChart(title: "Hot-launch ratio", subtitle: "warm launches / all launches of the point's runs",
                       key: axis.key, values: axis.values, lines: ratios, yAxis: .share, valueNames: valueNames),
        ]
    }
}
