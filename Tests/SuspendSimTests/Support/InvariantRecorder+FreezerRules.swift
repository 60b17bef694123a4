@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The model's own freezer (SPEC 37), worked out from the SPEC's words and checked against
/// each `freezer.csv` row rather than read from it:
/// - a freeze or refreeze only when free was below `start_free_mb` (default 50 % of RAM), more
///   than `min_suspended` apps were suspended and not frozen, and at least `interval_s` had
///   passed since the last one (none yet counts as enough);
/// - a freeze takes, while fewer than `max_frozen` apps are frozen, the suspended app in band 0
///   that is not frozen, at least `min_mb` before its purge, that entered band 0 first (ties
///   in jetsam's order); a refreeze comes only when no such app is allowed, with at least
///   `refreeze_min_thawed` thawed frozen apps not demoted, and takes the thawed suspended one
///   that entered band 75 first;
/// - each writes `w = max(0, d − f)` (`d` its footprint after its purge, `f` its copy), at
///   most the budget left; the budget starts at `daily_mb` and grows by `daily_mb` at each
///   daily tick, k × 86,400 s; a thaw or a demotion writes nothing;
/// - a demotion only at a tick, at most `demotions_per_day` of them, of the suspended frozen
///   app, not demoted, thawed fewer than `demotion_thaws` times, that entered band 75 first;
/// - `frozen_count` is the number of frozen apps.
extension InvariantRecorder {
    struct FreezerModel {
        /// The freezer acts in the run: a block with `max_frozen` above 0, under jetsam.
        var isOn = false
        /// The flash it may still write.
        var budget: KiB = 0
        /// Daily ticks the budget has had: those at k × 86,400 s for k in 1...ticks.
        var ticks: Int64 = 0
        /// When it last froze or refroze.
        var lastFreeze: Millis?
        /// Demotions at the tick `ticks`.
        var demotionsAtTick = 0
        /// What the step held just before the freeze a `memory.csv` row reported (the
        /// freezer's own row follows it): free memory, the app's footprint before its purge,
        /// and whether it was frozen and on flash then.
        var pending: Pending?
        typealias Pending = (app: AppIndex, free: KiB, footprint: KiB, wasFrozen: Bool)
        /// Freezes and refreezes whose choice was checked, and those the model could not decide
        /// (a suspended app whose aging ends at this very instant).
        var choicesChecked = 0
        var choicesAmbiguous = 0
    }

    static let dayMs: Int64 = 86_400_000

    /// SPEC 37's default start: 50 % of RAM, half up on whole KiB.
    var freezerStartKiB: KiB {
        device.freezer?.startFreeKiB ?? KiB((device.ramKiB.count + 1) / 2)
    }

    /// Notes a freeze's `memory.csv` row before the model takes it in.
    mutating func noteFreezeRow(of app: AppIndex) {
        freezerModel.pending = (app, modelFreeKiB, apps[app].footprint, apps[app].frozen)
    }

    /// Checks a `freezer.csv` row against the model's freezer, before the row's own effects.
    mutating func checkFreezerRules(_ act: EventLog.FreezerRecord) {
        guard freezerModel.isOn, let settings = device.freezer else {
            return fail("a freezer row (\(act.action.rawValue)) while the freezer does not act")
        }
        let pending = freezerModel.pending.flatMap { $0.app == act.app ? $0 : nil }
        freezerModel.pending = nil
        switch act.action {
        case .freeze, .refreeze:
            applyTicks(reportedLeft: act.budgetLeftKiB + act.writtenKiB, daily: settings.dailyKiB)
            checkFreeze(act, settings, pending: pending)
        case .thaw:
            applyTicks(reportedLeft: act.budgetLeftKiB, daily: settings.dailyKiB)
            if act.writtenKiB != 0 { fail("\(name(act.app)) thaw wrote \(act.writtenKiB) KiB") }
            apps[act.app].thaws += 1
            stats.freezerActs[.thaw, default: 0] += 1
        case .demote:
            checkDemotion(act, settings)
        }
        if act.budgetLeftKiB != freezerModel.budget {
            fail("freezer row budget left \(act.budgetLeftKiB) KiB, the model's budget is \(freezerModel.budget)")
        }
    }

    /// The ticks due before now, and one due at this very instant in a timer step when the
    /// row's budget says it ran (timers at one instant run in their order, which the records
    /// do not show; a scenario event runs before any timer, SPEC 7).
    mutating func applyTicks(reportedLeft: KiB, daily: KiB) {
        while freezerModel.ticks < (now.count - 1) / Self.dayMs { tick(daily) }
        let atNow = now.count > 0 && now.count % Self.dayMs == 0 && freezerModel.ticks < now.count / Self.dayMs
        if atNow, event == nil, reportedLeft == freezerModel.budget + daily { tick(daily) }
    }

    private mutating func tick(_ daily: KiB) {
        freezerModel.ticks += 1
        freezerModel.budget += daily
        freezerModel.demotionsAtTick = 0
    }

    /// Jetsam's order among apps of one band (SPEC 6): entered first, then the recency
    /// counter and the scenario order.
    private func firstEntered(_ candidates: [AppIndex], entered: (AppIndex) -> Millis) -> AppIndex? {
        candidates.min { a, b in
            [entered(a).count, Int64(apps[a].lastFrontmostOrder), Int64(a)]
                .lexicographicallyPrecedes([entered(b).count, Int64(apps[b].lastFrontmostOrder), Int64(b)])
        }
    }

    private mutating func checkFreeze(_ act: EventLog.FreezerRecord, _ settings: Device.Freezer, pending: FreezerModel.Pending?) {
        let app = act.app
        let refreeze = act.action == .refreeze
        // The app as it was just before: its footprint before the purge, frozen or not. A
        // freeze whose purge leaves 0 puts nothing on flash: its one row was the purge's.
        let purgedBefore = possiblePurge.flatMap { $0.app == app ? $0.before : nil }
        let before = pending?.footprint ?? purgedBefore ?? apps[app].footprint
        let wasFrozen = pending?.wasFrozen ?? apps[app].frozen
        if refreeze != wasFrozen { fail("\(name(app)) \(act.action.rawValue) when it was \(wasFrozen ? "" : "not ")frozen") }
        if let pending, pending.free >= freezerStartKiB {
            fail("\(name(app)) \(act.action.rawValue) with free \(pending.free) KiB, not below start_free \(freezerStartKiB)")
        }
        if let last = freezerModel.lastFreeze, now - last < settings.intervalMs {
            fail("\(name(app)) \(act.action.rawValue) at \(now), \(now - last) ms after the last one (interval \(settings.intervalMs))")
        }
        var suspendedNotFrozen = apps.indices.filter { apps[$0].state == .suspended && !apps[$0].frozen }.count
        if !wasFrozen { suspendedNotFrozen += 1 }
        if suspendedNotFrozen <= settings.minSuspended {
            fail("\(name(app)) \(act.action.rawValue) with \(suspendedNotFrozen) suspended apps not frozen, min_suspended \(settings.minSuspended)")
        }
        // Step 2's choice, with the others as they are and this app as it was.
        let frozenBefore = apps.filter(\.frozen).count - (wasFrozen ? 0 : 1)
        let others = apps.indices.filter { $0 != app }
        var fresh = others.filter { apps[$0].state == .suspended && !apps[$0].frozen && apps[$0].footprint >= settings.minKiB }
        if !wasFrozen, before >= settings.minKiB { fresh.append(app) }
        if fresh.contains(where: { isAged($0) == nil }) {
            freezerModel.choicesAmbiguous += 1
        } else {
            fresh = fresh.filter { isAged($0) == true }
            let newAllowed = frozenBefore < settings.maxFrozen && !fresh.isEmpty
            if !refreeze {
                let first = firstEntered(fresh) { apps[$0].suspendedAt + device.agingMs }
                if frozenBefore >= settings.maxFrozen { fail("\(name(app)) frozen with \(frozenBefore) frozen, max_frozen \(settings.maxFrozen)") }
                if first != app {
                    let seen = apps.indices.filter { apps[$0].state == .suspended }.map { index in
                        "\(name(index)) frozen \(apps[index].frozen) \(index == app ? before : apps[index].footprint) KiB aged \(String(describing: isAged(index))) since \(apps[index].suspendedAt)"
                    }
                    fail("\(name(app)) frozen; SPEC 37 freezes \(first.map(name) ?? "none") first (min \(settings.minKiB) KiB; \(seen.joined(separator: ", ")))")
                }
            } else {
                // A thawed frozen app not demoted, in any state; this one was thawed just before.
                let thawed = others.filter { apps[$0].frozen && !apps[$0].demoted && !apps[$0].onFlash } + [app]
                let suspendedThawed = thawed.filter { $0 == app || apps[$0].state == .suspended }
                let first = firstEntered(suspendedThawed) { apps[$0].freezerBandAt }
                if newAllowed { fail("\(name(app)) refrozen while \(name(fresh[0])) could be frozen") }
                if thawed.count < settings.refreezeMinThawed {
                    fail("\(name(app)) refrozen with \(thawed.count) thawed frozen apps, refreeze_min_thawed \(settings.refreezeMinThawed)")
                }
                if first != app { fail("\(name(app)) refrozen; SPEC 37 refreezes \(first.map(name) ?? "none") first") }
            }
            freezerModel.choicesChecked += 1
            stats.freezerActs[act.action, default: 0] += 1
        }
        // What it writes: its footprint after the purge less its copy, within the budget.
        let written = max(0, apps[app].footprint - apps[app].copy)
        if act.writtenKiB != written { fail("\(name(app)) wrote \(act.writtenKiB) KiB, d − f = \(written)") }
        if written > freezerModel.budget { fail("\(name(app)) wrote \(written) KiB with \(freezerModel.budget) left") }
        freezerModel.budget -= act.writtenKiB
        freezerModel.lastFreeze = now
        apps[app].copy = apps[app].footprint
    }

    private mutating func checkDemotion(_ act: EventLog.FreezerRecord, _ settings: Device.Freezer) {
        let app = act.app
        if event != nil || now.count == 0 || now.count % Self.dayMs != 0 {
            return fail("\(name(app)) demoted at \(now), not at a daily tick")
        }
        while freezerModel.ticks < now.count / Self.dayMs { tick(settings.dailyKiB) }
        freezerModel.demotionsAtTick += 1
        if freezerModel.demotionsAtTick > settings.demotionsPerDay {
            fail("demotion \(freezerModel.demotionsAtTick) at one tick, demotions_per_day \(settings.demotionsPerDay)")
        }
        if act.writtenKiB != 0 { fail("\(name(app)) demotion wrote \(act.writtenKiB) KiB") }
        let eligible = apps.indices.filter {
            apps[$0].state == .suspended && apps[$0].frozen && !apps[$0].demoted && apps[$0].thaws < settings.demotionThaws
        }
        let first = firstEntered(eligible) { apps[$0].freezerBandAt }
        stats.freezerActs[.demote, default: 0] += 1
        if first != app { fail("\(name(app)) demoted; SPEC 37 demotes \(first.map(name) ?? "none") first (thaws \(apps[app].thaws))") }
    }

    /// `frozen_count` after the act.
    mutating func checkFrozenCount(_ act: EventLog.FreezerRecord) {
        let frozen = apps.filter(\.frozen).count
        if act.frozenCount != frozen { fail("freezer row frozen_count \(act.frozenCount), the model has \(frozen) frozen") }
    }
}
