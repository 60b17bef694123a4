/// `device.csv` (SPEC 14, 16): the device a run was simulated on, as resolved from the file's
/// keys and defaults, so that a report folder says which thresholds applied (the HTML report
/// draws them) without the scenario file.
///
/// ```text
/// key,value
/// ram_mb,2048.000
/// ...
/// critical_free_mb,102.400
/// ...
/// policy,largest-first
/// file,Scenarios/state-lab.yaml
/// ```
///
/// One `key,value` row per setting, in SPEC 16's order: SPEC 7's device keys, then the
/// platform keys of SPEC 11, `assumptions_sha256` (SPEC 36), then `policy`, `file` and `end_s` (`RunKey`). MB and seconds have
/// 3 decimals; `system_mb` is its value at the start, and `system_source` (after it) says
/// where it came from (SPEC 30). The rows are declared once, in `rows`;
/// the columns are `DeviceColumn`'s.
enum DeviceCSV {
    /// The keys of the rows after the device's: the run's, not the device's.
    enum RunKey: String, CaseIterable, Sendable {
        /// The policy the run was simulated under.
        case policy
        /// The scenario's file, as `run` was given it (empty for a scenario built in code).
        case file
        /// The run's end when the file gives one (SPEC 7 `end_s`); empty otherwise.
        case endS = "end_s"
    }

    /// A row: its key, and how its value is written.
    struct Row: Sendable {
        var key: String
        var value: @Sendable (_ scenario: Scenario, _ policyName: String, _ bytes: inout CSVRowWriter) -> Void

        static func mb(_ key: String, _ path: KeyPath<Device, KiB> & Sendable) -> Row {
            Row(key: key) { scenario, _, bytes in CSVFormatting.appendMB(scenario.device[keyPath: path], to: &bytes) }
        }

        static func seconds(_ key: String, _ path: KeyPath<Device, Millis> & Sendable) -> Row {
            Row(key: key) { scenario, _, bytes in CSVFormatting.appendSeconds(scenario.device[keyPath: path], to: &bytes) }
        }
    }

    /// Every row, in file order: a row per `DeviceKey` (SPEC 7's keys, then SPEC 11's), a row
    /// per `CompressorKey` (SPEC 22, empty cells without a compressor), a row per `FreezerKey`
    /// (SPEC 37, empty when the freezer is off by default or by policy), a row per `DeviceKey`
    /// after the compressor's (SPEC 28's, "after SPEC 22's rows"), then `policy`, `file` and
    /// `end_s`.
    static let rows: [Row] = DeviceKey.allCases.prefix { $0 != .compressor }.flatMap(rowsOf)
        + CompressorKey.allCases.map(row)
        + FreezerKey.allCases.map(row)
        + DeviceKey.allCases.drop { $0 != .compressor }.flatMap(rowsOf) + [
        // The assumption table the run's defaults came from (SPEC 36), after `lmkd_minfree`.
        Row(key: assumptionsSHA256Key) { _, _, bytes in CSVFormatting.appendField(AssumptionTable.shippedSHA256, to: &bytes) },
        Row(key: RunKey.policy.rawValue) { _, policyName, bytes in CSVFormatting.appendField(policyName, to: &bytes) },
        Row(key: RunKey.file.rawValue) { scenario, _, bytes in CSVFormatting.appendField(scenario.sourcePath ?? "", to: &bytes) },
        // The run's end when the file gives one (SPEC 7 `end_s`), so that a page's timeline
        // ends there; empty otherwise.
        Row(key: RunKey.endS.rawValue) { scenario, _, bytes in
            if let end = scenario.endMs { CSVFormatting.appendSeconds(end, to: &bytes) }
        },
    ]

    /// The key of the row after `lmkd_minfree` (SPEC 36): the shipped assumption table's SHA-256.
    static let assumptionsSHA256Key = "assumptions_sha256"

    /// The key of the row after `system_mb` (SPEC 30): where system memory came from.
    static let systemSourceKey = "system_source"

    /// The rows of a device key: its own, and after `system_mb`, `system_source` (SPEC 30).
    private static func rowsOf(_ key: DeviceKey) -> [Row] {
        let own = row(key).map { [$0] } ?? []
        guard key == .systemMB else { return own }
        return own + [Row(key: systemSourceKey) { scenario, _, bytes in
            CSVFormatting.appendField(scenario.device.systemSource.rawValue, to: &bytes)
        }]
    }

    /// The row of a device key: its value as resolved, in its unit with 3 decimals; a label
    /// as text, empty when not given.
    private static func row(_ key: DeviceKey) -> Row? {
        switch key.target {
        case .compressor, .freezer: nil
        case .memory(let path): .mb(key.rawValue, path)
        case .time(let path): .seconds(key.rawValue, path)
        case .optionalMemory(_, let resolved): .mb(key.rawValue, resolved)
        case .flag(let path): Row(key: key.rawValue) { scenario, _, bytes in CSVFormatting.appendBool(scenario.device[keyPath: path], to: &bytes) }
        case .model: Row(key: key.rawValue) { scenario, _, bytes in CSVFormatting.appendField(scenario.device.model ?? "", to: &bytes) }
        case .ios: Row(key: key.rawValue) { scenario, _, bytes in CSVFormatting.appendField(scenario.device.ios?.description ?? "", to: &bytes) }
        case .lmkd: Row(key: lmkdMinfreeKey) { scenario, policyName, bytes in
            appendLevels(killLevels(of: scenario, policyName: policyName), to: &bytes)
        }
        }
    }

    /// The row of lmkd's table (SPEC 33): `lmkd_minfree`.
    static let lmkdMinfreeKey = DeviceKey.lmkd.rawValue + "_minfree"

    /// The kill levels of the policy `policyName` on the scenario's device (SPEC 33: lmkd's
    /// `minfree`, or a YAML policy's `levels`); empty for any other policy.
    static func killLevels(of scenario: Scenario, policyName: String) -> [Device.KillLevel] {
        scenario.policy(named: policyName)?.killLevels(on: scenario.device) ?? []
    }

    /// `0:72.000 100:90.000 ...`: each level as `adj:mb`, MB with 3 decimals, joined by spaces.
    private static func appendLevels(_ levels: [Device.KillLevel], to bytes: inout CSVRowWriter) {
        let text = levels.map { "\($0.priority):" + CSVFormatting.mbText($0.freeKiB) }.joined(separator: " ")
        CSVFormatting.appendField(text, to: &bytes)
    }

    /// The row of a compressor key, `compressor_<key>`: the value in force under the run's
    /// policy (SPEC 31's default `start_free_mb`), ratios with 2
    /// decimals, MB and MB/s with 3; empty without a compressor (SPEC 22).
    private static func row(_ key: CompressorKey) -> Row {
        Row(key: key.deviceCSVKey) { scenario, policyName, bytes in
            guard let compressor = scenario.device.compressor else { return }
            let device = scenario.device.resolvingCompressorStart(pressureKillLevels(policyName, of: scenario))
            switch key.target {
            case .ratio(let path): CSVFormatting.appendFixed(compressor[keyPath: path], decimals: 2, to: &bytes)
            case .optionalMemory(_, let resolved): CSVFormatting.appendMB(device[keyPath: resolved], to: &bytes)
            case .rate(let path): CSVFormatting.appendFixed(compressor[keyPath: path], decimals: 3, to: &bytes)
            }
        }
    }

    /// The row of a freezer key, `freezer_<key>` (SPEC 37): counts as they are, MB and seconds
    /// with 3 decimals, MB/s with 3; empty when the freezer is off by default or by policy
    /// (a policy without bands), the values as given with `max_frozen: 0`.
    private static func row(_ key: FreezerKey) -> Row {
        Row(key: key.deviceCSVKey) { scenario, policyName, bytes in
            guard let freezer = scenario.device.freezer, pressureKillLevels(policyName, of: scenario).usesBands else { return }
            switch key.target {
            case .count(let path): CSVFormatting.appendField(String(freezer[keyPath: path]), to: &bytes)
            case .memory(let path): CSVFormatting.appendMB(freezer[keyPath: path], to: &bytes)
            case .optionalMemory(_, let resolved): CSVFormatting.appendMB(scenario.device[keyPath: resolved], to: &bytes)
            case .time(let path): CSVFormatting.appendSeconds(freezer[keyPath: path], to: &bytes)
            case .rate(let path): CSVFormatting.appendFixed(freezer[keyPath: path], decimals: 3, to: &bytes)
            }
        }
    }

    /// The pressure kill levels of the policy `policyName` on the scenario's device (SPEC 31):
    /// a built-in's or a YAML policy's; a Swift policy of the user's own is taken as one
    /// without bands or levels (its name alone is known here).
    static func pressureKillLevels(_ policyName: String, of scenario: Scenario) -> Device.PressureKillLevels {
        scenario.policy(named: policyName).map { Device.PressureKillLevels($0, on: scenario.device) }
            ?? Device.PressureKillLevels(usesBands: false, killLevels: [])
    }

    /// Writes `device.csv` for `scenario` run under `policyName` into the existing `folder`.
    ///
    /// - Throws: `ReportWriter.Error` naming the path and the system's error.
    static func write(_ scenario: Scenario, policyName: String, intoFolder folder: String) throws {
        let file = try CSVFileBuffer(path: RunReportFile.device.path(in: folder), header: DeviceColumn.header,
                                     flushThreshold: CSVReportRecorder.defaultFlushThreshold)
        for row in rows {
            file.appendRow { bytes in
                DeviceColumn.appendRow(to: &bytes) { column, bytes in
                    switch column {
                    case .key: CSVFormatting.appendField(row.key, to: &bytes)
                    case .value: row.value(scenario, policyName, &bytes)
                    }
                }
            }
        }
        try file.close()
    }
}
