/// `suspendsim explain`'s text (SPEC 14): per eviction, who went, when, and why this victim
/// before the others: what set the kill off, and the policy's order at that instant, its top
/// five with the keys the policy ranks by; with a compressor, what it did (SPEC 22); with task
/// requests, what a task had to do with it (SPEC 28); with the freezer, whether the victim was
/// frozen or demoted, and the launches that waited for a thaw (SPEC 37).
package enum EvictionNarrative {
    /// The narrative of `evictions` (a replay's, with `policyOrder` filled) of `scenario`
    /// under `policy`, with what brought free memory down before each pressure kill
    /// (`freeDrops`, by `seq`); only the evictions of `app` when given.
    ///
    /// - Throws: `ExplainError` for an `app` the scenario does not have.
    package static func text(
        _ evictions: [Eviction], freeDrops: [Int: FreeDrop] = [:], compressionSteps: [Int: [CompressionStep]] = [:],
        tasks: TaskNarrative.Context = .none, freezer: FreezerNarrative.Context = .none, scenario: Scenario, policy: any EvictionPolicy,
        app: String?
    ) throws(ExplainError) -> String {
        if let app, !scenario.apps.contains(where: { $0.id == app }) {
            throw ExplainError("unknown app '\(app)'; apps are \(scenario.apps.map(\.id).joined(separator: ", "))")
        }
        let chosen = evictions.filter { app == nil || scenario.apps[$0.who.app].id == app }
        var lines = ["\(scenario.name) under \(policy.name): \(evictions.count) eviction\(evictions.count == 1 ? "" : "s")"
            + (app.map { ", \(chosen.count) of \($0)" } ?? "") + "."]
        if chosen.isEmpty {
            lines.append(app.map { "\($0) was never evicted: it ran to the end of the run." } ?? "No app was evicted.")
        }
        for eviction in chosen {
            lines.append("")
            lines.append(contentsOf: paragraph(eviction, freeDrop: freeDrops[eviction.who.seq], scenario: scenario, policy: policy))
            lines.append(contentsOf: CompressionNarrative.lines(eviction, steps: compressionSteps[eviction.who.seq] ?? [], scenario: scenario, policy: policy))
            lines.append(contentsOf: TaskNarrative.lines(eviction, context: tasks, scenario: scenario))
            lines.append(contentsOf: FreezerNarrative.lines(eviction, context: freezer))
        }
        lines.append(contentsOf: FreezerNarrative.thawLines(freezer, scenario: scenario, app: app))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func mb(_ kib: KiB) -> String { CSVFormatting.mbText(kib) + " MB" }
    private static func seconds(_ ms: Millis) -> String { CSVFormatting.secondsText(ms) + " s" }

    private static func paragraph(_ eviction: Eviction, freeDrop: FreeDrop?, scenario: Scenario, policy: any EvictionPolicy) -> [String] {
        let id = scenario.apps[eviction.who.app].id
        var lines = ["#\(eviction.who.seq)  \(seconds(eviction.who.timeMs))  \(id) (\(eviction.who.state.rawValue), \(mb(eviction.memory.footprintKiB)))  \(eviction.who.reason.rawValue)"]
        lines.append("    Why: " + why(eviction, scenario: scenario, policy: policy))
        if let freeDrop {
            lines.append("    What brought free memory down: \(freeDrop.cause) at \(seconds(freeDrop.timeMs)), "
                + "from \(mb(freeDrop.fromKiB)) to \(mb(freeDrop.toKiB)) free (the largest drop since the previous pressure kill).")
        }
        guard !eviction.ranking.policyOrder.isEmpty else { return lines }
        let place = eviction.ranking.rank.map { "it was #\($0) of \(eviction.ranking.candidateCount) candidates" } ?? "it was frontmost, so not a candidate"
        lines.append("    \(policy.name)'s order at that instant (\(orderRule(policy))); \(place):")
        let rows = [["#", "app", "state", "band/adj", "in band since", "footprint", "left foreground"]]
            + eviction.ranking.policyOrder.prefix(5).enumerated().map { position, candidate in
                [
                    String(position + 1),
                    scenario.apps[candidate.index].id + (candidate.index == eviction.who.app ? "  <- victim" : ""),
                    candidate.state.rawValue,
                    priority(of: candidate, scenario: scenario, policy: policy),
                    policy.usesBands ? seconds(candidate.bandEnteredMs) : "-",
                    mb(candidate.footprintKiB),
                    candidate.lastFrontmostOrder == 0 ? "never" : "#\(candidate.lastFrontmostOrder)",
                ]
            }
        lines.append(contentsOf: table(rows).map { "      " + $0 })
        if eviction.ranking.candidateCount > 5 { lines.append("      ... and \(eviction.ranking.candidateCount - 5) more") }
        if let runnerUp = eviction.ranking.runnerUp {
            lines.append("    Runner-up: \(scenario.apps[runnerUp].id), the next in \(policy.name)'s order; it would have gone had the victim not been there.")
        }
        return lines
    }

    /// What set the kill off, in a sentence (SPEC 5, 11, 16).
    private static func why(_ eviction: Eviction, scenario: Scenario, policy: any EvictionPolicy) -> String {
        let free = mb(eviction.memory.freeBeforeKiB)
        let target = eviction.memory.thresholdKiB.map(mb) ?? ""
        switch eviction.who.reason {
        case .memoryPressure where eviction.who.trigger == .idle:
            return "free memory was \(free), below idle_free_mb (\(target)): \(policy.name)'s idle loop kills apps in band 0, the first of its order first."
        case .memoryPressure where eviction.who.trigger == .minfree:
            return minfreeWhy(eviction, scenario: scenario, policy: policy)
        case .memoryPressure:
            return "free memory was \(free), below critical_free_mb (\(target)): \(policy.name) purges, then kills, the first app of its order until free is back."
        case .longIdleExit:
            return "the long-idle reaper found free memory at \(free), below reaper_free_mb (\(target)), and this app idle in band 0 for reaper_idle_s (\(seconds(scenario.device.reaperIdleMs)))."
        case .perProcessLimit:
            return "its footprint, \(mb(eviction.memory.footprintKiB)), was above the per-app limit of its state (\(mb(scenario.device.appLimitKiB(in: eviction.who.state))))."
        case .vmPageShortage:
            return "free memory stayed below 0 (\(free)) with no other app left to kill: the frontmost app goes."
        case .watchdog:
            return "applicationDidEnterBackground ran past did_enter_background_limit_s (\(seconds(scenario.device.didEnterBackgroundLimitMs)))."
        case .backgroundTaskExpired where !scenario.apps[eviction.who.app].bgTasks.isEmpty:
            return "a task outlasted its window (background_task_limit_s \(seconds(scenario.device.backgroundTaskLimitMs)) for a finite-length task, "
                + "refresh_window_s \(seconds(scenario.device.refreshWindowMs)) or processing_window_s \(seconds(scenario.device.processingWindowMs)) "
                + "for a BGTask) and the expiration handler did not end it."
        case .backgroundTaskExpired:
            return "its finite-length task outlasted background_task_limit_s (\(seconds(scenario.device.backgroundTaskLimitMs))) and the expiration handler did not end it."
        case .wakeTimeout:
            return "a wake's work outlasted its window."
        case .exitsOnSuspend:
            return "it opts out of background execution (UIApplicationExitsOnSuspend)."
        case .forceQuit:
            return "the user swiped it away."
        }
    }

    /// A kill of the level loop (SPEC 33): "free <f> MB was below minfree <mb> MB: apps of adj
    /// <min_adj> and above could go, and <app> had the highest adj (<adj>)". The level is the
    /// one whose MB is the row's threshold.
    private static func minfreeWhy(_ eviction: Eviction, scenario: Scenario, policy: any EvictionPolicy) -> String {
        let level = policy.killLevels(on: scenario.device).first { $0.freeKiB == eviction.memory.thresholdKiB }
        let least = level.map { String($0.priority) } ?? "?"
        let adj = eviction.ranking.priority.map(String.init) ?? "?"
        return "free \(mb(eviction.memory.freeBeforeKiB)) was below minfree \(eviction.memory.thresholdKiB.map(mb) ?? "?"): "
            + "apps of adj \(least) and above could go, and \(scenario.apps[eviction.who.app].id) had the highest adj (\(adj))."
    }

    /// How the policy orders its candidates, in words (SPEC 6): a built-in policy's row of
    /// `BuiltInPolicies`, a YAML policy's sort keys, else the contract's rule.
    private static func orderRule(_ policy: any EvictionPolicy) -> String {
        BuiltInPolicies.entry(named: policy.name)?.orderInWords
            ?? (policy as? OrderPolicy)?.orderInWords ?? "the policy's rank, smallest first"
    }

    private static func priority(of candidate: Candidate, scenario: Scenario, policy: any EvictionPolicy) -> String {
        guard let value = policy.priority(of: candidate) else { return "-" }
        return String(policy.usesBands ? scenario.device.jetsamBands.number(ofCurrentBand: value) : value)
    }

    /// Rows as left-aligned columns two spaces apart.
    private static func table(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, text in
                column == row.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.count)
            }.joined(separator: "  ")
        }
    }
}
