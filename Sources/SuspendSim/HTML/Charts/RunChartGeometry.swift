/// The horizontal layout the run page's two charts share, so that an instant sits at the
/// same x in both (SPEC 15), and the aggregation rule for long runs.
///
/// **Aggregation to the pixel.** The plot is `columns` whole pixels wide; column c holds the
/// instants t with `c = floor(t / end × columns)` (the last instant falls in the last
/// column). Every series is reduced to a few values per column before anything is drawn
/// (the stack's highest top in the column, free memory's first, lowest, highest and last
/// value, the most awake state, one mark per app and kind), so a chart costs O(columns)
/// elements and path points whatever the number of events.
struct RunChartGeometry {
    /// The chart's width in viewBox units (about the page's width at 1280 px).
    static let width = 1200
    /// Room for the timeline's app names and the memory chart's MB labels.
    static let left = 200
    static let right = 24

    /// The width the charts are laid out at: the page's (`RunChartGeometry.width`), or a
    /// figure's narrower one (`FigureWidth.layoutWidth`), with fewer columns and time ticks,
    /// the margins and texts as on the page.
    let width: Int

    /// The plot's width in pixels: one column per pixel.
    var columns: Int { width - Self.left - Self.right }
    /// The run's end (`RunReports.endTime`): `end_s` when the file gives one, else its last
    /// event or timer.
    let runEnd: Double
    /// The axis' end: the run's end itself, so that both charts stop where the run stopped
    /// (SPEC 15), neither past it nor short of it; 1 s for a run that ends at 0, so that it
    /// still has an axis. The last instant falls in the last column, so the state the run
    /// ended in shows there.
    let end: Double
    /// The x axis: seconds to pixels.
    let x: ChartScale

    init(endTime: Double, width: Int = RunChartGeometry.width) {
        self.width = width
        runEnd = endTime.isFinite ? max(endTime, 0) : 0
        end = runEnd > 0 ? runEnd : 1
        x = ChartScale(domain: 0...end, range: Double(Self.left)...Double(width - Self.right))
    }

    /// The column of instant `time`.
    func column(_ time: Double) -> Int {
        let raw = Int((time / end * Double(columns)).rounded(.down))
        return min(max(raw, 0), columns - 1)
    }

    /// The x pixel where column `c` starts.
    func columnX(_ c: Int) -> Int { Self.left + c }

    /// The time axis: ticks and labels below `y`, vertical grid lines from `top` to `y`, and
    /// the unit.
    func drawTimeAxis(into svg: inout SVGWriter, top: Double, y: Double) {
        var grid = ""
        // 10 ticks on the page, fewer where 10 labels would not fit (one per 60 columns, at least 3).
        for tick in x.ticks(min(10, max(3, columns / 60))) {
            let px = ChartNumber.px(x.pixel(tick))
            grid += "M\(px) \(ChartNumber.px(top))V\(ChartNumber.px(y))"
            svg.label(ChartNumber.short(tick, 3), x: x.pixel(tick), y: y + 16, anchor: "middle", class: "tm")
        }
        svg.path(grid, class: "grid")
        svg.line(Double(Self.left), y, Double(width - Self.right), y, class: "axis")
        svg.label("time (s)", x: Double(width - Self.right), y: y + 32, anchor: "end", class: "tm")
    }

    /// The dotted "end" at the run's end, from `top` to `y`: the plot's right edge, its label
    /// inside the plot left of the line (right of it for a run that ends at 0). Drawn last, over
    /// the series.
    func drawEnd(into svg: inout SVGWriter, top: Double, y: Double) {
        let endX = x.pixel(runEnd)
        svg.line(endX, top, endX, y, class: "endline", extra: "stroke-dasharray=\"2 3\"")
        let inside = endX - Double(Self.left) > 30
        svg.label("end", x: inside ? endX - 3 : endX + 3, y: y - 4, anchor: inside ? "end" : "start", class: "tm halo")
    }
}
