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

    /// Every key's words by key: the key tables' rows (`DeviceKey`, `WorkloadKey`,
    /// `AllocationsKey`, `TraceKey`), and the keys a chart's x axis may show besides.
    static let keys: [String: Words] = {
        var keys: [String: Words] = [
            "policy": Words("policy"),
            "scenario": Words("scenario"),
            "point": Words("sweep point"),
            "end_s": Words("run length", "s"),
        ]
        for key in DeviceKey.allCases where key.sweeps { keys[key.path] = Words(key.words, key.unit.label) }
        for key in CompressorKey.allCases where key.sweeps { keys[key.path] = Words(key.words, key.unit.label) }
        for key in WorkloadKey.allCases where key.sweeps { keys[key.path] = Words(key.words, key.unit) }
        for key in AllocationsKey.allCases { keys[key.path] = Words(key.words.words, key.words.unit) }
        for key in TraceKey.allCases where key.sweeps { keys[key.path] = Words(key.words, key.unit.label) }
        return keys
    }()

    /// The app keys of `app.<id>.<key>` by key (`AppKey`'s rows that sweep): their words take
    /// "of <id>".
    static let appKeys: [String: Words] = Dictionary(
        uniqueKeysWithValues: AppKey.allCases.filter(\.sweeps).map { ($0.rawValue, Words($0.words, $0.unit.label)) })

    /// The title of the axis of `key`: its words with the unit in parentheses; the key itself
    /// when the table does not know it.
    static func text(_ key: String) -> String {
        if let words = keys[key] { return words.title(of: nil) }
        if let app = SweepAxis.appKey(key), let words = appKeys[app.key] { return words.title(of: app.id) }
        return key
    }
}

extension AxisTitle.Words {
    /// "RAM (MB)", or with an app, "suspended memory of com.x (MB)".
    func title(of app: String?) -> String {
        words + (app.map { " of " + $0 } ?? "") + (unit.map { " (" + $0 + ")" } ?? "")
    }
}
