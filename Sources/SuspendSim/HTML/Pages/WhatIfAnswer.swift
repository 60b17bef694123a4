/// The answer a batch page opens with (SPEC 25, 27), from the folder's `whatif.csv`: one
/// sentence per scenario, policy, combination, value, what-if app and exit counter that is not
/// 0 at some point (the baseline or the value), then the app's `launch_wait_s`:
///
/// "background_memory_pressure of com.acme.shop per run: 0.740 at suspended_mb = 160.149 →
/// 0.620 at 120.149 (−0.120, 95 % CI −0.191 to −0.049; 100 paired runs)"
///
/// KEY is written by its last part; a pair without an interval says "(1 paired run; no
/// interval)". At most `sentenceLimit` sentences; the rest are a table under them. Rows with
/// no pair say nothing. When the file has several scenarios, policies or combinations of the
/// other sweep columns, each sentence starts with its own.
struct WhatIfAnswer {
    /// The sentences, in `whatif.csv`'s order.
    let sentences: [String]
    /// The same answers as table rows, for those past the limit.
    private let rows: [[String]]
    /// The differences against the swept value: the page's first `WhatIfCharts.limit`, and
    /// every one for the figures.
    let charts: WhatIfCharts
    let figureCharts: WhatIfCharts
    /// The names of swept values on the page (SPEC 15 "Labels"): the charts' x ticks.
    let labels: SweepValueLabels

    /// At most this many sentences; the rest go into the table.
    static let sentenceLimit = 12
    /// At most this many rows in the table (20 shown, the rest folded); `whatif.csv` has them all.
    static let tableRows = 200
    /// The table's columns.
    private static let header = ["where", "app", "metric", "baseline", "value", "baseline_mean", "mean", "mean_diff", "95 % CI", "pairs"]
    /// The table's header: `header`, then `wilcoxon_p` and the statistics after it when the file has them (`PairedStatistics`).
    private let tableHeader: [String]

    /// Reads `folder/whatif.csv`; nil without one.
    ///
    /// - Throws: `ReportCSV.Unreadable` for a file that cannot be read or lacks a column.
    /// A labelled value (`labels`, SPEC 15) is named by its label in the sentences, the table
    /// and the charts' ticks.
    init?(folder: String, labels: SweepValueLabels = SweepValueLabels()) throws(ReportCSV.Unreadable) {
        guard ReportFolder.hasFile(BatchReportFile.whatif.fileName, in: folder) else { return nil }
        // The answer reads SPEC 25's columns up to `wilcoxon_p`; its table shows those after them when the file has them.
        let file = try ReportCSV(path: BatchReportFile.whatif.path(in: folder), required: Array(WhatIfColumn.allCases.prefix { $0 != .wilcoxonMethod }))
        let column = { (name: WhatIfColumn) in file.column(name)! }
        let exits = Set(KillReason.ExitCategory.allCases.map(\.rawValue))
        let table = try file.rows()
        let statistics = PairedStatistics(header: file.header)
        let contexts = table.map { Array($0[..<column(.key)]) }
        let showContext = Set(contexts).count > 1
        // A chart's context leaves out the policy (`whatif.csv`'s second column): its lines are the policies.
        // In words: each other sweep value by its label, else its key's words and unit.
        let contextKeys = Array(file.header[..<column(.key)])
        let chartContexts = contexts.map { context in
            [context[0]] + zip(contextKeys.dropFirst(2), context.dropFirst(2)).map { $1.isEmpty ? "" : labels.text($0, $1) }
        }
        let chartsShowContext = Set(chartContexts).count > 1
        var sentences: [String] = []
        var rows: [[String]] = []
        var charts = WhatIfCharts()
        var figureCharts = WhatIfCharts()
        figureCharts.most = WhatIfCharts.figureLimit
        for (index, row) in table.enumerated() {
            let metric = row[column(.metric)]
            let app = row[column(.app)]
            guard !app.isEmpty, Int(row[column(.pairs)]) ?? 0 > 0,
                  metric == WhatIfAppMetric.launchWait.rawValue
                    || (exits.contains(metric) && (ReportCSV.number(row[column(.baselineMean)]) != 0 || ReportCSV.number(row[column(.mean)]) != 0))
            else { continue }
            let context = contexts[index].filter { !$0.isEmpty }.joined(separator: " · ")
            let sentence = Self.sentence(row, column: column, labels: labels)
            sentences.append(showContext ? context + ": " + sentence : sentence)
            charts.add(row, column: column, context: chartContexts[index], policy: contexts[index][1], showContext: chartsShowContext,
                       labels: labels)
            figureCharts.add(row, column: column, context: chartContexts[index], policy: contexts[index][1], showContext: chartsShowContext,
                             labels: labels)
            let interval = row[column(.ciLow)].isEmpty ? "" : Self.minus(row[column(.ciLow)]) + " to " + Self.minus(row[column(.ciHigh)])
            let key = row[column(.key)]
            rows.append([context, app, metric, labels.tick(key, row[column(.baseline)]), labels.tick(key, row[column(.value)]),
                         row[column(.baselineMean)], row[column(.mean)],
                         Self.minus(row[column(.meanDiff)]), interval, row[column(.pairs)]]
                + (statistics.map { [row[column(.wilcoxonP)]] + $0.cells(row) } ?? []))
        }
        self.sentences = sentences
        self.rows = rows
        tableHeader = Self.header + (statistics == nil ? [] : [WhatIfColumn.wilcoxonP.rawValue] + PairedStatistics.headings)
        self.charts = charts
        self.figureCharts = figureCharts
        self.labels = labels
    }

    /// One row's sentence.
    private static func sentence(_ row: [String], column: (WhatIfColumn) -> Int, labels: SweepValueLabels) -> String {
        let key = row[column(.key)].split(separator: ".").last.map(String.init) ?? row[column(.key)]
        let pairs = Int(row[column(.pairs)]) ?? 0
        let counted = "\(pairs) paired run\(pairs == 1 ? "" : "s")"
        let detail = row[column(.ciLow)].isEmpty
            ? "(\(counted); no interval)"
            : "(\(minus(row[column(.meanDiff)])), 95 % CI \(minus(row[column(.ciLow)])) to \(minus(row[column(.ciHigh)])); \(counted))"
        let whole = row[column(.key)], baseline = row[column(.baseline)], value = row[column(.value)]
        // A labelled key: "at no compressor → … at 4 GB pool"; else "at pool_mb = 0 → … at 4096".
        let at = labels.labels(whole) ? (labels.tick(whole, baseline), labels.tick(whole, value)) : ("\(key) = \(baseline)", value)
        return "\(row[column(.metric)]) of \(row[column(.app)]) per run: \(row[column(.baselineMean)]) at \(at.0) → "
            + "\(row[column(.mean)]) at \(at.1) \(detail)"
    }

    /// A number with a typographic minus (U+2212) in place of the hyphen.
    private static func minus(_ text: String) -> String {
        text.hasPrefix("-") ? "\u{2212}" + text.dropFirst() : text
    }

    /// The page's opening: the sentences, then the rest as a table; nil when nothing is said.
    func node() -> HTMLNode? {
        guard !sentences.isEmpty else { return nil }
        var nodes: [HTMLNode] = [
            .h2("What if"),
            .ul(class: "answer", .group(sentences.prefix(Self.sentenceLimit).map { .li(.text($0)) })),
        ]
        if sentences.count > Self.sentenceLimit {
            nodes.append(.p(class: "note", .text("\(sentences.count - Self.sentenceLimit) more, from \(BatchReportFile.whatif.fileName):")))
            nodes.append(HTMLPage.foldedTable(header: tableHeader, rows: Array(rows.dropFirst(Self.sentenceLimit)),
                                              file: BatchReportFile.whatif.fileName, most: Self.tableRows))
        }
        if !charts.isEmpty { nodes.append(chartFigure()) }
        nodes.append(.p(class: "note", .text("Paired differences between sweep points on the same seeds (SPEC 25); "
            + "\(BatchReportFile.whatif.fileName) has every metric.")))
        return .section(id: "whatif", .group(nodes))
    }

    /// The charts of the differences, side by side, with the policies' legend.
    private func chartFigure() -> HTMLNode {
        let svgs = charts.charts(labels: labels).enumerated().map { index, chart in HTMLNode.raw(chart.render(id: "whatif-\(index + 1)")) }
        let styles = SeriesStyle.styles(for: charts.policies)
        return .figure(.div(class: "multiples", .group(svgs)), .figcaption(HTMLPage.legend(charts.policies.enumerated().map { index, policy in
            .group([.raw(SeriesMarker.legendIcon(styles[index])), .text(labels.policy(policy))])
        } + [.prose("marker: mean paired difference at each swept value (0 at the baseline); band: its 95 % interval")])))
    }
}
