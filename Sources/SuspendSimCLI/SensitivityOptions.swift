import ArgumentParser
import SuspendSim

/// `run --sensitivity` and `--sensitivity-keys KEY,KEY` (SPEC 39): how far the answer moves
/// across the assumptions' ranges, for every file of the command, overriding the files'
/// `sensitivity:`.
struct SensitivityOptions: ParsableArguments {
    @Flag(help: "Also run every assumption of the batch at its low and high end (SPEC 39): sensitivity_runs.csv, sensitivity.csv and, with a what-if, sensitivity_whatif.csv; overrides the files' sensitivity:.")
    var sensitivity = false

    @Option(name: .customLong("sensitivity-keys"), help: ArgumentHelp(
        "The assumptions to vary, comma-separated (implies --sensitivity); the keys are the key column of `suspendsim assumptions` and device.limit_share.",
        valueName: "key,key"))
    var keys: String?

    /// The request the command line makes, nil when it makes none; read once, by `validate()`.
    private(set) var request: SensitivityRequest?

    /// The options ArgumentParser reads; `request` is `validate()`'s.
    enum CodingKeys: CodingKey {
        case sensitivity, keys
    }

    /// Reads the options into `request`.
    ///
    /// - Throws: `ValidationError` (exit 64) for a key list that does not read.
    mutating func validate() throws {
        if let keys {
            do {
                request = try SensitivityRequest(parsingKeys: keys)
            } catch {
                throw ValidationError(error.description)
            }
        } else {
            request = sensitivity ? SensitivityRequest() : nil
        }
    }

    /// The plan of `batch`'s sensitivity: the command line's request for every file, else each
    /// file's (`requests`, by entry). A bad key is a usage error from the command line (exit
    /// 64) and bad input from a file (exit 2), printed, nothing run.
    func plan(_ batch: BatchPlan, files requests: [SensitivityRequest?], apps: [String]) throws -> SensitivityPlan? {
        let asked = request
        let chosen = asked.map { request in requests.map { _ in request } } ?? requests
        guard chosen.contains(where: { $0 != nil }) else { return nil }
        do {
            return try SensitivityPlan(batch, requests: chosen, fromCommandLine: asked != nil, apps: apps)
        } catch {
            printError(error.description)
            if asked != nil {
                printError("error: --sensitivity-keys names keys the batch cannot vary; nothing was run.")
                throw CommandFailure.usage
            }
            printError("error: sensitivity: names keys the batch cannot vary; nothing was run.")
            throw CommandFailure.invalidInput
        }
    }

    /// `check` and `validate` (SPEC 39): the files' `sensitivity:` checked against their batch,
    /// never run; a bad key is printed and exits 2. `plan` is the files' batch, made when nil.
    static func validateFiles(_ templates: [ScenarioTemplate], plan given: BatchPlan? = nil) throws {
        let requests = templates.map(\.sensitivity)
        guard requests.contains(where: { $0 != nil }) else { return }
        do throws(ScenarioLoader.Error) {
            let plan: BatchPlan
            if let given { plan = given } else { plan = try BatchPlan(templates: templates, options: BatchPlan.Options()) }
            _ = try SensitivityPlan(plan, requests: requests, fromCommandLine: false)
        } catch {
            printError(error.description)
            throw CommandFailure.invalidInput
        }
    }

    /// `sensitivity: <file>: <K> assumptions, <V> variants, <N> runs`, one per file that asks
    /// (SPEC 39), printed before anything runs.
    static func plannedLines(_ plan: SensitivityPlan, batch: BatchPlan) -> [String] {
        plan.entries.map { entry in
            let runs = plan.runCount(entry, batch: batch)
            return "sensitivity: \(batch.entries[entry.entry].path): \(entry.keys.count) assumption\(entry.keys.count == 1 ? "" : "s"), "
                + "\(entry.variantCount) variant\(entry.variantCount == 1 ? "" : "s"), \(runs) run\(runs == 1 ? "" : "s")"
        }
    }

    /// A note for each file whose sensitivity does not run: a single scenario under
    /// `--policy all` (`SensitivityPlan.unplanned`), with the batch that runs it.
    static func unplannedNotes(_ plan: SensitivityPlan, batch: BatchPlan) -> [String] {
        plan.unplanned.map { index in
            "note: \(batch.entries[index].path): sensitivity: not run for a single scenario under --policy all; "
                + "run it as a batch of the policies (--set policy=\(BuiltInPolicies.names.joined(separator: ","))) to vary its assumptions"
        }
    }
}
