/// What `explain` says of the freezer (SPEC 37): for a kill, whether the victim was frozen
/// (on flash or thawed) or demoted; and each warm launch that waited for its thaw ("thawed
/// from flash: 180.000 MB at 1000.000 MB/s, 0.180 s").
package enum FreezerNarrative {
    /// A victim's standing with the freezer at its kill.
    package enum Standing: Sendable, Hashable {
        case onFlash, thawed
        case demoted(sinceMs: Millis)
    }

    /// A warm launch that waited for its copy on flash.
    package struct Thaw: Sendable, Hashable {
        package var timeMs: Millis
        package var app: AppIndex
        package var readKiB: KiB
        package var waitMs: Millis
    }

    /// What a replay saw of the freezer: each frozen victim's standing by eviction `seq`, and
    /// the thaws that made a launch wait, in order.
    package struct Context: Sendable {
        package var standings: [Int: Standing]
        package var thaws: [Thaw]

        package static let none = Context(standings: [:], thaws: [])
    }

    /// The line for `eviction` (none for a victim that was not frozen).
    static func lines(_ eviction: Eviction, context: Context) -> [String] {
        switch context.standings[eviction.who.seq] {
        case nil: []
        case .onFlash?: ["    It was frozen and on flash (the freezer's band, 75): the kill freed its copy on flash and no memory."]
        case .thawed?: ["    It was frozen and thawed: its memory was resident again."]
        case .demoted(let since)?:
            ["    It was frozen and demoted to band 0 at \(CSVFormatting.secondsText(since)) s by the freezer's daily tick."]
        }
    }

    /// The launches that waited for a thaw, of `app` when given, with the thaw speed
    /// `thawMilliMBPerS` (thousandths of a MB/s): none when nothing waited.
    static func thawLines(_ context: Context, scenario: Scenario, app: String?) -> [String] {
        guard let freezer = scenario.device.freezer else { return [] }
        let speed = CSVFormatting.fixedText(freezer.thawMilliMBPerS, decimals: 3)
        let chosen = context.thaws.filter { app == nil || scenario.apps[$0.app].id == app }
        guard !chosen.isEmpty else { return [] }
        return ["", "Warm launches that waited for a thaw:"] + chosen.map { thaw in
            "  \(CSVFormatting.secondsText(thaw.timeMs)) s  \(scenario.apps[thaw.app].id)  thawed from flash: "
                + "\(CSVFormatting.mbText(thaw.readKiB)) MB at \(speed) MB/s, \(CSVFormatting.secondsText(thaw.waitMs)) s"
        }
    }
}

/// Follows a replay's `freezer.csv` rows: each app's standing now, kept for its eviction.
struct FreezerStandingTracker {
    private var current: [AppIndex: FreezerNarrative.Standing] = [:]
    private(set) var context = FreezerNarrative.Context.none

    mutating func act(_ act: EventLog.FreezerRecord) {
        switch act.action {
        case .freeze, .refreeze: current[act.app] = .onFlash
        case .demote: current[act.app] = .demoted(sinceMs: act.timeMs)
        case .thaw:
            current[act.app] = .thawed
            if act.waitMs > .zero {
                context.thaws.append(FreezerNarrative.Thaw(timeMs: act.timeMs, app: act.app, readKiB: act.readKiB, waitMs: act.waitMs))
            }
        }
    }

    /// An eviction row: the victim's standing, which its death ends.
    mutating func evictionRow(_ eviction: Eviction) {
        if let standing = current.removeValue(forKey: eviction.who.app) { context.standings[eviction.who.seq] = standing }
    }
}
