import Foundation

/// `suspendsim report DIR` (SPEC 15): writes `DIR/index.html`, one self-contained page
/// (inline SVG, no script, nothing fetched), byte-identical for the same reports. It reads
/// only the folder: its CSVs, and `device.csv` for the thresholds.
///
/// ```swift
/// let pages = try HTMLReport.write(folder: "Reports/state-lab")   // a run's folder
/// let all = try HTMLReport.write(folder: "Reports", jobs: 4)      // a batch: its page and every run's
/// ```
///
/// A run's folder gets the run page (`RunPage`). A batch's `--out` folder (with
/// `summary.csv`) gets the batch page (`BatchPage`), and every run folder under the
/// scenarios it names gets its own page, linked from the batch page.
public enum HTMLReport {
    /// The page's file name.
    public static let pageName = "index.html"

    /// Writes the page of `folder`, and for a batch folder the pages of its run folders (on
    /// `jobs` threads; the bytes do not depend on it).
    ///
    /// `focusApps` are the apps a batch page draws against a swept key (SPEC 19): those of
    /// them that are apps of a scenario, in the order given; nil (or none of a scenario's):
    /// the 6 apps whose never-killed rate changes most across its sweep. `report --app ID`
    /// gives them; `run --html` passes the apps of the scenarios' `expect:` and `observed:`
    /// when it knows them.
    ///
    /// - Returns: the paths of the pages written, the folder's own first.
    /// - Throws: `HTMLReport.Error` when the folder is not a report folder or a file cannot be
    ///   read; `ReportWriter.Error` when a page cannot be written.
    @discardableResult
    public static func write(folder path: String, jobs: Int = 1, focusApps: [String]? = nil) throws -> [String] {
        try write(folder: path, jobs: jobs, focusApps: focusApps, labels: [])
    }

    /// `write`, with `labels` (`report --label`) over the folder's `labels.csv` (SPEC 15
    /// "Labels").
    ///
    /// - Throws: also `SweepValueLabel.Problem` when one of `labels` names a key the batch does
    ///   not sweep or a value it does not take, before any page is written.
    @discardableResult
    package static func write(folder path: String, jobs: Int = 1, focusApps: [String]? = nil, labels: [SweepValueLabel]) throws -> [String] {
        var folder = path
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        switch try ReportFolder.kind(of: folder) {
        case .run:
            if let label = labels.first {
                throw SweepValueLabel.Problem("--label \(label.key)=\(label.value)=\(label.text): \(folder) is a run's folder, which sweeps nothing")
            }
            let reports = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try RunReports(folder: folder) }
            let page = RunPage(reports: reports, context: standaloneContext(folder: folder, policy: reports.policy)).render()
            try writePage(page, into: folder)
            return [folder + "/" + pageName]
        case .batch:
            return try writeBatch(folder: folder, jobs: jobs, focusApps: focusApps, labels: labels)
        }
    }

    /// The page of the run folder `folder`, as `write` makes it (for tests and tools).
    public static func runPage(folder: String) throws -> String {
        let reports = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try RunReports(folder: folder) }
        return RunPage(reports: reports, context: standaloneContext(folder: folder, policy: reports.policy)).render()
    }

    private static func writeBatch(folder: String, jobs: Int, focusApps: [String]?, labels given: [SweepValueLabel]) throws -> [String] {
        var reports = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try BatchReports(folder: folder) }
        var comparison = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try ComparisonReports(folder: folder) }
        // SPEC 15 "Labels": checked before any page is written.
        let labels = try pageLabels(folder: folder, reports: reports, comparison: comparison, given: given)
        reports.labels = labels
        comparison?.labels = labels
        let observed = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try ObservedReports(folder: folder) }
        var runFolders: [String: [String]] = [:]
        for scenario in reports.scenarios {
            runFolders[scenario.name] = ReportFolder.runFolders(under: scenario.name, in: folder)
        }
        let runs = reports.scenarios.flatMap { runFolders[$0.name] ?? [] }
        // Run pages first, so that the batch page's links lead somewhere once it appears.
        let seeds = reports.seeds
        let results = parallelMap(count: runs.count, jobs: jobs) { index -> Result<String, HTMLReport.Error> in
            let relative = runs[index]
            do throws(HTMLReport.Error) {
                let reports = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try RunReports(folder: folder + "/" + relative) }
                let context = batchContext(relative, policy: reports.policy) { seeds[$0] }
                return .success(RunPage(reports: reports, context: context).render())
            } catch {
                return .failure(error)
            }
        }
        var written: [String] = []
        var ramByScenario: [String: String] = [:]
        for (relative, result) in zip(runs, results) {
            let page = try result.get()
            try writePage(page, into: folder + "/" + relative)
            written.append(folder + "/" + relative + "/" + pageName)
            let scenario = String(relative.split(separator: "/").first ?? "")
            if ramByScenario[scenario] == nil, let device = try? RunReports.device(folder: folder + "/" + relative),
               let ram = device[DeviceKey.ramMB.rawValue].flatMap(ReportCSV.number) {
                ramByScenario[scenario] = ChartNumber.short(ram, 1)
            }
        }
        let name = BatchPage.heading(scenarios: reports.scenarios.map(\.name))
        // SPEC 39's tables follow assumptions.csv, whose ranges they vary (written before the page).
        let sensitivityFiles = [SensitivityFile.table, .runs, .whatIf].map(\.rawValue)
        let files = ([BatchReportFile.summary, .survival, .comparison, .observed, .groups, .paired, .whatif, .assumptions].map(\.fileName)
            + sensitivityFiles).filter { ReportFolder.hasFile($0, in: folder) }
        // SPEC 21: with groups.csv, the comparison on the page and its charts as figures/<metric>.svg.
        if let comparison { try BatchPage.writeFigures(comparison, into: folder) }
        // SPEC 25: with whatif.csv, the page opens with its answer.
        let whatIf = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try WhatIfAnswer(folder: folder, labels: labels) }
        // SPEC 26: with observed.csv, the verdict at the top.
        let verdict = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try FieldVerdict(folder: folder) }
        var page = BatchPage(reports: reports, observed: observed, name: name, runFolders: runFolders, ramByScenario: ramByScenario,
                             files: files, focusApps: focusApps, comparison: comparison, whatIf: whatIf, fieldVerdict: verdict)
        // SPEC 39: with sensitivity_runs.csv, how far the answer moves.
        page.sensitivity = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try SensitivitySection(folder: folder) }
        try writePage(page.render(), into: folder)
        return [folder + "/" + pageName] + written
    }

    /// A run folder's context from its path alone: the scenario is the last path component
    /// that is not a sweep value (`key=value`), a replicate (`replicate-k`) or the run's
    /// policy (`--policy all` folders); those that follow it are its details.
    static func standaloneContext(folder: String, policy: String?) -> RunPage.Context {
        let components = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents.filter { $0 != "/" }
        var index = components.count - 1
        while index > 0, isRunDetail(components[index], policy: policy) { index -= 1 }
        guard index >= 0 else { return RunPage.Context(scenario: folder) }
        return RunPage.Context(scenario: components[index], details: Array(components[(index + 1)...]))
    }

    /// A run folder's context in a batch folder: its first component is the scenario; the seed
    /// comes from the batch's `summary.csv`.
    static func batchContext(_ relative: String, policy: String?, seeds: (String) -> String?) -> RunPage.Context {
        let components = relative.split(separator: "/").map(String.init)
        let scenario = components.first ?? relative
        let details = Array(components.dropFirst())
        var replicate = ""
        var settings: [String] = []
        for component in details {
            if let number = RunFolderName.replicate(in: component) {
                replicate = String(number)
            } else if let setting = RunFolderName.setting(in: component), setting.key != .policy {
                settings.append(component)
            }
        }
        let seed = seeds(BatchReports.seedKey(scenario: scenario, policy: policy ?? "", replicate: replicate, settings: settings))
        let up = String(repeating: "../", count: components.count)
        return RunPage.Context(scenario: scenario, details: details, seed: seed, batchLink: up + pageName)
    }

    private static func isRunDetail(_ component: String, policy: String?) -> Bool {
        RunFolderName.setting(in: component) != nil || RunFolderName.replicate(in: component) != nil || component == policy
    }

    /// Writes `html` as `folder/index.html`, whole or not at all.
    private static func writePage(_ html: String, into folder: String) throws {
        try AtomicTextFile.write(html, to: folder + "/" + pageName)
    }
}
