/// How a `ComparisonChart` is drawn (SPEC 21), on the page and as a paper's figure.
///
/// - On the page: half the page wide like the sweep charts, its title and what it shows on top,
///   the legend under the charts (HTML, shared by the three charts), the page's classes.
/// - As `figures/<metric>.svg`: a complete SVG document `figureSize.width` pixels wide (3.5 in
///   at 144 dpi, a paper's column) drawing a `figureViewBox` of the same layout units scaled
///   up, so that its 11-unit labels print at about 7 pt; a white background, its own style
///   sheet with literal colours (no CSS variable of the page), no title (a paper gives its
///   caption) and no script. Its legend sits under the plot and the x axis' title, outside
///   the plot area (SPEC 15 "Labels, styles, legends"), a row per what fits the width; the
///   figure grows by its rows (`FigureLayout`), so the plot keeps its height however many
///   lines there are.
///
/// Both: the y axis' title (with the metric's unit) turned along the axis, the x key's title
/// in words (`AxisTitle`) under the tick labels (`SweepChartAxis`, a labelled value by its
/// label), each mean a marker with its interval as an error bar, each line in its style
/// (`SeriesChannels`), lines dodged sideways so that bars at one x do not hide each other;
/// and a chart that leaves lines out says so in a note line under it (`leftOutNote`).
extension ComparisonChart {
    /// The frame a chart is drawn in, in layout units.
    struct Frame {
        var width: Double
        var height: Double
        var standalone: Bool
        /// A panel of a figure's small multiples (`ComparisonFigure`): its title on top, no
        /// legend or note of its own.
        var cell = false
    }

    static let pageFrame = Frame(width: 590, height: 240, standalone: false)
    /// The room a line of a left-out note takes under a chart; at most `noteLines` lines.
    static let noteHeight = 15.0
    static let noteLines = 4
    static let figureViewBox = Frame(width: 378, height: 252, standalone: true)
    /// The figure's size in pixels.
    static let figureSize = (width: 504, height: 336)
    /// The width of a legend entry's stretch of line, long enough to show its dashes.
    static let legendSample = 28.0

    /// The chart on the page, with `id`: `pageFrame`, and `noteHeight` more a line of a
    /// left-out note.
    func render(id: String) -> String {
        var frame = Self.pageFrame
        frame.height += Self.noteHeight * Double(noteLines(width: frame.width - 4).lines.count)
        return draw(in: frame, id: id).finish()
    }

    /// The left-out note (`leftOutNote`) in lines of at most `width` units, at most
    /// `noteLines` of them (the last shortened, with the whole note as its `<title>`, when it
    /// does not fit); none when the chart draws every line.
    func noteLines(width: Double, figure: Bool = false) -> (lines: [String], title: String?) {
        let parts = [figure ? sharedNote : nil, leftOutNote].compactMap { $0 }
        guard !parts.isEmpty else { return ([], nil) }
        let note = parts.joined(separator: " ")
        let wrapped = TextMetrics.wrap(note, width: width, size: 11, lines: Self.noteLines)
        return (wrapped.lines, wrapped.shortened ? note : nil)
    }

    /// What every line shares, as a figure says it under its legend ("Every line: no
    /// compressor."); nil when the lines share nothing.
    var sharedNote: String? {
        shared.isEmpty ? nil : "Every line: " + shared.joined(separator: ", ") + "."
    }

    /// The standalone figure: a whole SVG document, the same bytes for the same groups.
    func figure() -> String {
        let layout = figureLayout()
        let frame = Frame(width: Self.figureViewBox.width, height: layout.height, standalone: true)
        let body = draw(in: frame, id: nil).finish()
        // The drawing without SVGWriter's page-chart opening tag.
        let inner = body[body.index(after: body.firstIndex(of: ">")!)...]
        let scale = Double(Self.figureSize.width) / frame.width
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.figureSize.width)\" height=\"\(Int((frame.height * scale).rounded()))\" "
        text += "viewBox=\"0 0 \(Int(frame.width)) \(Int(frame.height))\" role=\"img\" "
        text += "aria-label=\"\(HTMLEscaping.escape(metric.title + " against " + AxisTitle.text(key)))\">"
        text += "<title>\(HTMLEscaping.escape(metric.title + " (" + metric.unit + ") against " + AxisTitle.text(key)))</title>"
        text += "<style>" + Self.figureStyle + "</style>"
        text += "<rect x=\"0\" y=\"0\" width=\"\(Int(frame.width))\" height=\"\(Int(frame.height))\" fill=\"#ffffff\"/>"
        return text + inner + "\n"
    }

    /// Where a figure's parts go, in layout units: the plot's top and bottom, the legend's
    /// rows (each item's left edge and text) with their baselines, the left-out note's
    /// baseline, and the figure's height.
    struct FigureLayout {
        var plotTop: Double
        var plotBottom: Double
        var legend: [(baseline: Double, items: [(x: Double, text: String, title: String?, line: Line)])]
        /// The baseline of the left-out note's first line, and its lines.
        var noteBaseline: Double?
        var note: [String] = []
        var height: Double
    }

    /// The figure's layout: the plot as tall as in a figure without legend (`figureViewBox`),
    /// the x axis' labels and title under it, then the legend, 15 units a row, and the note.
    func figureLayout() -> FigureLayout {
        let frame = Self.figureViewBox
        let plotBottom = frame.height - 44
        var baseline = frame.height + 8
        var legend: [(baseline: Double, items: [(x: Double, text: String, title: String?, line: Line)])] = []
        for row in legendRows(width: frame.width) {
            legend.append((baseline, row))
            baseline += 15
        }
        let note = noteLines(width: frame.width - 8, figure: true).lines
        let noteBaseline: Double? = note.isEmpty ? nil : baseline
        baseline += Self.noteHeight * Double(note.count)
        return FigureLayout(plotTop: 14, plotBottom: plotBottom, legend: legend, noteBaseline: noteBaseline, note: note,
                            height: (baseline - 6).rounded(.up))
    }

    /// The figure's style sheet: the page's classes with the light theme's literal colours.
    static let figureStyle: String = {
        var css = "text{font-family:\"DejaVu Sans\",Arial,Helvetica,sans-serif;font-size:12px;fill:#1b1b1b}"
            + ".tm{fill:#4a4d52;font-size:11px}.axis{stroke:#5f6368;stroke-width:1;fill:none}"
            + ".grid{stroke:#e4e4e4;stroke-width:1;fill:none}.line{stroke-width:1.5;fill:none;stroke-linejoin:round}"
            + ".whisker{stroke-width:1.2;fill:none}.dot{stroke:#ffffff;stroke-width:0.8}.ttl{font-weight:bold}"
        for (index, colour) in ChartPalette.okabeIto.enumerated() {
            css += ".c\(index).line,.c\(index).whisker{stroke:\(colour)}.c\(index).dot{fill:\(colour)}"
        }
        return css
    }()

    /// The legend's rows in the figure: each line's label at (x, row), fitted to the width.
    func legendRows(width: Double) -> [[(x: Double, text: String, title: String?, line: Line)]] {
        Self.legendRows(lines, width: width)
    }

    /// The legend's rows of `lines`, fitted to `width`.
    static func legendRows(_ lines: [Line], width: Double) -> [[(x: Double, text: String, title: String?, line: Line)]] {
        var rows: [[(x: Double, text: String, title: String?, line: Line)]] = [[]]
        var x = 4.0
        for line in lines {
            let fitted = TextMetrics.fit(line.label, width: width - 8 - Self.legendSample - 6, size: 11, keep: .end)
            let itemWidth = Self.legendSample + 6 + TextMetrics.width(fitted.text, size: 11)
            if x > 4, x + itemWidth > width - 4 {
                rows.append([])
                x = 4
            }
            rows[rows.count - 1].append((x, fitted.text, fitted.shortened ? line.label : nil, line))
            x += itemWidth + 14
        }
        return rows.filter { !$0.isEmpty }
    }

    /// The y scale over `pixels`: 0 to 1 for a share; else from 0 (or a round value below the
    /// lowest interval) to a round value above every mean and interval.
    func yScale(_ pixels: ClosedRange<Double>) -> ChartScale {
        guard !metric.share else { return ChartScale(domain: 0...1, range: pixels, inverted: true) }
        let numbers = scaleLines.flatMap { $0.values.compactMap { $0 }.flatMap { [$0.value, $0.low ?? $0.value, $0.high ?? $0.value] } }
        let highest = numbers.max() ?? 0, lowest = numbers.min() ?? 0
        let top = ChartScale.niceCeiling(max(highest * 1.12, 0.5))
        let bottom = lowest < 0 ? -ChartScale.niceCeiling(-lowest * 1.12) : 0
        return ChartScale(domain: bottom...max(top, bottom + 0.5), range: pixels, inverted: true)
    }

    /// The chart's title: the metric's, and its panel's value ("Pressure kills per hour: no
    /// compressor").
    var title: String {
        metric.title + (panel.map { ": " + $0.title } ?? "")
    }

    func draw(in frame: Frame, id: String?) -> SVGWriter {
        let label = title + " (" + metric.unit + ") against " + AxisTitle.text(key)
        var svg = SVGWriter(width: Int(frame.width), height: Int(frame.height), label: label, id: id)
        var plotTop = 46.0
        var bottom = frame.height - 44
        if frame.cell {
            svg.fittedLabel(panel?.title ?? title, x: 4, y: 13, width: frame.width - 8, size: 12, bold: true, class: "ttl")
            plotTop = 26
        } else if frame.standalone {
            let layout = figureLayout()
            Self.drawLegend(layout.legend, into: &svg)
            plotTop = layout.plotTop
            bottom = layout.plotBottom
            if let baseline = layout.noteBaseline {
                svg.lines(layout.note, x: 4, y: baseline, lineHeight: Self.noteHeight, class: "tm",
                          title: noteLines(width: frame.width - 8, figure: true).title)
            }
        } else {
            svg.fittedLabel(title, x: 2, y: 17, width: frame.width - 4, size: 13, bold: true, class: "ttl")
            svg.fittedLabel("group mean (" + metric.unit + "); error bar: 95 % interval of the mean", x: 2, y: 33,
                            width: frame.width - 4, size: 11, class: "tm")
            let note = noteLines(width: frame.width - 4)
            if !note.lines.isEmpty {
                bottom -= Self.noteHeight * Double(note.lines.count)
                svg.lines(note.lines, x: 2, y: bottom + 44 + 9, lineHeight: Self.noteHeight, class: "tm", title: note.title)
            }
        }
        let y = yScale(plotTop...bottom)
        let tickValues = metric.share ? [0, 0.25, 0.5, 0.75, 1] : y.ticks(4)
        let tickTexts = ChartNumber.tickLabels(tickValues, 2)
        let widest = tickTexts.map { TextMetrics.width($0, size: 11) }.max() ?? 0
        let left = max(44, (widest + 30).rounded(.up))
        let plotRight = frame.width - 12
        svg.valueGrid(ticks: Array(zip(tickValues, tickTexts)), y: y, left: left, right: plotRight, bottom: bottom)
        svg.line(left, plotTop, left, bottom, class: "axis")
        // The y axis' title, turned along the axis and centred on it.
        let middle = ((plotTop + bottom) / 2).rounded()
        let yTitle = TextMetrics.fit(metric.unit, width: bottom - plotTop, size: 11, keep: .end)
        svg.label(yTitle.text, x: 12, y: middle, anchor: "middle", class: "tm", extra: "transform=\"rotate(-90 12 \(Int(middle)))\"",
                  title: yTitle.shortened ? metric.unit : nil)
        // Room for the dodged lines' outermost markers (2.5 dodges of at most 5 units, half a
        // marker), so that none sits on the y axis or the plot's right edge.
        let inset = lines.count > 1 && key != Self.policyKey ? 24.0 : 14.0
        let axis = SweepChartAxis(key: key, values: values, range: (left + inset)...(plotRight - inset), names: valueNames)
        svg.valueMarks(axis, count: values.count, bottom: bottom)
        for tick in axis.ticks(within: 2...(frame.width - 2)) {
            svg.label(tick.text, x: tick.x, y: bottom + 19, anchor: tick.anchor, class: "tm", title: tick.title)
        }
        svg.fittedLabel(AxisTitle.text(key), x: plotRight, y: bottom + 35, width: plotRight - left, size: 11, keep: .end, anchor: "end",
                        class: "tm")
        let dodge = dodgeWidth(axis)
        for (index, line) in lines.enumerated() {
            drawLine(line, axis: axis, y: y, offset: (Double(index) - Double(lines.count - 1) / 2) * dodge, into: &svg)
        }
        return svg
    }

    /// The sideways distance between neighbouring lines' points: none when each x has one
    /// line (the policies as the x axis), else at most 5 units and within a third of the
    /// narrowest gap between two x values.
    private func dodgeWidth(_ axis: SweepChartAxis) -> Double {
        guard key != Self.policyKey, lines.count > 1 else { return 0 }
        let positions = values.indices.map(axis.position).sorted()
        let gaps = zip(positions.dropFirst(), positions).map { $0 - $1 }.filter { $0 > 0 }
        let narrowest = gaps.min() ?? .infinity
        return min(5, narrowest / 3 / Double(lines.count - 1))
    }

    private func drawLine(_ line: Line, axis: SweepChartAxis, y: ChartScale, offset: Double, into svg: inout SVGWriter) {
        let colour = line.style.cssClass
        var stroke = "", whiskers = "", markers = ""
        var points: [(x: Int, y: Int)] = []
        var joined = false
        for index in axis.lineOrder {
            guard let value = line.values[index] else {
                joined = false
                continue
            }
            let x = ChartNumber.pixel(axis.position(index) + offset)
            let py = ChartNumber.pixel(y.pixel(value.value))
            stroke += (joined ? "L" : "M") + "\(x) \(py)"
            joined = true
            if let low = value.low, let high = value.high {
                let lowY = ChartNumber.pixel(y.pixel(low)), highY = ChartNumber.pixel(y.pixel(high))
                whiskers += "M\(x) \(lowY)V\(highY)M\(x - 3) \(lowY)h6M\(x - 3) \(highY)h6"
            }
            points.append((x, py))
        }
        // A line of one point (a group per policy) is only its marker: draw it larger.
        let size = points.count == 1 ? 11 : 7
        markers = points.map { SeriesMarker.glyph(line.style.shape, x: $0.x, y: $0.y, size: size) }.joined()
        svg.path(stroke.contains("L") ? stroke : "", class: "line \(colour)", extra: line.style.dash.attribute)
        svg.path(whiskers, class: "whisker \(colour)")
        svg.path(markers, class: "dot \(colour)", title: line.series)
    }

    static func drawLegend(_ rows: [(baseline: Double, items: [(x: Double, text: String, title: String?, line: Line)])],
                            into svg: inout SVGWriter) {
        for row in rows {
            for item in row.items {
                let colour = item.line.style.cssClass
                let cy = Int(row.baseline - 4)
                let sample = Int(Self.legendSample)
                svg.path("M\(Int(item.x)) \(cy)h\(sample)", class: "line \(colour)", extra: item.line.style.dash.attribute)
                svg.path(SeriesMarker.glyph(item.line.style.shape, x: Int(item.x) + sample / 2, y: cy, size: 7), class: "dot \(colour)")
                svg.label(item.text, x: item.x + Self.legendSample + 6, y: row.baseline, class: "tm", title: item.title)
            }
        }
    }
}
