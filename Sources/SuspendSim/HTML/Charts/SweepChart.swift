/// One small chart of a sweep (SPEC 19): a value against the swept value, one line per policy,
/// each point with its 95 % interval as a band, and optionally a horizontal reference line
/// (the observed value of the calibration picture).
///
/// A policy's line joins its points in the axis' order (`SweepChartAxis.lineOrder`) and breaks
/// where it has no value; with several lines, each is drawn `dodge` pixels above or below the
/// next, so that policies with equal values stay visible side by side; a band joins the intervals of neighbouring points, and a point whose
/// neighbours have none shows its interval as a whisker. Half the page wide, so that two sit
/// side by side (`BatchSweepSection`). The x axis' title is the swept key in words
/// (`AxisTitle`). Every label fits: the title and the axis' title are
/// shortened with the whole text in a `<title>`, tick labels are thinned (`SweepChartAxis`).
struct SweepChart {
    /// One policy's line: its label, its colour and marker, and its value at each of the
    /// axis' values (nil where it has none).
    struct Line {
        var label: String
        var style: SeriesStyle
        var values: [BatchReports.Rate?]
    }

    /// The y axis: a share of runs (0 to 100 %), a count per run from 0, or a paired
    /// difference (SPEC 25) on both sides of 0.
    enum YAxis {
        case share
        case count
        case difference
    }

    var title: String
    var subtitle: String
    /// The swept key and its values in sweep order.
    var key: String
    var values: [String]
    var lines: [Line]
    var yAxis: YAxis
    /// A horizontal line across the plot at `value`, labelled `label`.
    var reference: (value: Double, label: String)?
    /// The values' tick labels (SPEC 15 "Labels": a labelled value by its label); nil: the values.
    var valueNames: [String]? = nil

    /// The page's width for the chart; `width` is the one it is laid out at.
    static let width = 590.0
    /// The width the chart is laid out at: the page's, or a figure's narrower one
    /// (`FigureWidth.layoutWidth`), where the chart grows no taller, its texts wrapped or
    /// shortened (whole in their `<title>`), never smaller.
    var width = SweepChart.width
    static let right = 16.0
    static let plotTop = 46.0
    static let plotHeight = 150.0
    /// The inset of the first and last values from the plot's edges (room for markers).
    static let inset = 10.0
    /// The vertical distance between two lines of equal values.
    static let dodge = 2.0

    /// The title in lines of the chart's width: a second line rather than a cut title (SPEC 15).
    var titleLines: (lines: [String], shortened: Bool) {
        TextMetrics.wrap(title, width: width - 4, size: 13, bold: true, lines: 2)
    }

    /// The plot's top: `plotTop`, 15 pixels lower for a title of two lines.
    var top: Double { Self.plotTop + 15 * Double(titleLines.lines.count - 1) + 13 * Double(subtitleLines.lines.count - 1) }

    /// The subtitle's lines: up to two, the second shortened only when two do not hold it, so
    /// that a long baseline (an app id and its value) is read whole on the page as in a figure.
    var subtitleLines: (lines: [String], shortened: Bool) {
        TextMetrics.wrap(subtitle, width: width - 4, size: 11, lines: 2)
    }

    /// The chart's `<svg>`, with `id`.
    func render(id: String) -> String {
        let y = yScale()
        let heading = titleLines, top = top
        let tickValues = yAxis == .share ? [0, 0.25, 0.5, 0.75, 1] : y.ticks(4)
        let tickTexts = yAxis == .share ? tickValues.map { ChartNumber.short($0 * 100, 0) + " %" } : ChartNumber.tickLabels(tickValues, 2)
        let widest = tickTexts.map { TextMetrics.width($0, size: 11) }.max() ?? 0
        let left = max(50, (widest + 14).rounded(.up))
        let plotRight = width - Self.right
        let bottom = top + Self.plotHeight
        let axis = SweepChartAxis(key: key, values: values, range: (left + Self.inset)...(plotRight - Self.inset), names: valueNames)
        var svg = SVGWriter(width: Int(width), height: Int(bottom + 44), label: title + ": " + subtitle, id: id)
        if heading.lines.count == 1 {
            svg.label(heading.lines[0], x: 2, y: 17, class: "ttl", title: heading.shortened ? title : nil)
        } else {
            svg.lines(heading.lines, x: 2, y: 17, lineHeight: 15, class: "ttl", title: heading.shortened ? title : nil)
        }
        let (subtitleLines, shortened) = subtitleLines
        if subtitleLines.count > 1 {
            svg.lines(subtitleLines, x: 2, y: top - 13 * Double(subtitleLines.count), lineHeight: 13, class: "tm", title: shortened ? subtitle : nil)
        } else {
            svg.fittedLabel(subtitleLines[0], x: 2, y: top - 13, width: width - 4, size: 11, class: "tm")
        }

        svg.valueGrid(ticks: Array(zip(tickValues, tickTexts)), y: y, left: left, right: plotRight, bottom: bottom)
        svg.valueMarks(axis, count: values.count, bottom: bottom)
        for tick in axis.ticks(within: 2...(width - 2)) {
            // Low enough to clear the y axis' lowest label, which may reach past the plot's left edge.
            svg.label(tick.text, x: tick.x, y: bottom + 19, anchor: tick.anchor, class: "tm", title: tick.title)
        }
        svg.fittedLabel(AxisTitle.text(key), x: plotRight, y: bottom + 35, width: plotRight - 2, size: 11, keep: .end, anchor: "end",
                        class: "tm")

        for (index, line) in lines.enumerated() {
            let offset = (Double(index) - Double(lines.count - 1) / 2) * Self.dodge
            draw(line, axis: axis, y: ChartScale(domain: y.domain, range: (y.range.lowerBound + offset)...(y.range.upperBound + offset),
                                                 inverted: true), into: &svg)
        }
        if let reference { drawReference(reference, axis: axis, y: y, left: left, right: plotRight, top: top, into: &svg) }
        return svg.finish()
    }

    /// The y scale: 0 to 1, or 0 to a round count above every value, interval and reference.
    func yScale() -> ChartScale {
        let pixels = top...(top + Self.plotHeight)
        guard yAxis != .share else { return ChartScale(domain: 0...1, range: pixels, inverted: true) }
        var highest = reference?.value ?? 0
        var lowest = min(reference?.value ?? 0, 0)
        for line in lines {
            for value in line.values.compactMap({ $0 }) {
                highest = max(highest, value.high ?? value.value, value.value)
                lowest = min(lowest, value.low ?? value.value, value.value)
            }
        }
        guard yAxis == .difference else {
            return ChartScale(domain: 0...ChartScale.niceCeiling(max(highest * 1.12, 0.5)), range: pixels, inverted: true)
        }
        // Both sides of 0 with room for markers; an axis of no change at all still spans ±0.1.
        let top = highest > 0 ? ChartScale.niceCeiling(highest * 1.12) : 0
        let bottom = lowest < 0 ? -ChartScale.niceCeiling(-lowest * 1.12) : 0
        return ChartScale(domain: top == bottom ? -0.1...0.1 : bottom...top, range: pixels, inverted: true)
    }

    private func draw(_ line: Line, axis: SweepChartAxis, y: ChartScale, into svg: inout SVGWriter) {
        let colour = line.style.cssClass
        var stroke = "", bands = "", whiskers = "", markers = ""
        var run: [(x: Double, value: BatchReports.Rate)] = []
        func flush() {
            for (offset, point) in run.enumerated() {
                let px = ChartNumber.px(point.x), py = ChartNumber.px(y.pixel(point.value.value))
                stroke += (offset == 0 ? "M" : "L") + "\(px) \(py)"
            }
            // Bands over neighbours that both have an interval; a lone interval is a whisker.
            var index = 0
            while index < run.count {
                var end = index
                while end < run.count, run[end].value.low != nil, run[end].value.high != nil { end += 1 }
                if end - index > 1 {
                    let part = run[index..<end]
                    bands += "M" + part.map { "\(ChartNumber.px($0.x)) \(ChartNumber.px(y.pixel($0.value.high!)))" }.joined(separator: "L")
                    bands += "L" + part.reversed().map { "\(ChartNumber.px($0.x)) \(ChartNumber.px(y.pixel($0.value.low!)))" }
                        .joined(separator: "L") + "Z"
                } else if end - index == 1 {
                    let point = run[index]
                    let px = ChartNumber.pixel(point.x)
                    let low = ChartNumber.pixel(y.pixel(point.value.low!)), high = ChartNumber.pixel(y.pixel(point.value.high!))
                    whiskers += "M\(px) \(low)V\(high)M\(px - 3) \(low)h6M\(px - 3) \(high)h6"
                }
                index = max(end, index + 1)
            }
            run.removeAll()
        }
        for index in axis.lineOrder {
            guard let value = line.values[index] else {
                flush()
                continue
            }
            let x = axis.position(index)
            run.append((x, value))
            markers += SeriesMarker.glyph(line.style.shape, x: ChartNumber.pixel(x), y: ChartNumber.pixel(y.pixel(value.value)), size: 7)
        }
        flush()
        svg.path(bands, class: "bandfill \(colour)")
        svg.path(whiskers, class: "whisker \(colour)")
        svg.path(stroke, class: "line \(colour)", extra: line.style.dash.attribute)
        svg.path(markers, class: "dot \(colour)", title: line.label)
    }
}
