/// The run page's "memory over time" chart (SPEC 15): system and reserved memory as a grey
/// band at the bottom of the stack, the apps' footprints stacked on it in scenario order, free
/// memory as a line, the device's warning / idle / critical thresholds dashed (from
/// `device.csv`; none without it), and a marker for each eviction, labelled "app, reason" up
/// to `EvictionLabels.cap` per chart.
///
/// The band is `used_mb` less the footprints at each instant (the reserved memory and the
/// system's, which `system_allocate` changes), so the stack's top is used memory and the stack
/// and free memory add up to RAM at every instant. Footprints hold between `memory.csv` rows,
/// used and free memory between `pressure.csv` rows. Drawn per pixel column
/// (`RunChartGeometry`): each stack layer at the highest top it reaches in the column (so a
/// short spike stays visible), free memory from its first value through its lowest and highest
/// to its last, markers once per app and column.
struct MemoryChart {
    /// The thresholds drawn, by their device keys (`device.csv`'s rows), with their labels and
    /// dash patterns.
    static let thresholds: [(key: DeviceKey, name: String, dash: String)] = [
        (.warningFreeMB, "warning", "8 4"),
        (.idleFreeMB, "idle", "3 3"),
        (.criticalFreeMB, "critical", "12 3 2 3"),
    ]

    /// The band's name, in its `<title>` and the legend, before its source (SPEC 30):
    /// `bandTitle` says "system memory (limit)".
    static let bandName = "system memory"
    /// The reserved memory's band, drawn over the bottom of the system band up to
    /// `reserved_mb` (SPEC 30: system memory is a band of its own): its name and colour.
    static let reservedName = "reserved"
    static let reservedStyle = "--c:var(--fg);fill-opacity:.18"
    static let reservedSwatchStyle = "background:var(--fg);opacity:.18"
    /// The band's colour: the theme's neutral grey (light and dark), as an inline `--c`.
    static let bandStyle = "--c:var(--line)"

    /// The compressor's band (SPEC 22): its name, and its colour, the theme's text colour
    /// faded to a dark grey, in the chart and in the legend's swatch.
    static let compressorName = "compressor"
    static let compressorStyle = "--c:var(--fg);fill-opacity:.45"
    static let compressorSwatchStyle = "background:var(--fg);opacity:.45"

    let reports: RunReports
    let geometry: RunChartGeometry
    /// The apps drawn as layers of their own when the stack is folded (`keptApps`), nil when
    /// every app has its layer.
    let kept: [Int]?

    /// The chart of `reports`; past `foldAbove` apps the smaller ones are one layer (`keptApps`).
    init(reports: RunReports, geometry: RunChartGeometry, foldAbove: Int = MemoryChart.defaultFoldAbove) {
        self.reports = reports
        self.geometry = geometry
        kept = Self.keptApps(reports, foldAbove: foldAbove)
    }

    /// The chart, what the caption says about its labels, and whether it drew the band.
    func render() -> (svg: String, labelled: Int, evictions: Int, band: Bool) {
        let layers = stackTops(columns: geometry.columns)
        let freeColumns = freeByColumn(columns: geometry.columns)

        // The y axis: 0 (or the lowest free value) to a round value above everything drawn.
        var highest = layers.last?.max() ?? 0
        var lowest = 0.0
        for column in freeColumns {
            guard let column else { continue }
            highest = max(highest, column.high)
            lowest = min(lowest, column.low)
        }
        let thresholds = actingThresholds()
        for (_, value) in thresholds { highest = max(highest, value) }
        let top = ChartScale.niceCeiling(max(highest, 1) * 1.04)
        let bottom = lowest < 0 ? -ChartScale.niceCeiling(-lowest * 1.1) : 0

        // Labels above the plot.
        let killColumns = reports.evictions.map { geometry.column($0.time) }
        let labels = evictionLabels(killColumns)
        let labelBand = Double(labels.rowCount) * EvictionLabels.rowHeight + (labels.rowCount > 0 ? 8 : 0)
        let plotTop = 22 + labelBand
        let plotBottom = plotTop + 320
        let y = ChartScale(domain: bottom...top, range: plotTop...plotBottom, inverted: true)

        var svg = SVGWriter(width: geometry.width, height: Int(plotBottom + 44),
                            label: "Memory over time: reserved and system memory, footprints stacked per app, free memory, "
                                + "thresholds and evictions",
                            id: "memory-chart")
        drawYAxis(into: &svg, y: y, plotTop: plotTop)
        geometry.drawTimeAxis(into: &svg, top: plotTop, y: plotBottom)
        drawStack(layers, into: &svg, y: y)
        drawThresholds(thresholds, into: &svg, y: y)
        svg.path(freePath(freeColumns, y: y), class: "free")
        drawEvictions(killColumns, labels: labels, into: &svg, plotTop: plotTop)
        geometry.drawEnd(into: &svg, top: plotTop, y: plotBottom)
        let band = layers.first?.contains { $0 > 0 } ?? false
        return (svg.finish(), labels.placements.count, reports.evictions.count, band)
    }

    /// The labels of the evictions whose markers are in `killColumns`, placed above the plot.
    private func evictionLabels(_ killColumns: [Int]) -> EvictionLabels {
        let markerX = killColumns.map { Double(geometry.columnX($0)) + 0.5 }
        let minX = Double(RunChartGeometry.left), maxX = Double(geometry.width - RunChartGeometry.right)
        return EvictionLabels(
            EvictionLabels.chooseLabelled(markerX, minX: minX, maxX: maxX).map { index in
                let eviction = reports.evictions[index]
                return (text: "\(reports.apps[eviction.app]), \(eviction.reason)", x: markerX[index], app: eviction.app)
            },
            minX: minX, maxX: maxX)
    }

    /// The MB ticks, their labels and grid lines, and the unit above the top tick's label.
    private func drawYAxis(into svg: inout SVGWriter, y: ChartScale, plotTop: Double) {
        // The unit above the top tick's label, clear of it (SPEC 19: no two labels overlap).
        svg.label("MB", x: Double(RunChartGeometry.left) - 8, y: plotTop - 10, anchor: "end", class: "tm")
        var grid = ""
        let ticks = y.ticks(6)
        for (tick, text) in zip(ticks, ChartNumber.tickLabels(ticks, 1)) {
            let py = ChartNumber.px(y.pixel(tick))
            grid += "M\(RunChartGeometry.left) \(py)H\(geometry.width - RunChartGeometry.right)"
            svg.label(text, x: Double(RunChartGeometry.left) - 8, y: y.pixel(tick) + 4, anchor: "end", class: "tm")
        }
        svg.path(grid, class: "grid")
    }

    /// The system band's title, with where `system_mb` came from (`device.csv`'s
    /// `system_source`, SPEC 30): "system memory (limit)"; without the row, the name alone.
    var bandTitle: String {
        reports.device?[DeviceCSV.systemSourceKey].map { "\(Self.bandName) (\($0))" } ?? Self.bandName
    }

    /// `reserved_mb` (`device.csv`), 0 when unknown.
    var reservedMB: Double { reports.threshold(.reservedMB) ?? 0 }

    /// The stack (`stackTops`): the highest cumulative layer first, each later one painted over
    /// the one before, so that layer k shows between the tops of layers k - 1 and k; the band
    /// (layer 0) at the bottom, the compressor's (after the apps) on top.
    private func drawStack(_ layers: [[Double]], into svg: inout SVGWriter, y: ChartScale) {
        let base = ChartNumber.px(y.pixel(0))
        let kinds = stackLayers
        for layer in stride(from: layers.count - 1, through: 0, by: -1) {
            let below = layer > 0 ? layers[layer - 1] : nil
            if let below, below == layers[layer] { continue }  // never resident: nothing to draw
            if below == nil, layers[layer].allSatisfy({ $0 == 0 }) { continue }
            let d = stepArea(layers[layer], y: y, base: base)
            switch kinds[layer] {
            case .band:
                svg.path(d, class: "area sys", extra: "style=\"\(Self.bandStyle)\"", title: bandTitle)
                let reserved = reservedMB
                if reserved > 0 {
                    let area = stepArea(layers[0].map { min($0, reserved) }, y: y, base: base)
                    svg.path(area, class: "area res", extra: "style=\"\(Self.reservedStyle)\"", title: Self.reservedName)
                }
            case .compressor:
                svg.path(d, class: "area cmp", extra: "style=\"\(Self.compressorStyle)\"", title: Self.compressorName)
            case .app(let app):
                svg.path(d, class: "area \(ChartPalette.colourClass(app))", title: reports.apps[app])
            case .otherApps:
                svg.path(d, class: "area oth", extra: "style=\"\(Self.otherAppsStyle)\"", title: title(of: kinds[layer]))
            }
        }
    }

    /// The thresholds drawn: the device's three, then those that acted in the run: the
    /// long-idle reaper's `reaper_free_mb` when it killed (SPEC 11), and the freezer's
    /// `start_free_mb` when the freezer was on (SPEC 37, `device.csv`'s `freezer_*` rows).
    private func actingThresholds() -> [((name: String, dash: String), Double)] {
        var thresholds = Self.thresholds.compactMap { entry in reports.threshold(entry.key).map { ((entry.name, entry.dash), $0) } }
        if reports.evictions.contains(where: { $0.reason == KillReason.longIdleExit.rawValue }), let reaper = reports.threshold(.reaperFreeMB) {
            thresholds.append((("reaper", "2 2"), reaper))
        }
        let row = { (key: FreezerKey) in reports.device?[key.deviceCSVKey].flatMap(ReportCSV.number) }
        if let maxFrozen = row(.maxFrozen), maxFrozen > 0, let start = row(.startFreeMB) {
            thresholds.append((("freezer", "6 2 1 2"), start))
        }
        return thresholds
    }

    /// The thresholds, dashed across the plot, named in the left margin (moved apart when close).
    private func drawThresholds(_ thresholds: [((name: String, dash: String), Double)],
                                into svg: inout SVGWriter, y: ChartScale) {
        var lastLabelY = -Double.infinity
        for (entry, value) in thresholds.sorted(by: { $0.1 > $1.1 }) {
            let py = y.pixel(value)
            svg.line(Double(RunChartGeometry.left), py, Double(geometry.width - RunChartGeometry.right), py,
                     class: "thr thr-\(entry.name)", extra: "stroke-dasharray=\"\(entry.dash)\"")
            let labelY = max(py + 4, lastLabelY + 13)
            lastLabelY = labelY
            svg.line(Double(RunChartGeometry.left) - 46, py, Double(RunChartGeometry.left), py, class: "thr",
                     extra: "stroke-dasharray=\"\(entry.dash)\"")
            svg.label("\(entry.name) \(ChartNumber.short(value, 1)) MB", x: Double(RunChartGeometry.left) - 50,
                      y: labelY, anchor: "end", class: "tm")
        }
    }

    /// Eviction markers: a tick at the plot's top in the app's colour, once per app and column
    /// (past `foldAbove` apps, the folded apps' ticks once per column, in the "other apps"
    /// layer's colour, after the kept apps'); then the labels, with their leader lines.
    private func drawEvictions(_ killColumns: [Int], labels: EvictionLabels, into svg: inout SVGWriter, plotTop: Double) {
        let appCount = reports.apps.count
        // The path each app's ticks go into: its own, or past the fold the last, shared one.
        var pathOf = Array(0..<appCount)
        if let kept {
            pathOf = [Int](repeating: kept.count, count: appCount)
            for (index, app) in kept.enumerated() { pathOf[app] = index }
        }
        var marked = Set<Int>()
        var ticks = [String](repeating: "", count: kept.map { $0.count + 1 } ?? appCount)
        for (eviction, column) in zip(reports.evictions, killColumns)
        where marked.insert(pathOf[eviction.app] * geometry.columns + column).inserted {
            ticks[pathOf[eviction.app]] += "M\(geometry.columnX(column)) \(ChartNumber.px(plotTop - 2))v16"
        }
        for (index, app) in (kept ?? Array(0..<appCount)).enumerated() {
            svg.path(ticks[index], class: "mark \(ChartPalette.colourClass(app))")
        }
        if let kept {
            svg.path(ticks[kept.count], class: "mark oth", extra: "style=\"\(Self.otherAppsStyle)\"")
        }
        var leaders = ""
        for placement in labels.placements {
            let rowY = plotTop - 6 - Double(placement.row) * EvictionLabels.rowHeight
            leaders += "M\(ChartNumber.px(placement.markerX)) \(ChartNumber.px(rowY - 9))V\(ChartNumber.px(plotTop))"
            svg.rect(x: placement.textX, y: rowY - 10, width: 8, height: 8, class: "area \(ChartPalette.colourClass(placement.app))")
            svg.label(placement.text, x: placement.textX + EvictionLabels.swatchWidth, y: rowY - 2, class: "lbl halo evl",
                      title: placement.whole)
        }
        svg.path(leaders, class: "leader")
    }
}
