/// Pressure kills and the hot-launch ratio per point (SPEC 15), side by side: a row per
/// point (a policy at a sweep value, or a single run), from `summary.csv`.
///
/// Pressure kills: the mean per run as a bar, the fewest and most in one run as a whisker.
/// Hot-launch ratio: warm launches over all launches of the point's runs together (SPEC 8's
/// `hot_launch_ratio`, pooled), as a bar; none when the point had no launch.
///
/// Folded past `maxRows` rows (SPEC 35: nothing grows faster than linearly in sweep points;
/// SPEC 15: legible): a bar each would make the page 520 bytes and 22 px taller a point (5.2 MB
/// at 10^4 points), so the chart becomes a summary of fixed size, in one pass over the rows:
/// kills per run over all the runs, the fewest and most at a point, the hot-launch ratio pooled
/// over every launch, its lowest and highest at a point, each extreme with its point's label;
/// every point's row is in `summary.csv`, which the page links.
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
    /// The width the chart is laid out at: the page's, or a figure's narrower one
    /// (`FigureWidth.layoutWidth`), where the labels' margin takes at most `maxLeftShare` of it
    /// and the panels' gap `gapShare`, the texts shortened (whole in their `<title>`), never smaller.
    var width = Double(RunChartGeometry.width)

    static let left = 300.0
    /// The widest the labels' margin grows to hold the labels whole.
    static let maxLeft = 480.0
    static let right = 20.0
    static let gap = 40.0
    static let maxLeftShare = 0.4
    static let gapShare = 1.0 / 30
    static let minGap = 28.0
    static let killsTitle = "pressure kills per run (mean; whisker: fewest–most)"
    static let ratioTitle = "hot-launch ratio (warm / all launches)"
    /// A panel narrower than this gets 3 ticks instead of 5, so that their labels never meet.
    static let fewTicksBelow = 200.0

    /// The labels' margin: `left`, or wider, up to `maxLeft`, to hold the widest label whole
    /// (or in its short words).
    var left: Double {
        let widest = rows.map { row in
            let whole = TextMetrics.width(row.label, size: 11)
            let short = row.shortParts.map { TextMetrics.width($0.joined(separator: " · "), size: 11) } ?? whole
            return whole + 14 <= Self.maxLeft ? whole : short
        }.max() ?? 0
        return min(Self.maxLeft, max(Self.left, (widest + 14).rounded(.up)), (width * Self.maxLeftShare).rounded(.down))
    }

    /// The most rows drawn a bar each; more are folded into a summary (see the type's comment).
    static let maxRows = 100

    /// Where each row is drawn: its label's baseline (or its first line's) and its bars' top.
    struct Slot {
        var labelY: Double
        var lines: [String]
        var barY: Double
        /// Whether two lines did not hold the label (its whole text then goes into a `<title>`).
        var shortened = false
    }

    /// Whether the rows' labels stand on lines of their own above their bars, the chart's whole
    /// width: in a narrower layout (a figure) whose margin would cut a label, so that every part
    /// that tells one point from another (the policy, the compressor setting, the RAM) is drawn
    /// (SPEC 15, SPEC 19: no label cut off). On the page, the margin holds them.
    var labelsAbove: Bool {
        guard width < Double(RunChartGeometry.width), rows.count <= Self.maxRows else { return false }
        let room = left - 14
        return rows.contains { TextMetrics.width($0.label, size: 11) > room }
    }

    /// The height of a bar's row, without its label's lines.
    static let rowHeight = 22.0
    /// The height of a label's line above its bars.
    static let lineHeight = 13.0

    /// Each row's place, from `top` down: a row of `rowHeight` with its label in the margin,
    /// or (`labelsAbove`) its label wrapped into at most two lines of the whole width, then its bars.
    func slots(top: Double) -> [Slot] {
        guard labelsAbove else {
            return rows.indices.map { index in
                let rowTop = top + Self.rowHeight * Double(index)
                return Slot(labelY: rowTop + Self.rowHeight / 2 + 4, lines: [], barY: rowTop + 4)
            }
        }
        var y = top
        return rows.map { row in
            let (lines, shortened) = TextMetrics.wrap(row.label, width: width - 4, size: 11, lines: 2)
            let slot = Slot(labelY: y + 12, lines: lines, barY: y + Self.lineHeight * Double(lines.count) + 5, shortened: shortened)
            y = slot.barY - 2 + Self.rowHeight
            return slot
        }
    }

    func render(title: String, id: String? = nil) -> String {
        if rows.count > Self.maxRows { return renderFolded(title: title, id: id) }
        let above = labelsAbove
        let left = above ? 10 : left
        let rowHeight = Self.rowHeight
        let narrow = width < Double(RunChartGeometry.width)
        let gap = min(Self.gap, max(Self.minGap, (width * Self.gapShare).rounded(.down)))
        let panelWidth = (width - left - Self.right - gap) / 2
        // The panels' titles: one line on the page, up to four in a narrower layout.
        let titles = [Self.killsTitle, Self.ratioTitle].map { narrow ? TextMetrics.wrap($0, width: panelWidth, size: 11, lines: 4).lines : [$0] }
        let top = 48.0 + 13 * Double((titles.map(\.count).max() ?? 1) - 1)
        let slots = slots(top: top)
        let plotBottom = (slots.last.map { $0.barY - 4 + rowHeight } ?? top + rowHeight)
        var svg = SVGWriter(width: Int(width), height: Int(plotBottom + 44), label: title, id: id)
        svg.fittedLabel(title, x: 2, y: 16, width: width - 4, size: 13, bold: true, class: "ttl")
        drawLabels(slots, left: left, into: &svg)

        // Pressure kills.
        let most = rows.map { $0.point.maxPressureKills.isFinite ? $0.point.maxPressureKills : 0 }.max() ?? 0
        let kills = ChartScale(domain: 0...ChartScale.niceCeiling(max(most, 1)), range: left...(left + panelWidth))
        let few = panelWidth < Self.fewTicksBelow
        let killTicks = kills.ticks(few ? 2 : 5)
        drawAxis(&svg, scale: kills, ticks: Array(zip(killTicks, ChartNumber.tickLabels(killTicks, 2))), top: top, bottom: plotBottom,
                 title: titles[0], whole: Self.killsTitle)
        // Hot-launch ratio.
        let x1 = left + panelWidth + gap
        let ratio = ChartScale(domain: 0...1, range: x1...(x1 + panelWidth))
        drawAxis(&svg, scale: ratio, ticks: (few ? [0, 0.5, 1] : [0, 0.25, 0.5, 0.75, 1]).map { ($0, ChartNumber.short($0 * 100, 0) + " %") },
                 top: top, bottom: plotBottom, title: titles[1], whole: Self.ratioTitle)

        for (row, slot) in zip(rows, slots) {
            let y = slot.barY
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
                let textX = min(ratio.pixel(share) + 4, width - 2 - TextMetrics.width(text, size: 11))
                svg.label(text, x: textX, y: y + rowHeight - 10, class: "tm")
            } else {
                svg.label("no launch", x: x1 + 4, y: y + rowHeight - 10, class: "tm")
            }
        }
        return svg.finish()
    }

    /// The chart of more than `maxRows` rows: its title, then a line each (see the type's
    /// comment). Ties keep the first row in page order.
    private func renderFolded(title: String, id: String?) -> String {
        var runs = 0, kills = 0.0, warm = 0.0, launches = 0.0
        var fewest: (value: Double, row: Row)?, most: (value: Double, row: Row)?
        var lowest: (value: Double, row: Row)?, highest: (value: Double, row: Row)?
        for row in rows {
            let point = row.point
            if point.runs > 0 {
                runs += point.runs
                kills += point.pressureKills
                let mean = point.pressureKills / Double(point.runs)
                if mean < fewest?.value ?? .infinity { fewest = (mean, row) }
                if mean > most?.value ?? -.infinity { most = (mean, row) }
            }
            let pointLaunches = point.coldLaunches + point.warmLaunches
            guard pointLaunches > 0 else { continue }
            warm += point.warmLaunches
            launches += pointLaunches
            let share = point.warmLaunches / pointLaunches
            if share < lowest?.value ?? .infinity { lowest = (share, row) }
            if share > highest?.value ?? -.infinity { highest = (share, row) }
        }
        var lines = ["\(rows.count) points, more than \(Self.maxRows): no bar each; every point has its row in "
            + "\(BatchReportFile.summary.fileName) (linked above)."]
        if let fewest, let most {
            lines.append("Pressure kills per run: \(ChartNumber.short(kills / Double(max(runs, 1)), 2)) over all \(runs) runs; "
                + "fewest \(ChartNumber.short(fewest.value, 2)) at \(fewest.row.label); most \(ChartNumber.short(most.value, 2)) at \(most.row.label).")
        }
        if let lowest, let highest {
            lines.append("Hot-launch ratio (warm / all launches): \(ChartNumber.percent(warm / launches)) pooled over every launch; "
                + "lowest \(ChartNumber.percent(lowest.value)) at \(lowest.row.label); highest \(ChartNumber.percent(highest.value)) at \(highest.row.label).")
        } else {
            lines.append("Hot-launch ratio: no launch at any point.")
        }
        let lineHeight = 18.0
        var svg = SVGWriter(width: Int(width), height: Int(28 + lineHeight * Double(lines.count) + 8), label: title, id: id)
        svg.fittedLabel(title, x: 2, y: 16, width: width - 4, size: 13, bold: true, class: "ttl")
        for (index, line) in lines.enumerated() {
            // A line too long for the chart is shortened in its middle, whole in its <title>.
            svg.fittedLabel(line, x: 2, y: 40 + lineHeight * Double(index), width: width - 4, size: 11, class: "lbl")
        }
        return svg.finish()
    }

    /// The rows' labels: fitted in the margin (`SettingLabels`, whole in their `<title>` when
    /// shortened), or on their own lines above the bars.
    private func drawLabels(_ slots: [Slot], left: Double, into svg: inout SVGWriter) {
        for (row, slot) in zip(rows, slots) {
            if slot.lines.isEmpty {
                let fitted = SettingLabels.fit(row.parts, separator: " · ", width: left - 14, size: 11, shortParts: row.shortParts)
                svg.label(fitted.text, x: 2, y: slot.labelY, class: "lbl", title: fitted.title)
            } else {
                svg.lines(slot.lines, x: 2, y: slot.labelY, lineHeight: Self.lineHeight, class: "lbl halo", title: slot.shortened ? row.label : nil)
            }
        }
    }

    private func drawAxis(_ svg: inout SVGWriter, scale: ChartScale, ticks: [(Double, String)], top: Double, bottom: Double,
                          title: [String], whole: String) {
        var grid = ""
        for (value, text) in ticks {
            let px = ChartNumber.px(scale.pixel(value))
            grid += "M\(px) \(ChartNumber.px(top))V\(ChartNumber.px(bottom))"
            svg.label(text, x: scale.pixel(value), y: bottom + 16, anchor: "middle", class: "tm")
        }
        svg.path(grid, class: "grid")
        svg.line(scale.range.lowerBound, bottom, scale.range.upperBound, bottom, class: "axis")
        let shortened = title.joined(separator: " ") != whole ? whole : nil
        if title.count > 1 {
            svg.lines(title, x: scale.range.lowerBound, y: top - 10 - 13 * Double(title.count - 1), lineHeight: 13, class: "tm", title: shortened)
        } else {
            svg.label(title[0], x: scale.range.lowerBound, y: top - 10, class: "tm", title: shortened)
        }
    }
}
