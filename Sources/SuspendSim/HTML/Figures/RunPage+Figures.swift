/// The charts of a run's page as figures (`report --figures`), titled as the page titles them.
///
/// Both charts are drawn in pixel columns (`RunChartGeometry`: 976 columns over the run on the
/// page, fewer in a figure laid out narrower, `FigureWidth.layoutWidth`), so
/// their rows are per column, a column's time being where it starts:
/// - "Memory over time": `label,time_s,mb,low,high`. A row per column of each stacked layer
///   the chart draws (the system memory band, each app or past `MemoryChart.defaultFoldAbove` apps
///   the kept ones and "other apps", the compressor), `mb` the layer's top
///   (cumulative, as stacked); free memory's line per column (`mb` its last value, `low` and
///   `high` its range in the column); each threshold line a row without a time.
/// - "State timeline": `label,state,start_s,end_s`, a row per bar: an app's run of columns in
///   one drawn state (past `MemoryChart.defaultFoldAbove` apps, the kept apps' and the "other
///   apps" lane's). Its marks (launches, kills) are in `transitions.csv`.
extension RunPage {
    /// Both charts as figures, laid out for `width` (nil: as the page lays them out).
    func figures(width: FigureWidth? = nil) -> [Figure] {
        let page = Double(RunChartGeometry.width)
        let geometry = RunChartGeometry(endTime: reports.endTime, width: Int(width?.layoutWidth(page: page) ?? page))
        let time = { (column: Int) in Figure.number(Double(column) * geometry.end / Double(geometry.columns)) }
        let chart = MemoryChart(reports: reports, geometry: geometry)
        // Past `MemoryChart.defaultFoldAbove` apps, the kept apps only (the folded layer has
        // the theme's grey, which no series style names).
        let legendApps = chart.kept ?? Array(reports.apps.indices)
        let legend = legendApps.map { (label: reports.apps[$0], style: SeriesStyle(colour: $0 % ChartPalette.okabeIto.count, shape: .square)) }
        var memory = Figure(title: ["Memory over time"], svg: chart.render().svg, legend: legend,
                            columns: [Figure.labelColumn, "time_s", "mb"] + Figure.intervalColumns, rows: memoryRows(chart, geometry: geometry, time: time))
        memory.styles = Dictionary(legend.map { ($0.label, $0.style) }, uniquingKeysWith: { first, _ in first })
        memory.xTitle = "time (s)"
        memory.yTitle = "memory (MB)"
        let timeline = StateTimeline(reports: reports, geometry: geometry, kept: chart.kept)
        var bars: [[String]] = []
        let states = timeline.columnsByLane(columns: geometry.columns).states
        let lanes = timeline.lanes
        for (index, lane) in states.enumerated() {
            var column = 0
            while column < lane.count {
                var end = column + 1
                while end < lane.count, lane[end] == lane[column] { end += 1 }
                if Int(lane[column]) < ChartPalette.states.count {
                    bars.append([timeline.title(of: lanes[index]), ChartPalette.states[Int(lane[column])].state, time(column), time(end)])
                }
                column = end
            }
        }
        var timelineFigure = Figure(title: ["State timeline"], svg: timeline.render(), legend: [],
                                    columns: [Figure.labelColumn, "state", "start_s", "end_s"], rows: bars)
        timelineFigure.xTitle = "time (s)"
        return [memory, timelineFigure]
    }

    /// The memory chart's rows (see the type's documentation), layers in the order they are painted.
    private func memoryRows(_ chart: MemoryChart, geometry: RunChartGeometry, time: (Int) -> String) -> [[String]] {
        let layers = chart.stackTops(columns: geometry.columns), kinds = chart.stackLayers
        var rows: [[String]] = []
        for layer in stride(from: layers.count - 1, through: 0, by: -1) {
            let below = layer > 0 ? layers[layer - 1] : nil
            if let below, below == layers[layer] { continue }
            if below == nil, layers[layer].allSatisfy({ $0 == 0 }) { continue }
            let label = chart.title(of: kinds[layer])
            rows += layers[layer].enumerated().map { [label, time($0), Figure.number($1), "", ""] }
        }
        for (column, free) in chart.freeByColumn(columns: geometry.columns).enumerated() {
            guard let free else { continue }
            rows.append(["free memory", time(column), Figure.number(free.close), Figure.number(free.low), Figure.number(free.high)])
        }
        for entry in MemoryChart.thresholds {
            guard let value = reports.threshold(entry.key) else { continue }
            rows.append(["\(entry.name) threshold", "", Figure.number(value), "", ""])
        }
        return rows
    }
}
