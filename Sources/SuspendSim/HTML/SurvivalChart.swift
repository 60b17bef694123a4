/// A batch scenario's survival chart (SPEC 15): for each app, the share of runs after which
/// it was still resident (`survival_rate`) with its Wilson interval (`ci_low`, `ci_high`) as
/// a whisker, one series per sweep point, and one panel per policy side by side (`--policy
/// all`), so that policies compare app by app on one chart.
///
/// Apps are sorted by their mean survival over every point, highest first (ties in scenario
/// order). Each app's name carries its colour (scenario order, as on the run pages).
struct SurvivalChart {
    /// A series: a sweep point (or the only point), its label, its colour and shape index.
    struct Series {
        var label: String
        var colour: Int
        var shape: Int
    }

    /// A panel: a policy, and for each series the point key it draws (nil where the batch
    /// has no such point).
    struct Panel {
        var title: String
        var points: [BatchReports.PointKey?]
    }

    let apps: [String]
    let series: [Series]
    let panels: [Panel]
    let survival: [BatchReports.PointKey: [String: BatchReports.Survival]]

    static let left = 250.0
    static let right = 20.0
    static let gap = 44.0

    /// The apps in drawing order: by mean survival over every drawn point, highest first.
    func sortedApps() -> [Int] {
        let means: [Double] = apps.map { app in
            var sum = 0.0, count = 0.0
            for panel in panels {
                for key in panel.points.compactMap({ $0 }) {
                    if let value = survival[key]?[app] { sum += value.rate; count += 1 }
                }
            }
            return count > 0 ? sum / count : -1
        }
        return apps.indices.sorted { means[$0] != means[$1] ? means[$0] > means[$1] : $0 < $1 }
    }

    func render(title: String, id: String? = nil) -> String {
        let order = sortedApps()
        let rowHeight = max(20.0, 8 + Double(series.count) * 7)
        let top = 48.0
        let plotBottom = top + rowHeight * Double(apps.count)
        let width = Double(RunChartGeometry.width)
        let panelWidth = (width - Self.left - Self.right - Self.gap * Double(panels.count - 1)) / Double(panels.count)
        var svg = SVGWriter(width: RunChartGeometry.width, height: Int(plotBottom + 44), label: title, id: id)
        svg.label(title, x: 0, y: 16, class: "ttl")

        // App names with their colour, and row bands.
        let characters = Int((Self.left - 30) / EvictionLabels.characterWidth)
        var bands = ""
        for (row, app) in order.enumerated() {
            let y = top + rowHeight * Double(row)
            if row % 2 == 1 { bands += "M\(ChartNumber.px(Self.left)) \(ChartNumber.px(y))h\(ChartNumber.px(width - Self.left - Self.right))v\(ChartNumber.px(rowHeight))h\(ChartNumber.px(-(width - Self.left - Self.right)))z" }
            let name = apps[app]
            svg.rect(x: 2, y: y + rowHeight / 2 - 5, width: 10, height: 10, class: "area \(ChartPalette.colourClass(app))")
            svg.label(name.count > characters ? String(name.prefix(characters - 1)) + "…" : name, x: 18, y: y + rowHeight / 2 + 4, class: "lbl app-name")
        }
        svg.path(bands, class: "band")

        for (panelIndex, panel) in panels.enumerated() {
            let x0 = Self.left + Double(panelIndex) * (panelWidth + Self.gap)
            let x = ChartScale(domain: 0...1, range: x0...(x0 + panelWidth))
            if panels.count > 1 || !panel.title.isEmpty {
                svg.label(panel.title, x: x0 + panelWidth / 2, y: top - 22, anchor: "middle", class: "ttl")
            }
            var grid = ""
            let ticks = panelWidth < 300 ? [0.0, 0.5, 1.0] : [0.0, 0.25, 0.5, 0.75, 1.0]
            for tick in ticks {
                let px = ChartNumber.px(x.pixel(tick))
                grid += "M\(px) \(ChartNumber.px(top))V\(ChartNumber.px(plotBottom))"
                svg.label(ChartNumber.short(tick * 100, 0) + " %", x: x.pixel(tick), y: plotBottom + 16, anchor: "middle", class: "tm")
                svg.label(ChartNumber.short(tick * 100, 0) + " %", x: x.pixel(tick), y: top - 6, anchor: "middle", class: "tm")
            }
            svg.path(grid, class: "grid")
            svg.line(x0, plotBottom, x0 + panelWidth, plotBottom, class: "axis")
            for (seriesIndex, entry) in series.enumerated() {
                guard seriesIndex < panel.points.count, let key = panel.points[seriesIndex], let values = survival[key] else { continue }
                var whiskers = ""
                var markers = ""
                let offset = (Double(seriesIndex) - Double(series.count - 1) / 2) * 7
                for (row, app) in order.enumerated() {
                    guard let value = values[apps[app]] else { continue }
                    let y = ChartNumber.pixel(top + rowHeight * Double(row) + rowHeight / 2 + offset)
                    if let low = value.low, let high = value.high {
                        let lx = ChartNumber.px(x.pixel(low)), hx = ChartNumber.px(x.pixel(high))
                        whiskers += "M\(lx) \(y)H\(hx)M\(lx) \(y - 3)v6M\(hx) \(y - 3)v6"
                    }
                    markers += SeriesMarker.glyph(entry.shape, x: ChartNumber.pixel(x.pixel(value.rate)), y: y, size: 8)
                }
                svg.path(whiskers, class: "whisker \(ChartPalette.seriesClass(entry.colour))")
                svg.path(markers, class: "dot \(ChartPalette.seriesClass(entry.colour))")
            }
        }
        svg.label("survived the run (share of runs, 95 % Wilson interval)", x: width - Self.right, y: plotBottom + 34,
                  anchor: "end", class: "tm")
        return svg.finish()
    }
}
