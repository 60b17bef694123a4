import ArgumentParser

/// `--by KEYS` and `--baseline POLICY|KEY=VALUE`: which comparison files a batch's folder
/// gets (SPEC 21's `groups.csv` and `paired.csv`, SPEC 25's `whatif.csv`), declared once for
/// `run`, `merge` and `report`; each command's discussion says what it writes by default.
struct ComparisonOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Write groups.csv and paired.csv grouped by these comma-separated keys among scenario, policy and the sweep columns (SPEC 21).",
        valueName: "keys"))
    var by: String?

    @Option(name: .customLong("baseline"), help: ArgumentHelp(
        "POLICY: the policy paired.csv compares the others with (default: the first policy in summary.csv); KEY=VALUE: the sweep key and baseline value of whatif.csv (SPEC 25). Both may be given.",
        valueName: "policy|key=value"))
    var baselines: [String] = []

    /// The `--baseline` options split into a policy and a what-if (checked in `validate`).
    var given: WhatIfFiles.Baselines {
        get throws { try WhatIfFiles.Baselines(baselines) }
    }

    /// `--baseline POLICY`.
    var baseline: String? { (try? given)?.policy }

    func validate() throws {
        _ = try given
    }
}
