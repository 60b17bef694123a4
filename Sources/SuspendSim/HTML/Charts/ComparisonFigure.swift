/// One comparison metric as a paper's figure (SPEC 21, SPEC 15 "Labels, styles, legends"):
/// `figures/<metric>.svg`, and `report --figures`' file of the chart.
///
/// - A metric of one chart is that chart's figure (`ComparisonChart.figure()`).
/// - A metric split into small multiples (`ComparisonChart.panels`: more lines than a chart
///   tells apart) is one document of every panel, `columns` to a row, each panel laid out as
///   a one-column figure's plot (`ComparisonChart.figureViewBox`, titled by its panel's value,
///   the y scale shared), and one legend under them all: each line's label and style once
///   (a line has the same style in every panel). So every series of `groups.csv` is in the
///   figure, and its CSV (`Figure.comparison`) has a row for each of their markers.
/// - What every line shares is said once, in a note under the legend.
enum ComparisonFigure {
    /// The whole SVG document of `panels` (one metric's charts, in order), `columns` panels
    /// to a row; the same bytes for the same groups.
    static func document(_ panels: [ComparisonChart], columns: Int) -> String {
        guard panels.count > 1, let first = panels.first else { return panels.first?.figure() ?? "" }
        let cell = ComparisonChart.figureViewBox
        let columns = max(1, min(columns, panels.count))
        let rows = (panels.count + columns - 1) / columns
        let width = cell.width * Double(columns)
        let legend = ComparisonChart.legendRows(legendLines(panels), width: width)
        var baseline = cell.height * Double(rows) + 8
        var placed: [(baseline: Double, items: [(x: Double, text: String, title: String?, line: ComparisonChart.Line)])] = []
        for row in legend {
            placed.append((baseline, row))
            baseline += 15
        }
        let note = first.sharedNote.map { TextMetrics.wrap($0, width: width - 8, size: 11, lines: ComparisonChart.noteLines) }
        let noteBaseline = baseline
        baseline += ComparisonChart.noteHeight * Double(note?.lines.count ?? 0)
        let height = (baseline - 6).rounded(.up)
        let scale = Double(ComparisonChart.figureSize.width) / cell.width
        let about = first.metric.title + " (" + first.metric.unit + ") against " + AxisTitle.text(first.key)
            + ", a panel per value of " + panels.map { $0.panel?.title ?? "" }.joined(separator: ", ")
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int((width * scale).rounded()))\" "
        text += "height=\"\(Int((height * scale).rounded()))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
        text += "aria-label=\"\(HTMLEscaping.escape(about))\"><title>\(HTMLEscaping.escape(about))</title>"
        text += "<style>" + ComparisonChart.figureStyle + "</style>"
        text += "<rect x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"#ffffff\"/>"
        for (index, panel) in panels.enumerated() {
            let frame = ComparisonChart.Frame(width: cell.width, height: cell.height, standalone: true, cell: true)
            let x = Int(cell.width) * (index % columns), y = Int(cell.height) * (index / columns)
            text += "<g transform=\"translate(\(x) \(y))\">" + inner(panel.draw(in: frame, id: nil).finish()) + "</g>"
        }
        var rest = SVGWriter(width: Int(width), height: Int(height), label: "legend")
        ComparisonChart.drawLegend(placed, into: &rest)
        if let note, !note.lines.isEmpty {
            rest.lines(note.lines, x: 4, y: noteBaseline, lineHeight: ComparisonChart.noteHeight, class: "tm",
                       title: note.shortened ? first.sharedNote : nil)
        }
        return text + "<g class=\"legend\">" + inner(rest.finish()) + "</g></svg>\n"
    }

    /// The lines of `panels` as one legend names them: each label once, in order of first
    /// appearance, with its style (the same in every panel).
    static func legendLines(_ panels: [ComparisonChart]) -> [ComparisonChart.Line] {
        var seen = Set<String>()
        return panels.flatMap(\.lines).filter { seen.insert($0.label).inserted }
    }

    /// An SVGWriter drawing's elements, without its own `<svg>` element around them.
    private static func inner(_ drawing: String) -> Substring {
        guard let open = drawing.firstIndex(of: ">") else { return Substring(drawing) }
        return drawing[drawing.index(after: open)...].dropLast("</svg>".count)
    }
}
