extension Scenario {
    /// A scenario under SPEC 6's default policy, `largest-first`, as a file without `policy:`
    /// runs.
    public init(
        name: String, device: Device, apps: [AppProfile],
        events: [ScenarioEvent] = [], endMs: Millis? = nil, expectation: Scenario.Expectation? = nil,
        sourcePath: String? = nil
    ) {
        self.init(name: name, policy: LargestFirstPolicy(), device: device, apps: apps, events: events, endMs: endMs,
                  expectation: expectation, sourcePath: sourcePath)
    }

    /// A scenario under the built-in policy called `policyName` (SPEC 6); an unknown name is a
    /// programmer error.
    public init(
        name: String, policyName: String, device: Device, apps: [AppProfile],
        events: [ScenarioEvent] = [], endMs: Millis? = nil, expectation: Scenario.Expectation? = nil,
        sourcePath: String? = nil
    ) {
        guard let policy = BuiltInPolicies.named(policyName) else {
            preconditionFailure("No built-in policy \(policyName); built-in: \(BuiltInPolicies.names)")
        }
        self.init(name: name, policy: policy, device: device, apps: apps, events: events, endMs: endMs,
                  expectation: expectation, sourcePath: sourcePath)
    }
}
