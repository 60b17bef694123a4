extension BatchPlan {
    /// A scenario's grid points in grid order (the first axis outermost), each made when asked
    /// for: its settings and sweep columns' values are worked out from its number, and its
    /// scenario is the one the plan keeps for it.
    ///
    /// The plan keeps a scenario per point (a trace's without its events), or, when the
    /// scenario's trace users are pooled (SPEC 24), one per table point, which every user's
    /// point shares: then the plan's memory is the trace index and the pooled tables, and does
    /// not grow with users × apps, nor with users × points.
    public struct PointList: RandomAccessCollection, Sendable {
        /// The grid's axes, in grid order.
        let axes: [SweepAxis]
        /// The settings every point has before its own (`--policy NAME`).
        let fixed: [SweepSetting]
        /// For each of the plan's sweep columns, the axis that sets it; nil where none does.
        let columnAxes: [Int?]
        /// The template that reads a trace's point again (`Point.runnableScenario()`); nil for a
        /// scenario without a trace.
        let template: ScenarioTemplate?
        /// The template every point was read from, which reads a point again with more
        /// settings (`scenario(of:adding:)`, SPEC 39's variants).
        let source: ScenarioTemplate?
        /// The scenarios kept: one per point, or one per table point with `pooling`.
        let scenarios: [Scenario]
        /// How the points' users share the per-app tables' rows (SPEC 24); nil when each point
        /// has its own.
        let pooling: UserPooling?
        /// The number of points: the product of the axes' sizes.
        public let count: Int

        /// The points of the grid of `axes`, with the plan's sweep `columns`; `scenarios` and
        /// `pooling` as the properties say.
        init(axes: [SweepAxis], fixed: [SweepSetting], columns: [SweepKey], template: ScenarioTemplate?, scenarios: [Scenario],
             pooling: UserPooling?, source: ScenarioTemplate? = nil) {
            self.source = source
            self.axes = axes
            self.fixed = fixed
            self.columnAxes = columns.map { column in axes.firstIndex { $0.key == column } }
            self.template = template
            self.scenarios = scenarios
            self.pooling = pooling
            self.count = Self.count(axes)
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }

        /// Point `position`.
        ///
        /// - Complexity: O(axes + columns)
        public subscript(position: Int) -> Point {
            precondition(position >= 0 && position < count, "Point \(position) out of 0..<\(count)")
            let settings = Self.settings(of: position, axes: axes)
            return Point(
                scenario: scenarios[pooling?.tablePoint(of: position) ?? position], settings: settings,
                columnValues: columnAxes.map { $0.map { settings[$0].value } },
                rereading: template.map { ($0, fixed + settings) })
        }

        /// Point `position`'s scenario read again with `extra` after its own settings, as
        /// `--set` would add them (SPEC 39: a variant is the batch with one more `--set`), a
        /// trace's events included.
        ///
        /// - Throws: `ScenarioLoader.Error` for a value the point does not accept.
        func scenario(of position: Int, adding extra: [SweepSetting]) throws(ScenarioLoader.Error) -> Scenario {
            guard let source else { preconditionFailure("a point list made without its template") }
            return try source.scenario(at: fixed + Self.settings(of: position, axes: axes) + extra)
        }

        /// The number of points of the grid of `axes`.
        static func count(_ axes: [SweepAxis]) -> Int {
            axes.reduce(1) { $0 * $1.values.count }
        }

        /// The settings of point `position` of the grid of `axes`, in axis order.
        static func settings(of position: Int, axes: [SweepAxis]) -> [SweepSetting] {
            var rest = position
            var indices = [Int](repeating: 0, count: axes.count)
            for axis in axes.indices.reversed() {
                indices[axis] = rest % axes[axis].values.count
                rest /= axes[axis].values.count
            }
            return zip(axes, indices).map { SweepSetting(axis: $0, index: $1) }
        }
    }
}
