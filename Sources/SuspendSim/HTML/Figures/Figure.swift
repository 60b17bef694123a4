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
///   `label`. A row's other cells are the numbers the chart placed (values, never pixels).
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

    /// The first column of every figure's CSV: the series a row belongs to.
    static let labelColumn = "label"

    /// The CSV text: the header, then a row per drawn point or bar (RFC 4180 quoting).
    func csv() -> String {
        ([columns] + rows).map { $0.map(Self.field).joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    /// A cell quoted as RFC 4180 requires (a comma, a double quote, CR or LF).
    static func field(_ text: String) -> String {
        guard CSVFormatting.needsQuoting(text) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A drawn number as a cell: the shortest text that reads back as the same `Double`
    /// (`3` for 3.0), so that the CSV holds what the chart placed, not a rounding of it.
    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
