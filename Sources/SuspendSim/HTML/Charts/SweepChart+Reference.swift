/// The reference line of a sweep chart (the observed value of a calibration chart, a what-if's
/// "no change" at 0) and where its label goes (SPEC 19: no label runs into another, SPEC 15: a
/// label readable at 3.5 in).
///
/// The label stays off the chart's data: of six places, the line's right end, middle and left
/// end, each above the line and below it, the first whose box covers no marker, no interval and
/// no stretch of a line (each sampled every 2 px, the box grown by 2 px) is taken; when every
/// place covers some, the label leaves the plot: a key under it, a dashed stroke and the label on
/// the x axis title's line, at the plot's left (where that line has room; else the place that
/// covers least). A what-if's lines all start at 0 on its baseline, and often end near 0, so its
/// label goes where the lines are not.
extension SweepChart {
    /// The places tried, in order: x (0 the plot's left, 0.5 its middle, 1 its right) and side.
    private static let places: [(at: Double, above: Bool)] = [(1, true), (1, false), (0.5, true), (0.5, false), (0, true), (0, false)]

    func drawReference(_ reference: (value: Double, label: String), axis: SweepChartAxis, y: ChartScale, left: Double, right: Double,
                       top: Double, into svg: inout SVGWriter) {
        let py = y.pixel(reference.value)
        svg.line(left, py, right, py, class: "ref", extra: "stroke-dasharray=\"6 3\"")
        let place = referenceLabelPlace(reference.label, at: py, axis: axis, y: y, left: left, right: right, top: top)
        let keyWidth = 20 + TextMetrics.width(reference.label, size: 11)
        if !place.clear, left + keyWidth + 12 + TextMetrics.width(AxisTitle.text(key), size: 11) <= right {
            // The key, on the x axis title's line (`render`: 35 px under the plot).
            let baseline = top + Self.plotHeight + 35
            svg.line(left, baseline - 4, left + 16, baseline - 4, class: "ref", extra: "stroke-dasharray=\"6 3\"")
            svg.label(reference.label, x: left + 20, y: baseline, class: "tm")
        } else {
            svg.label(reference.label, x: place.x, y: place.y, anchor: place.anchor, class: "tm halo")
        }
    }

    /// The label's baseline and anchor, and whether that place is clear of the data (see the
    /// type's documentation).
    func referenceLabelPlace(_ label: String, at py: Double, axis: SweepChartAxis, y: ChartScale, left: Double, right: Double,
                             top: Double) -> (x: Double, y: Double, anchor: String, clear: Bool) {
        let size = 11.0
        let width = TextMetrics.width(label, size: size)
        let ascent = TextMetrics.ascent * size, descent = 0.24 * size
        let bottom = top + Self.plotHeight
        let samples = dataSamples(axis: axis, y: y)
        var best: (x: Double, y: Double, anchor: String, hits: Int)?
        for place in Self.places {
            // Above the line, or below it; never past the plot's top or bottom.
            let baseline = place.above ? py - 4 : py + 13
            guard baseline - ascent >= top - 2, baseline + descent <= bottom else { continue }
            let anchor = place.at == 1 ? "end" : place.at == 0 ? "start" : "middle"
            let x = place.at == 1 ? right - 2 : place.at == 0 ? left + 4 : (left + right) / 2
            let x0 = place.at == 1 ? x - width : place.at == 0 ? x : x - width / 2
            let hits = samples.count(where: { sample in
                sample.x >= x0 - 2 && sample.x <= x0 + width + 2 && sample.y >= baseline - ascent - 2 && sample.y <= baseline + descent + 2
            })
            if hits == 0 { return (x, baseline, anchor, true) }
            if hits < best?.hits ?? .max { best = (x, baseline, anchor, hits) }
        }
        guard let best else { return (right - 2, py - 4, "end", false) }
        return (best.x, best.y, best.anchor, false)
    }

    /// Points of what the lines draw, every 2 px: each marker, each interval's span and each
    /// stretch of line between neighbouring values (the lines' dodge is within the label's margin).
    private func dataSamples(axis: SweepChartAxis, y: ChartScale) -> [(x: Double, y: Double)] {
        var samples: [(x: Double, y: Double)] = []
        func segment(_ from: (x: Double, y: Double), _ to: (x: Double, y: Double)) {
            let steps = max(1, Int((max(abs(to.x - from.x), abs(to.y - from.y)) / 2).rounded(.up)))
            for step in 0...steps {
                let t = Double(step) / Double(steps)
                samples.append((from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t))
            }
        }
        for line in lines {
            var previous: (x: Double, y: Double)?
            for index in axis.lineOrder {
                guard let value = line.values[index] else {
                    previous = nil
                    continue
                }
                let point = (x: axis.position(index), y: y.pixel(value.value))
                // The marker (7 px wide), its interval, and the line from the previous value.
                segment((point.x - 4, point.y), (point.x + 4, point.y))
                segment((point.x, y.pixel(value.high ?? value.value) - 4), (point.x, y.pixel(value.low ?? value.value) + 4))
                if let previous { segment(previous, point) }
                previous = point
            }
        }
        return samples
    }
}
