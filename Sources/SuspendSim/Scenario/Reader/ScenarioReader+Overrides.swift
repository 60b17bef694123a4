extension ScenarioReader {
    /// A value that stands in for a key of a mapping, as if the file had it there.
    struct Override {
        /// The value: a node of the file's `sweep:` block, or one made from `--set` text.
        let node: ScenarioNode
        /// Where it came from, for messages (`--set device.ram_mb=0`); nil for the file.
        let origin: String?
    }

    /// Replaces (or adds) the entries of `fields` that an override names, in path order: the
    /// overrides under `prefix` (by default the mapping's own path: `device.`; an app's are
    /// `app.ID.`, SPEC 14).
    mutating func applyOverrides(to fields: inout Fields, allowed: [String], prefix explicitPrefix: String? = nil) {
        let prefix = explicitPrefix ?? (fields.path.isEmpty ? "" : fields.path + ".")
        for path in overrides.keys.sorted() where path.hasPrefix(prefix) {
            let name = String(path.dropFirst(prefix.count))
            guard !name.utf8.contains(UInt8(ascii: ".")), allowed.contains(name), let override = overrides[path] else { continue }
            appliedOverrides.insert(path)
            if let origin = override.origin { overrideOrigins[Self.path(fields.path, name)] = origin }
            if let index = fields.entries.firstIndex(where: { $0.name == name }) {
                let key = fields.entries[index].key
                fields.entries[index] = Fields.Entry(name: name, key: key, value: override.node)
            } else {
                fields.entries.append(Fields.Entry(name: name, key: override.node, value: override.node))
            }
        }
    }

    /// Reports every override that found no mapping to go into (a `workload.*` key for a
    /// scenario without `workload:`, say), at the line of the file's `sweep:` entry when it
    /// came from there. The key is wrong whatever its value, so a `--set` option is named without its
    /// value: the same message for each of its values, which a batch reports once.
    mutating func reportUnappliedOverrides() {
        for path in overrides.keys.sorted() where !appliedOverrides.contains(path) {
            let override = overrides[path]
            let node = override?.origin == nil ? override?.node : nil
            let origin = override?.origin.map { String($0.prefix { $0 != "=" }) }
            if path == TypicalDay.factorKey {
                report(node, path, "the scenario's apps: do not include \(TypicalDay.name), whose footprints it scales (SPEC 38)",
                       origin: origin, lineOnly: true)
                continue
            }
            if case .app(let id, _)? = SweepKey(path: path) {
                report(node, path, unknownApp(id), origin: origin, lineOnly: true)
                continue
            }
            let parent = path.split(separator: ".").dropLast().joined(separator: ".")
            report(node, path, "the scenario has no \(parent): block to set this in", origin: origin, lineOnly: true)
        }
    }

    /// Why an `app.ID.KEY` override found no app. The apps a trace adds (`trace.<name>`, SPEC
    /// 13) are made from `default_app` while the trace is read: `app.trace.*.KEY` sets KEY on
    /// every one of them (docs/scenarios.md), and one of them alone cannot be set.
    private func unknownApp(_ id: String) -> String {
        if id == TraceKey.everyTraceApp {
            let missing = tracePath == nil ? "the scenario has no trace:" : "its trace: has no \(TraceKey.defaultApp.rawValue)"
            return "app.\(id).KEY sets KEY on every app a trace adds from \(TraceKey.defaultApp.path), and \(missing)"
        }
        if id.hasPrefix("trace."), appIDsRead.contains(id) {
            return "'\(id)' is an app the trace adds, made from \(TraceKey.defaultApp.path); "
                + "app.\(TraceKey.everyTraceApp).KEY sets KEY on every such app"
        }
        return "unknown app '\(id)'; apps are \(AppList.idList(appIDsRead))"
    }
}
