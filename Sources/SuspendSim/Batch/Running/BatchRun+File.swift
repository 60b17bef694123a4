extension Batch {
    /// The batch `suspendsim run FILE --seed S` runs (SPEC 19, 20, 21): the file's scenario at
    /// every point of its `sweep:` grid (first axis outermost, as `summary.csv` orders them),
    /// each with its `workload:` and the file's `replicates:` (or `replicates`), seeded as
    /// `run` seeds them. A usage trace is read once.
    ///
    /// ```swift
    /// let result = try Batch(file: "Scenarios/photo-editor.yaml", seed: 0).run()
    /// let rates = try result.rates(of: "com.example.photoeditor", at: "app.com.example.photoeditor.suspended_mb=120")
    /// ```
    ///
    /// A point's label is its settings as `--set` writes them, `KEY=VALUE` joined by `,` in axis
    /// order (`device.ram_mb=2048,policy=lru`); a file without `sweep:` has one point, labelled
    /// "". For the same file, seed and replicates, `result.summary` holds `summary.csv`'s runs
    /// and `rates(of:at:)` `survival.csv`'s rates.
    ///
    /// - Throws: `ScenarioLoader.Error` with every problem of the file or of any point, each
    ///   located (file, line, field), as `run` reports them; also for a file whose sweep pools
    ///   the users of a trace (SPEC 24), which only `suspendsim run` runs, and for `replicates`
    ///   below 1.
    public init(file path: String, replicates: Int? = nil, seed: UInt64 = 0) throws(ScenarioLoader.Error) {
        if let replicates, replicates < 1 {
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(file: path, field: "replicates",
                                                                 message: "must be at least 1, got \(replicates)",
                                                                 kind: .argument))
        }
        let template = try ScenarioLoader.template(path: path)
        var options = BatchPlan.Options()
        options.seed = seed
        options.replicates = replicates
        let plan = try BatchPlan(templates: [template], options: options)
        let entry = plan.entries[0]
        if entry.pooling != nil {
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(
                file: path, field: "sweep",
                message: "pools the users of a trace (SPEC 24): run it with `suspendsim run`; Batch(file:) runs one scenario per point"))
        }
        var points: [(label: String, scenario: Scenario)] = []
        for point in entry.points {
            let label = point.settings.map { "\($0.axis.key.path)=\($0.value)" }.joined(separator: ",")
            points.append((label, try point.runnableScenario()))
        }
        self.scenario = template.scenario
        self.seed = seed
        self.replicates = entry.replicates
        self.points = points
    }
}
