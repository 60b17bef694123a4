/// The keys of `expect:` and of each `by_policy:` entry (SPEC 7, 14), in the order messages
/// list them.
enum ExpectKey: String, CaseIterable {
    case evictions, survivors, survives
    case neverKilled = "never_killed"
    case killed
    case maxPressureKills = "max_pressure_kills"
    case observedWithinCI = "observed_within_ci"

    static let names = allCases.map { $0.rawValue }
}

extension ScenarioReader {
    /// `expect:` with SPEC 7's `evictions`, `survivors` and `by_policy` (policy name -> the
    /// same without `by_policy`), and SPEC 14's `survives`, `never_killed`, `killed` and
    /// `max_pressure_kills`. App ids must name known apps, policy names built-in policies.
    mutating func readExpectation(_ node: ScenarioNode, apps: AppList?) -> Scenario.Expectation? {
        guard let fields = fields(node, "expect", allowed: ExpectKey.names + ["by_policy"]) else {
            return nil
        }
        let outcome = readOutcome(fields, apps: apps)
        let byPolicy = fields["by_policy"].map { readByPolicy($0, apps: apps) }
        guard var expectation = outcome else { return nil }
        switch byPolicy {
        case .none: break
        case .some(.none): return nil
        case .some(.some(let byPolicy)): expectation.byPolicy = byPolicy
        }
        return expectation
    }

    /// `by_policy:`: a mapping from built-in policy names to expectations.
    private mutating func readByPolicy(_ node: ScenarioNode, apps: AppList?) -> [String: Scenario.Expectation]? {
        let path = "expect.by_policy"
        guard let fields = fields(node, path, allowed: BuiltInPolicies.names, noun: "policy") else { return nil }
        var byPolicy: [String: Scenario.Expectation] = [:]
        var isValid = true
        for entry in fields.entries {
            let entryPath = Self.path(path, entry.name)
            if let outcome = self.fields(entry.value, entryPath, allowed: ExpectKey.names)
                .flatMap({ readOutcome($0, apps: apps) })
            {
                byPolicy[entry.name] = outcome
            } else {
                isValid = false
            }
        }
        return isValid ? byPolicy : nil
    }

    /// The assertions of checked fields, with the line each was written on.
    private mutating func readOutcome(_ fields: Fields, apps: AppList?) -> Scenario.Expectation? {
        var expectation = Scenario.Expectation()
        var isValid = true
        for entry in fields.entries {
            guard let key = ExpectKey(rawValue: entry.name) else { continue }
            let field = Self.path(fields.path, entry.name)
            if let line = entry.key.line { expectation.lines[entry.name] = line }
            if key == .observedWithinCI {
                if let value = bool(entry.value, field) { expectation.observedWithinCI = value } else { isValid = false }
                continue
            }
            if key == .maxPressureKills {
                if let count = nonNegativeInteger(entry.value, field) { expectation.maxPressureKills = count } else { isValid = false }
                continue
            }
            guard let ids = appIDs(entry.value, field, apps: apps) else {
                isValid = false
                continue
            }
            switch key {
            case .evictions: expectation.evictions = ids
            case .survivors: expectation.survivors = ids
            case .survives: expectation.survives = ids
            case .neverKilled: expectation.neverKilled = ids
            case .killed: expectation.killed = ids
            case .maxPressureKills, .observedWithinCI: break
            }
        }
        return isValid ? expectation : nil
    }

    /// A whole number ≥ 0; nil, reported, otherwise.
    private mutating func nonNegativeInteger(_ node: ScenarioNode, _ field: String) -> Int? {
        guard let value = number(node, field) else { return nil }
        // As `replicates:` reads its count.
        guard !value.isNegative, value.isWhole, let scaled = value.scaled(byPowerOfTen: 0, limit: 1 << 32) else {
            report(node, field, "must be a whole number, 0 or more, got \(node.summary)")
            return nil
        }
        return Int(scaled)
    }

    /// A list of known app ids.
    private mutating func appIDs(_ node: ScenarioNode, _ field: String, apps: AppList?) -> [String]? {
        guard let items = list(node, field) else { return nil }
        var ids: [String] = []
        var isValid = true
        for (index, item) in items.enumerated() {
            let itemField = Self.path(field, index)
            if let id = string(item, itemField), apps != nil, appIndex(item, itemField, in: apps) != nil {
                ids.append(id)
            } else {
                isValid = false
            }
        }
        return isValid ? ids : nil
    }
}
