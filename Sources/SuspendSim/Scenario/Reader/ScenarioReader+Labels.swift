extension ScenarioReader {
    /// `labels:` (SPEC 15 "Labels"): a mapping from the file's sweep keys to mappings from
    /// swept values to labels, `labels: { device.compressor.pool_mb: { 0: "no compressor" } }`.
    /// A key the file does not sweep, a value it does not sweep the key at, a text that is
    /// not one (`SweepValueLabel.textProblem`) is reported at its place. A swept `policy` takes
    /// labels as any key does, a built-in or a YAML policy alike (the label names it on the
    /// page; its colour and marker stay the policy's). Read with the sweep only (a sweep
    /// point's reading skips it).
    mutating func readLabels(_ node: ScenarioNode) -> [SweepValueLabel] {
        guard !sweep.isEmpty else {
            report(node, "labels", "names swept values, but the file sweeps no key; add a sweep: block or remove labels:")
            return []
        }
        let sweeps = Dictionary(sweep.map { ($0.key.path, $0.values) }, uniquingKeysWith: { first, _ in first })
        guard let fields = fields(node, "labels", allowed: sweep.map(\.key.path), noun: "swept key") else { return [] }
        var labels: [SweepValueLabel] = []
        for entry in fields.entries {
            let field = Self.path("labels", entry.name)
            guard case .mapping(let mapping) = entry.value else {
                report(entry.value, field, "must be a mapping from swept values to labels, got \(entry.value.summary)")
                continue
            }
            var seen: Set<String> = []
            for (valueNode, textNode) in mapping {
                guard case .scalar(let valueScalar) = valueNode, !valueNode.isNullScalar else {
                    report(valueNode, field, "keys must be swept values, got \(valueNode.summary)")
                    continue
                }
                let written = text(of: valueScalar)
                let place = Self.path(field, written)
                guard let value = SweepValueLabel.sweptValue(written, in: sweeps[entry.name] ?? []) else {
                    report(valueNode, place, "\(entry.name) is not swept at '\(written)'; it takes "
                        + (sweeps[entry.name] ?? []).joined(separator: ", "))
                    continue
                }
                guard seen.insert(value).inserted else {
                    report(valueNode, place, "a second label for \(entry.name) \(value)")
                    continue
                }
                guard case .scalar(let textScalar) = textNode, !textNode.isNullScalar else {
                    report(textNode, place, "must be a label (a text), got \(textNode.summary)")
                    continue
                }
                let label = text(of: textScalar)
                if let problem = SweepValueLabel.textProblem(label) {
                    report(textNode, place, "the label \(problem)")
                    continue
                }
                labels.append(SweepValueLabel(key: entry.name, value: value, text: label))
            }
        }
        return labels
    }
}
