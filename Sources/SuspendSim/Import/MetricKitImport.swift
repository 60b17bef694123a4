import Foundation
import Yams

/// `suspendsim import metrickit PAYLOAD.json... --onto SCENARIO [--app ID]` (SPEC 18): the
/// scenario file SCENARIO with the field's facts of MetricKit payloads put in.
///
///     let result = try MetricKitImport.run(payloads: ["day1.json"], onto: "Scenarios/iphone-11-ios18.yaml", app: nil)
///     print(result.text, terminator: "")   // the new scenario, YAML
///     // result.notes: what stderr should say ("com.acme.shop is new in apps: ...")
///
/// What is put in:
/// - the app's `active_mb`, `suspended_mb`, `cold_launch_s` and `resume_s`, each when the
///   payloads have it (`MetricKitFacts`); the app's other keys are kept. An app SCENARIO does
///   not list is put into `apps:` as `{id, active_mb, suspended_mb, cold_launch_s,
///   resume_s}`, in the place of the `observed:` app when it can be (`Place`), else last, and
///   no event opens it (a note says so);
/// - `device.ios` whenever the kept payloads give a release, and `device.model` when their
///   device is in the catalog (an unknown one leaves the model as it is, with a note). With a new
///   or changed `model`, `device.ram_mb` is removed (with a note): the catalog gives the
///   model's RAM, and a `ram_mb` left from another device would override it;
/// - `observed:`, a top-level mapping (replacing any, in its place; else last): `app`, `days`
///   (the payloads counted), `exit_days`, `launch_days` and `time_days` when fewer payloads
///   measured exits, launches or usage (SPEC 26), then each counter's mean per day over the
///   days that measured it.
///
/// Numbers are written plainly, from exact thousandths: up to 3 decimals, trailing zeros
/// dropped (`367.004`, `0.8`, `5`, `0`). The text is SCENARIO composed with Yams, edited as a
/// node tree and serialized again: keys keep their order and scalars their quoting, flow
/// collections (`{ ... }`, `[ ... ]`) stay flow, but comments are lost (Yams does not keep
/// them), so one leading comment, written by `ScenarioYAMLWriter`, says where the file came
/// from. The edited tree is the user's file, not a document the import builds: Yams's
/// emitter, not `ScenarioYAMLWriter`, writes it, so that every key and scalar the import does
/// not touch comes back as Yams reads it. A JSON SCENARIO comes out as
/// YAML: its top level and that level's values in block style, deeper collections flow,
/// strings unquoted where YAML reads them the same.
package enum MetricKitImport {
    /// The new scenario and the notes for standard error.
    package struct Result: Sendable {
        /// The scenario file's text, YAML, ending in a newline.
        package var text: String
        /// Things the user should know, one sentence each, without a `note:` prefix.
        package var notes: [String]
        /// Figures read but hard to believe (SPEC 26 "Plausibility"), without a `warning:`
        /// prefix.
        package var warnings: [String]
    }

    /// Reads the payload files (a folder: its `*.json` files in name order) and SCENARIO, and
    /// returns SCENARIO with the facts of the app's payloads put in.
    ///
    /// `region` (`--region`) reads every payload's numbers by that region's separators, in
    /// place of its `metaData.regionFormat` (SPEC 26 "Locale").
    ///
    /// - Throws: `ImportError` naming the file (and the JSON path, or the scenario's key) of
    ///   the first problem; nothing is written.
    /// `device` and `ios` (`--device`, `--ios`) keep one device's and one release's payloads;
    /// without them, the most frequent (SPEC 26 "One device, one release").
    package static func run(payloads arguments: [String], onto scenarioFile: String, app: String?,
                            region: MetricKitRegion? = nil, device: String? = nil, ios: String? = nil) throws(ImportError) -> Result {
        let payloads = try MetricKitPayloadFile.read(arguments, region: region)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenarioFile, isDirectory: &isFolder) else {
            throw ImportError(scenarioFile, "no such scenario file")
        }
        guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: scenarioFile) else {
            throw ImportError(scenarioFile, "cannot read the scenario file")
        }
        let facts = try MetricKitFacts(payloads, app: app, device: device, ios: ios)
        return try scenario(String(decoding: data, as: UTF8.self), file: scenarioFile, with: facts)
    }

    /// `text`, a scenario file (YAML or JSON) named `file`, with `facts` put in.
    ///
    /// - Throws: `ImportError` when `text` is not YAML, not a mapping, or has `apps` or
    ///   `device` of the wrong kind, or when the app is new and the payloads give no
    ///   `peakMemoryUsage` for its `active_mb` (the scenario would not load).
    static func scenario(_ text: String, file: String, with facts: MetricKitFacts) throws(ImportError) -> Result {
        let source = _ScenarioInput.droppingMark(text)
        if let problem = YAMLDocument.shapeProblem(in: source) {
            throw ImportError(file, "\(problem.line.map { "line \($0), column \(problem.column ?? 1): " } ?? "")\(problem.message)")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: source)
        } catch {
            throw ImportError(file, "not a YAML or JSON scenario file: \(error)")
        }
        guard case .mapping(var mapping)? = root.map({ restoringFlow($0, in: source) }) else {
            throw ImportError(file, "not a scenario: expected a mapping of name, device, apps, ... (SPEC 16), got \(root.map(Self.kind) ?? "an empty file")")
        }
        if mapping.style == .flow { unfoldJSON(&mapping) }
        var notes = facts.notes
        try putApp(facts, into: &mapping, file: file, notes: &notes)
        try putDevice(facts.device, into: &mapping, file: file, notes: &notes)
        mapping["observed"] = observed(facts)
        let body: String
        do {
            body = try Yams.serialize(node: .mapping(mapping), indent: 2, width: -1, allowUnicode: true)
        } catch {
            throw ImportError(file, "cannot write the scenario back: \(error)")
        }
        let stem = file.split(separator: "/").last.map(String.init) ?? file
        let header = ScenarioYAMLWriter.comment(
            "\(JSONEscaping.commentSafe(stem)) with the MetricKit facts of \(JSONEscaping.commentSafe(facts.app)) (\(facts.days) payload\(facts.days == 1 ? "" : "s")) "
                + "put in by `suspendsim import metrickit` (SPEC 18); its comments are not kept.")
        return Result(text: header + "\n" + body, notes: notes, warnings: facts.warnings)
    }

    /// The app's keys: replaced in its `apps:` entry, or a new entry appended.
    private static func putApp(_ facts: MetricKitFacts, into root: inout Node.Mapping, file: String, notes: inout [String]) throws(ImportError) {
        let values: [(key: String, thousandths: UInt64?)] = [
            (AppKey.activeMB.rawValue, facts.activeMB), (AppKey.suspendedMB.rawValue, facts.suspendedMB),
            (AppKey.coldLaunchS.rawValue, facts.coldLaunchS), (AppKey.resumeS.rawValue, facts.resumeS),
        ]
        var apps: Node.Sequence
        switch root["apps"] {
        case nil: apps = Node.Sequence([])
        case .sequence(let sequence)?: apps = sequence
        case let other?: throw ImportError(file, "apps: expected a list of apps, got \(kind(other))")
        }
        if let index = apps.firstIndex(where: { $0.mapping?[AppKey.id.rawValue]?.string == facts.app }), var app = apps[index].mapping {
            for (key, value) in values { if let value { app[key] = number(value) } }
            apps[index] = .mapping(app)
        } else {
            guard facts.activeMB != nil else {
                let why = facts.memoryDays == 0 ? "none of the \(facts.days) payloads has memoryMetrics" : "no payload gives memoryMetrics.peakMemoryUsage"
                throw ImportError(file, "apps has no \(facts.app), and \(why): a new app needs a footprint for its active_mb (SPEC 27)")
            }
            let pairs = [(Node(AppKey.id.rawValue), string(facts.app))] + values.compactMap { key, value in value.map { (Node(key), number($0)) } }
            let style: Node.Mapping.Style = apps.last?.mapping?.style == .flow ? .flow : .any
            let place = place(in: apps, root: root)
            if case .replacing(let index, _, _) = place {
                apps[index] = .mapping(Node.Mapping(pairs, .implicit, apps[index].mapping?.style ?? style))
            } else {
                apps.append(.mapping(Node.Mapping(pairs, .implicit, style)))
            }
            notes.append(placeNote(facts.app, place, count: apps.count, given: values.compactMap { $0.thousandths == nil ? nil : $0.key }))
        }
        root["apps"] = .sequence(apps)
    }

    /// `device.model` and `device.ios`; `ram_mb` removed when the model is new or changed.
    private static func putDevice(_ device: MetricKitFacts.Device?, into root: inout Node.Mapping, file: String, notes: inout [String]) throws(ImportError) {
        guard let device else { return }
        var mapping: Node.Mapping
        switch root["device"] {
        case nil: mapping = Node.Mapping([])
        case .mapping(let existing)?: mapping = existing
        case let other?: throw ImportError(file, "device: expected a mapping, got \(kind(other))")
        }
        if let entry = device.model {
            let previous = mapping[DeviceKey.model.rawValue]?.string?.lowercased()
            mapping[DeviceKey.model.rawValue] = string(entry.model)
            if previous != entry.model, mapping[DeviceKey.ramMB.rawValue] != nil {
                mapping[DeviceKey.ramMB.rawValue] = nil
                notes.append("device.ram_mb removed: device.model is now \(entry.model), whose RAM the catalog gives (\(entry.ramMB) MB)")
            }
        }
        if let product = device.unknownProduct {
            notes.append("device type \(product) is not in the device catalog (see `suspendsim devices`): "
                + "the scenario's device is left as it is (\(keptDevice(mapping)))")
        }
        if let ios = device.ios {
            let previous = mapping[DeviceKey.ios.rawValue]?.string
            // Quoted: a bare 17.10 would read as the number 17.1 (SPEC 16).
            mapping[DeviceKey.ios.rawValue] = Node(ios, Tag(.str), .doubleQuoted)
            if previous != ios {
                notes.append("device.ios is now \"\(ios)\", the payloads' release" + (previous.map { " (was \"\($0)\")" } ?? ""))
            }
        }
        root["device"] = .mapping(mapping)
    }

    /// What the scenario's device keeps when the payloads' device is unknown: its `model` and
    /// `ram_mb` as written (`model iphone-11`, `ram_mb 3844`), or that it sets neither.
    private static func keptDevice(_ mapping: Node.Mapping) -> String {
        let kept = [DeviceKey.model, DeviceKey.ramMB].compactMap { key in
            mapping[key.rawValue]?.string.map { "device.\(key.rawValue) \($0)" }
        }
        return kept.isEmpty ? "it sets neither device.model nor device.ram_mb" : "kept " + kept.joined(separator: " and ")
    }

    /// `observed:` in SPEC 18's key order: `app`, `days`, then `exit_days`, `launch_days` and
    /// `time_days`, each when it differs from `days` and is above 0 (SPEC 27), the counters,
    /// `cold_launches`, `resumes`, `foreground_s`, `background_s`.
    private static func observed(_ facts: MetricKitFacts) -> Node {
        var pairs = [(Node(ObservedKey.app.rawValue), string(facts.app)), (Node(ObservedKey.days.rawValue), Node(String(facts.days)))]
        for (key, days) in [(ObservedKey.exitDays, facts.exitDays), (ObservedKey.launchDays, facts.launchDays), (ObservedKey.timeDays, facts.timeDays)]
        where days != facts.days && days > 0 {
            pairs.append((Node(key.rawValue), Node(String(days))))
        }
        pairs += facts.observed.map { (Node($0.key), number($0.thousandths)) }
        return .mapping(Node.Mapping(pairs))
    }

    /// A number of thousandths as a plain scalar (`MetricKitDecimal.text(thousandths:)`).
    private static func number(_ thousandths: UInt64) -> Node {
        Node(MetricKitDecimal.text(thousandths: thousandths))
    }

    /// A string scalar, quoted only when it would otherwise read as something else (`true`, `12`).
    private static func string(_ text: String) -> Node {
        .scalar(text.represented())
    }

    /// What a node is, for messages.
    private static func kind(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "\"\(scalar.string)\""
        case .sequence: "a list"
        case .mapping: "a mapping"
        case .alias: "an alias"
        }
    }
}
