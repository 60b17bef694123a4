import SuspendSimCore

extension Scenario {
    /// The policy called `name` for this scenario (SPEC 6): a built-in, one of the file's
    /// `policies:` written in YAML, or the policy its `policy:` writes in place; nil otherwise.
    package func policy(named name: String) -> (any EvictionPolicy)? {
        if let builtIn = BuiltInPolicies.named(name) { return builtIn }
        if let named = namedPolicies.first(where: { $0.name == name }) { return named }
        return policy.name == name ? policy : nil
    }

    /// Every policy name this scenario knows: the built-ins', then its YAML policies'.
    package var knownPolicyNames: [String] {
        var names = BuiltInPolicies.names + namedPolicies.map(\.name)
        if !names.contains(policy.name) { names.append(policy.name) }
        return names
    }
}
