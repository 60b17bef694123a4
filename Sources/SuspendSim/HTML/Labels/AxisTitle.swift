/// An axis' title in words with its unit (SPEC 15: axes with units), from the key it plots:
/// `device.ram_mb` is "RAM (MB)", `app.com.x.suspended_mb` "suspended memory of com.x (MB)".
///
/// The words are the key tables' (`Keys/`), so that every key a batch sweeps has them, and
/// a few other keys a chart's x axis may show (`scenario`, and `point`
/// for a scenario's sweep points in order); any other key is its own title, as written in
/// `summary.csv`. Headings and notes keep the key (`against device.ram_mb`), which names the
/// column of `summary.csv` and `groups.csv`.
enum AxisTitle {
    /// A key's words and its unit (nil for a name, a count, a share or a switch).
    struct Words {
        var words: String
        var unit: String?

        init(_ words: String, _ unit: String? = nil) {
            self.words = words
            self.unit = unit
        }
    }

    /// Every key's words by key: the sweep keys' (`SweepKey.words`, from the key tables'
    /// rows) but the app keys', and the keys a chart's x axis may show besides.
    static let keys: [String: Words] = {
        var keys: [String: Words] = [
            "scenario": Words("scenario"),
            "point": Words("sweep point"),
        ]
        for key in SweepKey.fixed { keys[key.path] = key.words }
        return keys
    }()

    /// The words of `key` (a column of `summary.csv`), with the app of an app key, whose
    /// words take "of <id>"; nil for a key no table knows.
    static func words(_ key: String) -> (words: Words, app: String?)? {
        if let words = keys[key] { return (words, nil) }
        guard let sweepKey = SweepKey(path: key), case .app(let id, _) = sweepKey else { return nil }
        return (sweepKey.words, id)
    }

    /// The title of the axis of `key`: its words with the unit in parentheses; the key itself
    /// when the table does not know it.
    static func text(_ key: String) -> String {
        words(key).map { $0.words.title(of: $0.app) } ?? key
    }
}

extension AxisTitle.Words {
    /// "RAM (MB)", or with an app, "suspended memory of com.x (MB)".
    func title(of app: String?) -> String {
        words + (app.map { " of " + $0 } ?? "") + (unit.map { " (" + $0 + ")" } ?? "")
    }
}

extension SweepKey {
    /// The key's words and unit for an axis title (SPEC 15), from its table's row; an app
    /// key's words are the app key's (`AxisTitle` adds "of <id>").
    var words: AxisTitle.Words {
        switch self {
        case .policy: AxisTitle.Words("policy")
        case .endS: AxisTitle.Words("run length", "s")
        case .device(let key): AxisTitle.Words(key.words, key.unit.label)
        case .compressor(let key): AxisTitle.Words(key.words, key.unit.label)
        case .freezer(let key): AxisTitle.Words(key.words, key.unit.label)
        case .workload(let key): AxisTitle.Words(key.words, key.unit)
        case .allocations(let key): AxisTitle.Words(key.words.words, key.words.unit)
        case .trace(let key): AxisTitle.Words(key.words, key.unit.label)
        case .app(_, let key): AxisTitle.Words(key.words, key.unit.label)
        case .typicalDayFactor: AxisTitle.Words("footprint factor of the typical day's apps")
        case .limitShare: AxisTitle.Words("per-app limit in MB within the catalog's estimated range")
        }
    }
}
