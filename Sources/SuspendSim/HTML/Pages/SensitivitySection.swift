/// "How far the answer moves" on a batch page (SPEC 39): the verdict lines, every one (stdout
/// shows at most 12 of each kind), then a tornado chart per what-if app and metric of the
/// answer at the first point of each scenario, within SPEC 21's panel cap
/// (`PanelBudget.limit`). Computed from the folder's `sensitivity_runs.csv` as `report`
/// computes `sensitivity.csv` (`SensitivityRunsFile`), with the folder's what-if.
struct SensitivitySection {
    /// The verdict lines, without their `sensitivity: ` prefix.
    let lines: [String]
    let charts: [TornadoChart]

    static let id = "sensitivity"
    static let title = "How far the answer moves"

    /// Reads `folder`'s `sensitivity_runs.csv`; nil without one.
    ///
    /// - Throws: `ReportCSV.Unreadable` for a file that cannot be read.
    init?(folder: String) throws(ReportCSV.Unreadable) {
        let output: SensitivityRunner.Output?
        do {
            output = try SensitivityRunsFile.compute(folder: folder, whatIf: SensitivityRunsFile.savedWhatIf(folder: folder))
        } catch {
            throw ReportCSV.Unreadable(path: SensitivityFile.runs.path(in: folder), reason: error.description)
        }
        guard let output else { return nil }
        let prefix = "sensitivity: "
        lines = SensitivityVerdict.lines(output).map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
        charts = Array(Self.tornadoes(output).prefix(PanelBudget.limit))
    }

    /// The tornado of each scenario's first point, per what-if app and metric of the answer.
    static func tornadoes(_ output: SensitivityRunner.Output) -> [TornadoChart] {
        let columns = output.columns.enumerated().filter { $0.element != TraceKey.user.path }.map(\.offset)
        var charts: [TornadoChart] = []
        for scenario in output.scenarios {
            guard let first = scenario.own.first else { continue }
            let point = [scenario.name, first.identity[1]] + columns.map { first.columnValues[$0] }
            let atPoint = scenario.own.filter { run in [scenario.name, run.identity[1]] + columns.map { run.columnValues[$0] } == point }
            let rows = output.table.dropFirst().filter { Array($0.prefix(point.count)) == point }
            let key = point.count
            // The first point: its policy and sweep values, each by its key's last part.
            let keys = ["policy"] + columns.map { output.columns[$0].split(separator: ".").last.map(String.init) ?? "" }
            let place = zip(keys, point.dropFirst()).filter { !$0.1.isEmpty }.map { "\($0) \($1)" }.joined(separator: ", ")
            for (app, metric) in SensitivityVerdict.answerMetrics(scenario.own, apps: scenario.apps) {
                let name = WhatIfAppMetric.names[metric]
                let slot = (scenario.apps.firstIndex(of: app) ?? 0) * WhatIfAppMetric.allCases.count + metric
                let defaults = SensitivityVerdict.defaultsMean(atPoint.map { slot < $0.appValues.count ? $0.appValues[slot] : 0 })
                let mine = rows.filter { $0[key + 3] == app && $0[key + 4] == name }
                var keys: [String] = []
                for row in mine where !keys.contains(row[key]) { keys.append(row[key]) }
                let bars = keys.map { assumption in
                    func end(_ side: String) -> (mean: Double, value: String) {
                        guard let row = mine.first(where: { $0[key] == assumption && $0[key + 1] == side }),
                              let mean = Double(row[key + 7]) else { return (defaults, "") }
                        return (mean, row[key + 2])
                    }
                    let low = end("low"), high = end("high")
                    return TornadoChart.Bar(key: assumption, low: low.mean, high: high.mean, lowValue: low.value, highValue: high.value)
                }
                guard !bars.isEmpty else { continue }
                charts.append(TornadoChart(title: "\(MetricWords.text(name)) of \(app)", subtitle: "mean per run at each end · \(place)",
                                           scenario: scenario.name, defaults: defaults, bars: TornadoChart.ordered(bars)))
            }
        }
        return charts
    }

    func node() -> HTMLNode {
        var nodes: [HTMLNode] = [
            .h2(.prose(Self.title)),
            .ul(class: "answer", .group(lines.map { .li(.text($0)) })),
        ]
        if !charts.isEmpty {
            let svgs = charts.enumerated().map { index, chart in HTMLNode.raw(chart.render(id: "tornado-\(index + 1)")) }
            nodes.append(.figure(.div(class: "multiples", .group(svgs)), .figcaption(.prose(
                "bar: the mean per run from an assumption's low end to its high end (an end not run sits at the defaults' mean); "
                    + "line: the mean with the defaults; widest first"))))
        }
        nodes.append(.p(class: "note", .text("Each assumption of assumptions.csv at its low and high end, on the batch's own seeds (SPEC 39); "
            + "\(SensitivityFile.table.rawValue) has every metric.")))
        return .section(id: Self.id, .group(nodes))
    }
}
