import Foundation

/// One chart of a page as a paper's figure (SPEC 15, `report --figures`): the chart as the page
/// draws it, its legend, and the table of exactly what it draws.
///
/// - `title`: the chart's title as the page gives it, from the outside in (the scenario when
///   the page has several, the section's heading, the chart's own title); the file names are
///   made from it (`FigureNames`).
/// - `svg`: the chart's `<svg>` as the page draws it (page classes, no colours of its own),
///   laid out for the figure's width (`FigureWidth.layoutWidth(page:)`).
/// - `legend`: the series the page's legend names under the chart (HTML there, drawn into the
///   figure under the chart here, so that the figure stands alone).
/// - `columns` and `rows`: one row per drawn point or bar (the same for `oneColumn`), its series in the first column,
///   `label`. A row's other cells are the numbers the chart placed (values, never pixels);
///   the CSV adds each row's style and the axes' words (`styleColumns`).
struct Figure {
    var title: [String]
    var svg: String
    var legend: [(label: String, style: SeriesStyle)]
    var columns: [String]
    var rows: [[String]]
    /// A layout of the same chart made for one column, its legend inside (the comparison's
    /// `figures/<metric>.svg`, 378 units wide), used at 3.5 in instead of `svg` and `legend`.
    var oneColumn: String? = nil
    /// A layout of the same chart made for two columns, its legend inside (a comparison's
    /// small multiples, two panels to a row), used at 7 in instead of `svg` and `legend`.
    var twoColumns: String? = nil
    /// Each series' style by its `label` cell: the styles the SVG draws it in.
    var styles: [String: SeriesStyle] = [:]
    /// The axes' titles in words (SPEC 15: words, never column names), empty where there is none.
    var xTitle = ""
    var yTitle = ""

    /// The first column of every figure's CSV: the series a row belongs to.
    static let labelColumn = "label"

    /// The columns after a figure's own (`styleCells`): its series' style, the SVG's own table
    /// (`SeriesStyle`), and the axes' words, so that `scripts/plot.py` draws what the SVG draws.
    static let styleColumns = ["colour", "marker", "dash", "x_title", "y_title"]

    /// The CSV text: the header, then a row per drawn point or bar (RFC 4180 quoting), each
    /// ending with `styleColumns`.
    func csv() -> String {
        ([columns + Self.styleColumns] + rows.map { $0 + styleCells($0.first ?? "") }).map { $0.map(CSVFormatting.fieldText).joined(separator: ",") }
            .joined(separator: "\n") + "\n"
    }

    /// A row's style cells: its series' colour (`#RRGGBB`), marker (`circle`, `square`,
    /// `triangle`, `diamond`, `triangleDown`, `bar`) and line (`solid`, `dashed`, `dotted`,
    /// `dashDotted`), empty for a row of no series (a reference line); then the axes' titles.
    func styleCells(_ label: String) -> [String] {
        guard let style = styles[label] else { return ["", "", "", xTitle, yTitle] }
        return [ChartPalette.colour(style.colour), "\(style.shape)", "\(style.dash)", xTitle, yTitle]
    }

    /// A drawn number as a cell: the shortest text that reads back as the same `Double`
    /// (`3` for 3.0), so that the CSV holds what the chart placed, not a rounding of it.
    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
