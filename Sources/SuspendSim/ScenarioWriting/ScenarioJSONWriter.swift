/// Writes a scenario in the file format of SPEC 7, as JSON (which is valid YAML too), so
/// that generated scenarios can be run from files. Values are written exactly: milliseconds
/// as seconds with up to 3 decimals, KiB as MB with up to 10 decimals (1/1024 is a finite
/// decimal), so loading the file gives back the same scenario.
@_spi(Generators) public enum ScenarioJSONWriter {
    public static func json(_ scenario: Scenario) -> String {
        var out = "{\n"
        out += "  " + member(ScenarioKey.name, quoted(scenario.name)) + ",\n"
        out += "  " + member(ScenarioKey.policy, quoted(scenario.policyName)) + ",\n"
        let device = scenario.device
        out += "  " + member(ScenarioKey.device, "{") + deviceFields(device).map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "},\n"
        out += "  " + member(ScenarioKey.apps, "[\n")
        let defaultLifecycle = PlatformProfile(ios: device.ios).defaultLifecycle
        out += scenario.apps.map { app in
            "    {" + appFields(app, defaultLifecycle: defaultLifecycle).map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        out += "\n  ],\n"
        if !scenario.initial.isEmpty {
            out += "  " + member(ScenarioKey.initial, "[\n") + scenario.initial.map { entry in
                var fields = [member(InitialKey.app, quoted(scenario.apps[entry.app].id)), member(InitialKey.state, quoted(entry.state.rawValue))]
                if let modes = entry.modes {
                    fields.append(member(InitialKey.modes, "[" + modes.modes.map { quoted($0.rawValue) }.joined(separator: ", ") + "]"))
                }
                if entry.frozen { fields.append(member(InitialKey.frozen, "true")) }
                return "    {" + fields.joined(separator: ", ") + "}"
            }.joined(separator: ",\n") + "\n  ],\n"
        }
        out += "  " + member(ScenarioKey.events, "[\n")
        var first = true
        for event in scenario.events {
            if !first { out += ",\n" }
            first = false
            out += "    {" + member(EventGrammar.timeKey, seconds(event.atMs)) + ", " + eventBody(event.action, apps: scenario.apps) + "}"
        }
        out += "\n  ]"
        if let end = scenario.endMs { out += ",\n  " + member(ScenarioKey.endS, seconds(end)) }
        out += "\n}\n"
        return out
    }

    /// The device's keys and values, in `DeviceKey`'s order: SPEC 7's keys always, the others
    /// where they differ from what the file would resolve without them (so that files of SPEC
    /// 1-10 scenarios stay as they were). The profile's switches (the reaper, the band numbers)
    /// come from `ios`; they have no keys of their own. `system_mb` is written only when it
    /// was set (SPEC 30's source `set`: by a file, `--set` or code): a catalog phone's is left
    /// to `model` and `ram_mb`, which give it again, and with neither it is 0. The compressor
    /// is written where it differs from the one `ios` ships (SPEC 37).
    static func deviceFields(_ device: Device) -> [(String, String)] {
        let defaults = Device(ramKiB: device.ramKiB)
        return DeviceKey.allCases.compactMap { key in
            if key == .systemMB, device.systemSource != .set { return nil }
            let value: String?
            let isDefault: Bool
            switch key.target {
            case .memory(let keyPath):
                (value, isDefault) = (mb(device[keyPath: keyPath]), device[keyPath: keyPath] == defaults[keyPath: keyPath])
            case .time(let keyPath):
                (value, isDefault) = (seconds(device[keyPath: keyPath]), device[keyPath: keyPath] == defaults[keyPath: keyPath])
            case .optionalMemory(let keyPath, _):
                (value, isDefault) = (device[keyPath: keyPath].map(mb), device[keyPath: keyPath] == nil)
            case .model:
                (value, isDefault) = (device.model.map(quoted), device.model == nil)
            case .ios:
                (value, isDefault) = (device.ios.map { quoted($0.description) }, device.ios == nil)
            case .compressor:
                // SPEC 37: the default is the compressor `ios` ships; none where it ships one is
                // written as `pool_mb` 0, which runs alike.
                let shipped = Device.shippedCompressor(ios: device.ios)
                (value, isDefault) = (device.compressor.map(compressorBlock) ?? "{\"pool_mb\": 0}", device.compressor == shipped)
            case .freezer:
                // SPEC 37: the default is the freezer `ios` ships; none where it ships one is
                // written as `max_frozen` 0, which runs alike.
                let shipped = Device.shippedFreezer(ios: device.ios)
                (value, isDefault) = (device.freezer.map(freezerBlock) ?? "{\"max_frozen\": 0}", device.freezer == shipped)
            case .flag(let keyPath):
                (value, isDefault) = ("\(device[keyPath: keyPath])", device[keyPath: keyPath] == defaults[keyPath: keyPath])
            case .lmkd:
                (value, isDefault) = (lmkdBlock(device.lmkdMinfree), device.lmkdMinfree == defaults.lmkdMinfree)
            }
            return key.writing.writes(isDefault: isDefault) ? value.map { (key.rawValue, $0) } : nil
        }
    }

    /// The compressor's block as a JSON mapping, in `CompressorKey`'s order, each key as its
    /// row's `writing` says: the ratio and the rate always, the pool and the start where the
    /// file gives them (their defaults follow RAM and `warning_free_mb`).
    static func compressorBlock(_ compressor: Device.Compressor) -> String {
        let defaults = Device.Compressor()
        let fields: [(String, String)] = CompressorKey.allCases.compactMap { key in
            let value: String?
            let isDefault: Bool
            switch key.target {
            case .ratio(let keyPath):
                (value, isDefault) = (fixed(compressor[keyPath: keyPath], decimals: 2), compressor[keyPath: keyPath] == defaults[keyPath: keyPath])
            case .optionalMemory(let keyPath, _):
                (value, isDefault) = (compressor[keyPath: keyPath].map(mb), compressor[keyPath: keyPath] == nil)
            case .rate(let keyPath):
                (value, isDefault) = (fixed(compressor[keyPath: keyPath], decimals: 3), compressor[keyPath: keyPath] == defaults[keyPath: keyPath])
            }
            return key.writing.writes(isDefault: isDefault) ? value.map { (key.rawValue, $0) } : nil
        }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// The freezer's block as a JSON mapping, in `FreezerKey`'s order, each key where it is not
    /// its default (the start where the file gives it: its default follows RAM), so that
    /// `freezer: {}` is written `{}` (SPEC 37).
    static func freezerBlock(_ freezer: Device.Freezer) -> String {
        let defaults = Device.Freezer()
        let fields: [(String, String)] = FreezerKey.allCases.compactMap { key in
            let value: String?
            let isDefault: Bool
            switch key.target {
            case .count(let keyPath):
                (value, isDefault) = ("\(freezer[keyPath: keyPath])", freezer[keyPath: keyPath] == defaults[keyPath: keyPath])
            case .memory(let keyPath):
                (value, isDefault) = (mb(freezer[keyPath: keyPath]), freezer[keyPath: keyPath] == defaults[keyPath: keyPath])
            case .optionalMemory(let keyPath, _):
                (value, isDefault) = (freezer[keyPath: keyPath].map(mb), freezer[keyPath: keyPath] == nil)
            case .time(let keyPath):
                (value, isDefault) = (seconds(freezer[keyPath: keyPath]), freezer[keyPath: keyPath] == defaults[keyPath: keyPath])
            case .rate(let keyPath):
                (value, isDefault) = (fixed(freezer[keyPath: keyPath], decimals: 3), freezer[keyPath: keyPath] == defaults[keyPath: keyPath])
            }
            return key.writing.writes(isDefault: isDefault) ? value.map { (key.rawValue, $0) } : nil
        }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// lmkd's block as a JSON mapping (SPEC 33): `{"minfree": [{"adj": 0, "mb": 72}, ...]}`,
    /// each level's MB exact, so that it reads back to the same KiB.
    static func lmkdBlock(_ levels: [Device.KillLevel]) -> String {
        "{" + member(LMKDKey.minfree, "[" + levels.map { level in
            "{" + member(MinfreeKey.adj, "\(level.priority)") + ", " + member(MinfreeKey.mb, mb(level.freeKiB)) + "}"
        }.joined(separator: ", ") + "]") + "}"
    }

    /// `value / 10^decimals` as the shortest decimal that reads back as it (`280` in
    /// hundredths is `2.8`).
    static func fixed(_ value: Int64, decimals: Int) -> String {
        var bytes: [UInt8] = []
        CSVFormatting.appendFixed(value, decimals: decimals, to: &bytes)
        var text = String(decoding: bytes, as: UTF8.self)
        while text.contains("."), text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }

    /// An app's keys and values, in `AppKey`'s order: SPEC 7's keys always, the others where
    /// they differ from the default.
    static func appFields(_ app: AppProfile, defaultLifecycle: AppProfile.Lifecycle) -> [(String, String)] {
        var defaults = AppProfile(id: app.id, activeKiB: app.activeKiB)
        defaults.lifecycle = defaultLifecycle
        return AppKey.allCases.compactMap { key in
            let value: String
            let isDefault: Bool
            switch key.target {
            case .id:
                (value, isDefault) = (quoted(app.id), false)
            case .footprint(let keyPath), .memory(let keyPath):
                (value, isDefault) = (mb(app[keyPath: keyPath]), app[keyPath: keyPath] == defaults[keyPath: keyPath])
            case .time(let keyPath):
                (value, isDefault) = (seconds(app[keyPath: keyPath]), app[keyPath: keyPath] == defaults[keyPath: keyPath])
            case .flag(let keyPath):
                (value, isDefault) = ("\(app[keyPath: keyPath])", app[keyPath: keyPath] == defaults[keyPath: keyPath])
            case .modes:
                (value, isDefault) = ("[" + app.backgroundModes.modes.map { quoted($0.rawValue) }.joined(separator: ", ") + "]",
                                      app.backgroundModes == defaults.backgroundModes)
            case .lifecycle:
                (value, isDefault) = (quoted(app.lifecycle.rawValue), app.lifecycle == defaultLifecycle)
            case .traceName:
                return nil
            case .optionalMemory(let keyPath):
                guard let memory = app[keyPath: keyPath] else { return nil }
                (value, isDefault) = (mb(memory), false)
            case .optionalRatio(let keyPath):
                guard let ratio = app[keyPath: keyPath] else { return nil }
                (value, isDefault) = (fixed(ratio, decimals: 2), false)
            case .optionalTime(let keyPath):
                guard let time = app[keyPath: keyPath] else { return nil }
                (value, isDefault) = (seconds(time), false)
            case .bgTasks:
                (value, isDefault) = ("[" + app.bgTasks.map(bgTask).joined(separator: ", ") + "]", app.bgTasks.isEmpty)
            }
            return key.writing.writes(isDefault: isDefault) ? (key.rawValue, value) : nil
        }
    }

    /// One entry of `bg_tasks` as a JSON mapping, in `BGTaskKey`'s order: the kind and the
    /// earliest time always, the work and the switch where given (SPEC 28).
    static func bgTask(_ request: AppProfile.TaskRequest) -> String {
        let fields: [(BGTaskKey, String)] = BGTaskKey.allCases.compactMap { key in
            switch key {
            case .kind: (key, quoted(request.kind.rawValue))
            case .earliestS: (key, seconds(request.earliestMs))
            case .workS: request.workMs.map { (key, seconds($0)) }
            case .requiresPower: request.requiresPower ? (key, "true") : nil
            }
        }
        return "{" + fields.map { "\"\($0.0.rawValue)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// An event's key and value (`EventGrammar`).
    private static func eventBody(_ action: ScenarioEvent.Action, apps: [AppProfile]) -> String {
        let (kind, parts) = EventGrammar.parts(of: action)
        let key = quoted(kind.rawValue)
        let app = parts.app.map { quoted(apps[$0].id) } ?? ""
        switch EventGrammar.value(of: kind) {
        case .null: return "\(key): null"
        case .app: return "\(key): \(app)"
        case .appAndMode: return "\(key): {" + member(ValueKey.app, app) + ", " + member(ValueKey.mode, quoted(parts.mode?.rawValue ?? "")) + "}"
        case .appAndMB:
            let session = parts.session == true ? ", " + member(ValueKey.session, "true") : ""
            return "\(key): {" + member(ValueKey.app, app) + ", " + member(ValueKey.mb, mb(parts.kib ?? .zero)) + session + "}"
        case .mb: return "\(key): {" + member(ValueKey.mb, mb(parts.kib ?? .zero)) + "}"
        case .flag: return "\(key): \(parts.flag ?? false)"
        }
    }

    /// The keys of an event's value mapping (`EventGrammar`'s table).
    private typealias ValueKey = EventGrammar.ValueKey

    /// `"key": value`, the key spelled by its table's row.
    private static func member<Key: RawRepresentable>(_ key: Key, _ value: String) -> String where Key.RawValue == String {
        member(key.rawValue, value)
    }

    /// `"key": value`.
    private static func member(_ key: String, _ value: String) -> String {
        "\"\(key)\": \(value)"
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
