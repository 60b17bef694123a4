/// Compares a run with its scenario's `expect:` block (SPEC 7, 14): `evictions` lists the
/// `memory-pressure` kills in order, `survivors` is compared as a set; `survives`,
/// `never_killed` and `killed` are checked per app (subsets), `max_pressure_kills` against
/// the run's total. Expectations under `by_policy` for the policy in force apply on top of
/// the general ones.
package struct ExpectationCheck: Sendable, Hashable {
    /// One difference between what was expected and what happened.
    package enum Mismatch: Sendable, Hashable, CustomStringConvertible {
        case evictions(expected: [String], actual: [String])
        case survivors(missing: [String], unexpected: [String])
        /// `survives`: apps not resident at the end, each with what happened to it.
        case notResident([String])
        /// `never_killed`: apps that were killed, each with its first kill.
        case wasKilled([String])
        /// `killed`: apps never killed.
        case neverKilled([String])
        /// `max_pressure_kills`.
        case tooManyPressureKills(limit: Int, actual: Int)

        /// The `expect:` key the mismatch is about (its line is `Scenario.Expectation.lines[key]`).
        package var key: String { expectKey.rawValue }

        /// The row of that key.
        var expectKey: ExpectKey {
            switch self {
            case .evictions: .evictions
            case .survivors: .survivors
            case .notResident: .survives
            case .wasKilled: .neverKilled
            case .neverKilled: .killed
            case .tooManyPressureKills: .maxPressureKills
            }
        }

        package var description: String {
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
            case .notResident(let apps):
                return (["survives: not resident at the end:"] + apps.map { "  " + $0 }).joined(separator: "\n")
            case .wasKilled(let apps):
                return (["never_killed: killed during the run:"] + apps.map { "  " + $0 }).joined(separator: "\n")
            case .neverKilled(let apps):
                return "killed: never killed: \(apps.joined(separator: ", "))"
            case .tooManyPressureKills(let limit, let actual):
                return "max_pressure_kills: \(actual) pressure kills, at most \(limit) expected"
            }
        }
    }

    /// What a run did, as far as expectations look at it.
    package struct RunOutcome: Sendable, Hashable {
        /// The `memory-pressure` kills, in order.
        package var pressureEvictions: [String]
        /// Every app's outcome, in scenario order.
        package var apps: [AppOutcome]

        package init(pressureEvictions: [String], apps: [AppOutcome]) {
            self.pressureEvictions = pressureEvictions
            self.apps = apps
        }
    }

    /// The keys checked on one run (`Mismatch.key`'s values), in `ExpectKey`'s order;
    /// `observed_within_ci` and `rates` are checked on a batch (`BatchCheck`).
    static let runKeys = ExpectKey.allCases.filter(\.isCheckedPerRun).map(\.rawValue)

    /// The expectations that apply under `policyName`: the general ones, overridden key by
    /// key by `by_policy[policyName]`. A rate bound overrides the general bound on the same
    /// rate of the same app, and adds to the others (SPEC 19); `observed_within_ci: true`
    /// there adds the check under that policy.
    package static func effective(_ expectation: Scenario.Expectation, policyName: String) -> Scenario.Expectation {
        var merged = expectation
        if var specific = expectation.byPolicy[policyName] {
            if let evictions = specific.evictions { merged.evictions = evictions }
            if let survivors = specific.survivors { merged.survivors = survivors }
            if let survives = specific.survives { merged.survives = survives }
            if let neverKilled = specific.neverKilled { merged.neverKilled = neverKilled }
            if let killed = specific.killed { merged.killed = killed }
            if let limit = specific.maxPressureKills { merged.maxPressureKills = limit }
            if specific.observedWithinCI {
                merged.observedWithinCI = true
            } else {
                specific.lines[ExpectKey.observedWithinCI.rawValue] = nil
            }
            for bound in specific.rates {
                if let index = merged.rates.firstIndex(where: { $0.rate == bound.rate && $0.app == bound.app }) {
                    merged.rates[index] = bound
                } else {
                    merged.rates.append(bound)
                }
            }
            merged.lines.merge(specific.lines) { _, specific in specific }
        }
        merged.byPolicy = [:]
        return merged
    }

    /// The mismatches between `expectation` (under `policyName`) and a run's outcome; empty
    /// when the run is as expected.
    package static func mismatches(_ expectation: Scenario.Expectation, policyName: String, outcome: RunOutcome) -> [Mismatch] {
        let expected = effective(expectation, policyName: policyName)
        var mismatches = orderAndSetMismatches(
            expected, pressureEvictions: outcome.pressureEvictions, survivors: outcome.apps.filter(\.survived).map(\.id))
        let byID = Dictionary(outcome.apps.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if let wanted = expected.survives {
            let gone = wanted.compactMap { id in byID[id].flatMap { $0.survived ? nil : "\(id): \(Self.story(of: $0))" } }
            if !gone.isEmpty { mismatches.append(.notResident(gone)) }
        }
        if let wanted = expected.neverKilled {
            let killed = wanted.compactMap { id in byID[id].flatMap { $0.neverKilled ? nil : "\(id): \(Self.story(of: $0))" } }
            if !killed.isEmpty { mismatches.append(.wasKilled(killed)) }
        }
        if let wanted = expected.killed {
            let spared = wanted.filter { byID[$0]?.neverKilled == true }
            if !spared.isEmpty { mismatches.append(.neverKilled(spared)) }
        }
        if let limit = expected.maxPressureKills {
            let total = outcome.apps.reduce(0) { $0 + $1.pressureKills }
            if total > limit { mismatches.append(.tooManyPressureKills(limit: limit, actual: total)) }
        }
        return mismatches
    }

    /// As `mismatches(_:policyName:outcome:)`, for `evictions` and `survivors` only, from the
    /// pressure kills and the resident apps (SPEC 7).
    package static func mismatches(
        _ expectation: Scenario.Expectation, policyName: String, pressureEvictions: [String], survivors: [String]
    ) -> [Mismatch] {
        orderAndSetMismatches(effective(expectation, policyName: policyName), pressureEvictions: pressureEvictions, survivors: survivors)
    }

    /// SPEC 7's two assertions: the pressure kills in order, the survivors as a set.
    private static func orderAndSetMismatches(_ expected: Scenario.Expectation, pressureEvictions: [String], survivors: [String]) -> [Mismatch] {
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
    package static func mismatches<R>(_ result: SimulationResult<R>, expected expectation: Scenario.Expectation) -> [Mismatch] {
        mismatches(expectation, policyName: result.policyName,
                   outcome: RunOutcome(pressureEvictions: result.pressureEvictions, apps: result.apps))
    }

    /// What happened to an app, in a few words: "killed first at 412.000 s (2 pressure
    /// kills, 0 other), not-running at the end".
    static func story(of app: AppOutcome) -> String {
        var parts: [String] = []
        if let first = app.firstKillMs {
            parts.append("killed first at \(CSVFormatting.secondsText(first)) s (\(app.pressureKills) pressure kill\(app.pressureKills == 1 ? "" : "s"), \(app.otherKills) other)")
        }
        parts.append("\(app.finalState.rawValue) at the end")
        return parts.joined(separator: ", ")
    }
}
