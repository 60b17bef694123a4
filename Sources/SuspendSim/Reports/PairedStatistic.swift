/// The statistics that end a row of `paired.csv` and of `whatif.csv`, in file order (SPEC 21,
/// 25; `wilcoxon_method` to `ratio_ci_high` refine them): the mean difference with Student's
/// 95 % interval, Wilcoxon's signed-rank p-value and its method, Holm's adjustment, and the
/// ratio of the means with its bootstrap interval. Declared once for both files; `PairedRows`
/// writes a row's cells through a `switch` over them, so a statistic added here is written.
enum PairedStatistic: String, CaseIterable, Sendable {
    case meanDiff = "mean_diff"
    case ciLow = "ci_low"
    case ciHigh = "ci_high"
    case wilcoxonP = "wilcoxon_p"
    case wilcoxonMethod = "wilcoxon_method"
    case pHolm = "p_holm"
    case ratio
    case ratioCILow = "ratio_ci_low"
    case ratioCIHigh = "ratio_ci_high"
}

/// A file's columns that end with the paired statistics (`PairedColumn`, `WhatIfColumn`).
/// Each statistic's column can be named as a member of the file's columns
/// (`WhatIfColumn.meanDiff`), for the readers that look one up.
protocol PairedStatisticColumns {
    /// The column of `statistic`.
    static func statistic(_ statistic: PairedStatistic) -> Self
}

extension PairedStatisticColumns {
    static var meanDiff: Self { statistic(.meanDiff) }
    static var ciLow: Self { statistic(.ciLow) }
    static var ciHigh: Self { statistic(.ciHigh) }
    static var wilcoxonP: Self { statistic(.wilcoxonP) }
    static var wilcoxonMethod: Self { statistic(.wilcoxonMethod) }
    static var pHolm: Self { statistic(.pHolm) }
    static var ratio: Self { statistic(.ratio) }
    static var ratioCILow: Self { statistic(.ratioCILow) }
    static var ratioCIHigh: Self { statistic(.ratioCIHigh) }
}
