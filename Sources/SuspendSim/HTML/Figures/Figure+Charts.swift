/// The figures of each kind of batch chart, with the rows of exactly what each draws
/// (`Figure`): a row per marker or bar the chart places, in the chart's order.
///
/// - A line chart (`SweepChart`, `ComparisonChart`): `label,<x key>,<y>,low,high`, a row per
///   marker (a value at an x), its interval when the chart draws one; a reference line (the
///   observed value of a calibration chart) is a row of its own label with no x.
/// - A survival chart: `label,panel,app,<y>,low,high`, a row per marker (a series' rate for an
///   app in a panel); apps never launched at a point have no marker and no row.
/// - A per-point bar chart (`PointChart`): `label,panel,value,low,high`, a row per bar (the
///   pressure kills per run with the fewest and most in one run, the hot-launch ratio).
extension Figure {
    /// The interval columns of every kind.
    static let intervalColumns = ["low", "high"]

    /// A sweep chart's figure: `yName` names its values' column.
    static func line(_ chart: SweepChart, title: [String], yName: String, legend: [(label: String, style: SeriesStyle)]) -> Figure {
        var rows: [[String]] = []
        for line in chart.lines {
            for (index, value) in line.values.enumerated() {
                guard let value else { continue }
                rows.append([line.label, chart.values[index], number(value.value), number(value.low), number(value.high)])
            }
        }
        if let reference = chart.reference { rows.append([reference.label, "", number(reference.value), "", ""]) }
        var figure = Figure(title: title, svg: chart.render(id: "figure"), legend: legend,
                            columns: [labelColumn, chart.key, yName] + intervalColumns, rows: rows)
        figure.styles = Dictionary(chart.lines.map { ($0.label, $0.style) }, uniquingKeysWith: { first, _ in first })
        figure.xTitle = AxisTitle.text(chart.key)
        figure.yTitle = MetricWords.text(yName)
        return figure
    }

    /// A what-if figure (SPEC 25): one app and counter, a panel per point (`ChartGrid`,
    /// `columns` to a row), each a chart of `mean_diff` against the swept value:
    /// `label,panel,<x key>,mean_diff,low,high`, a row per marker, its policy in `label` and its
    /// point in `panel`; the "no change" line a last row of its own, without a panel or an x.
    /// A figure of one panel is a line chart's (`line`: no `panel` column).
    static func whatIf(_ panels: [SweepChart], title: [String], columns: Int, legend: [(label: String, style: SeriesStyle)]) -> Figure {
        guard panels.count > 1 else {
            var figure = line(panels[0], title: title, yName: "mean_diff", legend: legend)
            figure.yTitle = "change per run"
            return figure
        }
        var rows: [[String]] = [], references: [[String]] = []
        for panel in panels {
            for row in line(panel, title: title, yName: "mean_diff", legend: legend).rows {
                // The reference line is the same in every panel: one row.
                if row[1].isEmpty {
                    if !references.contains([row[0], ""] + row.dropFirst()) { references.append([row[0], ""] + row.dropFirst()) }
                } else {
                    rows.append([row[0], panel.title] + row.dropFirst())
                }
            }
        }
        let svg = ChartGrid.svg(panels.enumerated().map { $1.render(id: "panel-\($0 + 1)") }, columns: columns,
                                label: title.joined(separator: " — "), id: "figure")
        var figure = Figure(title: title, svg: svg, legend: legend, columns: [labelColumn, "panel", panels[0].key, "mean_diff"] + intervalColumns,
                            rows: rows + references)
        figure.styles = Dictionary(panels.flatMap(\.lines).map { ($0.label, $0.style) }, uniquingKeysWith: { first, _ in first })
        figure.xTitle = AxisTitle.text(panels[0].key)
        figure.yTitle = "change per run"
        return figure
    }

    /// A comparison metric's figure (SPEC 21): a group mean and its interval per marker. A
    /// metric of one chart: `label,<x key>,<metric>,low,high`, each row's `label` the line's
    /// whole name (`ComparisonChart.Line.series`). A metric of small multiples (`panels`),
    /// drawn as `ComparisonFigure` lays them out (a panel to a row at one column, two to a row
    /// at two): `label,panel,<x key>,<metric>,low,high`, `label` the line's legend label and
    /// `panel` its panel's title, so that a re-drawing (`scripts/plot.py`) lays the same panels
    /// with the same legend; a series is then a label and a panel.
    static func comparison(_ panels: [ComparisonChart], title: [String]) -> Figure {
        let chart = panels[0]
        let several = panels.count > 1
        var rows: [[String]] = []
        for panel in panels {
            for line in panel.lines {
                for (index, value) in line.values.enumerated() {
                    guard let value else { continue }
                    let cells = [chart.values[index], number(value.value), number(value.low), number(value.high)]
                    rows.append(several ? [line.label, panel.panel?.title ?? ""] + cells : [line.series] + cells)
                }
            }
        }
        var figure = Figure(title: title, svg: chart.render(id: "figure"), legend: ComparisonFigure.legendLines(panels).map { ($0.label, $0.style) },
                            columns: [labelColumn] + (several ? ["panel"] : []) + [chart.key, chart.metric.column.rawValue] + intervalColumns,
                            rows: rows, oneColumn: ComparisonFigure.document(panels, columns: 1),
                            twoColumns: several ? ComparisonFigure.document(panels, columns: 2) : nil)
        figure.styles = Dictionary(panels.flatMap(\.lines).map { (several ? $0.label : $0.series, $0.style) }, uniquingKeysWith: { first, _ in first })
        figure.xTitle = AxisTitle.text(chart.key)
        figure.yTitle = chart.metric.unit
        return figure
    }

    /// A survival chart's figure: a series' drawn rate (and Wilson interval) per app per panel;
    /// `stacked`: its panels one under the other (`SurvivalChart.renderStacked`, a one-column figure).
    static func survival(_ chart: SurvivalChart, title: [String], pageTitle: String, stacked: Bool = false) -> Figure {
        var rows: [[String]] = []
        for panel in chart.panels {
            for (seriesIndex, series) in chart.series.enumerated() {
                guard seriesIndex < panel.points.count, let key = panel.points[seriesIndex], let values = chart.survival[key] else { continue }
                for app in chart.order {
                    guard let rate = values[chart.apps[app]]?.drawnSurvival else { continue }
                    rows.append([series.label, panel.title.joined(separator: " "), chart.apps[app],
                                 number(rate.value), number(rate.low), number(rate.high)])
                }
            }
        }
        let svg = stacked ? chart.renderStacked(title: pageTitle, id: "figure") : chart.render(title: pageTitle, id: "figure")
        var figure = Figure(title: title, svg: svg, legend: chart.series.map { ($0.label, $0.style) },
                            columns: [labelColumn, "panel", "app", "survival"] + intervalColumns, rows: rows)
        figure.styles = Dictionary(chart.series.map { ($0.label, $0.style) }, uniquingKeysWith: { first, _ in first })
        figure.xTitle = "survived the run (share of runs, 95 % Wilson interval)"
        return figure
    }

    /// The per-point bar chart's panels, as its axes title them.
    static let killsPanel = "pressure kills per run"
    static let ratioPanel = "hot-launch ratio"

    /// A per-point bar chart's figure: each point's bars (`PointChart`).
    static func points(_ chart: PointChart, title: [String], pageTitle: String, legend: [(label: String, style: SeriesStyle)]) -> Figure {
        var rows: [[String]] = []
        for row in chart.rows {
            let point = row.point
            if point.runs > 0 {
                let spread = point.runs > 1
                rows.append([row.label, killsPanel, number(point.pressureKills / Double(point.runs)),
                             spread ? number(point.minPressureKills) : "", spread ? number(point.maxPressureKills) : ""])
            }
            let launches = point.coldLaunches + point.warmLaunches
            if launches > 0 { rows.append([row.label, ratioPanel, number(point.warmLaunches / launches), "", ""]) }
        }
        var figure = Figure(title: title, svg: chart.render(title: pageTitle, id: "figure"), legend: legend,
                            columns: [labelColumn, "panel", "value"] + intervalColumns, rows: rows)
        figure.styles = Dictionary(chart.rows.map { ($0.label, $0.style) }, uniquingKeysWith: { first, _ in first })
        return figure
    }
}
