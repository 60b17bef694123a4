/// Pressure kills and the hot-launch ratio per point (SPEC 15), side by side: a row per
/// point (a policy at a sweep value, or a single run), from `summary.csv`.
///
/// Pressure kills: the mean per run as a bar, the fewest and most in one run as a whisker.
/// Hot-launch ratio: warm launches over all launches of the point's runs together (SPEC 8's
/// `hot_launch_ratio`, pooled), as a bar; none when the point had no launch.
struct PointChart {
    /// One row: its label's parts (the policy, then the point's settings, or a scenario's
    /// name), joined by " · ".
    struct Row {
        var parts: [String]
        var style: SeriesStyle
        var point: BatchReports.Point
        /// The parts in fewer words, for a label too long for the margin (a setting without
        /// its app: `SweepValueLabels.short`); nil: the parts, their keys cut.
        var shortParts: [String]?

        init(parts: [String], style: SeriesStyle, point: BatchReports.Point, shortParts: [String]? = nil) {
            self.parts = parts
            self.style = style
            self.point = point
            self.shortParts = shortParts
        }

        var label: String { parts.joined(separator: " · ") }
    }

    let rows: [Row]

    static let left = 300.0
    /// The widest the labels' margin grows to hold the labels whole.
    static let maxLeft = 480.0
    static let right = 20.0
    static let gap = 40.0

    /// The labels' margin: `left`, or wider, up to `maxLeft`, to hold the widest label whole
    /// (or in its short words).
    var left: Double {
        let widest = rows.map { row in
            let whole = TextMetrics.width(row.label, size: 11)
            let short = row.shortParts.map { TextMetrics.width($0.joined(separator: " · "), size: 11) } ?? whole
            return whole + 14 <= Self.maxLeft ? whole : short
        }.max() ?? 0
        return min(Self.maxLeft, max(Self.left, (widest + 14).rounded(.up)))
    }

    func render(title: String, id: String? = nil) -> String {
        let left = left
        let rowHeight = 22.0
        let top = 48.0
        let plotBottom = top + rowHeight * Double(max(rows.count, 1))
        let width = Double(RunChartGeometry.width)
        let panelWidth = (width - left - Self.right - Self.gap) / 2
        var svg = SVGWriter(width: RunChartGeometry.width, height: Int(plotBottom + 44), label: title, id: id)
        svg.fittedLabel(title, x: 2, y: 16, width: width - 4, size: 13, bold: true, class: "ttl")
        for (index, row) in rows.enumerated() {
            // Fitted (`SettingLabels`), with the whole label as its title when shortened.
            let y = top + rowHeight * Double(index) + rowHeight / 2 + 4
            let fitted = SettingLabels.fit(row.parts, separator: " · ", width: left - 14, size: 11, shortParts: row.shortParts)
            svg.label(fitted.text, x: 2, y: y, class: "lbl", title: fitted.title)
        }

        // Pressure kills.
        let most = rows.map { $0.point.maxPressureKills.isFinite ? $0.point.maxPressureKills : 0 }.max() ?? 0
        let kills = ChartScale(domain: 0...ChartScale.niceCeiling(max(most, 1)), range: left...(left + panelWidth))
        drawAxis(&svg, scale: kills, ticks: kills.ticks(5).map { ($0, ChartNumber.short($0, 2)) }, top: top, bottom: plotBottom,
                 title: "pressure kills per run (mean; whisker: fewest–most)")
        // Hot-launch ratio.
        let x1 = left + panelWidth + Self.gap
        let ratio = ChartScale(domain: 0...1, range: x1...(x1 + panelWidth))
        drawAxis(&svg, scale: ratio, ticks: [0, 0.25, 0.5, 0.75, 1].map { ($0, ChartNumber.short($0 * 100, 0) + " %") },
                 top: top, bottom: plotBottom, title: "hot-launch ratio (warm / all launches)")

        for (index, row) in rows.enumerated() {
            let y = top + rowHeight * Double(index) + 4
            let point = row.point
            let colour = row.style.cssClass
            if point.runs > 0 {
                let mean = point.pressureKills / Double(point.runs)
                svg.rect(x: left, y: y, width: kills.pixel(mean) - left, height: rowHeight - 8, class: "bar \(colour)",
                         title: "\(row.label): \(ChartNumber.short(mean, 2)) pressure kills per run over \(point.runs) run\(point.runs == 1 ? "" : "s")")
                if point.runs > 1 {
                    let lx = ChartNumber.px(kills.pixel(point.minPressureKills)), hx = ChartNumber.px(kills.pixel(point.maxPressureKills))
                    let cy = ChartNumber.pixel(y + (rowHeight - 8) / 2)
                    svg.path("M\(lx) \(cy)H\(hx)M\(lx) \(cy - 4)v8M\(hx) \(cy - 4)v8", class: "whisker c7")
                }
            }
            let launches = point.coldLaunches + point.warmLaunches
            if launches > 0 {
                let share = point.warmLaunches / launches
                svg.rect(x: x1, y: y, width: ratio.pixel(share) - x1, height: rowHeight - 8, class: "bar \(colour)",
                         title: "\(row.label): hot-launch ratio \(ChartNumber.percent(share))")
                // After the bar, or inside the chart's right edge for a bar that reaches it.
                let text = ChartNumber.percent(share, 0)
                let textX = min(ratio.pixel(share) + 4, Double(RunChartGeometry.width) - 2 - TextMetrics.width(text, size: 11))
                svg.label(text, x: textX, y: y + rowHeight - 10, class: "tm")
            } else {
                svg.label("no launch", x: x1 + 4, y: y + rowHeight - 10, class: "tm")
            }
        }
        return svg.finish()
    }

    private func drawAxis(_ svg: inout SVGWriter, scale: ChartScale, ticks: [(Double, String)], top: Double, bottom: Double,
                          title: String) {
        var grid = ""
        for (value, text) in ticks {
            let px = ChartNumber.px(scale.pixel(value))
            grid += "M\(px) \(ChartNumber.px(top))V\(ChartNumber.px(bottom))"
            svg.label(text, x: scale.pixel(value), y: bottom + 16, anchor: "middle", class: "tm")
        }
        svg.path(grid, class: "grid")
        svg.line(scale.range.lowerBound, bottom, scale.range.upperBound, bottom, class: "axis")
        svg.label(title, x: scale.range.lowerBound, y: top - 10, class: "tm")
    }
}
