/// Writes one inline SVG chart as text (SPEC 15: charts are inline SVG, no script).
///
/// Written by hand: no Swift package writes SVG, and Plot's HTML nodes would cost a closure
/// per element for charts that are mostly long `d` attributes. Coordinates are whole pixels
/// of the chart's `viewBox` (`ChartNumber.px`); every text is escaped.
struct SVGWriter {
    private(set) var text = ""
    /// The number of drawn elements (paths, lines, rects, circles, texts) so far.
    private(set) var elementCount = 0

    /// Starts an `<svg>` of `width` × `height` viewBox units, labelled for screen readers.
    init(width: Int, height: Int, label: String, id: String? = nil) {
        text.reserveCapacity(16_384)
        text += "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" "
        text += "width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"\(HTMLEscaping.escape(label))\""
        if let id { text += " id=\"\(HTMLEscaping.escape(id))\"" }
        text += ">"
    }

    /// A `<path>` with `d` (already in whole pixels) and a class; nothing when `d` is empty.
    mutating func path(_ d: String, class cssClass: String, extra: String = "", title: String? = nil) {
        guard !d.isEmpty else { return }
        text += "<path class=\"\(cssClass)\" d=\"\(d)\"\(extra.isEmpty ? "" : " " + extra)"
        closeElement(title: title, name: "path")
    }

    /// A straight line.
    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, class cssClass: String, extra: String = "") {
        text += "<line class=\"\(cssClass)\" x1=\"\(ChartNumber.px(x1))\" y1=\"\(ChartNumber.px(y1))\" "
        text += "x2=\"\(ChartNumber.px(x2))\" y2=\"\(ChartNumber.px(y2))\"\(extra.isEmpty ? "" : " " + extra)/>"
        elementCount += 1
    }

    /// A rectangle.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, class cssClass: String, title: String? = nil) {
        text += "<rect class=\"\(cssClass)\" x=\"\(ChartNumber.px(x))\" y=\"\(ChartNumber.px(y))\" "
        text += "width=\"\(ChartNumber.px(max(width, 0)))\" height=\"\(ChartNumber.px(max(height, 0)))\""
        closeElement(title: title, name: "rect")
    }

    /// A text at (x, y); `anchor` is `start`, `middle` or `end`. With `title`, the text carries
    /// it as its `<title>` (the whole of a shortened label, SPEC 19).
    mutating func label(_ string: String, x: Double, y: Double, anchor: String = "start", class cssClass: String? = nil,
                        extra: String = "", title: String? = nil) {
        openText(x: x, y: y, anchor: anchor, class: cssClass, extra: extra, title: title)
        text += "\(HTMLEscaping.escape(string))</text>"
    }

    /// `string` fitted into `width` pixels at `size` px (`TextMetrics.fit`): shortened, with
    /// the whole label as its `<title>`, when it is too long.
    mutating func fittedLabel(_ string: String, x: Double, y: Double, width: Double, size: Double, bold: Bool = false,
                              keep: TextMetrics.Keep = .middle, anchor: String = "start", class cssClass: String? = nil) {
        let fitted = TextMetrics.fit(string, width: width, size: size, bold: bold, keep: keep)
        label(fitted.text, x: x, y: y, anchor: anchor, class: cssClass, title: fitted.shortened ? string : nil)
    }

    /// A text of several `lines`, the first at (x, y), each next `lineHeight` below.
    mutating func lines(_ lines: [String], x: Double, y: Double, lineHeight: Double, anchor: String = "start",
                        class cssClass: String? = nil, title: String? = nil) {
        openText(x: x, y: y, anchor: anchor, class: cssClass, extra: "", title: title)
        for (index, line) in lines.enumerated() {
            text += "<tspan x=\"\(ChartNumber.px(x))\" y=\"\(ChartNumber.px(y + lineHeight * Double(index)))\">"
            text += "\(HTMLEscaping.escape(line))</tspan>"
        }
        text += "</text>"
    }

    private mutating func openText(x: Double, y: Double, anchor: String, class cssClass: String?, extra: String, title: String?) {
        text += "<text x=\"\(ChartNumber.px(x))\" y=\"\(ChartNumber.px(y))\""
        if anchor != "start" { text += " text-anchor=\"\(anchor)\"" }
        if let cssClass { text += " class=\"\(cssClass)\"" }
        if !extra.isEmpty { text += " " + extra }
        text += ">"
        if let title { text += "<title>\(HTMLEscaping.escape(title))</title>" }
        elementCount += 1
    }

    /// Text written as it is (already-escaped markup such as a `<g>` wrapper).
    mutating func raw(_ markup: String) {
        text += markup
    }

    /// The width and height of the `viewBox` of a drawing's opening `<svg>` tag ((1, 1) without one).
    static func viewBoxSize(of svg: String) -> (Double, Double) {
        guard let start = svg.range(of: "viewBox=\"") else { return (1, 1) }
        let numbers = svg[start.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 4, numbers[2] > 0 else { return (1, 1) }
        return (numbers[2], numbers[3])
    }

    /// Closes the `<svg>` and returns the chart.
    consuming func finish() -> String {
        text += "</svg>"
        return text
    }

    private mutating func closeElement(title: String?, name: String) {
        elementCount += 1
        if let title {
            text += "><title>\(HTMLEscaping.escape(title))</title></\(name)>"
        } else {
            text += "/>"
        }
    }
}
