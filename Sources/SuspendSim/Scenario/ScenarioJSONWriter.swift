/// Writes a scenario in the file format of SPEC 7, as JSON (which is valid YAML too), so
/// that generated scenarios can be run from files. Values are written exactly: milliseconds
/// as seconds with up to 3 decimals, KiB as MB with up to 10 decimals (1/1024 is a finite
/// decimal), so loading the file gives back the same scenario.
@_spi(Generators) public enum ScenarioJSONWriter {
    public static func json(_ scenario: Scenario) -> String {
        var out = "{\n"
        out += "  \"name\": \(quoted(scenario.name)),\n"
        out += "  \"policy\": \(quoted(scenario.policyName)),\n"
        let device = scenario.device
        var deviceFields: [(String, String)] = [
            ("ram_mb", mb(device.ramKiB)), ("reserved_mb", mb(device.reservedKiB)), ("system_mb", mb(device.systemKiB)),
            ("warning_free_mb", mb(device.warningFreeKiB)), ("idle_free_mb", mb(device.idleFreeKiB)),
            ("critical_free_mb", mb(device.criticalFreeKiB)), ("app_limit_mb", mb(device.appLimitKiB)),
            ("did_enter_background_limit_s", seconds(device.didEnterBackgroundLimitMs)),
            ("background_task_limit_s", seconds(device.backgroundTaskLimitMs)),
            ("wake_window_s", seconds(device.wakeWindowMs)), ("processing_window_s", seconds(device.processingWindowMs)),
            ("aging_s", seconds(device.agingMs)),
        ]
        // SPEC 11's keys, where they differ from what the file would resolve without them (so
        // that files of SPEC 1-10 scenarios stay as they were). The profile's switches (the
        // reaper, the band numbers) come from `ios`; they have no keys of their own.
        let defaults = Device(ramKiB: device.ramKiB)
        if let model = device.model { deviceFields.append(("model", quoted(model))) }
        if let ios = device.ios { deviceFields.append(("ios", quoted(ios.description))) }
        if device.reaperIntervalMs != defaults.reaperIntervalMs { deviceFields.append(("reaper_interval_s", seconds(device.reaperIntervalMs))) }
        if device.reaperFreeKiB != defaults.reaperFreeKiB { deviceFields.append(("reaper_free_mb", mb(device.reaperFreeKiB))) }
        if device.reaperIdleMs != defaults.reaperIdleMs { deviceFields.append(("reaper_idle_s", seconds(device.reaperIdleMs))) }
        if let limit = device.appBackgroundLimitKiB { deviceFields.append(("app_background_limit_mb", mb(limit))) }
        let defaultLifecycle = PlatformProfile(ios: device.ios).defaultLifecycle
        out += "  \"device\": {" + deviceFields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "},\n"
        out += "  \"apps\": [\n"
        out += scenario.apps.map { app in
            let modes = app.backgroundModes.modes.map { quoted($0.rawValue) }.joined(separator: ", ")
            var fields: [(String, String)] = [
                ("id", quoted(app.id)), ("active_mb", mb(app.activeKiB)), ("background_mb", mb(app.backgroundKiB)),
                ("suspended_mb", mb(app.suspendedKiB)), ("purgeable_mb", mb(app.purgeableKiB)),
                ("warning_release_mb", mb(app.warningReleaseKiB)), ("background_modes", "[\(modes)]"),
                ("exits_on_suspend", "\(app.exitsOnSuspend)"), ("did_enter_background_s", seconds(app.didEnterBackgroundMs)),
                ("background_task_s", seconds(app.backgroundTaskMs)), ("ends_task_on_expiration", "\(app.endsTaskOnExpiration)"),
                ("wake_work_s", seconds(app.wakeWorkMs)), ("saves_state", "\(app.savesState)"),
            ]
            if app.lifecycle != defaultLifecycle { fields.append(("lifecycle", quoted(app.lifecycle.rawValue))) }
            let defaultApp = AppProfile(id: app.id, activeKiB: app.activeKiB)
            if app.coldLaunchMs != defaultApp.coldLaunchMs { fields.append(("cold_launch_s", seconds(app.coldLaunchMs))) }
            if app.resumeMs != defaultApp.resumeMs { fields.append(("resume_s", seconds(app.resumeMs))) }
            return "    {" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        out += "\n  ],\n"
        if !scenario.initial.isEmpty {
            out += "  \"initial\": [\n" + scenario.initial.map { entry in
                var fields = ["\"app\": \(quoted(scenario.apps[entry.app].id))", "\"state\": \(quoted(entry.state.rawValue))"]
                if let modes = entry.modes {
                    fields.append("\"modes\": [" + modes.modes.map { quoted($0.rawValue) }.joined(separator: ", ") + "]")
                }
                return "    {" + fields.joined(separator: ", ") + "}"
            }.joined(separator: ",\n") + "\n  ],\n"
        }
        out += "  \"events\": [\n"
        var first = true
        for event in scenario.events {
            if !first { out += ",\n" }
            first = false
            out += "    {\"at\": \(seconds(event.atMs)), " + eventBody(event.action, apps: scenario.apps) + "}"
        }
        out += "\n  ]"
        if let end = scenario.endMs { out += ",\n  \"end_s\": \(seconds(end))" }
        out += "\n}\n"
        return out
    }

    /// An event's key and value (`EventGrammar`).
    private static func eventBody(_ action: ScenarioEvent.Action, apps: [AppProfile]) -> String {
        let (kind, parts) = EventGrammar.parts(of: action)
        let key = quoted(kind.rawValue)
        let app = parts.app.map { quoted(apps[$0].id) } ?? ""
        switch EventGrammar.value(of: kind) {
        case .null: return "\(key): null"
        case .app: return "\(key): \(app)"
        case .appAndMode: return "\(key): {\"app\": \(app), \"mode\": \(quoted(parts.mode?.rawValue ?? ""))}"
        case .appAndMB: return "\(key): {\"app\": \(app), \"mb\": \(mb(parts.kib ?? .zero))}"
        case .mb: return "\(key): {\"mb\": \(mb(parts.kib ?? .zero))}"
        }
    }

    /// Whole milliseconds as exact seconds ("1.5", "30").
    static func seconds(_ ms: Millis) -> String { exactDecimal(ms.count, twoPower: 0, tenPower: 3) }

    /// Whole KiB as exact MB ("0.0009765625", "120").
    static func mb(_ kib: KiB) -> String { exactDecimal(kib.count, twoPower: 10, tenPower: 0) }

    /// `value / (2^p × 10^d)` written exactly, trailing zeros dropped: the fraction
    /// `r / (2^p × 10^d)` equals `r × 5^p / 10^(p+d)`, which has p + d decimal digits.
    private static func exactDecimal(_ value: Int64, twoPower p: Int, tenPower d: Int) -> String {
        let denominator = (UInt64(1) << p) * power(10, d)
        let whole = value.magnitude / denominator
        let remainder = value.magnitude % denominator
        var fraction = String(remainder * power(5, p))
        fraction = String(repeating: "0", count: max(0, p + d - fraction.count)) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (value < 0 ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    private static func power(_ base: UInt64, _ exponent: Int) -> UInt64 {
        (0..<exponent).reduce(1) { result, _ in result * base }
    }

    /// `text` as a double-quoted scalar that JSON and YAML both read back unchanged.
    static func quoted(_ text: String) -> String {
        JSONEscaping.quoted(text, for: .yaml)
    }
}
