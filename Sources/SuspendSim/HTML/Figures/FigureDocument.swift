/// A figure's SVG file (`report --figures`): a whole SVG document `width` wide in points (one
/// column, 3.5 in = 252 pt, or two, 7 in = 504 pt), drawing the chart laid out for that width
/// (`FigureWidth.layoutWidth`: at most 396 or 792 units, so that 11 px text prints at 7 pt or
/// more), scaled to it, with its legend under it; at one column, a chart's one-column layout
/// (`Figure.oneColumn`) when it has one, at two a chart's two-column layout (`Figure.twoColumns`)
/// when it has one, their legend inside.
///
/// - The height follows from the width: the chart keeps its proportions, so a figure is as
///   tall as its chart scaled to the width, plus its legend's rows.
/// - The chart itself is nested as the page holds it; the document adds a white background,
///   its own style sheet (`FigureStyle`: literal colours, DejaVu Sans) and a `<title>`.
/// - The legend: each series' line and marker and its label, in rows fitted to the chart's
///   width, in the order the page's legend gives them.
struct FigureDocument {
    let figure: Figure
    let width: FigureWidth

    /// The legend's row height and top margin, in the chart's units.
    static let legendRow = 16.0
    static let legendTop = 6.0

    /// The whole document, the same bytes for the same figure.
    func text() -> String {
        let paper = (width == .oneColumn ? figure.oneColumn : figure.twoColumns).map(Self.nestable)
        let chart = paper ?? figure.svg
        let (chartWidth, chartHeight) = Self.viewBox(of: chart)
        let rows = paper == nil ? legendRows(width: chartWidth) : []
        let legendHeight = rows.isEmpty ? 0 : Self.legendTop + Self.legendRow * Double(rows.count) + 4
        let height = chartHeight + legendHeight
        let points = Double(width.points)
        let heightPoints = ChartNumber.fixed(points * height / chartWidth, 2)
        let title = HTMLEscaping.escape(figure.title.joined(separator: " — "))
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width.points)pt\" height=\"\(heightPoints)pt\" "
        text += "viewBox=\"0 0 \(ChartNumber.px(chartWidth)) \(ChartNumber.px(height))\" role=\"img\" aria-label=\"\(title)\">"
        text += "<title>\(title)</title><style>\(FigureStyle.css)</style>"
        text += "<rect x=\"0\" y=\"0\" width=\"\(ChartNumber.px(chartWidth))\" height=\"\(ChartNumber.px(height))\" fill=\"#ffffff\"/>\n"
        text += chart + "\n"
        var legend = SVGWriter(width: Int(chartWidth), height: Int(legendHeight), label: "legend")
        for (row, items) in rows.enumerated() {
            let baseline = chartHeight + Self.legendTop + Self.legendRow * Double(row) + 11
            for item in items {
                let colour = item.style.cssClass
                let cy = Int(baseline - 4)
                legend.path("M\(Int(item.x)) \(cy)h16", class: "line \(colour)")
                legend.path(SeriesMarker.glyph(item.style.shape, x: Int(item.x) + 8, y: cy, size: 7), class: "dot \(colour)")
                legend.label(item.text, x: item.x + 22, y: baseline, class: "tm", title: item.title)
            }
        }
        let drawn = legend.finish()
        // The legend's elements without SVGWriter's own `<svg>` element around them.
        if let open = drawn.firstIndex(of: ">") {
            text += "<g class=\"legend\">" + drawn[drawn.index(after: open)...].dropLast("</svg>".count) + "</g>"
        }
        return text + "</svg>\n"
    }

    /// The legend's items, placed left to right and wrapped at `width`.
    func legendRows(width: Double) -> [[(x: Double, text: String, title: String?, style: SeriesStyle)]] {
        var rows: [[(x: Double, text: String, title: String?, style: SeriesStyle)]] = [[]]
        var x = 4.0
        for entry in figure.legend {
            let fitted = TextMetrics.fit(entry.label, width: width - 36, size: 11, keep: .end)
            let itemWidth = 22 + TextMetrics.width(fitted.text, size: 11)
            if x > 4, x + itemWidth > width - 4 {
                rows.append([])
                x = 4
            }
            rows[rows.count - 1].append((x, fitted.text, fitted.shortened ? entry.label : nil, entry.style))
            x += itemWidth + 14
        }
        return rows.filter { !$0.isEmpty }
    }

    /// A whole SVG document as an element to nest: without its XML declaration, its `width` and
    /// `height` those of its `viewBox`, so that it fills the figure's units as a page chart does.
    static func nestable(_ document: String) -> String {
        var svg = Substring(document)
        if svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") { svg = svg[svg.index(after: end)...] }
        while svg.last == "\n" { svg.removeLast() }
        guard let close = svg.firstIndex(of: ">") else { return String(svg) }
        let (width, height) = viewBox(of: String(svg))
        var tag = String(svg[...close])
        for (name, value) in [("width", width), ("height", height)] {
            if let start = tag.range(of: " \(name)=\""), let end = tag[start.upperBound...].firstIndex(of: "\"") {
                tag.replaceSubrange(start.upperBound..<end, with: ChartNumber.px(value))
            }
        }
        return tag + svg[svg.index(after: close)...]
    }

    /// The width and height of the `viewBox` of the chart's opening `<svg>` tag.
    static func viewBox(of svg: String) -> (Double, Double) {
        SVGWriter.viewBoxSize(of: svg)
    }
}
