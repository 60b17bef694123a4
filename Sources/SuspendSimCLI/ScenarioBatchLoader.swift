import ArgumentParser
import SuspendSim

/// Loads every scenario a command names, or prints every problem and fails: a batch with an
/// invalid file runs nothing, so no report is written for it (SPEC 7).
enum ScenarioBatchLoader {
    static func load(_ options: ScenarioInputOptions) throws -> [Scenario] {
        try loadTemplates(options).map(\.scenario)
    }

    /// As `load`, keeping each file's `replicates:`, `sweep:` and text for a batch. With
    /// `streamingEvents`, large JSON files have their events read as each run goes
    /// (`ScenarioLoader.template(path:streamingEvents:)`): `run` only, whose `BatchRunner` checks
    /// them.
    static func loadTemplates(_ options: ScenarioInputOptions, streamingEvents: Bool = false) throws -> [ScenarioTemplate] {
        let files: [String]
        do {
            files = try ScenarioLoader.scenarioFiles(in: options.paths)
        } catch {
            printError(error.description)
            throw CommandFailure.invalidInput
        }
        let outcomes = parallelMap(count: files.count, jobs: options.workerCount) { index in
            Result { () throws(ScenarioLoader.Error) -> ScenarioTemplate in try ScenarioLoader.template(path: files[index], streamingEvents: streamingEvents) }
        }
        var scenarios: [ScenarioTemplate] = []
        var invalid = 0
        for outcome in outcomes {
            switch outcome {
            case .success(let scenario): scenarios.append(scenario)
            case .failure(let error):
                invalid += 1
                printError(error.description)
            }
        }
        if invalid > 0 {
            printError("error: \(invalid) of \(files.count) scenario files are invalid; nothing was run.")
            throw CommandFailure.invalidInput
        }
        if files.isEmpty {
            printError("error: no scenario files (.yaml, .yml, .json) in \(options.paths.joined(separator: ", ")).")
            throw CommandFailure.invalidInput
        }
        var firstFile: [String: String] = [:]
        for scenario in scenarios.map(\.scenario) {
            let file = scenario.sourcePath ?? scenario.name
            if let other = firstFile[scenario.name] {
                printError("\(file): name: '\(scenario.name)' is also the name of \(other); each scenario needs its own report folder.")
                invalid += 1
            } else {
                firstFile[scenario.name] = file
            }
        }
        if invalid > 0 { throw CommandFailure.invalidInput }
        return scenarios
    }
}
