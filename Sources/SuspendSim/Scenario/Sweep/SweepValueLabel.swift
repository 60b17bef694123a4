/// A swept value's label (SPEC 15 "Labels"): the text that names value `value` of sweep key
/// `key` on every chart and table of a batch's page, from a scenario's `labels:` block
/// (`labels: { device.compressor.pool_mb: { 0: "no compressor" } }`) or from
/// `report --label KEY=VALUE=TEXT`.
///
/// A label's text is a text value of SPEC 35: not empty, no control character, and not
/// beginning as a spreadsheet formula (`=`, `+`, `-`, `@`), since `labels.csv` and a figure's
/// CSV write it in a cell.
package struct SweepValueLabel: Sendable, Hashable {
    /// The sweep key (`device.compressor.pool_mb`).
    package var key: String
    /// The swept value, as the sweep writes it (`4096`).
    package var value: String
    /// The label (`4 GB pool`).
    package var text: String

    package init(key: String, value: String, text: String) {
        self.key = key
        self.value = value
        self.text = text
    }

    /// What is wrong with `text` as a label, in words; nil when nothing is.
    package static func textProblem(_ text: String) -> String? {
        if text.allSatisfy(\.isWhitespace) { return "must not be empty" }
        return IdentifierRules.controlProblem(text) ?? IdentifierRules.formulaProblem(text)
    }

    /// `KEY=VALUE=TEXT` (`report --label`): KEY and VALUE hold no `=`, TEXT is the rest and may.
    ///
    /// - Returns: the label, or what is wrong with `option` in words.
    package static func parse(_ option: String) -> Result<SweepValueLabel, Problem> {
        let parts = option.split(separator: "=", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else {
            return .failure(Problem("--label \(option): expected KEY=VALUE=TEXT (a sweep key, one of its swept values, the label)"))
        }
        guard !parts[0].isEmpty, !parts[1].isEmpty else {
            return .failure(Problem("--label \(option): KEY and VALUE must not be empty"))
        }
        if let problem = textProblem(parts[2]) { return .failure(Problem("--label \(option): the label \(problem)")) }
        return .success(SweepValueLabel(key: parts[0], value: parts[1], text: parts[2]))
    }

    /// A label that cannot be used, in words.
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        package var description: String

        package init(_ description: String) { self.description = description }
    }

    /// What is wrong with `labels` for a batch whose sweep keys and values are `sweeps`
    /// (key → values as swept): a key that is not swept, or a value the key does not take.
    /// A value matches a swept one written alike, or equal as a number (`4096.0`, `4096`).
    ///
    /// - Returns: the labels with each value as the sweep writes it, or the first problem.
    package static func matched(_ labels: [SweepValueLabel], sweeps: [String: [String]], origin: (SweepValueLabel) -> String)
        -> Result<[SweepValueLabel], Problem> {
        var matched: [SweepValueLabel] = []
        for label in labels {
            guard let values = sweeps[label.key] else {
                let keys = sweeps.keys.sorted()
                return .failure(Problem("\(origin(label)): '\(label.key)' is not a swept key; "
                    + (keys.isEmpty ? "nothing is swept" : "expected one of \(keys.joined(separator: ", "))")))
            }
            guard let value = sweptValue(label.value, in: values) else {
                return .failure(Problem("\(origin(label)): \(label.key) is not swept at '\(label.value)'; it takes "
                    + values.joined(separator: ", ")))
            }
            matched.append(SweepValueLabel(key: label.key, value: value, text: label.text))
        }
        return .success(matched)
    }

    /// The swept value that `value` names in `values`: written alike, else equal as a number.
    static func sweptValue(_ value: String, in values: [String]) -> String? {
        if values.contains(value) { return value }
        guard let number = Double(value), number.isFinite else { return nil }
        return values.first { Double($0) == number }
    }
}
