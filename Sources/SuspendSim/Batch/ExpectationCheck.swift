/// Compares a run with its scenario's `expect:` block (SPEC 7): `evictions` lists the
/// `memory-pressure` kills in order, `survivors` is compared as a set. Expectations under
/// `by_policy` for the policy in force apply on top of the general ones.
package struct ExpectationCheck: Sendable, Hashable {
    /// One difference between what was expected and what happened.
    public enum Mismatch: Sendable, Hashable, CustomStringConvertible {
        case evictions(expected: [String], actual: [String])
        case survivors(missing: [String], unexpected: [String])

        public var description: String {
            switch self {
            case .evictions(let expected, let actual):
                var lines = [
                    "evictions (memory-pressure, in order):",
                    "  expected: \(expected.isEmpty ? "(none)" : expected.joined(separator: ", "))",
                    "  actual:   \(actual.isEmpty ? "(none)" : actual.joined(separator: ", "))",
                ]
                let first = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(expected.count, actual.count)
                let wanted = first < expected.count ? expected[first] : "(nothing more)"
                let got = first < actual.count ? actual[first] : "(nothing more)"
                lines.append("  first difference at #\(first + 1): expected \(wanted), got \(got)")
                return lines.joined(separator: "\n")
            case .survivors(let missing, let unexpected):
                var lines = ["survivors (as a set):"]
                if !missing.isEmpty { lines.append("  expected but not resident: \(missing.joined(separator: ", "))") }
                if !unexpected.isEmpty { lines.append("  resident but not expected: \(unexpected.joined(separator: ", "))") }
                return lines.joined(separator: "\n")
            }
        }
    }

    /// The expectations that apply under `policyName`: the general ones, overridden field by
    /// field by `by_policy[policyName]`.
    public static func effective(_ expectation: Expectation, policyName: String) -> Expectation {
        var merged = expectation
        if let specific = expectation.byPolicy[policyName] {
            if let evictions = specific.evictions { merged.evictions = evictions }
            if let survivors = specific.survivors { merged.survivors = survivors }
        }
        merged.byPolicy = [:]
        return merged
    }

    /// The mismatches between `expectation` (under `policyName`) and a run's outcome; empty
    /// when the run is as expected.
    public static func mismatches(
        _ expectation: Expectation, policyName: String, pressureEvictions: [String], survivors: [String]
    ) -> [Mismatch] {
        let expected = effective(expectation, policyName: policyName)
        var mismatches: [Mismatch] = []
        if let evictions = expected.evictions, evictions != pressureEvictions {
            mismatches.append(.evictions(expected: evictions, actual: pressureEvictions))
        }
        if let wanted = expected.survivors {
            let actual = Set(survivors)
            let missing = wanted.filter { !actual.contains($0) }
            let wantedSet = Set(wanted)
            let unexpected = survivors.filter { !wantedSet.contains($0) }
            if !missing.isEmpty || !unexpected.isEmpty {
                mismatches.append(.survivors(missing: missing, unexpected: unexpected))
            }
        }
        return mismatches
    }

    /// The mismatches of a finished run against its scenario's expectations.
    public static func mismatches<R>(_ result: SimulationResult<R>, expected expectation: Expectation) -> [Mismatch] {
        mismatches(expectation, policyName: result.policyName,
                   pressureEvictions: result.pressureEvictions, survivors: result.survivors)
    }
}
