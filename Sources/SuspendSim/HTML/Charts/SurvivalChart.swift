/// A batch scenario's survival chart (SPEC 15, 19): for each app, the share of the runs that
/// launched it after which it was still resident (`launched_survival_rate`) with its Wilson
/// interval (`launched_ci_low`, `launched_ci_high`) as a whisker; in a `survival.csv` written
/// before SPEC 19, the share of all runs (`survival_rate`, `ci_low`, `ci_high`). One series
/// per sweep point, or one panel per sweep point with the policies as series (`--policy all`).
///
/// An app never launched at a point (`launched` 0) is not a casualty: it gets no marker. A
/// panel row where no series launched it says "never launched" in grey; a series that did
/// not, among others that did, gets a grey marker left of the panel. An app never launched at
/// any point drawn has its name in grey.
///
/// Apps are in the order `order` gives, the same in every panel and chart of the scenario
/// (`SurvivalChart.order`). An app's name has no colour swatch: the series' colours are the
/// policies' (or the points'), and an app drawn in one of them would read as that policy (SPEC
/// 15: per-app swatches never reuse a policy's colour on the page). A name too long for the
/// margin is shortened, with the whole id as its `<title>`.
/// Panel titles (a sweep point's settings, in words: `SweepValueLabels`) take a line per
/// setting, up to three when one does not hold it (`wrappedTitle`), so that neighbours never meet and
/// no title is cut (SPEC 15).
struct SurvivalChart {
    /// A series: a sweep point (or the only point) or a policy, its label, colour and shape.
    struct Series {
        var label: String
        var style: SeriesStyle
    }

    /// A panel: a sweep point (its settings, a line each), and for each series the point key
    /// it draws (nil where the batch has no such point).
    struct Panel {
        var title: [String]
        var points: [BatchReports.PointKey?]
    }

    let apps: [String]
    /// Indexes into `apps`, in drawing order.
    let order: [Int]
    let series: [Series]
    var panels: [Panel]
    let survival: [BatchReports.PointKey: [String: BatchReports.Survival]]
    /// The width the chart is laid out at: the page's, or a figure's narrower one
    /// (`FigureWidth.layoutWidth`), where the names' margin takes at most `maxLeftShare` of it
    /// (`maxLeftSharePanels` with several panels) and the panels' gap `gapShare` (at least
    /// `minGap`), the texts shortened (whole in their `<title>`), never smaller.
    var width = Double(RunChartGeometry.width)
    /// Whether the chart draws its title above and its x axis' title below (a panel stacked
    /// under another in a one-column figure draws neither: `SurvivalChart+Stacked`).
    var drawsTitle = true
    var drawsAxisTitle = true

    /// The room of the names' margin that no name takes: 4 units before it, 18 after it (where
    /// a grey "not launched" marker may stand).
    static let nameMargin = 22.0
    static let minLeft = 250.0
    static let maxLeft = 380.0
    static let right = 20.0
    static let gap = 44.0
    static let maxLeftShare = 0.5
    /// With several panels, the names' margin leaves them more room.
    static let maxLeftSharePanels = 0.4
    static let gapShare = 0.04
    /// The least gap: space alone, since a panel's end tick labels lie inside it (`drawPanel`).
    static let minGap = 16.0

    /// The gap between panels: `gap`, less in a narrow layout.
    var gap: Double { min(Self.gap, max(Self.minGap, (width * Self.gapShare).rounded(.down))) }

    /// The apps' drawing order for a whole scenario: by mean drawn survival over `points`,
    /// highest first, ties and apps never launched (last) in scenario order.
    static func order(apps: [String], points: [BatchReports.PointKey],
                      survival: [BatchReports.PointKey: [String: BatchReports.Survival]]) -> [Int] {
        let means = meanSurvival(apps: apps, points: points, survival: survival)
        return apps.indices.sorted { means[$0] != means[$1] ? means[$0] > means[$1] : $0 < $1 }
    }

    /// Each app's mean drawn survival over `points`; -1 for an app never launched at any.
    static func meanSurvival(apps: [String], points: [BatchReports.PointKey],
                             survival: [BatchReports.PointKey: [String: BatchReports.Survival]]) -> [Double] {
        apps.map { app in
            let rates = points.compactMap { survival[$0]?[app]?.drawnSurvival?.value }
            return rates.isEmpty ? -1 : rates.reduce(0, +) / Double(rates.count)
        }
    }

    /// The left margin: room for the longest app name, within `minLeft...maxLeft`.
    var left: Double {
        let widest = apps.map { TextMetrics.width($0, size: 11) }.max() ?? 0
        let share = panels.count > 1 ? Self.maxLeftSharePanels : Self.maxLeftShare
        return min(Self.maxLeft, max(Self.minLeft, (widest + 36).rounded(.up)), (width * share).rounded(.down))
    }

    func render(title: String, id: String? = nil) -> String {
        let left = left
        let rowHeight = max(20.0, 8 + Double(series.count) * 7)
        let gap = gap
        let panelWidth = (width - left - Self.right - gap * Double(panels.count - 1)) / Double(panels.count)
        let titles = panels.map { Self.wrappedTitle($0.title, width: panelWidth) }
        let titleLines = titles.map(\.lines.count).max() ?? 0
        let ticksY = titleLines > 0 ? 38 + 15 * Double(titleLines - 1) + 18 : 36
        let top = ticksY + 8
        let plotBottom = top + rowHeight * Double(order.count)
        let launched = survival.values.contains { $0.values.contains { $0.launched != nil } }
        let axisLines = drawsAxisTitle ? Double(axisTitleLines(launched: launched).lines.count) : 0
        var svg = SVGWriter(width: Int(width), height: Int(plotBottom + 31 + 13 * axisLines), label: title, id: id)
        if drawsTitle { svg.fittedLabel(title, x: 2, y: 16, width: width - 4, size: 13, bold: true, class: "ttl") }
        drawRows(&svg, left: left, top: top, rowHeight: rowHeight)
        for (index, panel) in panels.enumerated() {
            let x0 = left + Double(index) * (panelWidth + gap)
            drawPanelTitle(&svg, titles[index], whole: panel.title, x0: x0, width: panelWidth)
            drawPanel(&svg, panel, x: ChartScale(domain: 0...1, range: x0...(x0 + panelWidth)), top: top, ticksY: ticksY,
                      rowHeight: rowHeight, bottom: plotBottom)
        }
        if drawsAxisTitle { drawAxisTitle(&svg, launched: launched, y: plotBottom + 34) }
        return svg.finish()
    }

    /// The x axis' title: the share among the runs that launched the app (SPEC 19), or of all runs.
    static func axisTitle(launched: Bool) -> String {
        launched
            ? "survived the run, among the runs that launched the app (share of runs, 95 % Wilson interval)"
            : "survived the run (share of runs, 95 % Wilson interval)"
    }

    /// The x axis' title in lines: one on the page (shortened there, whole in its `<title>`), up
    /// to two in a narrower layout.
    func axisTitleLines(launched: Bool) -> (lines: [String], shortened: Bool) {
        let title = Self.axisTitle(launched: launched), room = width - Self.right - 4
        guard width < Double(RunChartGeometry.width) else {
            let fitted = TextMetrics.fit(title, width: room, size: 11, keep: .end)
            return ([fitted.text], fitted.shortened)
        }
        return TextMetrics.wrap(title, width: room, size: 11, lines: 2)
    }

    private func drawAxisTitle(_ svg: inout SVGWriter, launched: Bool, y: Double) {
        let title = Self.axisTitle(launched: launched)
        let (lines, shortened) = axisTitleLines(launched: launched)
        if lines.count == 1 {
            svg.label(lines[0], x: width - Self.right, y: y, anchor: "end", class: "tm", title: shortened ? title : nil)
        } else {
            svg.lines(lines, x: width - Self.right, y: y, lineHeight: 13, anchor: "end", class: "tm", title: shortened ? title : nil)
        }
    }

    /// App names (grey when never launched at any drawn point), and row bands.
    private func drawRows(_ svg: inout SVGWriter, left: Double, top: Double, rowHeight: Double) {
        let keys = panels.flatMap { $0.points.compactMap { $0 } }
        var bands = ""
        for (row, app) in order.enumerated() {
            let y = top + rowHeight * Double(row)
            if row % 2 == 1 {
                bands += "M\(ChartNumber.px(left)) \(ChartNumber.px(y))h\(ChartNumber.px(width - left - Self.right))"
                bands += "v\(ChartNumber.px(rowHeight))h\(ChartNumber.px(-(width - left - Self.right)))z"
            }
            let name = apps[app]
            let never = !keys.isEmpty && keys.allSatisfy { survival[$0]?[name]?.drawnSurvival == nil }
            svg.fittedLabel(name, x: 4, y: y + rowHeight / 2 + 4, width: left - Self.nameMargin, size: 11,
                            class: never ? "lbl app-name never" : "lbl app-name")
        }
        svg.path(bands, class: "band")
    }

    /// A panel's title lines (a sweep point's settings, a line each) within `width`: a
    /// setting too long for a line takes up to three (SPEC 15: no title cut), the last shortened
    /// only when even three do not hold it.
    static func wrappedTitle(_ lines: [String], width: Double) -> (lines: [String], shortened: Bool) {
        let wrapped = lines.map { TextMetrics.wrap($0, width: width, size: 13, bold: true, lines: 3) }
        return (wrapped.flatMap(\.lines), wrapped.contains(where: \.shortened))
    }

    private func drawPanelTitle(_ svg: inout SVGWriter, _ fitted: (lines: [String], shortened: Bool), whole: [String],
                                x0: Double, width: Double) {
        guard !fitted.lines.isEmpty else { return }
        let title = fitted.shortened ? whole.joined(separator: " ") : nil
        if fitted.lines.count == 1 {
            svg.label(fitted.lines[0], x: x0 + width / 2, y: 38, anchor: "middle", class: "ttl", title: title)
        } else {
            svg.lines(fitted.lines, x: x0 + width / 2, y: 38, lineHeight: 15, anchor: "middle", class: "ttl", title: title)
        }
    }

    private func drawPanel(_ svg: inout SVGWriter, _ panel: Panel, x: ChartScale, top: Double, ticksY: Double,
                           rowHeight: Double, bottom: Double) {
        let x0 = x.range.lowerBound, panelWidth = x.range.upperBound - x.range.lowerBound
        var grid = ""
        let ticks = Self.ticks(panelWidth: panelWidth)
        for tick in ticks {
            let px = ChartNumber.px(x.pixel(tick))
            grid += "M\(px) \(ChartNumber.px(top))V\(ChartNumber.px(bottom))"
            // The end ticks' labels lie inside their panel ("0 %" from its line, "100 %" up to
            // it), so that the whole gap parts one panel's "100 %" from the next one's "0 %".
            let anchor = tick == 0 ? "start" : tick == 1 ? "end" : "middle"
            svg.label(ChartNumber.short(tick * 100, 0) + " %", x: x.pixel(tick), y: bottom + 16, anchor: anchor, class: "tm")
            svg.label(ChartNumber.short(tick * 100, 0) + " %", x: x.pixel(tick), y: ticksY, anchor: anchor, class: "tm")
        }
        svg.path(grid, class: "grid")
        svg.line(x0, bottom, x0 + panelWidth, bottom, class: "axis")
        var unlaunched = ""
        for (seriesIndex, entry) in series.enumerated() {
            guard seriesIndex < panel.points.count, let key = panel.points[seriesIndex], let values = survival[key] else { continue }
            var whiskers = "", markers = ""
            let offset = (Double(seriesIndex) - Double(series.count - 1) / 2) * 7
            for (row, app) in order.enumerated() {
                guard let value = values[apps[app]] else { continue }
                let y = ChartNumber.pixel(top + rowHeight * Double(row) + rowHeight / 2 + offset)
                guard let rate = value.drawnSurvival else {
                    if value.neverLaunched, !neverLaunched(row: app, in: panel) {
                        unlaunched += SeriesMarker.glyph(entry.style.shape, x: ChartNumber.pixel(x0 - 10), y: y, size: 6)
                    }
                    continue
                }
                if let low = rate.low, let high = rate.high {
                    let lx = ChartNumber.px(x.pixel(low)), hx = ChartNumber.px(x.pixel(high))
                    whiskers += "M\(lx) \(y)H\(hx)M\(lx) \(y - 3)v6M\(hx) \(y - 3)v6"
                }
                markers += SeriesMarker.glyph(entry.style.shape, x: ChartNumber.pixel(x.pixel(rate.value)), y: y, size: 8)
            }
            svg.path(whiskers, class: "whisker \(entry.style.cssClass)")
            svg.path(markers, class: "dot \(entry.style.cssClass)")
        }
        svg.path(unlaunched, class: "nl", title: "never launched at this point (no marker: not a casualty of memory pressure)")
        for (row, app) in order.enumerated() where neverLaunched(row: app, in: panel) {
            svg.fittedLabel("never launched", x: x0 + panelWidth / 2, y: top + rowHeight * Double(row) + rowHeight / 2 + 4,
                            width: panelWidth - 8, size: 11, keep: .end, anchor: "middle", class: "tm never")
        }
    }

    /// A panel's ticks: quarters from 300 units, else 0, 50 and 100 % when "50 %" clears the
    /// end labels (which lie inside the panel) by 4 units each side, else the ends alone.
    static func ticks(panelWidth: Double) -> [Double] {
        if panelWidth >= 300 { return [0, 0.25, 0.5, 0.75, 1] }
        let end = TextMetrics.width("100 %", size: 11), middle = TextMetrics.width("50 %", size: 11)
        return panelWidth >= middle + 2 * end + 8 ? [0, 0.5, 1] : [0, 1]
    }

    /// Whether no series of `panel` launched app `app` at its point (and some series has it).
    private func neverLaunched(row app: Int, in panel: Panel) -> Bool {
        let values = panel.points.compactMap { $0.flatMap { survival[$0]?[apps[app]] } }
        return !values.isEmpty && values.allSatisfy(\.neverLaunched)
    }
}
