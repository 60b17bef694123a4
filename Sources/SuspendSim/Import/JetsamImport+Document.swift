extension JetsamImport.Reading {
    typealias Entry = ScenarioYAMLWriter.Entry
    typealias Item = ScenarioYAMLWriter.Item
    typealias Value = ScenarioYAMLWriter.Value

    /// The scenario document (SPEC 12, 16): `name` (`jetsam-` and the report's file name
    /// without `.ips`), `policy: jetsam`, `device`, `apps`, `initial` (when there are apps),
    /// then `events` (with `--replay-kills` and replayable kills, the `system_allocate` that
    /// takes what they freed, and `expect.evictions` in kill order; else none), under the
    /// leading comment.
    var document: ScenarioYAMLWriter.Document {
        let name = "jetsam-" + (stem.hasSuffix(".ips") ? String(stem.dropLast(4)) : stem)
        var entries = [
            Entry("name", .quoted(name)), Entry("policy", .plain(JetsamPolicy.ruleName)),
            Entry("device", device), Entry("apps", .sequence(appItems)),
        ]
        if !apps.apps.isEmpty { entries.append(Entry("initial", .sequence(apps.apps.map(initialItem)))) }
        if replayKills, !kills.replayable.isEmpty {
            let freedKiB = kills.replayable.reduce(KiB.zero) { $0 + report.kib(pages: report.processes[$1.process].residentPages) }
            let allocate = Value.flowMapping([Entry("at", .seconds(Millis(1000))), Entry("system_allocate", .flowMapping([Entry("mb", .mb(freedKiB))]))])
            entries.append(Entry("events", .sequence([Item(allocate, comment: "what the replayed kills freed")])))
            let evictions = Entry(ExpectKey.evictions.rawValue, .flowSequence(kills.replayable.map { .quoted($0.id) }), comment: "the device's own kill order")
            entries.append(Entry("expect", .mapping([evictions])))
        } else {
            entries.append(Entry("events", .flowSequence([])))
        }
        return ScenarioYAMLWriter.Document(comments: leadingComment, entries: entries)
    }

    /// `device:`: the catalog's `model` (else `ram_mb`), `ios` as `MAJOR.MINOR`, the memory
    /// figures, then the compressor off (`pool_mb: 0`) and, for a report of iOS 17.4 or later,
    /// the freezer off (`max_frozen: 0`), so that free memory at time 0 and the time-0 check
    /// are the report's (SPEC 37); the leading comment says how to turn them on.
    private var device: Value {
        var entries: [Entry] = []
        if let entry = memory.catalogEntry {
            entries.append(Entry(DeviceKey.model.rawValue, .plain(entry.model)))
        } else {
            entries.append(Entry(DeviceKey.ramMB.rawValue, .mb(memory.ramKiB)))
        }
        if let ios = report.iosVersion { entries.append(Entry(DeviceKey.ios.rawValue, .quoted("\(ios.major).\(ios.minor ?? 0)"))) }
        entries += [
            Entry(DeviceKey.reservedMB.rawValue, .mb(memory.reservedKiB)), Entry(DeviceKey.systemMB.rawValue, .mb(memory.systemKiB)),
            Entry(DeviceKey.idleFreeMB.rawValue, .mb(memory.idleFreeKiB)), Entry(DeviceKey.criticalFreeMB.rawValue, .mb(memory.criticalFreeKiB)),
            Entry(DeviceKey.compressor.rawValue, .flowMapping([Entry(CompressorKey.poolMB.rawValue, .mb(.zero))])),
        ]
        if Self.freezesByDefault(report.iosVersion) {
            entries.append(Entry(DeviceKey.freezer.rawValue, .flowMapping([Entry(FreezerKey.maxFrozen.rawValue, .plain("0"))])))
        }
        return .mapping(entries)
    }

    /// `apps:`, one flow mapping each: the footprint (`rpages × pageSize`) is the frontmost
    /// app's `active_mb`, else the `suspended_mb` or `background_mb`, with `active_mb` =
    /// `max(rpages, lifetimeMax) × pageSize`. A report with no app gets a placeholder.
    private var appItems: [Item] {
        guard !apps.apps.isEmpty else {
            let placeholder = Value.flowMapping([Entry(AppKey.id.rawValue, .plain("placeholder")), Entry(AppKey.activeMB.rawValue, .mb(.zero))])
            return [Item(placeholder, comment: "the report has no app; a scenario needs one (SPEC 16)")]
        }
        return apps.apps.map { app in
            let process = report.processes[app.process]
            let footprint = Value.mb(report.kib(pages: process.residentPages))
            let active = Value.mb(report.kib(pages: max(process.residentPages, process.lifetimeMaxPages)))
            var fields = [Entry(AppKey.id.rawValue, .quoted(app.id))]
            switch app.state {
            case .active:
                fields.append(Entry(AppKey.activeMB.rawValue, footprint))
            case .suspended:
                fields += [Entry(AppKey.activeMB.rawValue, active), Entry(AppKey.suspendedMB.rawValue, footprint)]
            default:
                fields += [
                    Entry(AppKey.activeMB.rawValue, active), Entry(AppKey.backgroundMB.rawValue, footprint),
                    Entry(AppKey.backgroundModes.rawValue, .flowSequence([.plain(app.mode?.rawValue ?? "location")])),
                ]
            }
            return Item(.flowMapping(fields))
        }
    }

    /// One `initial:` entry: the app, its state, its background mode when running, and
    /// `frozen: true` for a suspended app in the freezer's band of the report's release (75; 8
    /// before iOS 16; SPEC 37). A report without `priority` has none.
    private func initialItem(_ app: JetsamImport.Classification.App) -> Item {
        var fields = [Entry(InitialKey.app.rawValue, .quoted(app.id)), Entry(InitialKey.state.rawValue, .plain(app.state.rawValue))]
        if let mode = app.mode { fields.append(Entry(InitialKey.modes.rawValue, .flowSequence([.plain(mode.rawValue)]))) }
        if isFrozen(app) { fields.append(Entry(InitialKey.frozen.rawValue, .plain("true"))) }
        return Item(.flowMapping(fields))
    }

    /// Whether the report shows `app` frozen: suspended, in the freezer's band (SPEC 37).
    func isFrozen(_ app: JetsamImport.Classification.App) -> Bool {
        app.state == .suspended && report.processes[app.process].priority == PlatformProfile(ios: report.iosVersion).jetsamBands.freezer
    }

    /// Whether a release has the freezer on by default: iOS 17.4 and later
    /// (`FREEZE_ENABLED_DEFAULT` is true on iOS from xnu-10063).
    static func freezesByDefault(_ ios: IOSVersion?) -> Bool {
        ios.map { $0 >= IOSVersion(major: 17, minor: 4) } ?? false
    }
}
