/// One parameter a batch varies, and the values it takes: an entry of a scenario's `sweep:`
/// block, or a `--set key=v1,v2,...` option (docs/batch-runs.md).
///
/// A batch runs every point of the grid its axes make (the first axis outermost), each as
/// if the file said `key: value`: a value is read exactly as the file's own would be, with
/// the same checks, so `device.ram_mb` re-derives the default thresholds unless the file
/// sets them.
///
/// Keys: `policy`, `end_s`, `device.<key>`, `device.compressor.<key>`, `workload.<key>`,
/// `workload.allocations.<key>`, for the keys of SPEC 7's `device:` and of `workload:`,
/// `app.<id>.<key>` for any key of an app but its `id`, `trace_name` and `bg_tasks` (SPEC 14;
/// `background_modes` as a set of modes, SPEC 41),
/// `trace.user` (SPEC 13), and `apps.typical-day` (SPEC 38): the key tables' rows that sweep.
package struct SweepAxis: Sendable, Hashable {
    /// Where an axis was given.
    package enum Source: Sendable, Hashable {
        /// The scenario file's `sweep:` block (its values are located in the file).
        case file
        /// A `--set` option.
        case commandLine
    }

    /// The key; `key.path` spells it as a dotted path: `device.ram_mb`.
    package var key: SweepKey
    /// The values, as written, in order; at least one.
    package var values: [String]
    /// Where the axis was given.
    package var source: Source

    /// An axis of `key` over `values` (as written), given at `source`. The key and values
    /// are checked when a point is read (`ScenarioTemplate.scenario(at:)`).
    package init(key: SweepKey, values: [String], source: Source = .commandLine) {
        self.key = key
        self.values = values
        self.source = source
    }

    /// Every key an axis may have but the app keys, as spelled, in the order messages list
    /// them (`SweepKey.fixed`).
    package static let keys: [String] = SweepKey.fixed.map(\.path)

    /// The app keys an `app.<id>.<key>` axis may set: the keys of `AppKey`'s table that sweep
    /// (every key but `id`, `trace_name` and `bg_tasks`).
    package static let appKeys: [String] = AppKey.sweepNames

    /// ` (did you mean 'app.<id>.<key>'?)` for an `app.<id>.<key>` whose key is no app key
    /// that sweeps but is near one; empty otherwise.
    private static func nearestAppKey(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), let key = NearestNames.closest(to: String(path[path.index(after: dot)...]), among: appKeys)
        else { return "" }
        return " (did you mean '\(path[..<dot]).\(key)'?)"
    }

    /// Parses `key=v1,v2,...` (a `--set` option): values are separated by commas and
    /// trimmed of spaces.
    ///
    /// - Throws: `SweepAxis.ParseError` for an unknown key, a missing `=`, an empty value or
    ///   two values that are one point (SPEC 35: `3072` and `3072.0`).
    package init(parsing option: String) throws(ParseError) {
        guard let equals = option.firstIndex(of: "=") else {
            throw ParseError("--set \(option): expected key=value[,value...]")
        }
        let path = option[..<equals].trimmingSpaces
        guard let key = SweepKey(path: path) else {
            if path.hasPrefix(DeviceKey.lmkd.path + ".") || path == DeviceKey.lmkd.path {
                throw ParseError("--set \(option): \(path) does not sweep (a table is not one value, SPEC 34); give device.lmkd.minfree in the file")
            }
            if SweepKey.looksLikeAppKey(path) {
                throw ParseError("--set \(option): unknown app key '\(path)'\(Self.nearestAppKey(path)); "
                    + "expected app.<id>.<key> with a key among \(Self.appKeys.joined(separator: ", "))")
            }
            throw ParseError("--set \(option): unknown key '\(path)'\(NearestNames.didYouMean(path, among: SweepKey.fixed.map(\.path))); expected policy, end_s, device.<key>, workload.<key>, workload.allocations.<key>, app.<id>.<key> or \(TypicalDay.factorKey)")
        }
        var values = option[option.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces }
        if values.contains(where: \.isEmpty) {
            throw ParseError("--set \(option): empty value")
        }
        if case .app(_, .backgroundModes) = key {
            // SPEC 41: a set of modes, in its ordered form; a mode that is not one, or one
            // given twice, is a usage error here.
            do {
                values = try values.map { value throws(ModeSetValue.Problem) in ModeSetValue.text(try ModeSetValue.modes(value)) }
            } catch {
                throw ParseError("--set \(option): \(error.message)")
            }
        }
        if let problem = Self.valueProblem(values, key: key) { throw ParseError("--set \(option): \(problem.message)") }
        self.init(key: key, values: values, source: .commandLine)
    }

    /// What is wrong with a list of values of `key`, if anything, with the index of the value
    /// at fault: a text that begins as a spreadsheet formula (SPEC 35), one that cannot name a
    /// report folder, or one that is the same point as an earlier one
    /// (`SweepAxis+SameValue.swift`).
    ///
    /// - Complexity: O(n) in the total length of the values.
    static func valueProblem(_ values: [String], key: SweepKey) -> (index: Int, message: String)? {
        for (index, value) in values.enumerated() {
            if Double(value) == nil, let problem = IdentifierRules.formulaProblem(value) { return (index, "value '\(value)' \(problem)") }
            if let problem = folderProblem(value) ?? folderLengthProblem(key: key, value: value) { return (index, problem) }
        }
        guard let repeated = repeatedValue(values, key: key) else { return nil }
        return (repeated.again, repeatedValueMessage(values, key: key, first: repeated.first, again: repeated.again))
    }

    /// Why `value` cannot name a report folder (`<key>=<value>`), if it cannot.
    static func folderProblem(_ value: String) -> String? {
        guard value.contains("/") || value.contains("\0") || value == "." || value == ".." else { return nil }
        return "value '\(value)' cannot name a report folder (no '/', NUL, '.' or '..')"
    }

    /// The most bytes a folder name may have (POSIX `NAME_MAX` on Linux's and macOS's file
    /// systems).
    static let folderNameBytes = 255

    /// Why `<key>=<value>`, the folder a point's runs write under `--details`, is too long a
    /// name, if it is: found by `validate`, not by a run late in a batch.
    static func folderLengthProblem(key: SweepKey, value: String) -> String? {
        // `RunFolderName.setting`'s spelling, `KEY=VALUE` (Reports is output, read by no input layer).
        let bytes = key.path.utf8.count + 1 + value.utf8.count
        guard bytes > folderNameBytes else { return nil }
        return "value '\(value.prefix(40))...' makes the report folder name \(key.path)=... \(bytes) bytes long: "
            + "more than the \(folderNameBytes) a folder name may have"
    }

    /// Why a `--set` option is not valid.
    package struct ParseError: Error, Sendable, CustomStringConvertible {
        /// What is wrong, naming the option.
        package var description: String
        init(_ description: String) { self.description = description }
    }
}

/// One point's value of one axis.
package struct SweepSetting: Sendable, Hashable {
    /// The axis.
    package var axis: SweepAxis
    /// The value's index in `axis.values`.
    package var index: Int

    /// Value `index` of `axis`.
    package init(axis: SweepAxis, index: Int) {
        self.axis = axis
        self.index = index
    }

    /// The value, as written.
    package var value: String { axis.values[index] }
}

extension Substring {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
