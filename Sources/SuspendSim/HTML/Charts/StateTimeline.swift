/// The run page's state timeline (SPEC 15): a lane per app in scenario order, its bar
/// coloured (and sized) by life-cycle state, with launches, wakes, kills and quits marked, and
/// the spans in which an app was frozen (SPEC 37) as a dashed line along its lane's top.
///
/// Per pixel column (`RunChartGeometry`) a lane shows the most awake state the app held for
/// some time in the column (`ChartPalette.states` order; a state held for no time, between
/// two changes of one instant, is not drawn), and each kind of mark at most once. Bars are
/// runs of equal columns, drawn as one stroked path per lane and state.
///
/// Past `MemoryChart.defaultFoldAbove` apps the lanes fold as the memory chart's stack does
/// (`lanes`, SPEC 35: no page grows without bound in apps).
struct StateTimeline {
    let reports: RunReports
    let geometry: RunChartGeometry
    /// The apps that keep a lane of their own (`MemoryChart.keptApps`); nil: every app does.
    var kept: [Int]? = nil

    /// The lane height for `apps` lanes: roomy for a few apps, compact for a hundred.
    static func laneHeight(apps: Int) -> Double {
        apps <= 12 ? 28 : apps <= 40 ? 20 : 13
    }

    func render() -> String {
        let lanes = self.lanes
        let apps = lanes.count
        let columns = geometry.columns
        let lane = Self.laneHeight(apps: apps)
        let top = 8.0
        let plotBottom = top + lane * Double(max(apps, 1))
        var svg = SVGWriter(width: geometry.width, height: Int(plotBottom + 44),
                            label: "State timeline: one lane per app, coloured by life-cycle state, with launches, wakes and kills",
                            id: "timeline-chart")
        geometry.drawTimeAxis(into: &svg, top: top, y: plotBottom)

        let laneOf = laneIndices(lanes)
        let (states, marks) = columnsByLane(columns: columns)
        // The compressions (SPEC 22), once per lane and column.
        var compressions = [Set<Int>](repeating: [], count: apps)
        for compression in reports.compressions where compression.app < laneOf.count {
            compressions[laneOf[compression.app]].insert(geometry.column(compression.time))
        }
        let frozen = frozenColumns(laneOf: laneOf, lanes: apps)
        var baseLines = ""
        for app in 0..<apps {
            let laneTop = top + lane * Double(app)
            let barBottom = laneTop + lane - 3
            let barHeight = lane - 7
            baseLines += "M\(RunChartGeometry.left) \(ChartNumber.px(barBottom))H\(geometry.width - RunChartGeometry.right)"
            let name = title(of: lanes[app])
            drawSwatch(of: lanes[app], y: laneTop + lane / 2 - 5, into: &svg)
            // A long id is shortened in the middle, with the whole id as its title (SPEC 19).
            svg.fittedLabel(name, x: 18, y: laneTop + lane / 2 + 4, width: Double(RunChartGeometry.left) - 26, size: 11,
                            class: "lbl lane-name")
            var drewAny = false
            for (stateIndex, style) in ChartPalette.states.enumerated() {
                let height = barHeight * style.height
                let centre = barBottom - height / 2
                var d = ""
                var penX: Int?
                var column = 0
                while column < columns {
                    guard states[app][column] == UInt8(stateIndex) else {
                        column += 1
                        continue
                    }
                    var end = column
                    while end < columns, states[app][end] == UInt8(stateIndex) { end += 1 }
                    let x = geometry.columnX(column)
                    if let pen = penX { d += "m\(x - pen) 0" } else { d += "M\(x) \(ChartNumber.px(centre))" }
                    d += "h\(end - column)"
                    penX = geometry.columnX(end)
                    column = end
                }
                if !d.isEmpty { drewAny = true }
                svg.path(d, class: "lane-bar \(style.cssClass)", extra: "stroke-width=\"\(ChartNumber.px(height))\"")
            }
            if !drewAny {
                svg.label("never resident", x: Double(RunChartGeometry.left) + 6, y: laneTop + lane / 2 + 4, class: "tm")
            }
            for mark in RunReports.Mark.allCases {
                var d = ""
                let cy = barBottom - barHeight / 2
                for column in 0..<columns where marks[app][column] & (1 << UInt8(mark.rawValue)) != 0 {
                    d += Self.glyph(mark, x: geometry.columnX(column), y: Int(cy.rounded()), size: lane >= 20 ? 4 : 3)
                }
                svg.path(d, class: "fgmark mk-\(mark)")
            }
            drawFrozenSpans(frozen[app], laneTop: laneTop, into: &svg)
            if !compressions[app].isEmpty {
                let cy = Int((barBottom - barHeight / 2).rounded())
                let d = compressions[app].sorted().map { Self.compressionGlyph(x: geometry.columnX($0), y: cy, size: lane >= 20 ? 4 : 3) }.joined()
                svg.path(d, class: "fgmark cmpmark", extra: "style=\"fill:none\"")
            }
        }
        svg.path(baseLines, class: "lane")
        geometry.drawEnd(into: &svg, top: top, y: plotBottom)
        return svg.finish()
    }

    /// The frozen spans (SPEC 37) as column ranges, per lane (a folded lane's in the order of
    /// `frozen.csv`, overlapping ones drawn over each other).
    private func frozenColumns(laneOf: [Int], lanes: Int) -> [[Range<Int>]] {
        var frozen = [[Range<Int>]](repeating: [], count: lanes)
        for span in reports.frozenSpans where span.app < laneOf.count {
            let first = geometry.column(span.start), last = geometry.column(min(span.end ?? geometry.end, geometry.end))
            frozen[laneOf[span.app]].append(first..<max(last, first + 1))
        }
        return frozen
    }

    /// A lane's frozen spans (SPEC 37): a dashed line along the top of the lane.
    private func drawFrozenSpans(_ spans: [Range<Int>], laneTop: Double, into svg: inout SVGWriter) {
        guard !spans.isEmpty else { return }
        let y = ChartNumber.px(laneTop + 2)
        let d = spans.map { "M\(geometry.columnX($0.lowerBound)) \(y)H\(geometry.columnX($0.upperBound))" }.joined()
        svg.path(d, class: "frozen-span", extra: "style=\"stroke:#56B4E9;stroke-width:2;stroke-dasharray:4 2;fill:none\"",
                 title: "frozen (written to flash by the freezer)")
    }

    /// Per lane (`lanes`) and column: the drawn state index (255: none) and a bit per mark
    /// kind. A folded lane holds, per column, the most awake state any of its apps held there
    /// and every kind of mark any of them had.
    func columnsByLane(columns: Int) -> (states: [[UInt8]], marks: [[UInt8]]) {
        let none = UInt8.max
        let laneOf = laneIndices(lanes)
        let apps = laneOf.count
        let laneCount = lanes.count
        var states = [[UInt8]](repeating: [UInt8](repeating: none, count: columns), count: laneCount)
        var marks = [[UInt8]](repeating: [UInt8](repeating: 0, count: columns), count: laneCount)
        // Each app's current state and since when.
        var current = (0..<apps).map { reports.initialStates.indices.contains($0) ? reports.initialStates[$0] : nil }
        var since = [Double](repeating: 0, count: apps)
        func fill(_ app: Int, upTo end: Double) {
            defer { since[app] = end }
            guard let state = current[app], end > since[app] else { return }
            let first = geometry.column(since[app])
            // The interval is [since, end): its last instant is in the column just before `end`
            // when `end` starts a column.
            var last = geometry.column(end)
            if last > first, Double(geometry.columnX(last) - RunChartGeometry.left) / Double(columns) * geometry.end >= end {
                last -= 1
            }
            let lane = laneOf[app]
            for column in first...last where states[lane][column] == none || states[lane][column] > UInt8(state) {
                states[lane][column] = UInt8(state)
            }
        }
        for change in reports.transitions {
            fill(change.app, upTo: change.time)
            current[change.app] = change.toState
            if let mark = change.mark {
                marks[laneOf[change.app]][geometry.column(change.time)] |= 1 << UInt8(mark.rawValue)
            }
        }
        for app in 0..<apps {
            // The state the run ended in shows in the last column even when it began at the
            // run's last instant (the axis ends there, SPEC 15).
            if since[app] >= geometry.end, let state = current[app] {
                let last = columns - 1, lane = laneOf[app]
                if states[lane][last] == none || states[lane][last] > UInt8(state) { states[lane][last] = UInt8(state) }
            } else {
                fill(app, upTo: geometry.end)
            }
        }
        return (states, marks)
    }

    /// A compression's glyph centred at (x, y): two chevrons pointing in, `>|<` without the bar.
    static func compressionGlyph(x: Int, y: Int, size r: Int = 4) -> String {
        "M\(x - r - 1) \(y - r)l\(r) \(r)l-\(r) \(r)M\(x + r + 1) \(y - r)l-\(r) \(r)l\(r) \(r)"
    }

    /// A mark's small glyph centred at (x, y): a triangle for a launch, a diamond for a wake,
    /// a cross for a kill, a bar for a quit, a square for a task's grant.
    static func glyph(_ mark: RunReports.Mark, x: Int, y: Int, size r: Int = 4) -> String {
        switch mark {
        case .launch: "M\(x - r) \(y + r)l\(r) -\(2 * r)l\(r) \(2 * r)z"
        case .wake: "M\(x) \(y - r)l\(r) \(r)l-\(r) \(r)l-\(r) -\(r)z"
        case .kill: "M\(x - r) \(y - r)l\(2 * r) \(2 * r)m0 -\(2 * r)l-\(2 * r) \(2 * r)"
        case .quit: "M\(x) \(y - r - 1)v\(2 * r + 2)"
        case .grant: "M\(x - r + 1) \(y - r + 1)h\(2 * r - 2)v\(2 * r - 2)h-\(2 * r - 2)z"
        }
    }
}
