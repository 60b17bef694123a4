/// What a scenario key's value measures (SPEC 7): the unit a file writes it in, which says how
/// a reader checks it and how a writer spells it.
enum KeyUnit: String, Sendable, CaseIterable {
    /// Memory in MB (2^20 bytes), held as KiB: a YAML number, written with up to 10 decimals
    /// by the scenario writers and 3 in the reports.
    case mb = "MB"
    /// Time in seconds, held as milliseconds: a YAML number with at most 3 decimals.
    case seconds = "s"
    /// `true` or `false`.
    case flag
    /// A list of names (`background_modes`, `expect.survives`).
    case list
    /// A name, a label or a path (`model`, `ios`, `lifecycle`, `trace_name`, `id`, `trace.file`).
    case name
    /// A ratio (`compression_ratio`): a YAML number of at least 1 with at most 2 decimals,
    /// held in hundredths.
    case ratio
    /// A rate in MB per second (`decompress_mb_s`): a YAML number above 0 with at most 3
    /// decimals, held in thousandths.
    case mbPerSecond = "MB/s"
    /// A whole number, 0 or more (`expect.max_pressure_kills`).
    case count
    /// A mapping of keys of its own (`device.compressor`, `trace.default_app`, `expect.rates`,
    /// `expect.by_policy`).
    case mapping
}

extension KeyUnit {
    /// The unit as an axis' title writes it: "MB", "s"; nil for a switch, a list, a name, a
    /// count or a mapping.
    var label: String? {
        switch self {
        case .mb, .seconds, .mbPerSecond: rawValue
        case .flag, .list, .name, .ratio, .count, .mapping: nil
        }
    }
}

/// When a scenario writer writes a key (`ScenarioJSONWriter`).
enum KeyWriting: Sendable {
    /// Always: SPEC 7's keys, so that a written file says every value it runs with.
    case always
    /// Only where the value differs from what the file would resolve without the key (SPEC
    /// 11's and 17's keys), so that files of scenarios that predate the key stay as they were.
    case unlessDefault
    /// Never: the value is not kept in the model it is written from (`trace_name` lives in the
    /// trace mapping, not the profile; a trace's block is read into events), or the writer has
    /// no block for it (`expect:`).
    case never

    /// Whether a writer writes a key whose value is (or is not) its default.
    func writes(isDefault: Bool) -> Bool {
        switch self {
        case .always: true
        case .unlessDefault: !isDefault
        case .never: false
        }
    }
}
