@_spi(Generators) import SuspendSimCore

extension ScenarioReader {
    /// The whole scenario, or nil when anything in it is wrong (see `diagnostics`).
    mutating func readScenario(_ root: ScenarioNode?) -> Scenario? {
        guard let root else {
            report(nil, "", "the file holds no scenario; expected a mapping with name, device and apps")
            return nil
        }
        guard let fields = fields(root, "", allowed: ScenarioKey.names) else { return nil }

        let name = required(fields, ScenarioKey.name.rawValue).flatMap { scenarioName($0) }
        let named = fields[ScenarioKey.policies.rawValue].map { readPolicies($0) } ?? []
        namedPolicies = named ?? []  // an in-place policy: joins them, for by_policy
        let policy = fields[ScenarioKey.policy.rawValue].map { readPolicy($0, named: named ?? []) } ?? LargestFirstPolicy()
        let device = required(fields, ScenarioKey.device.rawValue).flatMap { readDevice($0) }
        defaultLifecycle = PlatformProfile(ios: device?.ios).defaultLifecycle
        var apps = required(fields, ScenarioKey.apps.rawValue).flatMap { readApps($0) }
        var traceEvents: [ScenarioEvent]? = []
        if let traceNode = fields[ScenarioKey.trace.rawValue], var list = apps {
            traceEvents = readTrace(traceNode, apps: &list)
            apps = list
        }
        appIDsRead = apps?.ids ?? []
        let initial = fields[ScenarioKey.initial.rawValue].map { readInitial($0, apps: apps) } ?? []
        let events = fields[ScenarioKey.events.rawValue].map { readEvents($0, apps: apps) } ?? []
        let endMs = fields[ScenarioKey.endS.rawValue].map { millis($0, ScenarioKey.endS.rawValue) }
        let expectation = fields[ScenarioKey.expect.rawValue].map { readExpectation($0, apps: apps) }
        let observed = fields[ScenarioKey.observed.rawValue].map { readObserved($0, apps: apps) }
        let workload = fields[ScenarioKey.workload.rawValue].map { readWorkload($0) }
        replicates = fields[ScenarioKey.replicates.rawValue].flatMap { readReplicates($0) }
        sweep = readsSweep ? fields[ScenarioKey.sweep.rawValue].flatMap { readSweep($0) } ?? [] : []
        whatIf = fields[ScenarioKey.whatif.rawValue].flatMap { readWhatIf($0) }
        sensitivity = fields[ScenarioKey.sensitivity.rawValue].flatMap { readSensitivity($0) }
        if let axis = traceUsersAxis, !sweep.contains(where: { $0.key == axis.key }) { sweep.append(axis) }
        if readsSweep, let node = fields[ScenarioKey.labels.rawValue] { labels = readLabels(node) }
        if tracePath != nil, let apps, let initial, let events {
            traceApps = traceMappedApps(apps, events: events, initial: initial, hasWorkload: fields[ScenarioKey.workload.rawValue] != nil)
        }

        // Every present key was read without a problem when there is no diagnostic.
        guard diagnostics.isEmpty, let name, let policy, let device, let apps, let initial, let events, let traceEvents else { return nil }
        var scenario = Scenario(
            name: name, policy: policy, device: device, apps: apps.profiles.compactMap { $0 },
            events: Self.merge(events, traceEvents), endMs: endMs ?? nil, expectation: expectation ?? nil)
        scenario.generator = workload ?? nil
        scenario.namedPolicies = namedPolicies
        scenario.initial = initial
        scenario.observed = observed ?? nil
        scenario.given = given
        return scenario
    }

    /// A scenario's name: it names the report folder, so it must be usable as one. The
    /// separators are looked for byte by byte: the file system reads bytes, and Foundation's
    /// `contains` on text cost some 4,600 instructions a name, read again at every point of a
    /// batch (docs/performance.md).
    private mutating func scenarioName(_ node: ScenarioNode) -> String? {
        guard let name = nonEmptyString(node, ScenarioKey.name.rawValue) else { return nil }
        if name == "." || name == ".." || name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }) {
            report(node, ScenarioKey.name.rawValue, "must be usable as a folder name (no '/', '\\', NUL; not '.' or '..'), got \(node.summary)")
            return nil
        }
        if let problem = IdentifierRules.formulaProblem(name) ?? Self.reservedNameProblem(name) {
            report(node, ScenarioKey.name.rawValue, problem)
            return nil
        }
        // `.<name>.partial-<pid>-<random>` must fit a file name (255 bytes).
        guard name.utf8.count <= 200 else {
            report(node, ScenarioKey.name.rawValue, "must be at most 200 bytes long (it names the report folder), got \(name.utf8.count) bytes")
            return nil
        }
        return name
    }

    /// The files and folders a run, a batch, a shard or the Slurm scripts write beside the
    /// scenarios' folders (SPEC 35 "Reserved names"), compared case-insensitively.
    static let reservedSuffixes = [".csv", ".html", ".env"]
    static let reservedNames: Set<String> = ["figures", "shards", "logs"]

    /// Why `name` may not name a scenario's folder, when it is reserved: it ends in `.csv`,
    /// `.html` or `.env`, equals `figures`, `shards` or `logs`, or its first scalar is `.`.
    static func reservedNameProblem(_ name: String) -> String? {
        let lower = name.lowercased()
        // The first Unicode scalar, not the first character: `.` followed by a combining mark
        // is one character that is not ".", yet the file system sees a hidden name.
        if name.unicodeScalars.first == "." { return "must not begin with '.' (a hidden file; unfinished reports are .<name>.partial-...) (SPEC 35)" }
        if reservedNames.contains(lower) { return "must not be '\(name)': a batch writes a folder of that name beside the scenarios' (SPEC 35)" }
        if let suffix = reservedSuffixes.first(where: lower.hasSuffix) {
            return "must not end in '\(suffix)': a batch writes such files beside the scenarios' folders (SPEC 35)"
        }
        return nil
    }

    /// The built-in policy the node names, resolved here once (SPEC 6); nil, reported,
    /// otherwise.
    mutating func builtInPolicy(_ node: ScenarioNode, _ field: String) -> (any EvictionPolicy)? {
        guard let name = string(node, field) else { return nil }
        guard let policy = BuiltInPolicies.named(name) else {
            report(node, field, "unknown policy '\(name)'; expected one of \(BuiltInPolicies.names.joined(separator: ", "))")
            return nil
        }
        return policy
    }
}
