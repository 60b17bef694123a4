@_spi(Generators) import SuspendSimCore

/// Every run `suspendsim run` makes, in the order their rows appear in `summary.csv`:
/// scenario by scenario (in the order given), then sweep point by point (the grid of the
/// axes, first axis outermost), then replicate by replicate.
///
/// ```swift
/// let template = try ScenarioLoader.template(path: "Scenarios/day-on-a-3gb-phone.yaml")
/// var options = BatchPlan.Options()
/// options.replicates = 1000
/// options.settings = [try SweepAxis(parsing: "device.ram_mb=2048,3072,4096")]
/// let plan = try BatchPlan(templates: [template], options: options)
/// let output = try BatchRunner.run(plan, outPath: "Reports", jobs: 8)
/// ```
///
/// Each run is a *unit*, numbered from 0 in that order; units are what workers and shards
/// share out. A scenario is a **single run**, as before batches existed, when it has no
/// workload and no sweep key other than one `policy`: it writes its report folder as
/// always. Every other scenario is a **batch**: its runs write report folders only with
/// `details`, under `<name>/<key>=<value>/.../replicate-<k>/`.
///
/// Every point of every scenario is read and checked when the plan is made, so a bad sweep
/// value stops the batch before anything runs. The plan holds one scenario per point, never
/// one per run (one per point of the other sweep keys when trace users are pooled, SPEC 24);
/// points are made from the axes when asked for (`PointList`).
///
/// A usage trace is read once for the whole plan (SPEC 21): the plan's templates share one
/// `TraceIndexes`, into which the rows of every user a scenario sweeps (`trace.user`) are read
/// in one pass over the file, before the points are checked; every point and every run then
/// takes its user's rows from there.
package struct BatchPlan: Sendable {
    /// What the command line adds to the files.
    package struct Options: Sendable {
        /// The batch's seed (`--seed`), from which each run's seed is derived (`BatchSeed`).
        package var seed: UInt64 = 0
        /// Runs per point of a scenario with a workload (`--replicates`), at least 1; nil: the
        /// file's `replicates:`, else 1.
        package var replicates: Int?
        /// `--set` axes, in order: each replaces the file's axis of the same key, or is added
        /// after the file's axes.
        package var settings: [SweepAxis] = []
        /// `--policy`.
        package var policy: PolicyChoice?
        /// Write every run's report folder (`--details`).
        package var details = false
        /// Keep every batch run's kills in `kills.csv` (`--kills`): an opt-in, as the file
        /// grows with the kills (SPEC 41 asks only for the counts in `survival.csv`).
        package var kills = false
        /// Write a MetricKit payload per app that launched into every report folder written
        /// (`--metrickit`, SPEC 17): single runs' folders, and a batch's with `details`.
        package var metricKit = false

        /// The defaults: seed 0, the files' replicates, no `--set`, the files' policies, no
        /// report folders for batches, no MetricKit payloads.
        package init() {}
    }

    /// `--policy`: one policy for every run, or every built-in policy.
    package enum PolicyChoice: Sendable, Hashable {
        /// This policy for every run, whatever the files' `policy:` and `sweep.policy` say.
        case named(String)
        /// Every built-in policy: a single-run scenario runs under each into
        /// `<name>/<policy>/` (and `comparison.csv`); a batch sweeps `policy` over them.
        case every
    }

    /// How a scenario runs.
    package enum Kind: Sendable, Hashable {
        /// One run into `<name>/` (no workload, no sweep).
        case single
        /// One run under every built-in policy into `<name>/<policy>/` (`--policy all`).
        case singleEveryPolicy
        /// Points × replicates, summarized in `summary.csv` and `survival.csv`.
        case batch

        /// The case's name, as the plan's fingerprint spells it (spelled out: `"\(kind)"`
        /// would look the enum's description up at run time, a scan of every protocol
        /// conformance in the executable).
        var fingerprintName: String {
            switch self {
            case .single: "single"
            case .singleEveryPolicy: "singleEveryPolicy"
            case .batch: "batch"
            }
        }
    }

    /// One point of a scenario's grid.
    package struct Point: Sendable {
        /// The scenario with the point's values in place; for a scenario that replays a usage
        /// trace, without its events, which `runnableScenario()` makes again from the trace's
        /// index (SPEC 21: the plan holds one compact index of the users' rows, not each
        /// point's events). In a scenario whose users are pooled (SPEC 24, `Entry.pooling`),
        /// the scenario of the point's table point's first user, shared by all its users
        /// (`PointList`): a run's own, with its user's apps, is `runnableScenario()`'s.
        package let scenario: Scenario
        /// The point's value of each axis, in axis order.
        package let settings: [SweepSetting]
        /// The point's value of each of the plan's `columns` (nil where the scenario has no
        /// such axis).
        package let columnValues: [String?]
        /// The template and settings that read the scenario again, for a trace's point.
        let rereading: (template: ScenarioTemplate, settings: [SweepSetting])?

        init(scenario: Scenario, settings: [SweepSetting], columnValues: [String?], rereading: (ScenarioTemplate, [SweepSetting])? = nil) {
            var kept = scenario
            if rereading != nil { kept.events = [] }
            self.scenario = kept
            self.settings = settings
            self.columnValues = columnValues
            self.rereading = rereading.map { (template: $0.0, settings: $0.1) }
        }

        /// The scenario to run: `scenario`, with a trace's events made again from the index
        /// the plan read (the file is not read again).
        ///
        /// - Throws: `ScenarioLoader.Error` when the scenario no longer reads as it did when
        ///   the plan checked it.
        package func runnableScenario() throws(ScenarioLoader.Error) -> Scenario {
            guard let rereading else { return scenario }
            return try rereading.template.scenario(at: rereading.settings)
        }
    }

    /// One scenario of the plan.
    package struct Entry: Sendable {
        /// The scenario's name.
        package let name: String
        /// The file it came from.
        package let path: String
        /// How it runs.
        package let kind: Kind
        /// Whether it has a workload (its runs have a seed and a replicate number).
        package let isRandomized: Bool
        /// Its sweep axes, in grid order (`policy` included).
        package let axes: [SweepAxis]
        /// Its grid's points, made when asked for (`PointList`).
        package let points: PointList
        /// Runs per point: 1 without a workload.
        package let replicates: Int
        /// The number of its first unit.
        package let firstUnit: Int
        /// The number of its first survival group (a table point under one policy).
        let firstGroup: Int

        /// Its number of units.
        package var unitCount: Int { points.count * replicates }
        /// How its trace users share the rows of the per-app tables (SPEC 24); nil when each
        /// point has its own rows (no `trace.user` sweep, one user, or a batch of one user).
        var pooling: UserPooling? { points.pooling }
        /// Its points in the per-app tables: the grid without `trace.user` when its users are
        /// pooled, else its points.
        var tablePointCount: Int { pooling?.tablePointCount ?? points.count }
        /// Survival groups per point: a row per app of `survival.csv` each.
        var groupsPerPoint: Int { kind == .singleEveryPolicy ? BuiltInPolicies.all.count : 1 }
    }

    /// The batch's seed.
    package let seed: UInt64
    /// Whether every run writes its report folder.
    package let details: Bool
    /// Whether every report folder written gets its MetricKit payloads (`metrickit/`).
    package let metricKit: Bool
    /// Whether the batch writes `kills.csv` (`--kills`).
    package let keepsKills: Bool
    /// The `--policy` choice.
    package let policy: PolicyChoice?
    /// The sweep keys of `summary.csv`'s extra columns: every sweep key but `policy` (which
    /// has its own column), in the order they first appear.
    package let sweepKeys: [SweepKey]
    /// The extra columns of `summary.csv`: `sweepKeys` as spelled (`SweepKey.path`).
    package let columns: [String]
    /// The extra columns of the per-app tables (`survival.csv`, `exits.csv`, `observed.csv`):
    /// `columns`, without `trace.user` when the batch pools its users (SPEC 24).
    let tableColumns: [String]
    /// Whether the batch sweeps `trace.user` over more than one user (the distinct values of
    /// `summary.csv`'s `trace.user` column, as SPEC 21's default grouping counts them): its
    /// per-app tables then pool the users (SPEC 24, `Entry.pooling`). A batch of one user
    /// keeps a row per point, with its `trace.user` column, as before SPEC 24.
    let poolsUsers: Bool
    /// The scenarios, in the order given.
    package let entries: [Entry]
    /// The number of runs.
    package let unitCount: Int
    /// The number of survival groups.
    let groupCount: Int
    /// A hash of everything that decides the batch's output (the files' text, the options):
    /// shards of one batch share it, so that `merge` can refuse to mix batches.
    package let fingerprint: UInt64
    /// The files the batch reads (each template's `inputFiles`, in the order given), whose
    /// content hashes a shard records (SPEC 35).
    package let inputFiles: [String]
    /// The passes made over usage traces for the plan, from loading its templates to checking
    /// its points: one per trace for a batch over the trace's users (SPEC 21), plus one when the
    /// file names a single user and the command line sweeps others.
    package let tracePasses: Int
    /// How long those passes took: part of the batch's serial part, which `BatchRunner` adds
    /// to the time under its writer's lock.
    package let traceReadNanoseconds: UInt64

    /// What is valid and probably not meant, for stderr (no report changes): SPEC 13's apps
    /// that the trace is to map and that no `app_name` of the trace matches
    /// (`ScenarioTemplate.traceWarnings`), file by file in the order given. Looked for once the
    /// points are checked, so the pass this may take is not among `tracePasses`.
    package let warnings: [ScenarioLoader.Diagnostic]
    /// What the user should know about the files as written, for stderr (`note: `): each
    /// file's workload wakes (`ScenarioTemplate.wakeNote`), in the order given.
    package let notes: [String]

    /// Whether `survival.csv` is written: when any scenario is a batch.
    package var writesSurvival: Bool { entries.contains { $0.kind == .batch } }

    /// The plan for `templates` (in that order; names must be unique) under `options`.
    ///
    /// - Throws: `ScenarioLoader.Error` with every problem of every point (a value a key does
    ///   not accept, a `workload.*` key for a scenario without a workload), or for
    ///   `options.replicates` below 1 (kind `argument`).
    /// - Complexity: O(points × file size).
    package init(templates: [ScenarioTemplate], options: Options) throws(ScenarioLoader.Error) {
        if let replicates = options.replicates, replicates < 1 {
            var diagnostic = ScenarioLoader.Diagnostic(file: templates.first?.path ?? "", field: "replicates",
                                                       message: "must be at least 1, got \(replicates)", kind: .argument)
            diagnostic.isFromCommandLine = true
            throw ScenarioLoader.Error(diagnostic)
        }
        let traces = TraceIndexes()
        var drafts: [(template: ScenarioTemplate, kind: Kind, axes: [SweepAxis], fixed: [SweepSetting])] = []
        var sweepKeys: [SweepKey] = []
        for template in templates.map({ $0.tracePath == nil ? $0 : $0.sharingTraces(traces) }) {
            let draft = Self.draft(template, options: options)
            for axis in draft.axes where axis.key != .policy && !sweepKeys.contains(axis.key) {
                sweepKeys.append(axis.key)
            }
            drafts.append((template, draft.kind, draft.axes, draft.fixed))
        }
        Self.readTraces(of: drafts.map { ($0.template, $0.axes) }, into: traces)
        let poolsUsers = Self.poolsUsers(drafts.map { ($0.kind, $0.axes) })

        var entries: [Entry] = []
        var diagnostics: [ScenarioLoader.Diagnostic] = []
        var seen: Set<ScenarioLoader.Diagnostic> = []
        var unit = 0
        var group = 0
        for draft in drafts {
            let made = Self.points(of: draft.template, axes: draft.axes, fixed: draft.fixed, columns: sweepKeys,
                                   pooling: poolsUsers && draft.kind == .batch)
            for diagnostic in made.diagnostics where seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
            let randomized = draft.template.scenario.isRandomized
            let entry = Entry(
                name: draft.template.scenario.name, path: draft.template.path, kind: draft.kind,
                isRandomized: randomized, axes: draft.axes, points: made.points,
                replicates: randomized ? options.replicates ?? draft.template.replicates ?? 1 : 1,
                firstUnit: unit, firstGroup: group)
            unit += entry.unitCount
            group += entry.tablePointCount * entry.groupsPerPoint
            entries.append(entry)
        }
        guard diagnostics.isEmpty else { throw ScenarioLoader.Error(diagnostics: diagnostics) }

        self.seed = options.seed
        self.details = options.details
        self.metricKit = options.metricKit
        self.keepsKills = options.kills
        self.policy = options.policy
        self.sweepKeys = sweepKeys
        self.columns = sweepKeys.map(\.path)
        self.tableColumns = (poolsUsers ? sweepKeys.filter { $0 != .trace(.user) } : sweepKeys).map(\.path)
        self.poolsUsers = poolsUsers
        self.entries = entries
        self.unitCount = unit
        self.groupCount = group
        self.fingerprint = Self.fingerprint(entries: entries, templates: templates, options: options, columns: self.columns)
        self.inputFiles = templates.flatMap(\.inputFiles)
        self.tracePasses = traces.passes
        self.traceReadNanoseconds = traces.nanoseconds
        self.warnings = drafts.flatMap { $0.template.traceWarnings() }
        self.notes = drafts.compactMap { $0.template.wakeNote() }
    }

    /// Reads, in one pass over each usage trace, the rows of every user the scenarios replaying
    /// it sweep (`trace.user`; SPEC 21). A scenario that sweeps `trace.file` is left to read
    /// each point's file as the point needs it.
    private static func readTraces(of drafts: [(template: ScenarioTemplate, axes: [SweepAxis])], into traces: TraceIndexes) {
        var paths: [String] = []
        var users: [String: [String]] = [:]
        for draft in drafts where !draft.axes.contains(where: { $0.key == .trace(.file) }) {
            guard let path = draft.template.tracePath, let axis = draft.axes.first(where: { $0.key == .trace(.user) }) else { continue }
            if users[path] == nil { paths.append(path) }
            users[path, default: []] += axis.values
        }
        for path in paths { traces.prepare(path: path, users: users[path] ?? []) }
    }

    /// A scenario's kind, axes and fixed settings under `options`.
    private static func draft(_ template: ScenarioTemplate, options: Options)
        -> (kind: Kind, axes: [SweepAxis], fixed: [SweepSetting])
    {
        var axes = template.sweep
        for axis in options.settings {
            if let index = axes.firstIndex(where: { $0.key == axis.key }) {
                axes[index] = axis
            } else {
                axes.append(axis)
            }
        }
        // `--set trace.user=all`: every user of the trace, in order of first appearance (SPEC 13).
        for index in axes.indices where axes[index].key == .trace(.user) && axes[index].values == [TraceKey.allUsers] {
            if let path = template.tracePath, let users = try? template.traces.users(path: path), !users.isEmpty {
                axes[index] = SweepAxis(key: .trace(.user), values: users, source: axes[index].source)
            }
        }
        var fixed: [SweepSetting] = []
        let randomized = template.scenario.isRandomized
        switch options.policy {
        case .named(let name)?:
            axes.removeAll { $0.key == .policy }
            fixed.append(SweepSetting(axis: SweepAxis(key: .policy, values: [name]), index: 0))
        case .every?:
            let isBatch = randomized || axes.contains { $0.key != .policy }
            axes.removeAll { $0.key == .policy }
            if !isBatch { return (.singleEveryPolicy, axes, fixed) }
            axes.append(SweepAxis(key: .policy, values: BuiltInPolicies.names))
        case nil:
            break
        }
        let isSingle = !randomized && axes.allSatisfy { $0.key == .policy && $0.values.count == 1 }
        return (isSingle ? .single : .batch, axes, fixed)
    }

    /// FNV-1a of a description of everything that decides the output.
    private static func fingerprint(entries: [Entry], templates: [ScenarioTemplate], options: Options, columns: [String]) -> UInt64 {
        var text = "suspendsim batch 1\nseed \(options.seed)\ndetails \(options.details)\n"
        // Only when on: the payloads change a shard's report folders, and a batch without them
        // keeps the fingerprint it had before the option existed.
        if options.metricKit { text += "metrickit true\n" }
        // `kills.csv` too: shards with and without it would merge into a file missing runs.
        if options.kills { text += "kills true\n" }
        text += "policy \(options.policy.map { "\($0)" } ?? "-")\ncolumns \(columns.joined(separator: ","))\n"
        for (entry, template) in zip(entries, templates) {
            text += "scenario \(entry.name) \(template.textHash) \(entry.kind.fingerprintName) \(entry.replicates)\n"
            for axis in entry.axes { text += "axis \(axis.key.path)=\(axis.values.joined(separator: ","))\n" }
        }
        return BatchSeed.fnv1a(text)
    }

    // MARK: - Units

    /// The scenario, point and replicate of unit `unit`.
    ///
    /// - Complexity: O(log scenarios)
    package func locate(_ unit: Int) -> (entry: Int, point: Int, replicate: Int) {
        precondition(unit >= 0 && unit < unitCount, "Unit \(unit) out of 0..<\(unitCount)")
        // The last scenario whose first unit is at most `unit` (every scenario has a unit:
        // a grid has a point, a point a replicate).
        var low = 0
        var high = entries.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if entries[middle].firstUnit <= unit { low = middle } else { high = middle - 1 }
        }
        let local = unit - entries[low].firstUnit
        return (low, local / entries[low].replicates, local % entries[low].replicates)
    }

    /// The survival group of `point` of `entry` under its `policyIndex`-th policy: its table
    /// point's (SPEC 24).
    func group(entry: Int, point: Int, policyIndex: Int = 0) -> Int {
        let tablePoint = entries[entry].pooling?.tablePoint(of: point) ?? point
        return entries[entry].firstGroup + tablePoint * entries[entry].groupsPerPoint + policyIndex
    }

    /// The report folder of a unit, relative to the output folder: `<name>` for a single run,
    /// `<name>/<key>=<value>/.../replicate-<k>` for a run of a batch.
    package func folder(entry index: Int, point: Int, replicate: Int) -> String {
        let entry = entries[index]
        var folder = entry.name
        switch entry.kind {
        case .single, .singleEveryPolicy:
            return folder
        case .batch:
            for setting in entry.points[point].settings { folder += "/" + RunFolderName.setting(setting) }
            if entry.isRandomized { folder += "/" + RunFolderName.replicate(replicate) }
            return folder
        }
    }
}
