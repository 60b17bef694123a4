import Foundation

/// The names of swept values on a batch's page (SPEC 15 "Labels"): every chart and table that
/// names a sweep point's value writes it as its label (`SweepValueLabel`: the scenarios'
/// `labels:` blocks, which `run` keeps in `labels.csv` (`LabelsCSV`), then `report --label`, the later
/// winning), else in words from its key table (`worded`), never as the raw `key=value`.
struct SweepValueLabels: Sendable, Equatable {
    /// The labels by key, then by value as swept.
    private(set) var texts: [String: [String: String]] = [:]

    /// Labels from `labels`, a later label of the same key and value replacing an earlier one.
    init(_ labels: [SweepValueLabel] = []) {
        for label in labels { texts[label.key, default: [:]][label.value] = label.text }
    }

    /// Whether some value of `key` has a label.
    func labels(_ key: String) -> Bool { texts[key] != nil }

    /// Value `value` of `key`: its label, else in words (`worded`).
    func text(_ key: String, _ value: String) -> String {
        texts[key]?[value] ?? Self.worded(key, value)
    }

    /// A policy's name on the page: its label (`labels: { policy: { lru: "LRU" } }`, `report
    /// --label policy=lru=LRU`), else its name; a built-in and a YAML policy alike.
    func policy(_ name: String) -> String {
        texts[SweepKey.policy.path]?[name] ?? name
    }

    /// Value `value` of `key` on an axis titled with the key's words: its label, else the value.
    func tick(_ key: String, _ value: String) -> String {
        texts[key]?[value] ?? value
    }

    /// A setting `key=value` (a sweep point's, as `summary.csv`'s points write it) as `text`
    /// names it; a text without `=` is returned as it is.
    func text(setting: String) -> String {
        guard let parts = RunFolderName.split(setting) else { return setting }
        return text(parts.key, parts.value)
    }

    /// A setting in fewer words, for a margin too narrow for `text(setting:)`: its label, else
    /// an app key's words without the app ("suspended memory 60 MB"), else `text(setting:)`.
    func short(setting: String) -> String {
        guard let (key, value) = RunFolderName.split(setting) else { return setting }
        if let label = texts[key]?[value] { return label }
        if let words = AxisTitle.words(key), words.app != nil { return Self.phrase(words.words, of: nil, value: value) }
        return text(key, value)
    }

    /// A sweep point's settings in words, joined by ", ".
    func text(settings: [String]) -> String {
        settings.map { text(setting: $0) }.joined(separator: ", ")
    }

    /// A swept value in words from its key table (`AxisTitle`): the key's words, the value,
    /// and its unit, `device.compressor.pool_mb` 4096 as "compressor pool 4096 MB", an app
    /// key as "suspended memory of com.x 60 MB"; a switch's `true` and `false` as "on" and
    /// "off" ("memory compressor off"). A policy, a scenario or a point is its value alone;
    /// a key no table knows, its last dotted part and the value.
    static func worded(_ key: String, _ value: String) -> String {
        if key == SweepKey.policy.path || ["scenario", "point"].contains(key) { return value }
        let switchValue = ["true": "on", "false": "off"][value] ?? value
        if let words = AxisTitle.words(key) { return phrase(words.words, of: words.app, value: switchValue) }
        let name = key.split(separator: ".").last.map(String.init) ?? key
        return name + " " + switchValue
    }

    private static func phrase(_ words: AxisTitle.Words, of app: String?, value: String) -> String {
        words.words + (app.map { " of " + $0 } ?? "") + " " + value + (words.unit.map { " " + $0 } ?? "")
    }
}
