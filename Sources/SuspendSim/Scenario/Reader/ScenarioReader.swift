/// Walks a composed scenario document and builds a `Scenario`, collecting every problem it
/// finds on the way (SPEC 7). It keeps going after a bad field, so that one run of
/// `suspendsim validate` lists as many problems as it can; a structural problem (a list
/// where a mapping belongs) stops the walk below that node only.
///
/// This file holds the typed readers every part shares; the parts are in
/// `ScenarioReader+Scenario/+Device/+Apps/+Events/+Expect.swift`.
struct ScenarioReader {
    /// The file the text came from, for diagnostics.
    let file: String
    /// Placeholder key spellings -> the key as written (see `ScenarioDocument`).
    let originalKeys: [String: String]
    /// The problems found so far.
    private(set) var diagnostics: [ScenarioLoader.Diagnostic] = []
    /// Values that replace, or add, keys of mappings, by field path (`device.ram_mb`): a
    /// sweep point's settings. See `ScenarioReader+Overrides.swift`.
    var overrides: [String: Override] = [:]
    /// The override paths that found their mapping.
    var appliedOverrides: Set<String> = []
    /// The `--set` option behind a field an override was applied under another path
    /// (`apps[0].suspended_mb` for `app.com.a.suspended_mb`), for messages.
    var overrideOrigins: [String: String] = [:]
    /// The file's `replicates:`, once read.
    var replicates: Int?
    /// The file's `sweep:` axes, once read.
    var sweep: [SweepAxis] = []
    /// Whether `sweep:` is read and checked. A sweep point's reading skips it: the template's
    /// reading checked it once, and reading it again at each point would make a sweep of n
    /// points cost n^2 (SPEC 35: no step grows faster than linearly in the points).
    var readsSweep = true
    /// The file's `whatif:` (SPEC 25), once read.
    var whatIf: WhatIf?
    /// The file's `sensitivity:` (SPEC 39), once read; nil for `false` or none.
    var sensitivity: SensitivityRequest?
    /// The file's `labels:` (SPEC 15 "Labels"), once read with the sweep.
    var labels: [SweepValueLabel] = []
    /// The usage trace the scenario replays, resolved (SPEC 13); nil without `trace:`.
    var tracePath: String?
    /// The apps of `apps:` that `trace:` is to map, once read (SPEC 13; `traceMappedApps`).
    var traceApps: [TraceMappedApp] = []
    /// `trace.user: all`'s sweep over every user, added to the file's `sweep:`.
    var traceUsersAxis: SweepAxis?
    /// The trace indexes of the template being read, which a batch shares (SPEC 21); nil: the
    /// trace reader makes its own pass for the one user.
    let traces: TraceIndexes?
    /// The ids of the apps read, for messages about `app.ID.KEY` settings.
    var appIDsRead: [String] = []
    /// The file's `policies:` (policies written in YAML), for `policy:` and a `policy` sweep.
    var namedPolicies: [OrderPolicy] = []
    /// The `lifecycle` of apps that do not give one: the default of `device.ios`'s profile
    /// (SPEC 11), known once the device is read.
    var defaultLifecycle = AppProfile.Lifecycle.app
    /// The files whose includes led to this reading (`ScenarioReader+Include`), outermost
    /// first, this one last; empty for a file read on its own.
    var includeChain: [String] = []
    /// The entries of `apps:` once read, includes expanded: what an including file takes.
    var appItems: [AppItem] = []
    /// A hash of the lists the includes read, their own includes' too, in order; 0 without
    /// includes. Part of the batch fingerprint (`ScenarioTemplate.textHash`), so that shards
    /// that read different lists do not merge.
    var includeHash: UInt64 = 0
    /// What the reading took from SPEC 38's typical day (`ScenarioReader+TypicalDay`).
    var typicalDay = TypicalDay.Use()
    /// What the file, `--set` and the sweep gave (SPEC 36), filled as mappings are read.
    var given = Scenario.Given()
    /// The nodes this document's includes brought so far (SPEC 35 "Includes").
    var includeNodes = 0
    /// The outcome of every list read by this reading, the includes of its includes too,
    /// shared by the nested readers (`ScenarioReader+Include`).
    var includeMemo = IncludeMemo()
    /// The deepest chain of includes below this file (0 without includes).
    var includeHeight = 0
    /// The files the includes read, their includes' too, in the order first read.
    var includedFiles: [String] = []
    /// The file through which a chain of includes passed `InputLimits.includeDepth`, once one did.
    var includeTooDeep: String?

    /// The largest magnitude accepted for memory in MB and time in s (`Scenario.magnitudeLimit`).
    static let magnitudeLimit = Scenario.magnitudeLimit

    init(file: String, originalKeys: [String: String] = [:], traces: TraceIndexes? = nil) {
        self.file = file
        self.originalKeys = originalKeys
        self.traces = traces
    }

    // MARK: - Reporting

    /// Records a problem located in another file than the scenario's (a usage trace's row).
    mutating func report(file other: String, line: Int?, field: String, _ message: String) {
        diagnostics.append(ScenarioLoader.Diagnostic(file: other, line: line, field: field, message: message))
    }

    /// Records a problem with `field`, located at `node`'s mark (or nowhere), naming the
    /// `--set` option it came from (`origin`, by default the field's own).
    /// With `lineOnly`, the column is left out (a problem of a line's key, not of one value).
    mutating func report(
        _ node: ScenarioNode?, _ field: String, _ message: String, origin explicitOrigin: String? = nil, lineOnly: Bool = false
    ) {
        let origin = explicitOrigin ?? overrides[field]?.origin ?? overrideOrigins[field]
        var diagnostic = ScenarioLoader.Diagnostic(
            file: file, line: node?.line, column: lineOnly ? nil : node?.column, field: field,
            message: message + (origin.map { " (from \($0))" } ?? ""))
        diagnostic.isFromCommandLine = origin != nil
        if origin != nil { diagnostic.kind = .argument }
        diagnostics.append(diagnostic)
    }

    // MARK: - Paths

    /// `parent.key`, or `key` at the top.
    static func path(_ parent: String, _ key: String) -> String {
        parent.isEmpty ? key : parent + "." + key
    }

    /// `parent[index]`.
    static func path(_ parent: String, _ index: Int) -> String {
        "\(parent)[\(index)]"
    }

    // MARK: - Mappings

    /// A mapping's entries, checked for duplicate and unknown keys.
    struct Fields {
        /// One key and its value.
        struct Entry {
            let name: String
            let key: ScenarioNode
            let value: ScenarioNode
        }

        /// The mapping node, where missing keys are reported.
        let node: ScenarioNode
        /// The mapping's field path.
        let path: String
        /// Known keys in file order, first occurrences only.
        var entries: [Entry] = []
        /// Whether an unknown key was reported (so that "missing" need not be).
        var hadUnknownKey = false

        /// The value of key `name`, if present.
        subscript(name: String) -> ScenarioNode? {
            entries.first { $0.name == name }?.value
        }
    }

    /// The text of a scalar, with placeholder keys mapped back to what was written.
    func text(of scalar: ScenarioNode.Scalar) -> String {
        originalKeys.isEmpty ? scalar.string : originalKeys[scalar.string] ?? scalar.string
    }

    /// Reads `node` as a mapping whose keys are among `allowed` (reported otherwise as
    /// "unknown \(noun)"); nil, reported, when it is not a mapping.
    mutating func fields(_ node: ScenarioNode, _ path: String, allowed: [String], noun: String = "key") -> Fields? {
        guard case .mapping(let mapping) = node else {
            report(node, path, "must be a mapping, got \(node.summary)")
            return nil
        }
        var fields = Fields(node: node, path: path)
        var seen = SeenKeys()
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                report(key, path, "keys must be strings, got \(key.summary)")
                fields.hadUnknownKey = true
                continue
            }
            let name = text(of: scalar)
            if let first = seen.key(named: name) {
                report(key, Self.path(path, name), "duplicate key '\(name)'" + Self.firstAt(first))
                continue
            }
            seen.insert(name, key)
            guard allowed.contains(name) else {
                report(key, Self.path(path, name), "unknown \(noun) '\(name)'\(NearestNames.didYouMean(name, among: allowed)); "
                    + "expected one of \(allowed.joined(separator: ", "))")
                fields.hadUnknownKey = true
                continue
            }
            fields.entries.append(Fields.Entry(name: name, key: key, value: value))
        }
        if !overrides.isEmpty { applyOverrides(to: &fields, allowed: allowed) }
        recordGiven(fields)
        return fields
    }

    /// Records the keys of `device:` and `workload:` (and the mappings inside them) that
    /// `fields` gives, for `Scenario.Given` (SPEC 36); an app's are recorded by id in `readApps`.
    private mutating func recordGiven(_ fields: Fields) {
        let path = fields.path
        // Every app's mapping comes here (`apps[3]`, for every user of a trace): its first byte
        // turns it away before any comparison of text.
        guard let first = path.utf8.first, first == UInt8(ascii: "d") || first == UInt8(ascii: "w") else { return }
        guard path == "device" || path.hasPrefix("device.") || path == "workload" || path.hasPrefix("workload.") else { return }
        for entry in fields.entries { given.keys.insert(Self.path(path, entry.name)) }
    }

    /// The keys of one mapping met so far, by name (the first of each).
    ///
    /// A scenario's mappings have a few dozen keys at most, and for those a list searched in
    /// order costs less than hashing every key (an app's mapping is read for every app). Past
    /// `listLimit` keys the list becomes a dictionary, so that a mapping of many keys, such
    /// as a mistaken file's, is still read in linear time.
    struct SeenKeys {
        static let listLimit = 32
        private var list: [(name: String, key: ScenarioNode)] = []
        private var dictionary: [String: ScenarioNode]?

        /// The key node first seen with `name`, if any.
        func key(named name: String) -> ScenarioNode? {
            if let dictionary { return dictionary[name] }
            return list.first { $0.name == name }?.key
        }

        /// Records `key` under `name`, which is not recorded yet.
        mutating func insert(_ name: String, _ key: ScenarioNode) {
            if dictionary != nil {
                dictionary?[name] = key
                return
            }
            list.append((name, key))
            if list.count > Self.listLimit {
                dictionary = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0.key) })
                list = []
            }
        }
    }

    /// The value of required key `name`; nil, reported, when it is missing.
    mutating func required(_ fields: Fields, _ name: String) -> ScenarioNode? {
        if let value = fields[name] { return value }
        report(fields.node, Self.path(fields.path, name), "missing required key '\(name)'")
        return nil
    }

    /// " (first at line L, column C)" for a node with a mark, else "".
    static func firstAt(_ node: ScenarioNode) -> String {
        guard let line = node.line else { return "" }
        return node.column.map { " (first at line \(line), column \($0))" } ?? " (first at line \(line))"
    }

    // MARK: - Scalars

    /// A string; nil, reported, for anything else (numbers and booleans included: quote them).
    mutating func string(_ node: ScenarioNode, _ field: String) -> String? {
        guard case .scalar(let scalar) = node, node.isStringScalar else {
            report(node, field, "must be a string, got \(node.summary)")
            return nil
        }
        return text(of: scalar)
    }

    /// A non-empty string; nil, reported, otherwise.
    mutating func nonEmptyString(_ node: ScenarioNode, _ field: String) -> String? {
        guard let value = string(node, field) else { return nil }
        guard !value.isEmpty else {
            report(node, field, "must not be empty")
            return nil
        }
        return value
    }

    /// A non-empty string that names something (an app id, a trace app name, a trace user):
    /// one holding a control character is reported (SPEC 35 "Identifiers"), and so, when
    /// `formula` is set, is one that begins as a spreadsheet formula.
    mutating func identifier(_ node: ScenarioNode, _ field: String, formula: Bool = false) -> String? {
        guard let value = nonEmptyString(node, field) else { return nil }
        if let problem = IdentifierRules.controlProblem(value) ?? (formula ? IdentifierRules.formulaProblem(value) : nil) {
            report(node, field, problem)
            return nil
        }
        return value
    }

    /// `true` or `false` (YAML's other spellings, such as `yes`, too); nil, reported, otherwise.
    mutating func bool(_ node: ScenarioNode, _ field: String) -> Bool? {
        guard case .scalar(let scalar) = node, case .bool(let value) = scalar.type else {
            report(node, field, "must be true or false, got \(node.summary)")
            return nil
        }
        return value
    }

    /// An explicit null (`{ at: 10, home }`, `home:`, `home: null`); false, reported, otherwise.
    mutating func null(_ node: ScenarioNode, _ field: String) -> Bool {
        guard node.isNullScalar else {
            report(node, field, "takes no value, got \(node.summary)")
            return false
        }
        return true
    }

    /// A decimal number, exactly; nil, reported, otherwise.
    mutating func number(_ node: ScenarioNode, _ field: String) -> DecimalQuantity? {
        guard case .scalar(let scalar) = node else {
            report(node, field, "must be a number, got \(node.summary)")
            return nil
        }
        let isNumeric = scalar.type == .int || scalar.type == .float
        // Plain text YAML reads as a string may still be a number here (`+.5`, `.5e3`).
        let isPlainString = scalar.type == .string && scalar.isPlain
        if isNumeric || isPlainString, let value = DecimalQuantity(scalar.string) {
            return value
        }
        if isNumeric {
            report(node, field, "must be a decimal number, got \(node.summary)")
        } else {
            report(node, field, "must be a number, got \(node.summary)")
        }
        return nil
    }

    /// An amount of MB as whole KiB, rounded half away from zero; nil, reported, when it is
    /// not a number, negative (unless `allowsNegative`) or beyond the limit.
    mutating func kib(_ node: ScenarioNode, _ field: String, allowsNegative: Bool = false) -> KiB? {
        scaled(node, field, unit: "MB", factor: 1024, allowsNegative: allowsNegative).map { KiB($0.scaled) }
    }

    /// A time in seconds as whole milliseconds, rounded half up; nil, reported, when it is not
    /// a number, negative or beyond the limit.
    mutating func millis(_ node: ScenarioNode, _ field: String) -> Millis? {
        time(node, field)?.ms
    }

    /// A time in seconds, exactly and as whole milliseconds; nil, reported, as for `millis`.
    mutating func time(_ node: ScenarioNode, _ field: String) -> (exact: DecimalQuantity, ms: Millis)? {
        scaled(node, field, unit: "s", factor: 1000, allowsNegative: false).map { ($0.exact, Millis($0.scaled)) }
    }

    /// A number, exactly and times `factor` rounded half away from zero, checked for sign and
    /// against `magnitudeLimit`.
    private mutating func scaled(
        _ node: ScenarioNode, _ field: String, unit: String, factor: Int64, allowsNegative: Bool
    ) -> (exact: DecimalQuantity, scaled: Int64)? {
        guard let value = number(node, field) else { return nil }
        if value.isNegative, !allowsNegative {
            report(node, field, "must not be negative, got \(node.summary)")
            return nil
        }
        guard let scaled = value.scaled(by: factor, limit: Self.magnitudeLimit) else {
            report(node, field, "must be at most 4294967296 (2^32) \(unit) in magnitude, got \(node.summary)")
            return nil
        }
        return (value, scaled)
    }

    // MARK: - Lists

    /// A list's items; nil, reported, for anything else.
    mutating func list(_ node: ScenarioNode, _ field: String) -> [ScenarioNode]? {
        guard case .sequence(let sequence) = node else {
            report(node, field, "must be a list, got \(node.summary)")
            return nil
        }
        return Array(sequence)
    }
}
