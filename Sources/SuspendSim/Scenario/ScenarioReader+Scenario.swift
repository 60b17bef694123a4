@_spi(Generators) import SuspendSimCore

/// The top-level keys of a scenario file (SPEC 7), in the order messages list them.
enum ScenarioKey: String, CaseIterable {
    case name, policy, policies, device, apps, events
    case endS = "end_s"
    case expect
    case workload, replicates, sweep
    case initial, trace
    case observed
    case whatif
    case labels

    static let names = allCases.map { $0.rawValue }
}

extension ScenarioReader {
    /// The whole scenario, or nil when anything in it is wrong (see `diagnostics`).
    mutating func readScenario(_ root: ScenarioNode?) -> Scenario? {
        guard let root else {
            report(nil, "", "the file holds no scenario; expected a mapping with name, device and apps")
            return nil
        }
        guard let fields = fields(root, "", allowed: ScenarioKey.names) else { return nil }

        let name = required(fields, "name").flatMap { scenarioName($0) }
        let named = fields["policies"].map { readPolicies($0) } ?? []
        namedPolicies = named ?? []  // an in-place policy: joins them, for by_policy
        let policy = fields["policy"].map { readPolicy($0, named: named ?? []) } ?? LargestFirstPolicy()
        let device = required(fields, "device").flatMap { readDevice($0) }
        defaultLifecycle = PlatformProfile(ios: device?.ios).defaultLifecycle
        var apps = required(fields, "apps").flatMap { readApps($0) }
        var traceEvents: [ScenarioEvent]? = []
        if let traceNode = fields["trace"], var list = apps {
            traceEvents = readTrace(traceNode, apps: &list)
            apps = list
        }
        appIDsRead = apps?.ids ?? []
        let initial = fields["initial"].map { readInitial($0, apps: apps) } ?? []
        let events = fields["events"].map { readEvents($0, apps: apps) } ?? []
        let endMs = fields["end_s"].map { millis($0, "end_s") }
        let expectation = fields["expect"].map { readExpectation($0, apps: apps) }
        let observed = fields["observed"].map { readObserved($0, apps: apps) }
        let workload = fields["workload"].map { readWorkload($0) }
        replicates = fields["replicates"].flatMap { readReplicates($0) }
        sweep = readsSweep ? fields["sweep"].flatMap { readSweep($0) } ?? [] : []
        whatIf = fields["whatif"].flatMap { readWhatIf($0) }
        if let axis = traceUsersAxis, !sweep.contains(where: { $0.key == axis.key }) { sweep.append(axis) }
        if readsSweep, let node = fields["labels"] { labels = readLabels(node) }
        if tracePath != nil, let apps, let initial, let events {
            traceApps = traceMappedApps(apps, events: events, initial: initial, hasWorkload: fields["workload"] != nil)
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
        return scenario
    }

    /// A scenario's name: it names the report folder, so it must be usable as one.
    private mutating func scenarioName(_ node: ScenarioNode) -> String? {
        guard let name = nonEmptyString(node, "name") else { return nil }
        if name == "." || name == ".." || name.contains("/") || name.contains("\\") || name.contains("\0") {
            report(node, "name", "must be usable as a folder name (no '/', '\\', NUL; not '.' or '..'), got \(node.summary)")
            return nil
        }
        if let problem = IdentifierRules.formulaProblem(name) ?? Self.reservedNameProblem(name) {
            report(node, "name", problem)
            return nil
        }
        // `.<name>.partial-<pid>-<random>` must fit a file name (255 bytes).
        guard name.utf8.count <= 200 else {
            report(node, "name", "must be at most 200 bytes long (it names the report folder), got \(name.utf8.count) bytes")
            return nil
        }
        return name
    }

    /// The files and folders a run, a batch, a shard or the Slurm scripts write beside the
    /// scenarios' folders (SPEC 35 "Reserved names"), compared case-insensitively.
    static let reservedSuffixes = [".csv", ".html", ".env"]
    static let reservedNames: Set<String> = ["figures", "shards", "logs"]

    /// Why `name` may not name a scenario's folder, when it is reserved: it ends in `.csv`,
    /// `.html` or `.env`, equals `figures`, `shards` or `logs`, or begins with `.`.
    static func reservedNameProblem(_ name: String) -> String? {
        let lower = name.lowercased()
        if name.hasPrefix(".") { return "must not begin with '.' (a hidden file; unfinished reports are .<name>.partial-...) (SPEC 35)" }
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
