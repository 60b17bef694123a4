extension ScenarioReader {
    /// `replicates:`: how many runs `suspendsim run` makes of a scenario with a workload,
    /// unless `--replicates` says otherwise. A whole number from 1 to 2^31 − 1 (SPEC 35: whole-number
    /// counts).
    mutating func readReplicates(_ node: ScenarioNode) -> Int? {
        guard let value = number(node, "replicates") else { return nil }
        guard !value.isNegative, value.isWhole, let count = value.scaled(byPowerOfTen: 0, limit: InputLimits.count), count >= 1
        else {
            report(node, "replicates", "must be a whole number from 1 to \(InputLimits.count), got \(node.summary)")
            return nil
        }
        return Int(count)
    }

    /// `whatif: { key: KEY, baseline: VALUE }` (SPEC 25): a sweep key and its baseline value,
    /// both required; whether the batch sweeps them is checked once the batch is known.
    mutating func readWhatIf(_ node: ScenarioNode) -> WhatIf? {
        guard let fields = fields(node, "whatif", allowed: WhatIfKey.names) else { return nil }
        let keyNode = required(fields, WhatIfKey.key.rawValue)
        let key = keyNode.flatMap { nonEmptyString($0, WhatIfKey.key.path) }
        var baseline: String?
        let baselineNode = required(fields, WhatIfKey.baseline.rawValue)
        if let value = baselineNode {
            if case .scalar(let scalar) = value, !value.isNullScalar {
                baseline = text(of: scalar)
            } else {
                report(value, WhatIfKey.baseline.path, "must be a single value, got \(value.summary)")
            }
        }
        guard let key, let baseline, !fields.hadUnknownKey else { return nil }
        return WhatIf(key: key, baseline: baseline, keyPlace: keyNode?.position.map { WhatIf.Place(line: $0.line, column: $0.column) },
                      baselinePlace: baselineNode?.position.map { WhatIf.Place(line: $0.line, column: $0.column) })
    }

    /// `sweep:`: a mapping from sweep keys (`device.ram_mb`) to non-empty lists of values.
    mutating func readSweep(_ node: ScenarioNode) -> [SweepAxis]? {
        // `app.<id>.<key>` entries are allowed by their shape; an unknown id is reported when
        // the point is read (SPEC 14).
        var allowed = SweepAxis.keys
        if case .mapping(let mapping) = node {
            for key in mapping.keys {
                if case .scalar(let scalar) = key, case .app? = SweepKey(path: text(of: scalar)) { allowed.append(text(of: scalar)) }
            }
        }
        guard let fields = fields(node, "sweep", allowed: allowed, noun: "sweep key") else { return nil }
        var axes: [SweepAxis] = []
        var isValid = !fields.hadUnknownKey
        for entry in fields.entries {
            guard let key = SweepKey(path: entry.name) else { continue }  // `allowed` holds sweep keys only
            let field = Self.path("sweep", entry.name)
            guard let items = list(entry.value, field) else {
                isValid = false
                continue
            }
            guard !items.isEmpty else {
                report(entry.value, field, "must list at least one value")
                isValid = false
                continue
            }
            var values: [String] = []
            var nodes: [(node: ScenarioNode, index: Int)] = []
            for (index, item) in items.enumerated() {
                if case .app(_, .backgroundModes) = key {
                    // SPEC 41: `a+b`, `none` or a list of modes, in its ordered form.
                    guard let modes = sweptModes(item, Self.path(field, index)) else {
                        isValid = false
                        continue
                    }
                    values.append(modes)
                    nodes.append((item, index))
                    continue
                }
                guard case .scalar(let scalar) = item, !item.isNullScalar else {
                    report(item, Self.path(field, index), "must be a single value, got \(item.summary)")
                    isValid = false
                    continue
                }
                values.append(text(of: scalar))
                nodes.append((item, index))
            }
            if let problem = SweepAxis.valueProblem(values, key: key) {
                let item = nodes[problem.index]
                report(item.node, Self.path(field, item.index), problem.message)
                isValid = false
                continue
            }
            axes.append(SweepAxis(key: key, values: values, source: .file))
        }
        return isValid ? axes : nil
    }

    /// A `sweep:` value of `app.<id>.background_modes` (SPEC 41) as the sweep column writes it
    /// (`ModeSetValue`): `a+b` or `none`, or a list of modes (`[]`: none); nil, reported, for a
    /// mode that is not a mode or one given twice.
    private mutating func sweptModes(_ item: ScenarioNode, _ field: String) -> String? {
        do {
            switch item {
            case .scalar(let scalar) where !item.isNullScalar:
                return ModeSetValue.text(try ModeSetValue.modes(text(of: scalar)))
            case .sequence(let entries):
                var names: [String] = []
                for (index, entry) in entries.enumerated() {
                    guard let name = string(entry, Self.path(field, index)) else { return nil }
                    names.append(name)
                }
                return ModeSetValue.text(try ModeSetValue.modes(names: names))
            default:
                report(item, field, "must be modes joined by +, none, or a list of modes, got \(item.summary)")
                return nil
            }
        } catch {
            report(item, field, error.message)
            return nil
        }
    }
}
