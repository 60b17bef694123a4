/// SPEC 39's tornado: for one what-if app and metric at a batch's first point, one bar per
/// assumption from its low end's mean to its high end's (an end the variant skipped sits at
/// the defaults' mean), widest first, ties in key order; the defaults' mean as a line.
///
/// The low end's half of a bar is one colour, the high end's another, so a reader sees which
/// way each assumption pushes the answer; the legend under the axis names them.
struct TornadoChart {
    /// One assumption's bar.
    struct Bar: Equatable {
        var key: String
        /// The means at the key's low and high ends (the defaults' where an end did not run).
        var low: Double
        var high: Double
        /// The ends' values as `assumptions.csv` writes them ("" where an end did not run).
        var lowValue: String
        var highValue: String

        var span: Double { abs(high - low) }
    }

    var title: String
    /// What the bars are and where: the point's policy and sweep values.
    var subtitle: String
    /// The scenario, which the figure's title starts with.
    var scenario: String
    /// The metric's mean with the defaults (the batch's own runs).
    var defaults: Double
    /// Widest first (`ordered`).
    var bars: [Bar]
    /// The layout width: the page's (two side by side, as the what-if's charts), or a
    /// figure's (`FigureWidth.layoutWidth(page:)`).
    var width = SweepChart.width

    static let rowHeight = 22.0
    static let minLeft = 140.0
    static let maxLeftShare = 0.45
    static let right = 16.0
    static let lowEnd = "low end"
    static let highEnd = "high end"

    /// `bars` widest first, ties kept in key order (a stable sort).
    static func ordered(_ bars: [Bar]) -> [Bar] {
        bars.enumerated().sorted { $0.element.span != $1.element.span ? $0.element.span > $1.element.span : $0.offset < $1.offset }.map(\.element)
    }

    /// The labels' margin: wide enough for the widest key, within `maxLeftShare` of the width.
    var left: Double {
        let widest = bars.map { TextMetrics.width($0.key, size: 11) }.max() ?? 0
        return min((width * Self.maxLeftShare).rounded(.down), max(Self.minLeft, (widest + 14).rounded(.up)))
    }

    func render(id: String? = nil) -> String {
        let left = left
        // The title and the subtitle each on up to two lines, the whole text as their <title>
        // when shortened even so.
        let heading = TextMetrics.wrap(title, width: width - 4, size: 13, bold: true, lines: 2)
        let sub = TextMetrics.wrap(subtitle, width: width - 4, size: 11, lines: 2)
        let subtitleY = 35 + 15 * Double(heading.lines.count - 1)
        let top = subtitleY + 13 * Double(sub.lines.count - 1) + 21
        let plotBottom = top + Self.rowHeight * Double(max(bars.count, 1))
        let height = plotBottom + 58
        var svg = SVGWriter(width: Int(width), height: Int(height), label: title, id: id)
        svg.lines(heading.lines, x: 2, y: 17, lineHeight: 15, class: "ttl", title: heading.shortened ? title : nil)
        svg.lines(sub.lines, x: 2, y: subtitleY, lineHeight: 13, class: "tm", title: sub.shortened ? subtitle : nil)
        let values = bars.flatMap { [$0.low, $0.high] } + [defaults]
        let lowest = min(values.min() ?? 0, 0), highest = max(values.max() ?? 1, defaults + 1e-9)
        let step = ChartScale.niceStep(highest - lowest, count: 4)
        let domain = (lowest / step).rounded(.down) * step...max((highest / step).rounded(.up) * step, lowest + step)
        let scale = ChartScale(domain: domain, range: left...(width - Self.right))
        let narrow = width - left - Self.right < 200
        let ticks = scale.ticks(narrow ? 3 : 5)
        var grid = ""
        for (tick, text) in zip(ticks, ChartNumber.tickLabels(ticks, 3)) {
            let px = ChartNumber.px(scale.pixel(tick))
            grid += "M\(px) \(ChartNumber.px(top))V\(ChartNumber.px(plotBottom))"
            svg.label(text, x: scale.pixel(tick), y: plotBottom + 16, anchor: "middle", class: "tm")
        }
        svg.path(grid, class: "grid")
        svg.line(left, plotBottom, width - Self.right, plotBottom, class: "axis")
        let base = scale.pixel(defaults)
        for (index, bar) in bars.enumerated() {
            let y = top + Self.rowHeight * Double(index)
            let fitted = TextMetrics.fit(bar.key, width: left - 14, size: 11)
            svg.label(fitted.text, x: 2, y: y + Self.rowHeight / 2 + 4, class: "lbl", title: fitted.shortened ? bar.key : nil)
            for (mean, value, end, colour) in [(bar.low, bar.lowValue, Self.lowEnd, "c1"), (bar.high, bar.highValue, Self.highEnd, "c2")] {
                let x = scale.pixel(mean)
                let at = value.isEmpty ? "not run" : "\(bar.key) = \(value)"
                svg.rect(x: min(x, base), y: y + 4, width: max(abs(x - base), 1), height: Self.rowHeight - 8, class: "bar \(colour)",
                         title: "\(end) (\(at)): \(ChartNumber.fixed(mean, 3)) against \(ChartNumber.fixed(defaults, 3)) with the defaults")
            }
        }
        svg.line(base, top - 4, base, plotBottom, class: "ref")
        let defaultsText = "defaults " + ChartNumber.fixed(defaults, 3)
        let textWidth = TextMetrics.width(defaultsText, size: 11)
        svg.label(defaultsText, x: min(max(base - textWidth / 2, left), width - Self.right - textWidth), y: top - 8, class: "tm halo")
        // The legend, under the axis's numbers.
        let legendY = plotBottom + 38
        var x = 2.0
        for (text, colour) in [(Self.lowEnd, "c1"), (Self.highEnd, "c2")] {
            svg.rect(x: x, y: legendY - 9, width: 12, height: 10, class: "bar \(colour)")
            svg.label(text, x: x + 16, y: legendY, class: "tm")
            x += 16 + TextMetrics.width(text, size: 11) + 18
        }
        return svg.finish()
    }
}
