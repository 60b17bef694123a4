/// The run page's "memory over time" chart (SPEC 15): the apps' footprints stacked in
/// scenario order, free memory as a line, the device's warning / idle / critical thresholds
/// dashed (from `device.csv`; none without it), and a marker for each eviction, labelled
/// "app, reason" up to `EvictionLabels.cap` per chart.
///
/// Footprints hold between `memory.csv` rows and free memory between `pressure.csv` rows.
/// Drawn per pixel column (`RunChartGeometry`): each stack layer at the highest top it reaches
/// in the column (so a short spike stays visible), free memory from its first value through
/// its lowest and highest to its last, markers once per app and column.
struct MemoryChart {
    /// The thresholds drawn, in `device.csv`'s keys, with their labels and dash patterns.
    static let thresholds: [(key: String, name: String, dash: String)] = [
        ("warning_free_mb", "warning", "8 4"),
        ("idle_free_mb", "idle", "3 3"),
        ("critical_free_mb", "critical", "12 3 2 3"),
    ]

    let reports: RunReports
    let geometry: RunChartGeometry

    /// The chart, and what the caption says about its labels.
    func render() -> (svg: String, labelled: Int, evictions: Int) {
        let columns = geometry.columns
        let appCount = reports.apps.count
        let tops = stackTops(columns: columns, apps: appCount)
        let freeColumns = freeByColumn(columns: columns)

        // The y axis: 0 (or the lowest free value) to a round value above everything drawn.
        var highest = tops.last?.max() ?? 0
        var lowest = 0.0
        for column in freeColumns {
            guard let column else { continue }
            highest = max(highest, column.high)
            lowest = min(lowest, column.low)
        }
        let thresholds = Self.thresholds.compactMap { entry in reports.threshold(entry.key).map { (entry, $0) } }
        for (_, value) in thresholds { highest = max(highest, value) }
        let top = ChartScale.niceCeiling(max(highest, 1) * 1.04)
        let bottom = lowest < 0 ? -ChartScale.niceCeiling(-lowest * 1.1) : 0

        // Labels above the plot.
        let killColumns = reports.evictions.map { geometry.column($0.time) }
        let markerX = killColumns.map { Double(geometry.columnX($0)) + 0.5 }
        let minX = Double(RunChartGeometry.left), maxX = Double(RunChartGeometry.width - RunChartGeometry.right)
        let labels = EvictionLabels(
            EvictionLabels.chooseLabelled(markerX, minX: minX, maxX: maxX).map { index in
                let eviction = reports.evictions[index]
                return (text: "\(reports.apps[eviction.app]), \(eviction.reason)", x: markerX[index], app: eviction.app)
            },
            minX: minX, maxX: maxX)
        let labelBand = Double(labels.rowCount) * EvictionLabels.rowHeight + (labels.rowCount > 0 ? 8 : 0)
        let plotTop = 22 + labelBand
        let plotHeight = 320.0
        let plotBottom = plotTop + plotHeight
        let height = Int(plotBottom + 44)
        let y = ChartScale(domain: bottom...top, range: plotTop...plotBottom, inverted: true)

        var svg = SVGWriter(width: RunChartGeometry.width, height: height,
                            label: "Memory over time: footprints stacked per app, free memory, thresholds and evictions",
                            id: "memory-chart")
        // The unit above the top tick's label, clear of it (SPEC 19: no two labels overlap).
        svg.label("MB", x: Double(RunChartGeometry.left) - 8, y: plotTop - 10, anchor: "end", class: "tm")
        var grid = ""
        for tick in y.ticks(6) {
            let py = ChartNumber.px(y.pixel(tick))
            grid += "M\(RunChartGeometry.left) \(py)H\(RunChartGeometry.width - RunChartGeometry.right)"
            svg.label(ChartNumber.short(tick, 1), x: Double(RunChartGeometry.left) - 8, y: y.pixel(tick) + 4, anchor: "end", class: "tm")
        }
        svg.path(grid, class: "grid")
        geometry.drawTimeAxis(into: &svg, top: plotTop, y: plotBottom)

        // Stack: the highest cumulative layer first, each later one painted over the one
        // before, so that app k shows between the tops of apps k - 1 and k.
        let base = ChartNumber.px(y.pixel(0))
        for app in stride(from: appCount - 1, through: 0, by: -1) {
            let below = app > 0 ? tops[app - 1] : nil
            if let below, below == tops[app] { continue }  // never resident: nothing to draw
            if below == nil, tops[app].allSatisfy({ $0 == 0 }) { continue }
            svg.path(stepArea(tops[app], y: y, base: base), class: "area \(ChartPalette.colourClass(app))",
                     title: reports.apps[app])
        }

        // Thresholds, dashed across the plot, named in the left margin (moved apart when close).
        var lastLabelY = -Double.infinity
        for (entry, value) in thresholds.sorted(by: { $0.1 > $1.1 }) {
            let py = y.pixel(value)
            svg.line(Double(RunChartGeometry.left), py, Double(RunChartGeometry.width - RunChartGeometry.right), py,
                     class: "thr thr-\(entry.name)", extra: "stroke-dasharray=\"\(entry.dash)\"")
            let labelY = max(py + 4, lastLabelY + 13)
            lastLabelY = labelY
            svg.line(Double(RunChartGeometry.left) - 46, py, Double(RunChartGeometry.left), py, class: "thr",
                     extra: "stroke-dasharray=\"\(entry.dash)\"")
            svg.label("\(entry.name) \(ChartNumber.short(value, 1)) MB", x: Double(RunChartGeometry.left) - 50,
                      y: labelY, anchor: "end", class: "tm")
        }

        svg.path(freePath(freeColumns, y: y), class: "free")

        // Eviction markers: a tick at the plot's top in the app's colour, once per app and column.
        var marked = Set<Int>()
        var ticks = [String](repeating: "", count: appCount)
        for (eviction, column) in zip(reports.evictions, killColumns) where marked.insert(eviction.app * columns + column).inserted {
            ticks[eviction.app] += "M\(geometry.columnX(column)) \(ChartNumber.px(plotTop - 2))v16"
        }
        for app in 0..<appCount {
            svg.path(ticks[app], class: "mark \(ChartPalette.colourClass(app))")
        }
        var leaders = ""
        for placement in labels.placements {
            let rowY = plotTop - 6 - Double(placement.row) * EvictionLabels.rowHeight
            leaders += "M\(ChartNumber.px(placement.markerX)) \(ChartNumber.px(rowY - 9))V\(ChartNumber.px(plotTop))"
            svg.rect(x: placement.textX, y: rowY - 10, width: 8, height: 8, class: "area \(ChartPalette.colourClass(placement.app))")
            svg.label(placement.text, x: placement.textX + EvictionLabels.swatchWidth, y: rowY - 2, class: "lbl halo evl")
        }
        svg.path(leaders, class: "leader")
        return (svg.finish(), labels.placements.count, reports.evictions.count)
    }

    /// For each app k, per column, the highest value the sum of the footprints of apps 0...k
    /// reaches in the column (instants of one time are applied together).
    func stackTops(columns: Int, apps: Int) -> [[Double]] {
        guard apps > 0 else { return [] }
        var tops = [[Double]](repeating: [Double](repeating: 0, count: columns), count: apps)
        var footprint = [Double](repeating: 0, count: apps)
        func record(_ column: Int) {
            var sum = 0.0
            for app in 0..<apps {
                sum += footprint[app]
                if sum > tops[app][column] { tops[app][column] = sum }
            }
        }
        let changes = reports.footprints
        var index = 0
        for column in 0..<columns {
            record(column)
            while index < changes.count, geometry.column(changes[index].time) == column {
                let time = changes[index].time
                while index < changes.count, changes[index].time == time {
                    footprint[changes[index].app] = changes[index].footprint
                    index += 1
                }
                record(column)
            }
        }
        return tops
    }

    /// Free memory per column: the value the column starts with, its lowest and highest, and
    /// the value it ends with; nil before the first `pressure.csv` row.
    func freeByColumn(columns: Int) -> [(open: Double, low: Double, high: Double, close: Double)?] {
        var result: [(open: Double, low: Double, high: Double, close: Double)?] = Array(repeating: nil, count: columns)
        var current: Double?
        var index = 0
        let samples = reports.free
        for column in 0..<columns {
            var entry = current.map { (open: $0, low: $0, high: $0, close: $0) }
            while index < samples.count, geometry.column(samples[index].time) == column {
                let value = samples[index].free
                if entry == nil { entry = (value, value, value, value) }
                entry!.low = min(entry!.low, value)
                entry!.high = max(entry!.high, value)
                entry!.close = value
                current = value
                index += 1
            }
            result[column] = entry
        }
        return result
    }

    /// A closed step area from the base line up to `values` (one per column).
    private func stepArea(_ values: [Double], y: ChartScale, base: String) -> String {
        var d = "M\(RunChartGeometry.left) \(base)"
        var last: String?
        for (column, value) in values.enumerated() {
            let py = ChartNumber.px(y.pixel(value))
            if py != last {
                if last != nil { d += "H\(geometry.columnX(column))" }
                d += "V\(py)"
                last = py
            }
        }
        d += "H\(geometry.columnX(values.count))V\(base)Z"
        return d
    }

    /// The free-memory line: in each column, a vertical stroke from the first value through
    /// the lowest and highest to the last, joined by steps.
    private func freePath(_ columns: [(open: Double, low: Double, high: Double, close: Double)?], y: ChartScale) -> String {
        var d = ""
        var currentX = -1
        var currentY = Int.min
        func step(_ x: Int, _ value: Double) {
            let py = Int(y.pixel(value).rounded(.toNearestOrAwayFromZero))
            if currentX < 0 {
                d += "M\(x) \(py)"
                currentX = x
                currentY = py
                return
            }
            guard py != currentY else { return }
            if x != currentX { d += "H\(x)" }
            d += "V\(py)"
            currentX = x
            currentY = py
        }
        var lastColumn = -1
        for (column, entry) in columns.enumerated() {
            guard let entry else { continue }
            let x = geometry.columnX(column)
            let extremes = abs(entry.close - entry.high) < abs(entry.close - entry.low)
                ? [entry.low, entry.high] : [entry.high, entry.low]
            for value in [entry.open] + extremes + [entry.close] { step(x, value) }
            lastColumn = column
        }
        if lastColumn >= 0 { d += "H\(geometry.columnX(lastColumn + 1))" }
        return d
    }
}
