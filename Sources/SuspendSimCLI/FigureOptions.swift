import ArgumentParser
import Foundation
import SuspendSim

/// `report --figures DIR [--figure-width 3.5|7]` (SPEC 15): every chart of the page as its own
/// SVG, PDF and CSV in DIR (`FigureExport`). Without the PDF converter it writes the SVGs and
/// CSVs, says on stderr how to get the PDFs, and succeeds.
struct FigureOptions: ParsableArguments {
    @Option(name: .customLong("figures"), help: ArgumentHelp(
        "Also write every chart of the page as its own SVG, PDF (with rsvg-convert) and CSV of what it draws into this folder, each named after the chart's title.",
        valueName: "dir"))
    var folder: String?

    @Option(name: .customLong("figure-width"), help: ArgumentHelp(
        "The figures' width in inches: 3.5 (one column, 252 pt) or 7 (two columns, 504 pt). (default: 3.5)",
        valueName: "inches"))
    var width: String?

    @Option(name: .customLong("figure-series"), help: ArgumentHelp(
        "Draw at most this many lines on a comparison figure and name the rest in a note under it. Without it every line is drawn, a chart of more than 8 as small multiples.",
        valueName: "n"))
    var series: Int?

    /// The width given, or one column; read once, by `validate()`.
    private(set) var figureWidth = FigureWidth.oneColumn

    /// The options ArgumentParser reads; `figureWidth` is `validate()`'s.
    enum CodingKeys: CodingKey {
        case folder, width, series
    }

    mutating func validate() throws {
        try OptionChecks.path(folder, "--figures")
        if let width {
            guard let inches = Double(width), let match = FigureWidth.allCases.first(where: { Double($0.rawValue) == inches }) else {
                throw ValidationError("--figure-width must be 3.5 or 7 (inches), got \(width.debugDescription).")
            }
            figureWidth = match
        }
        if width != nil, folder == nil { throw ValidationError("--figure-width needs --figures DIR.") }
        if let series, series < 1 { throw ValidationError("--figure-series must be 1 or more, got \(series).") }
        if series != nil, folder == nil { throw ValidationError("--figure-series needs --figures DIR.") }
    }

    /// Writes the figures of `report`'s folder when `--figures` is given, and says what it wrote.
    func write(folder report: String, focusApps: [String]?, labels: [SweepValueLabel]) throws {
        guard let folder else { return }
        let width = figureWidth
        let outcome = try HTMLPages.exitStatuses {
            try FigureExport.write(folder: report, into: folder, width: width, focusApps: focusApps, labels: labels, seriesCap: series)
        }
        let kinds = outcome.pdfs ? "SVG, PDF and CSV" : "SVG and CSV"
        print("figures: \(outcome.names.count) in \(folder) (\(kinds) each)")
        if !outcome.pdfs { printError("note: " + FigureExport.missingConverterHint) }
    }
}
