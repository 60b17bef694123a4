/// A survival chart laid out in one column (SPEC 15: every chart fits 3.5 in): its panels one
/// under the other, each as wide as the chart, instead of side by side.
///
/// Side by side in a one-column figure (396 units), four panels leave each about 30 units:
/// a sweep point's title ("no compressor", "RAM 1024 MB") wraps into fragments and the "100 %"
/// of one panel meets the "0 %" of the next. Stacked, each panel has the whole plot width, its
/// title on one line per setting, and its ticks apart. The chart's title is drawn above the
/// first panel, the x axis' title under the last; every panel repeats the app names, in the
/// same order (`order`), so that each reads alone.
extension SurvivalChart {
    /// How `SVGWriter` opens a chart.
    private static let opening = "<svg class=\"chart\" "

    /// The chart as one `<svg>`: each panel a nested `<svg>` of its own at its height, the
    /// next starting where it ends. A chart of one panel is `render(title:id:)` itself.
    func renderStacked(title: String, id: String? = nil) -> String {
        guard panels.count > 1 else { return render(title: title, id: id) }
        var drawn: [(svg: String, height: Double)] = []
        for (index, panel) in panels.enumerated() {
            var single = self
            single.panels = [panel]
            single.drawsTitle = index == 0
            single.drawsAxisTitle = index == panels.count - 1
            let svg = single.render(title: title)
            drawn.append((svg, SVGWriter.viewBoxSize(of: svg).1))
        }
        let height = drawn.reduce(0) { $0 + $1.height }
        var stacked = SVGWriter(width: Int(width), height: Int(height), label: title, id: id)
        var y = 0.0
        for part in drawn {
            // The panel's own `<svg>`, placed at `y` (its opening is `SVGWriter`'s).
            stacked.raw("<svg class=\"panel\" y=\"\(ChartNumber.px(y))\" " + part.svg.dropFirst(Self.opening.count))
            y += part.height
        }
        return stacked.finish()
    }
}
