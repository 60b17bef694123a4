@_spi(Generators) import SuspendSimCore

/// A scenario document read once by `ScenarioReader` (SPEC 7): the scenario, with the file's
/// `replicates:`, `sweep:` and the other blocks a batch needs.
///
/// The reading of a composed document, with a sweep point's settings in place, is here, below
/// both of its callers: `ScenarioDecoding` reads a document it has just made, and
/// `ScenarioTemplate` reads its kept document again at each point. The template calls the
/// decoding; the decoding knows no template.
struct ScenarioReading {
    /// The scenario as read, its `sourcePath` the file.
    var scenario: Scenario
    /// The file's `replicates:`, if any.
    var replicates: Int?
    /// The file's `sweep:` axes, in file order (none when the reading had settings in place).
    var sweep: [SweepAxis]
    /// The usage trace the scenario replays (SPEC 13), resolved.
    var tracePath: String?
    /// The apps of `apps:` that the trace is to map (SPEC 13).
    var traceApps: [TraceMappedApp]
    /// The file's `whatif:` (SPEC 25).
    var whatIf: WhatIf? = nil
    /// The file's `sensitivity:` (SPEC 39); nil for `false` or none.
    var sensitivity: SensitivityRequest? = nil
    /// The file's `labels:` (SPEC 15 "Labels").
    var labels: [SweepValueLabel] = []
    /// The hash of the lists its `include:` entries read; 0 without includes.
    var includeHash: UInt64 = 0
    /// What the reading took from SPEC 38's typical day.
    var typicalDay = TypicalDay.Use()
    var includedFiles: [String] = []

    /// Reads the composed `document` with `settings` in place; a usage trace's rows come from
    /// `traces` when given, else from a pass of the trace reader's own.
    static func read(
        _ document: ScenarioDocument, path: String, settings: [SweepSetting], traces: TraceIndexes? = nil
    ) throws(ScenarioLoader.Error) -> ScenarioReading {
        var reader = ScenarioReader(file: path, originalKeys: document.originalKeys, traces: traces)
        reader.readsSweep = settings.isEmpty
        for setting in settings {
            let key = setting.axis.key.path
            switch setting.axis.source {
            case .file:
                let node = fileSweepValue(in: document.root, key: key, index: setting.index)
                    ?? ScenarioNode.plainScalar(setting.value)
                reader.overrides[key] = .init(node: node, origin: nil)
            case .commandLine:
                reader.overrides[key] = .init(
                    node: ScenarioNode.plainScalar(setting.value), origin: "--set \(key)=\(setting.value)")
            }
        }
        let scenario = reader.readScenario(document.root)
        reader.reportUnappliedOverrides()
        guard var scenario, reader.diagnostics.isEmpty else {
            throw ScenarioLoader.Error(diagnostics: ScenarioLoader.sorted(reader.diagnostics, file: path))
        }
        scenario.sourcePath = path
        return ScenarioReading(scenario: scenario, replicates: reader.replicates, sweep: reader.sweep, tracePath: reader.tracePath,
                               traceApps: reader.traceApps, whatIf: reader.whatIf, sensitivity: reader.sensitivity, labels: reader.labels,
                               includeHash: reader.includeHash, typicalDay: reader.typicalDay, includedFiles: reader.includedFiles)
    }

    /// The node of `sweep: { key: [..., value #index, ...] }` in the document.
    private static func fileSweepValue(in root: ScenarioNode?, key: String, index: Int) -> ScenarioNode? {
        guard case .mapping(let top)? = root,
              case .mapping(let sweep)? = top.value(forKey: "sweep"),
              case .sequence(let values)? = sweep.value(forKey: key),
              values.indices.contains(index)
        else { return nil }
        return values[index]
    }
}
