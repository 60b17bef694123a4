#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One app's kills across a batch folder, read from its `kills.csv` and `survival.csv`
/// (SPEC 41): what `explain DIR --app ID` says, without `--details`. One pass over each
/// file; memory is the app's own kills (a time and a pattern each), never the whole file.
struct BatchKills {
    /// A kill's mechanism and the state it took the app in.
    struct Mechanism: Hashable, Comparable {
        var trigger: String
        var reason: String
        var state: String

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.trigger, lhs.reason, lhs.state) < (rhs.trigger, rhs.reason, rhs.state)
        }
    }

    /// One of the app's state changes before a kill, as `kills.csv` has it.
    struct Step: Hashable {
        var state: String
        var cause: String
    }

    /// A sequence that ends in a kill, without its times: the app's last two state changes
    /// (either absent when it had none since its launch) and the kill's mechanism.
    struct Pattern: Hashable {
        var earlier: Step?
        var last: Step?
        var mechanism: Mechanism
    }

    /// One kill with its times and memory, to show a pattern by example.
    struct Example {
        /// The run, as `scenario, replicate N` and any sweep values.
        var run: String
        var earlierMs: Millis?
        var lastMs: Millis?
        var timeMs: Millis
        /// Free memory before the kill and the loop's target, in thousandths of a MB.
        var freeBefore: Int64
        var threshold: Int64?
    }

    /// The app's id.
    var app: String
    /// The runs that have the app (`survival.csv`'s `runs`, added over its rows).
    var runs = 0
    /// The runs with at least one kill of the app.
    var runsKilled = 0
    /// The kills' times in the run, by mechanism.
    var times: [Mechanism: [Millis]] = [:]
    /// How many kills each pattern ended, with its first kill (in file order) as example.
    var patterns: [Pattern: (count: Int, order: Int, example: Example)] = [:]

    /// All the app's kills.
    var kills: Int { times.values.reduce(0) { $0 + $1.count } }

    /// The kills of `app` in the batch folder `folder`.
    ///
    /// - Throws: `ExplainError` for a folder without `kills.csv` or `survival.csv` (naming
    ///   what to give instead), an app the batch does not have (with the nearest names), or
    ///   a file that is not the batch's (a missing column, a time or size that is no number,
    ///   located by file and line).
    init(folder: String, app: String) throws(ExplainError) {
        self.app = app
        let survivalPath = BatchReportFile.survival.path(in: folder)
        let killsPath = BatchReportFile.kills.path(in: folder)
        for path in [survivalPath, killsPath] where !FileManager.default.fileExists(atPath: path) {
            throw ExplainError("\(path) does not exist: explain --app reads a batch's --out (run with replicates, SPEC 41) "
                + "written with --kills; for one run's folder, name the app after the folder instead")
        }
        let apps = try Self.readRuns(survivalPath)
        guard let runs = apps.runs[app] else {
            let near = NearestNames.nearest(to: [app, app.split(separator: ".").last.map(String.init) ?? app], among: apps.order, limit: 1)
            throw ExplainError("unknown app '\(app)' in \(survivalPath)"
                + (near.isEmpty ? "" : "; did you mean '\(near[0])'?"))
        }
        self.runs = runs
        try readKills(killsPath)
    }

    /// `survival.csv`'s apps in file order, and each one's runs.
    private static func readRuns(_ path: String) throws(ExplainError) -> (order: [String], runs: [String: Int]) {
        do {
            let reader = try CSVRecordReader(path: path)
            guard let header = try reader.next() else { throw ExplainError("\(path): empty") }
            let names = CSVRecordReader.fields(header).map(CSVRecordReader.text)
            guard let appIndex = names.firstIndex(of: SurvivalColumn.app.rawValue),
                  let runsIndex = names.firstIndex(of: SurvivalColumn.runs.rawValue)
            else { throw ExplainError("\(path):1: no app or runs column; not a batch's survival.csv") }
            var order: [String] = []
            var runs: [String: Int] = [:]
            var line = 1
            while let record = try reader.next() {
                line += 1
                let fields = CSVRecordReader.fields(record)
                guard fields.count == names.count, let count = Int(CSVRecordReader.text(fields[runsIndex])) else {
                    throw ExplainError("\(path):\(line): runs: not a whole number, or the line does not have \(names.count) cells")
                }
                let app = CSVRecordReader.text(fields[appIndex])
                if runs[app] == nil { order.append(app) }
                runs[app, default: 0] += count
            }
            return (order, runs)
        } catch let error as ExplainError {
            throw error
        } catch {
            throw ExplainError("\(error)")
        }
    }
}
