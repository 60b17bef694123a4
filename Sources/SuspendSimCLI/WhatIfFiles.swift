import ArgumentParser
import Foundation
import SuspendSim

/// SPEC 25's what-if for `run`, `merge` and `report`: `--baseline` options split into SPEC
/// 21's policy and a what-if's `KEY=VALUE`, and the batch's what-if chosen and checked
/// (`whatif.csv` is `BatchFolderFinish`'s).
enum WhatIfFiles {
    /// `--baseline` options (repeatable): at most one policy and at most one `KEY=VALUE`.
    struct Baselines {
        /// `--baseline POLICY` (SPEC 21's `paired.csv`).
        var policy: String?
        /// `--baseline KEY=VALUE` (SPEC 25).
        var whatIf: WhatIf?

        /// No `--baseline`.
        init() {}

        /// Splits `options`.
        ///
        /// - Throws: `ValidationError` (exit 64) for two policies or two what-ifs.
        init(_ options: [String]) throws {
            for option in options {
                if let whatIf = WhatIf(parsing: option) {
                    if let given = self.whatIf {
                        throw ValidationError("--baseline \(option): a what-if is already given (--baseline \(given.key)=\(given.baseline)); a batch has one.")
                    }
                    self.whatIf = whatIf
                } else {
                    if let given = policy {
                        throw ValidationError("--baseline \(option): a baseline policy is already given (\(given)).")
                    }
                    policy = option
                }
            }
        }
    }

    /// The what-if of `plan` (SPEC 25, 27): `commandLine` (checked: a usage error, exit 64,
    /// listing the choices), else the files' `whatif:` (checked against the batch as run: bad
    /// input, exit 2, as are files whose keys differ), else SPEC 25's default; nil when the
    /// batch has none.
    static func resolve(_ plan: BatchPlan, commandLine: WhatIf?, files: [(path: String, whatIf: WhatIf)]) throws -> WhatIf? {
        let keys = plan.sweptKeys
        if commandLine == nil, let first = files.first {
            if let other = files.first(where: { $0.whatIf.key != first.whatIf.key }) {
                let differ = WhatIf.Mismatch(field: .key, description: "\(first.whatIf.key) here and \(other.whatIf.key) in \(other.path) differ")
                printError("error: \(first.whatIf.located(differ, file: first.path)); a batch has one what-if (SPEC 27). Nothing was run.")
                throw CommandFailure.invalidInput
            }
            do {
                try first.whatIf.check(against: keys)
            } catch {
                printError("error: \(first.whatIf.located(error, file: first.path)). Nothing was run.")
                throw CommandFailure.invalidInput
            }
            return first.whatIf
        }
        guard let commandLine else { return WhatIf.defaultChoice(keys) }
        do {
            try commandLine.check(against: keys)
        } catch {
            printError("error: --baseline \(commandLine.key)=\(commandLine.baseline): \(error.description). Nothing was run.")
            throw CommandFailure.usage
        }
        return commandLine
    }
}
