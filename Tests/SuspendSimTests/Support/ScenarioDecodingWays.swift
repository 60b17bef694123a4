@testable import SuspendSim

/// The ways through `ScenarioDecoding`, one at a time, for tests that compare them.
extension ScenarioLoader {
    /// `text` composed by Yams and read, whatever its format: the way every text can take,
    /// whose messages are the canonical ones.
    static func parseComposing(_ text: String, path: String) throws(ScenarioLoader.Error) -> Scenario {
        try ScenarioReading.read(YAMLDocument.compose(text, file: path), path: path, settings: []).scenario
    }
}

extension JSONFastPath {
    /// The scenario `ScenarioDecoding` reads from `text` when the JSON fast path takes it; nil
    /// when the fast path declines it.
    static func parse(_ text: String, path: String) -> Scenario? {
        guard let decoded = try? ScenarioDecoding.decode(text: text, path: path), case .read = decoded.events else {
            return nil
        }
        return decoded.reading.scenario
    }
}
