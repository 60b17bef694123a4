import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The freezer over days (SPEC 37), against the tests' independent model (`InvariantRecorder`
/// and its `+FreezerRules`): a budget small enough to run out, so that the daily tick renews
/// it; refreezes, thaws and demotions; `initial:` apps found frozen, some beyond the cap. The
/// hostile scenarios (`PropertyTests`) last minutes and never reach a tick; these last three
/// days.
@Suite struct FreezerInvariantTests {
    /// Sixteen apps on a 2 GiB phone under jetsam, three days of a workload with wakes, the
    /// freezer's settings drawn from `seed`.
    static func scenario(seed: UInt64) throws -> Scenario {
        var random = SplitMix64(seed: seed &* 0x2545_F491 &+ 3)
        let apps = (0..<16).map { index in
            let suspended = 20 + random.int(in: 0...150)
            let purgeable = random.chance(30) ? ", purgeable_mb: 15" : ""
            return "  - { id: app\(index), active_mb: \(suspended * 2), suspended_mb: \(suspended), background_modes: [fetch]\(purgeable) }"
        }
        let initial = (0..<3).map { "  - { app: app\($0), state: suspended, frozen: \(random.chance(70)) }" }
        let text = """
            name: freezer-days-\(seed)
            policy: jetsam
            device:
              ram_mb: 2048
              system_mb: 500
              freezer: { max_frozen: \(random.int(in: 1...10)), min_suspended: \(random.int(in: 0...3)), interval_s: \(random.int(in: 0...30)), daily_mb: \(random.int(in: 50...400)), start_free_mb: \(random.int(in: 600...1500)), refreeze_min_thawed: \(random.int(in: 0...2)), demotions_per_day: \(random.int(in: 1...3)), demotion_thaws: \(random.int(in: 2...40)) }
            apps:
            \(apps.joined(separator: "\n"))
            initial:
            \(initial.joined(separator: "\n"))
            workload: { duration_s: 259200, zipf_s: 1.5, dwell_s: 90, gap_s: 900, wakes_per_hour: 0.5 }

            """
        var scenario = try ScenarioLoader.parse(text, path: "freezer-days.yaml")
        scenario.seed = seed
        return scenario
    }

    @Test("Three days of freezes, refreezes, thaws and demotions keep the model's freezer rules: the budget and its daily tick, interval_s, the choice of SPEC 37")
    func daysOfTheFreezerKeepItsRules() throws {
        var stats = InvariantRecorder.Stats()
        var failures: [String] = []
        for seed in UInt64(0)..<12 {
            let scenario = try Self.scenario(seed: seed)
            let outcome = InvariantRun.check(scenario, policy: BuiltInPolicies.named("jetsam"))
            stats.add(outcome.stats)
            if !outcome.violations.isEmpty, failures.count < 4 {
                failures.append("\(scenario.name):\n  " + outcome.violations.joined(separator: "\n  "))
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Every act happened somewhere, and was judged by the model.
        for action in EventLog.FreezerRecord.Action.allCases {
            #expect(stats.freezerActs[action, default: 0] > 0, "no \(action.rawValue) was checked")
        }
        #expect(stats.initialFrozen > 0)
    }
}
