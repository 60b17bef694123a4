import ArgumentParser
import SuspendSim

/// `--by KEYS` and `--baseline POLICY|KEY=VALUE`: which comparison files a batch's folder
/// gets (SPEC 21's `groups.csv` and `paired.csv`, SPEC 25's `whatif.csv`), declared once for
/// `run`, `merge` and `report`; each command's discussion says what it writes by default.
///
/// The options are read once, by `validate()`, into typed values (`grouping`, `given`): a
/// command asks those, never the option's text again.
struct ComparisonOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Write groups.csv and paired.csv grouped by these comma-separated keys among scenario, policy and the sweep columns (SPEC 21).",
        valueName: "keys"))
    var by: String?

    @Option(name: .customLong("baseline"), help: ArgumentHelp(
        "POLICY: the policy paired.csv compares the others with (default: the first policy in summary.csv); KEY=VALUE: the sweep key and baseline value of whatif.csv (SPEC 25). Both may be given.",
        valueName: "policy|key=value"))
    var baselines: [String] = []

    /// `--by`'s keys, in the order given; nil without `--by`.
    private(set) var grouping: [String]?

    /// The `--baseline` options split into a policy and a what-if.
    private(set) var given = WhatIfFiles.Baselines()

    /// `--baseline POLICY`.
    var baseline: String? { given.policy }

    /// The options ArgumentParser reads; `grouping` and `given` are `validate()`'s.
    enum CodingKeys: CodingKey {
        case by, baselines
    }

    /// Reads the options into `grouping` and `given`.
    ///
    /// - Throws: `ValidationError` (exit 64) for two policies or two what-ifs.
    mutating func validate() throws {
        grouping = by.map(BatchComparison.keys(parsing:))
        given = try WhatIfFiles.Baselines(baselines)
    }
}
