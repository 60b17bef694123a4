extension Scenario {
    /// A scenario under SPEC 6's default policy, `largest-first`, as a file without `policy:`
    /// runs.
    public init(
        name: String, device: Device, apps: [AppProfile],
        endMs: Millis? = nil, expectation: Scenario.Expectation? = nil, sourcePath: String? = nil
    ) {
        self.init(name: name, policy: LargestFirstPolicy(), device: device, apps: apps, endMs: endMs,
                  expectation: expectation, sourcePath: sourcePath)
    }

    /// A scenario under the built-in policy called `policyName` (SPEC 6); an unknown name
    /// throws, naming the nearest built-in names.
    public init(
        name: String, policyName: String, device: Device, apps: [AppProfile],
        endMs: Millis? = nil, expectation: Scenario.Expectation? = nil, sourcePath: String? = nil
    ) throws(Scenario.LookupError) {
        guard let policy = BuiltInPolicies.named(policyName) else {
            throw Scenario.LookupError(kind: .policy, name: policyName, among: BuiltInPolicies.names)
        }
        self.init(name: name, policy: policy, device: device, apps: apps, endMs: endMs,
                  expectation: expectation, sourcePath: sourcePath)
    }
}
