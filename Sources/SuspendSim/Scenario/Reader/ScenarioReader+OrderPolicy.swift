import SuspendSimCore

extension ScenarioReader {
    /// `policy:` (SPEC 6): a built-in's name, the name of one of the file's `policies:`, or a
    /// policy written in place (`{ name, order, levels }`); nil, reported, otherwise.
    mutating func readPolicy(_ node: ScenarioNode, named: [OrderPolicy]) -> (any EvictionPolicy)? {
        if case .mapping = node {
            guard let policy = readOrderPolicy(node, ScenarioKey.policy.rawValue) else { return nil }
            if named.contains(where: { $0.name == policy.name }) {
                report(node, Self.path(ScenarioKey.policy.rawValue, OrderPolicyKey.name.rawValue), "'\(policy.name)' names one of policies: already; write policy: \(policy.name) to use it")
                return nil
            }
            namedPolicies.append(policy)
            return policy
        }
        guard let name = string(node, ScenarioKey.policy.rawValue) else { return nil }
        if let policy = named.first(where: { $0.name == name }) { return policy }
        guard let policy = BuiltInPolicies.named(name) else {
            let known = BuiltInPolicies.names + named.map(\.name)
            report(node, ScenarioKey.policy.rawValue, "unknown policy '\(name)'; expected one of \(known.joined(separator: ", "))")
            return nil
        }
        return policy
    }

    /// The top-level `policies:` list: policies written in YAML, each named once; nil,
    /// reported, when any is wrong.
    mutating func readPolicies(_ node: ScenarioNode) -> [OrderPolicy]? {
        guard let items = list(node, ScenarioKey.policies.rawValue) else { return nil }
        var policies: [OrderPolicy] = []
        var isValid = true
        for (index, item) in items.enumerated() {
            let field = Self.path(ScenarioKey.policies.rawValue, index)
            guard let policy = readOrderPolicy(item, field) else {
                isValid = false
                continue
            }
            if policies.contains(where: { $0.name == policy.name }) {
                report(item, Self.path(field, OrderPolicyKey.name.rawValue), "names '\(policy.name)' a second time; each policy has its own name")
                isValid = false
            }
            policies.append(policy)
        }
        return isValid ? policies : nil
    }

    /// One policy in YAML: `name`, `order` (a list of fields, `-` for descending, each field
    /// once) and optional `levels` in SPEC 33's `minfree` form.
    mutating func readOrderPolicy(_ node: ScenarioNode, _ path: String) -> OrderPolicy? {
        guard let fields = fields(node, path, allowed: OrderPolicyKey.names), !fields.hadUnknownKey else { return nil }
        let name = required(fields, OrderPolicyKey.name.rawValue).flatMap { orderPolicyName($0, Self.path(path, OrderPolicyKey.name.rawValue)) }
        let order = required(fields, OrderPolicyKey.order.rawValue).flatMap { readOrder($0, Self.path(path, OrderPolicyKey.order.rawValue)) }
        let levels = fields[OrderPolicyKey.levels.rawValue].map { readMinfree($0, Self.path(path, OrderPolicyKey.levels.rawValue)) } ?? []
        guard let name, let order, let levels else { return nil }
        return OrderPolicy(name: name, order: order, levels: levels)
    }

    /// A YAML policy's name: not a built-in's, and one that SPEC 35 accepts in a report cell.
    private mutating func orderPolicyName(_ node: ScenarioNode, _ field: String) -> String? {
        guard let name = nonEmptyString(node, field) else { return nil }
        if BuiltInPolicies.named(name) != nil || name == "all" {
            report(node, field, "'\(name)' is a built-in policy's name (or --policy all); give the policy a name of its own")
            return nil
        }
        if let problem = IdentifierRules.controlProblem(name) ?? IdentifierRules.formulaProblem(name) {
            report(node, field, problem)
            return nil
        }
        return name
    }

    /// The sort keys: a non-empty list of known fields, each at most once.
    private mutating func readOrder(_ node: ScenarioNode, _ field: String) -> [OrderPolicy.SortKey]? {
        guard let items = list(node, field) else { return nil }
        guard !items.isEmpty else {
            report(node, field, "must name at least one field")
            return nil
        }
        var keys: [OrderPolicy.SortKey] = []
        var isValid = true
        for (index, item) in items.enumerated() {
            let itemField = Self.path(field, index)
            guard let text = string(item, itemField) else {
                isValid = false
                continue
            }
            let descending = text.hasPrefix("-")
            guard let sortField = OrderPolicy.Field(rawValue: descending ? String(text.dropFirst()) : text) else {
                let known = OrderPolicy.Field.allCases.map(\.rawValue).joined(separator: ", ")
                report(item, itemField, "unknown field '\(text)'; expected one of \(known), '-' before one for descending")
                isValid = false
                continue
            }
            if keys.contains(where: { $0.field == sortField }) {
                report(item, itemField, "names '\(sortField.rawValue)' a second time; each field sorts once")
                isValid = false
            }
            keys.append(OrderPolicy.SortKey(sortField, descending: descending))
        }
        return isValid ? keys : nil
    }
}
