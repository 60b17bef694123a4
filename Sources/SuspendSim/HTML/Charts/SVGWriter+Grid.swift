extension SVGWriter {
    /// The value charts' frame (SPEC 15, 21): a grid line across the plot at each of the y
    /// axis' ticks with its label right-aligned left of the plot, then the x axis' base line.
    mutating func valueGrid(ticks: [(value: Double, text: String)], y: ChartScale, left: Double, right: Double, bottom: Double) {
        var grid = ""
        for tick in ticks {
            let py = y.pixel(tick.value)
            grid += "M\(ChartNumber.px(left)) \(ChartNumber.px(py))H\(ChartNumber.px(right))"
            label(tick.text, x: left - 6, y: py + 4, anchor: "end", class: "tm")
        }
        path(grid, class: "grid")
        line(left, bottom, right, bottom, class: "axis")
    }

    /// A short mark below the base line at each swept value's position on `axis`.
    mutating func valueMarks(_ axis: SweepChartAxis, count: Int, bottom: Double) {
        var marks = ""
        for index in 0 ..< count {
            marks += "M\(ChartNumber.px(axis.position(index))) \(ChartNumber.px(bottom))v4"
        }
        path(marks, class: "axis")
    }
}
