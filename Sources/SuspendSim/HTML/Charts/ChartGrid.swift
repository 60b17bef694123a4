/// Charts of one figure as small multiples (SPEC 15: a what-if figure per app and counter, a
/// panel per point): the charts' `<svg>`s nested in one, `columns` to a row, each at its own
/// size, a row as tall as its tallest chart. Every chart keeps its own texts, so that none
/// meets another's: the grid only places them.
enum ChartGrid {
    /// How `SVGWriter` opens a chart.
    private static let opening = "<svg class=\"chart\" "

    /// One `<svg>` holding `charts` (each an `SVGWriter` drawing) in rows of `columns`.
    static func svg(_ charts: [String], columns: Int, label: String, id: String? = nil) -> String {
        let sizes = charts.map(SVGWriter.viewBoxSize(of:))
        let columns = max(1, min(columns, charts.count))
        let cellWidth = sizes.map(\.0).max() ?? 1
        var rowTops: [Double] = [0]
        for start in stride(from: 0, to: charts.count, by: columns) {
            let tallest = sizes[start..<min(start + columns, charts.count)].map(\.1).max() ?? 0
            rowTops.append(rowTops[rowTops.count - 1] + tallest)
        }
        var grid = SVGWriter(width: Int(cellWidth * Double(columns)), height: Int(rowTops.last ?? 0), label: label, id: id)
        for (index, chart) in charts.enumerated() {
            let x = cellWidth * Double(index % columns), y = rowTops[index / columns]
            let body = chart.hasPrefix(opening) ? chart.dropFirst(opening.count) : Substring(chart)
            grid.raw("<svg class=\"panel\" x=\"\(ChartNumber.px(x))\" y=\"\(ChartNumber.px(y))\" " + body)
        }
        return grid.finish()
    }
}
