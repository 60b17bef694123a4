/// The state timeline's lanes past `MemoryChart.defaultFoldAbove` apps (SPEC 35: no page grows
/// without bound in apps). The apps the memory chart keeps a layer for keep a lane each, in
/// scenario order, and the rest share one "other apps" lane below them, which shows per column
/// the most awake state any of them held and every kind of mark any of them had; so the chart
/// has at most `foldAbove` + 1 lanes however many apps the run has. `transitions.csv` has
/// every app's changes.
extension StateTimeline {
    /// A lane of the timeline, top down: an app (its index in `reports.apps`), or the folded
    /// apps (how many).
    enum Lane: Equatable {
        case app(Int)
        case otherApps(Int)
    }

    /// The lanes, top down: one per app in scenario order, or with `kept` those apps and one
    /// lane for the rest.
    var lanes: [Lane] {
        guard let kept else { return reports.apps.indices.map { .app($0) } }
        return kept.map { .app($0) } + [.otherApps(reports.apps.count - kept.count)]
    }

    /// For each app of `reports.apps`, the index of its lane in `lanes`.
    func laneIndices(_ lanes: [Lane]) -> [Int] {
        var laneOf = [Int](repeating: lanes.count - 1, count: reports.apps.count)
        for (index, lane) in lanes.enumerated() {
            if case .app(let app) = lane, app < laneOf.count { laneOf[app] = index }
        }
        return laneOf
    }

    /// A lane's name, as the lane's label and a figure's rows give it.
    func title(of lane: Lane) -> String {
        switch lane {
        case .app(let app): reports.apps[app]
        case .otherApps(let count): "\(MemoryChart.otherAppsName) (\(count))"
        }
    }

    /// A lane's swatch at the left edge: the app's colour, or the memory chart's folded
    /// layer's (`MemoryChart.otherAppsStyle`).
    func drawSwatch(of lane: Lane, y: Double, into svg: inout SVGWriter) {
        switch lane {
        case .app(let app):
            svg.rect(x: 2, y: y, width: 10, height: 10, class: "area \(ChartPalette.colourClass(app))")
        case .otherApps:
            svg.path("M2 \(ChartNumber.px(y))h10v10h-10z", class: "area oth", extra: "style=\"\(MemoryChart.otherAppsStyle)\"")
        }
    }
}
