@_spi(Generators) import SuspendSimCore

/// A scenario file read for a batch: the scenario as written, its `replicates:` and
/// `sweep:`, and the means to read it again with a sweep point's values in place.
///
/// ```swift
/// let template = try ScenarioLoader.template(path: "Scenarios/day-on-a-3gb-phone.yaml")
/// let ram = SweepAxis(key: "device.ram_mb", values: ["2048", "4096"])
/// let small = try template.scenario(at: [SweepSetting(axis: ram, index: 0)])
/// ```
///
/// A point's scenario is the composed document read again with each setting standing in for
/// its key (or added, when the file leaves the key out), so every value gets the file's own
/// checks and defaults follow it: a new `device.ram_mb` re-derives the thresholds the file
/// does not set. The text is composed once, whatever the number of points.
///
/// A usage trace (SPEC 13) is read once too: every reading of the template takes its users'
/// rows from the template's `TraceIndexes`, which a batch shares between its templates and
/// fills with one pass over each trace for all the users it sweeps (SPEC 21).
package struct ScenarioTemplate: Sendable {
    /// The scenario as the file has it.
    package let scenario: Scenario
    /// The file's `replicates:`, if any.
    package let replicates: Int?
    /// The file's `sweep:` axes, in file order.
    package let sweep: [SweepAxis]
    /// The file's `whatif: { key, baseline }` (SPEC 25), checked against the batch as run.
    package let whatIf: WhatIf?
    /// The file's `sensitivity:` (SPEC 39); nil for `false` or none.
    package let sensitivity: SensitivityRequest?
    /// The file's `labels:` for its swept values (SPEC 15 "Labels"), in file order.
    package let labels: [SweepValueLabel]
    /// What the file, as written, takes from SPEC 38's typical day: the workload keys it takes
    /// from the assumption table, and whether its apps include the typical day.
    package let typicalDay: TypicalDay.Use
    /// The usage trace the scenario replays (SPEC 13), resolved; nil without `trace:`.
    package let tracePath: String?
    /// The files a run of it reads: the scenario's, the included lists' and the trace's, in
    /// that order (SPEC 35: a shard records their content hashes).
    package let inputFiles: [String]
    /// The apps of `apps:` that the trace is to map (SPEC 13), checked by `traceWarnings()`.
    let traceApps: [TraceMappedApp]
    /// FNV-1a of the text read (for a JSON file read by the fast path, its header), with the
    /// lists its `include:` entries read, for the batch fingerprint.
    package let textHash: UInt64
    /// The composed document, which `scenario(at:)` reads again with a point's settings.
    private let document: ScenarioDocument
    /// Where the events come from: the document (read again at each point), the JSON fast
    /// path (which every point keeps), or a large JSON file read while each run goes (which
    /// every point streams).
    private let events: DecodedScenario.Events
    /// The file, for messages.
    package let path: String
    /// The indexes of the usage traces that the template's readings have read (SPEC 21).
    let traces: TraceIndexes

    /// Reads `text` as if it came from `path` (see `ScenarioDecoding`).
    ///
    /// - Throws: `ScenarioLoader.Error` with every problem found.
    package init(text: String, path: String) throws(ScenarioLoader.Error) {
        let traces = TraceIndexes()
        try self.init(ScenarioDecoding.decode(text: text, path: path, traces: traces), path: path, traces: traces)
    }

    /// The template of a decoded text, whose reading took its trace rows from `traces`.
    init(_ decoded: DecodedScenario, path: String, traces: TraceIndexes) {
        // The lists included are part of what the text says (0 without includes: no change).
        self.init(reading: decoded.reading, document: decoded.document, textHash: decoded.textHash ^ decoded.reading.includeHash, path: path,
                  traces: traces, events: decoded.events)
    }

    private init(
        reading: ScenarioReading, document: ScenarioDocument, textHash: UInt64, path: String, traces: TraceIndexes,
        events: DecodedScenario.Events
    ) {
        self.events = events
        self.scenario = reading.scenario
        self.replicates = reading.replicates
        self.sweep = reading.sweep
        self.whatIf = reading.whatIf
        self.sensitivity = reading.sensitivity
        self.labels = reading.labels
        self.typicalDay = reading.typicalDay
        self.tracePath = reading.tracePath
        self.inputFiles = [path] + reading.includedFiles + (reading.tracePath.map { [$0] } ?? [])
        self.traceApps = reading.traceApps
        self.document = document
        self.textHash = textHash
        self.path = path
        self.traces = traces
    }

    /// This template with its readings sharing `traces`, which takes over the indexes the
    /// template has read: the templates of one batch share theirs, so that the batch reads
    /// each trace once (SPEC 21).
    func sharingTraces(_ traces: TraceIndexes) -> ScenarioTemplate {
        traces.adopt(self.traces)
        return ScenarioTemplate(
            reading: ScenarioReading(scenario: scenario, replicates: replicates, sweep: sweep, tracePath: tracePath, traceApps: traceApps,
                             whatIf: whatIf, sensitivity: sensitivity, labels: labels, typicalDay: typicalDay,
                             includedFiles: Array(inputFiles.dropFirst().dropLast(tracePath == nil ? 0 : 1))),
            document: document,
            textHash: textHash, path: path, traces: traces, events: events)
    }

    /// The scenario with `settings` in place of the keys they name.
    ///
    /// - Throws: `ScenarioLoader.Error` for a value the key does not accept, located in the
    ///   file for a `sweep:` value, naming its `--set` option otherwise; and for a setting of
    ///   a block the file does not have (`workload.*` without `workload:`).
    /// - Complexity: O(n) in the size of the document (for a JSON file, of its header); the
    ///   text is not composed again.
    package func scenario(at settings: [SweepSetting]) throws(ScenarioLoader.Error) -> Scenario {
        if settings.isEmpty { return scenario }
        var point = try ScenarioReading.read(document, path: path, settings: settings, traces: traces).scenario
        switch events {
        case .inDocument: break
        case .read(let kept): point.events = kept
        case .streamed(let streamed): point.generator = streamed
        }
        return point
    }
}

extension ScenarioLoader {
    /// Reads and validates one file for a batch (see `ScenarioTemplate`), as `ScenarioDecoding`
    /// decodes it.
    ///
    /// - Throws: `ScenarioLoader.Error` with every problem found, each naming `path`.
    /// With `streamingEvents`, a JSON file of `StreamedJSONEvents.streamingThreshold` bytes or
    /// more whose `events` come last has its events read while each run goes (the header is
    /// read and checked now); its runs must then be checked with `Scenario.eventStreamFailed`
    /// and done again from `template(path:)` when it is true (`BatchRunner` does).
    package static func template(
        path: String, streamingEvents: Bool = false, streamingThreshold: Int = StreamedJSONEvents.streamingThreshold
    ) throws(ScenarioLoader.Error) -> ScenarioTemplate {
        let traces = TraceIndexes()
        let decoded = try ScenarioDecoding.decode(
            fileAt: path, streamingThreshold: streamingEvents ? streamingThreshold : nil, traces: traces)
        return ScenarioTemplate(decoded, path: path, traces: traces)
    }
}
