import Foundation
import Testing

/// SPEC 15 from the command line: `report DIR --figures OUT` writes every chart of the page as
/// an SVG, a PDF and the CSV of what it draws. Needs rsvg-convert, pdfinfo and pdffonts, and
/// matplotlib and pandas for /usr/bin/python3 (scripts/setup.sh installs them).
@Suite(.serialized) struct FigureExportCommandTests {
    /// A batch over the sample trace's three users: two policies × two RAM sizes, so that the
    /// page has the comparison, never-killed charts, survival and per-point charts.
    static func batch(in folder: URL) throws {
        try ComparisonCommandTests.traceScenario().write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
        let run = try suspendsim(["run", "lsapp.yaml", "--set", "policy=lru,jetsam", "--set", "device.ram_mb=1024,2048", "--out", "R"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// Runs `command arguments...` (found on PATH, or a path); its status and output.
    static func tool(_ command: String, _ arguments: [String], in folder: URL = packageRoot) throws -> CLIRun {
        command.hasPrefix("/")
            ? try runProcess(URL(fileURLWithPath: command), arguments, in: folder)
            : try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [command] + arguments, in: folder)
    }

    /// The figures' names in `folder` (each `.csv`'s name without it).
    static func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".csv") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// The number of markers the chart part of a figure's SVG draws (subpaths of `dot` paths
    /// outside the legend), bars (`bar` rects), and the CSV's rows with an x (or a panel).
    static func drawnAndRows(svg: String, csv: String) -> (drawn: Int, rows: Int) {
        let chart = svg.components(separatedBy: "<g class=\"legend\">")[0]
        var drawn = 0
        for part in chart.components(separatedBy: "<path class=\"dot ").dropFirst() {
            let d = part.components(separatedBy: "d=\"")[1].prefix { $0 != "\"" }
            drawn += d.filter { $0 == "M" }.count
        }
        drawn += chart.components(separatedBy: "<rect class=\"bar ").count - 1
        let lines = csv.split(separator: "\n").dropFirst()
        let rows = lines.filter { !$0.split(separator: ",", omittingEmptySubsequences: false)[1].isEmpty }.count
        return (drawn, rows)
    }

    /// The comparison's charts (SPEC 21), named after their titles.
    static let comparison = ["pressure-kills-per-hour", "hot-launch-ratio", "launch-wait"]

    @Test("report --figures writes an SVG, a PDF 252 pt wide with embedded fonts and no date, and a CSV of a row per drawn marker or bar, for every chart of the page")
    func everyChartAsFiles() throws {
        try withTemporaryFolder { folder in
            try Self.batch(in: folder)
            let report = try suspendsim(["report", "R", "--figures", "F"], in: folder)
            #expect(report.status == 0, "\(report.stderr)")
            let figures = folder.appendingPathComponent("F")
            let names = try Self.names(in: figures)
            #expect(report.stdout.contains("figures: \(names.count) in F (SVG, PDF and CSV each)"))
            // The comparison's three charts, the per-point chart and the survival chart, named after their titles.
            for name in Self.comparison + ["survival-per-app", "pressure-kills-and-hot-launch-ratio-per-point"] {
                #expect(names.contains(name), "\(names)")
            }
            #expect(names.contains { $0.hasPrefix("never-killed-against-device-ram-mb-") })
            for name in names {
                let svg = try String(contentsOf: figures.appendingPathComponent(name + ".svg"), encoding: .utf8)
                let csv = try String(contentsOf: figures.appendingPathComponent(name + ".csv"), encoding: .utf8)
                #expect(csv.hasPrefix("label,"))
                let counts = Self.drawnAndRows(svg: svg, csv: csv)
                // The comparison's one-column layout draws its legend inside: a marker per line.
                let legend = Self.comparison.contains(name) ? Set(csv.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } }).count : 0
                #expect(counts.drawn - legend == counts.rows && counts.rows > 0, "\(name): \(counts)")
                let info = try Self.tool("pdfinfo", [figures.appendingPathComponent(name + ".pdf").path])
                #expect(info.status == 0 && info.stdout.contains("Page size:       252 x "), "\(name): \(info.stdout)")
                #expect(!info.stdout.contains("CreationDate") && !info.stdout.contains("ModDate"))
                let fonts = try Self.tool("pdffonts", [figures.appendingPathComponent(name + ".pdf").path])
                let fontRows = fonts.stdout.split(separator: "\n").dropFirst(2)
                #expect(!fontRows.isEmpty && fontRows.allSatisfy { $0.contains(" yes yes ") }, "\(fonts.stdout)")
            }
            // Kills per hour: a row per policy and RAM size, each a marker of its policy's line.
            let kills = try String(contentsOf: figures.appendingPathComponent("pressure-kills-per-hour.csv"), encoding: .utf8)
            let rows = kills.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            // Then each row's series style and the axes' words (lru's vermillion squares, SeriesStyle's table).
            #expect(rows[0] == ["label", "device.ram_mb", "kills_per_hour", "low", "high", "colour", "marker", "dash", "x_title", "y_title"])
            #expect(rows[1].suffix(5) == ["#D55E00", "square", "solid", "RAM (MB)", "kills per hour"])
            #expect(rows.dropFirst().map { "\($0[0]) \($0[1])" } == ["lru 1024", "lru 2048", "jetsam 1024", "jetsam 2048"])
        }
    }

    @Test("The same reports give the same PDF bytes a second later; --figure-width 7 gives PDFs 504 pt wide")
    func sameBytesAndTwoColumns() throws {
        try withTemporaryFolder { folder in
            try Self.batch(in: folder)
            #expect(try suspendsim(["report", "R", "--figures", "A"], in: folder).status == 0)
            Thread.sleep(forTimeInterval: 1.1)
            #expect(try suspendsim(["report", "R", "--figures", "B", "--figure-width", "3.5"], in: folder).status == 0)
            #expect(try suspendsim(["report", "R", "--figures", "C", "--figure-width", "7"], in: folder).status == 0)
            let a = try filesUnder(folder.appendingPathComponent("A")), b = try filesUnder(folder.appendingPathComponent("B"))
            #expect(!a.isEmpty && a == b)
            let twoColumns = try Self.names(in: folder.appendingPathComponent("C"))
            #expect(twoColumns.count == a.count / 3, "C holds each figure of A at 7 in")
            for name in twoColumns {
                let info = try Self.tool("pdfinfo", [folder.appendingPathComponent("C/\(name).pdf").path])
                #expect(info.stdout.contains("Page size:       504 x "), "\(name): \(info.stdout)")
                // At two columns every chart has its legend under it (laid out at most 792 units wide).
                let counts = Self.drawnAndRows(svg: try String(contentsOf: folder.appendingPathComponent("C/\(name).svg"), encoding: .utf8),
                                               csv: try String(contentsOf: folder.appendingPathComponent("C/\(name).csv"), encoding: .utf8))
                #expect(counts.drawn == counts.rows, "\(name): \(counts)")
            }
        }
    }

    /// The smallest text of a figure's SVG as printed, in points: the smallest `font-size` it
    /// sets (its style sheets and attributes) × the width in points ÷ the `viewBox` width
    /// (every nested chart is as wide, in the same units, as the figure's `viewBox`).
    static func smallestPrintedFont(svg: String) -> Double {
        func numbers(after prefix: String) -> [Double] {
            svg.components(separatedBy: prefix).dropFirst().compactMap { Double($0.prefix { "0123456789.".contains($0) }) }
        }
        let points = numbers(after: "width=\"")[0], viewBoxWidth = numbers(after: "viewBox=\"0 0 ")[0]
        let sizes = numbers(after: "font-size:") + numbers(after: "font-size=\"")
        return (sizes.min() ?? 0) * points / viewBoxWidth
    }

    @Test("The helper reads the smallest font size as printed: 11 px in a viewBox 396 wide at 252 pt is 7 pt")
    func smallestFontHelper() {
        let svg = "<svg width=\"252pt\" height=\"100pt\" viewBox=\"0 0 396 150\"><style>text{font-size:12px}.tm{font-size:11px}</style>"
            + "<svg width=\"396\" viewBox=\"0 0 396 150\"><text font-size=\"13\">a</text></svg></svg>"
        #expect(Self.smallestPrintedFont(svg: svg) == 7)
        #expect(Self.smallestPrintedFont(svg: svg.replacingOccurrences(of: "0 0 396", with: "0 0 1200")) < 2.4)
    }

    @Test("Every figure of a batch page (a trace comparison, compressor.yaml's sweep and what-if) and of a run page prints its smallest text at 7 pt or more, at 3.5 in and at 7 in")
    func smallestTextPrintsAtSevenPoints() throws {
        try withTemporaryFolder { folder in
            try Self.batch(in: folder)
            #expect(try suspendsim(["run", packageRoot.appendingPathComponent("Scenarios/compressor.yaml").path, "--out", "K"], in: folder).status == 0)
            #expect(try suspendsim(["run", packageRoot.appendingPathComponent("Scenarios/state-lab.yaml").path, "--out", "S"], in: folder).status == 0)
            let runFolder = try #require(FileManager.default.enumerator(atPath: folder.appendingPathComponent("S").path)?
                .compactMap { $0 as? String }.first { $0.hasSuffix("survivors.csv") }).dropLast("/survivors.csv".count)
            // Without the converter: the SVGs are what is measured, the PDFs are made from them.
            let noPDF = ["SUSPENDSIM_RSVG_CONVERT": "/nonexistent/rsvg-convert"]
            for (source, expected) in [("R", 3), ("K", 14), ("S/" + runFolder, 2)] {
                for width in ["3.5", "7"] {
                    let out = "F-\(source.prefix(1))-\(width)"
                    let report = try suspendsim(["report", source, "--figures", out, "--figure-width", width], in: folder, environment: noPDF)
                    #expect(report.status == 0, "\(report.stderr)")
                    let names = try Self.names(in: folder.appendingPathComponent(out))
                    #expect(names.count >= expected, "\(source): \(names)")
                    for name in names {
                        let svg = try String(contentsOf: folder.appendingPathComponent("\(out)/\(name).svg"), encoding: .utf8)
                        let smallest = Self.smallestPrintedFont(svg: svg)
                        #expect(smallest >= 7, "\(source) \(width) in \(name): \(smallest) pt")
                    }
                }
            }
        }
    }

    @Test("--figure-width other than 3.5 or 7, or without --figures, is a usage error (64) and nothing is written")
    func badWidth() throws {
        try withTemporaryFolder { folder in
            try Self.batch(in: folder)
            for arguments in [["--figures", "F", "--figure-width", "5"], ["--figures", "F", "--figure-width", "252"], ["--figure-width", "7"]] {
                let report = try suspendsim(["report", "R"] + arguments, in: folder)
                #expect(report.status == 64, "\(arguments): \(report.stderr)")
                #expect(report.stderr.contains("--figure-width"))
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("F").path))
            }
        }
    }

    @Test("Without the converter, --figures writes the SVGs and CSVs, says on stderr how to get the PDFs, and exits 0")
    func missingConverter() throws {
        try withTemporaryFolder { folder in
            try Self.batch(in: folder)
            for environment in [["SUSPENDSIM_RSVG_CONVERT": "/nonexistent/rsvg-convert"], ["PATH": "/nonexistent"]] {
                let report = try suspendsim(["report", "R", "--figures", "F"], in: folder, environment: environment)
                #expect(report.status == 0, "\(report.stderr)")
                #expect(report.stderr.contains("rsvg-convert") && report.stderr.contains("apt-get install librsvg2-bin"))
                let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("F").path)
                #expect(files.contains("pressure-kills-per-hour.svg") && files.contains("pressure-kills-per-hour.csv"))
                #expect(!files.contains { $0.hasSuffix(".pdf") })
                try FileManager.default.removeItem(at: folder.appendingPathComponent("F"))
            }
        }
    }

    @Test("A run folder's figures are its memory chart and state timeline; scripts/plot.py re-draws one from its CSV")
    func runFiguresAndPlot() throws {
        try withTemporaryFolder { folder in
            let run = try suspendsim(["run", packageRoot.appendingPathComponent("Scenarios/state-lab.yaml").path, "--out", "S"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let runFolder = try #require(FileManager.default.enumerator(atPath: folder.appendingPathComponent("S").path)?
                .compactMap { $0 as? String }.first { $0.hasSuffix("survivors.csv") }).dropLast("/survivors.csv".count)
            let report = try suspendsim(["report", "S/" + runFolder, "--figures", "F", "--figure-width", "7"], in: folder)
            #expect(report.status == 0, "\(report.stderr)")
            #expect(try Self.names(in: folder.appendingPathComponent("F")) == ["memory-over-time", "state-timeline"])
            // The --out folder's page: the single runs' chart, a row of two bars for the one run.
            #expect(try suspendsim(["report", "S", "--figures", "G"], in: folder).status == 0)
            #expect(try Self.names(in: folder.appendingPathComponent("G")) == ["single-runs"])
            let singles = try String(contentsOf: folder.appendingPathComponent("G/single-runs.csv"), encoding: .utf8).split(separator: "\n")
            #expect(singles.count == 3 && singles[1].hasPrefix("state-lab,pressure kills per run,") && singles[2].hasPrefix("state-lab,hot-launch ratio,"))
            let timeline = try String(contentsOf: folder.appendingPathComponent("F/state-timeline.csv"), encoding: .utf8)
            #expect(timeline.hasPrefix("label,state,start_s,end_s,colour,marker,dash,x_title,y_title\n"))
            // A row per bar: each bar of the timeline is one `h` of a lane-bar path.
            let svg = try String(contentsOf: folder.appendingPathComponent("F/state-timeline.svg"), encoding: .utf8)
            let bars = svg.components(separatedBy: "<path class=\"lane-bar ").dropFirst()
                .map { $0.components(separatedBy: "d=\"")[1].prefix { $0 != "\"" }.filter { $0 == "h" }.count }.reduce(0, +)
            #expect(bars > 0 && bars == timeline.split(separator: "\n").count - 1)
            let plot = try Self.tool("/usr/bin/python3", [packageRoot.appendingPathComponent("scripts/plot.py").path,
                                                          folder.appendingPathComponent("F/memory-over-time.csv").path, "--width", "7"])
            #expect(plot.status == 0, "\(plot.stderr)")
            let image = try Data(contentsOf: folder.appendingPathComponent("F/memory-over-time.png"))
            #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]) && image.count > 1000)
        }
    }
}
