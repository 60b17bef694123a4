import Yams

extension ScenarioReader {
    /// `expect:` with `evictions`, `survivors` and `by_policy` (policy name -> the same
    /// without `by_policy`). App ids must name known apps, policy names built-in policies.
    mutating func readExpectation(_ node: Node, apps: AppList?) -> Expectation? {
        guard let fields = fields(node, "expect", allowed: ["evictions", "survivors", "by_policy"]) else {
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
    private mutating func readByPolicy(_ node: Node, apps: AppList?) -> [String: Expectation]? {
        let path = "expect.by_policy"
        guard let fields = fields(node, path, allowed: BuiltInPolicies.names, noun: "policy") else { return nil }
        var byPolicy: [String: Expectation] = [:]
        var isValid = true
        for entry in fields.entries {
            let entryPath = Self.path(path, entry.name)
            if let outcome = self.fields(entry.value, entryPath, allowed: ["evictions", "survivors"])
                .flatMap({ readOutcome($0, apps: apps) })
            {
                byPolicy[entry.name] = outcome
            } else {
                isValid = false
            }
        }
        return isValid ? byPolicy : nil
    }

    /// The `evictions` and `survivors` of checked fields.
    private mutating func readOutcome(_ fields: Fields, apps: AppList?) -> Expectation? {
        let evictions = fields["evictions"].map { appIDs($0, Self.path(fields.path, "evictions"), apps: apps) }
        let survivors = fields["survivors"].map { appIDs($0, Self.path(fields.path, "survivors"), apps: apps) }
        if case .some(.none) = evictions { return nil }
        if case .some(.none) = survivors { return nil }
        return Expectation(evictions: evictions ?? nil, survivors: survivors ?? nil)
    }

    /// A list of known app ids.
    private mutating func appIDs(_ node: Node, _ field: String, apps: AppList?) -> [String]? {
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
