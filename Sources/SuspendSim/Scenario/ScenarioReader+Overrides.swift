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
            guard !name.contains("."), allowed.contains(name), let override = overrides[path] else { continue }
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
    /// scenario without `workload:`, say).
    mutating func reportUnappliedOverrides() {
        for path in overrides.keys.sorted() where !appliedOverrides.contains(path) {
            if let app = SweepAxis.appKey(path) {
                report(nil, path, "unknown app '\(app.id)'; apps are \(AppList.idList(appIDsRead))")
                continue
            }
            let parent = path.split(separator: ".").dropLast().joined(separator: ".")
            report(nil, path, "the scenario has no \(parent): block to set this in")
        }
    }
}
