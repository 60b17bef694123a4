import Foundation

/// `suspendsim import jetsam`: a JetsamEvent report turned into a scenario (SPEC 12, 16).
///
/// The device is the report's (`model` through the catalog when its product is known, else
/// `ram_mb` from the page counts; `ios` from `os_version`), the apps are its app processes in
/// its order (the order XNU would kill them: ascending priority, oldest first), listed in
/// `initial:` with the frontmost app last, and everything else is system memory, so that free
/// memory at time 0 is the report's free pages to the KiB. With `replayKills`, the suspended
/// apps the report killed become `expect.evictions`, and one `system_allocate` at 1 s takes
/// back what their deaths freed, so that `check` says whether a policy reproduces the real
/// kill order.
package enum JetsamImport {
    /// Processes that are never apps, whatever their states (SPEC 12).
    static let systemProcesses: Set<String> = ["SpringBoard", "backboardd", "launchd", "kernel_task"]

    /// The scenario's text, with a leading comment saying what was read and approximated.
    package static func scenarioText(_ report: JetsamReport, file: String, replayKills: Bool) -> String {
        let stem = file.split(separator: "/").last.map { String($0) } ?? file
        let name = "jetsam-" + (stem.hasSuffix(".ips") ? String(stem.dropLast(4)) : stem)
        let kib = { (pages: Int64) -> KiB in KiB(pages * report.pageSize / 1024) }
        let ios = report.iosVersion
        // The frontmost band of the report's release (SPEC 11's band numbers).
        let frontmostBand = PlatformProfile(ios: ios).jetsamBands.frontmost

        // Which processes are apps, and in which state (SPEC 12).
        let isAppState = { (states: [String]) in
            !states.contains("daemon") && ["suspended", "background", "continuous", "frontmost"].contains { states.contains($0) }
        }
        let candidates = report.processes.indices.filter {
            isAppState(report.processes[$0].states) && !systemProcesses.contains(report.processes[$0].name)
        }
        let frontmostCandidates = candidates.filter { report.processes[$0].states.contains("frontmost") }
        let frontmost = frontmostCandidates.first { report.processes[$0].priority == frontmostBand } ?? frontmostCandidates.first
        struct App {
            var process: Int
            var id: String
            var state: LifecycleState
            var mode: BackgroundMode?
        }
        var apps: [App] = []
        var nameCounts: [String: Int] = [:]
        var systemPages: Int64 = 0
        var notes: [String] = []
        for index in report.processes.indices {
            let process = report.processes[index]
            let states = process.states
            let state: LifecycleState?
            var mode: BackgroundMode?
            if !candidates.contains(index) {
                state = nil
            } else if index == frontmost {
                state = .active
            } else if states.contains("frontmost") {
                state = states.contains("suspended") ? .suspended : nil
            } else if states.contains("suspended") {
                state = .suspended
            } else {
                state = .background
                mode = states.contains("continuous") ? .audio : .location
            }
            guard let state else {
                systemPages += process.residentPages
                continue
            }
            nameCounts[process.name, default: 0] += 1
            let count = nameCounts[process.name]!
            apps.append(App(process: index, id: count == 1 ? process.name : "\(process.name)#\(count)", state: state, mode: mode))
        }
        // The frontmost app last (SPEC 12).
        if let last = apps.firstIndex(where: { $0.state == .active }) { apps.append(apps.remove(at: last)) }

        // The device.
        let pages = report.memoryPages
        let reportRAMKiB = kib(["free", "active", "inactive", "speculative", "throttled", "wired"].reduce(0) { $0 + (pages[$1] ?? 0) })
        let entry = DeviceCatalog.shipped.entry(product: report.product)
        let ramKiB = entry.map { KiB.mb(Double($0.ramMB)) } ?? reportRAMKiB
        let freeKiB = kib(pages["free"] ?? 0)
        let footprints = apps.map { kib(report.processes[$0.process].residentPages) }
        let appsKiB = footprints.reduce(.zero, +)
        var systemKiB = kib(systemPages)
        var reservedKiB = ramKiB - systemKiB - appsKiB - freeKiB
        if reservedKiB < .zero {
            systemKiB = max(.zero, systemKiB + reservedKiB)
            reservedKiB = .zero
            notes.append("the processes' resident pages add up to more than the RAM: reserved_mb is 0 and system_mb is lowered to \(ScenarioJSONWriter.mb(systemKiB)) MB")
        }
        let defaults = Device(ramKiB: ramKiB)

        // The kills the report holds.
        let killed = report.processes.indices.filter { report.processes[$0].reason != nil }
            .sorted { (report.processes[$0].killDelta ?? 0, $0) < (report.processes[$1].killDelta ?? 0, $1) }
        let replayed = killed.compactMap { process in apps.first { $0.process == process && $0.state == .suspended } }
        let idleKiB: KiB, criticalKiB: KiB
        if replayKills {
            idleKiB = freeKiB
            criticalKiB = freeKiB
        } else {
            idleKiB = min(defaults.idleFreeKiB, freeKiB)
            criticalKiB = min(defaults.criticalFreeKiB, freeKiB)
        }

        var lines: [String] = []
        lines.append("# Imported by `suspendsim import jetsam\(replayKills ? " --replay-kills" : "")` from \(stem) (SPEC 12).")
        lines.append("# Read: \(report.osVersion.isEmpty ? "no os_version" : report.osVersion), product \(report.product.isEmpty ? "(none)" : report.product)"
            + (entry.map { " (catalog: \($0.model))" } ?? " (not in the catalog: ram_mb from the page counts)")
            + ", page size \(report.pageSize), \(report.processes.count) processes, free \(pages["free"] ?? 0) pages.")
        lines.append("# Apps: \(apps.count) processes in the suspended, background, continuous or frontmost state, in report order (XNU's kill")
        lines.append("# order), the frontmost app last; footprints are rpages x page size, active_mb max(rpages, lifetimeMax) x page size.")
        lines.append("# Approximated: every other process (daemons, kernel_task, SpringBoard, backboardd, extensions) is system_mb;")
        lines.append("# reserved_mb makes free at time 0 equal the report's free pages; apps running in background use audio")
        lines.append("# (continuous) or location (a reason to run) in place of their real modes; idle_free_mb and critical_free_mb")
        lines.append(replayKills ? "# are set to free at time 0, and a system_allocate at 1 s takes what the replayed kills freed." : "# are the defaults, lowered to free at time 0 where above it, so that time 0 kills nothing.")
        for note in notes { lines.append("# Note: \(note).") }
        let otherKills = killed.filter { process in !replayed.contains { $0.process == process } }
        for process in otherKills {
            let p = report.processes[process]
            lines.append("# Killed, not replayed (\(replayKills ? "a daemon, a running app or the frontmost app: the model has no band for it" : "run with --replay-kills to replay suspended apps' kills")): \(p.name) (\(p.reason ?? ""), states \(p.states.joined(separator: "+")), \(ScenarioJSONWriter.mb(kib(p.residentPages))) MB).")
        }
        if replayKills {
            for app in replayed { lines.append("# Killed and replayed: \(app.id) (\(report.processes[app.process].reason ?? ""), killDelta \(report.processes[app.process].killDelta.map(String.init) ?? "none")).") }
        }
        lines.append("name: \(quoted(name))")
        lines.append("policy: jetsam")
        lines.append("device:")
        if let entry { lines.append("  model: \(entry.model)") } else { lines.append("  ram_mb: \(ScenarioJSONWriter.mb(ramKiB))") }
        if let ios { lines.append("  ios: \"\(ios.major).\(ios.minor ?? 0)\"") }
        lines.append("  reserved_mb: \(ScenarioJSONWriter.mb(reservedKiB))")
        lines.append("  system_mb: \(ScenarioJSONWriter.mb(systemKiB))")
        lines.append("  idle_free_mb: \(ScenarioJSONWriter.mb(idleKiB))")
        lines.append("  critical_free_mb: \(ScenarioJSONWriter.mb(criticalKiB))")
        lines.append("apps:")
        if apps.isEmpty {
            lines.append("  - { id: placeholder, active_mb: 0 }   # the report has no app; a scenario needs one (SPEC 16)")
        }
        for (app, footprint) in zip(apps, footprints) {
            let process = report.processes[app.process]
            let activeKiB = kib(max(process.residentPages, process.lifetimeMaxPages))
            var fields = ["id: \(quoted(app.id))"]
            switch app.state {
            case .active:
                fields.append("active_mb: \(ScenarioJSONWriter.mb(footprint))")
            case .suspended:
                fields.append("active_mb: \(ScenarioJSONWriter.mb(activeKiB))")
                fields.append("suspended_mb: \(ScenarioJSONWriter.mb(footprint))")
            default:
                fields.append("active_mb: \(ScenarioJSONWriter.mb(activeKiB))")
                fields.append("background_mb: \(ScenarioJSONWriter.mb(footprint))")
                fields.append("background_modes: [\(app.mode?.rawValue ?? "location")]")
            }
            lines.append("  - { " + fields.joined(separator: ", ") + " }")
        }
        if !apps.isEmpty {
            lines.append("initial:")
            for app in apps {
                var fields = ["app: \(quoted(app.id))", "state: \(app.state.rawValue)"]
                if let mode = app.mode { fields.append("modes: [\(mode.rawValue)]") }
                lines.append("  - { " + fields.joined(separator: ", ") + " }")
            }
        }
        if replayKills, !replayed.isEmpty {
            let freedKiB = replayed.reduce(.zero) { $0 + kib(report.processes[$1.process].residentPages) }
            lines.append("events:")
            lines.append("  - { at: 1, system_allocate: { mb: \(ScenarioJSONWriter.mb(freedKiB)) } }   # what the replayed kills freed")
            lines.append("expect:")
            lines.append("  evictions: [" + replayed.map { quoted($0.id) }.joined(separator: ", ") + "]   # the device's own kill order")
        } else {
            lines.append("events: []")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML double-quoted string, as the JSON writer spells one.
    private static func quoted(_ text: String) -> String { ScenarioJSONWriter.quoted(text) }
}
