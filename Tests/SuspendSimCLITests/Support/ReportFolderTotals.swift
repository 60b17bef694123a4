import Foundation

/// A run's `summary.csv` cells recomputed from its own report folder, independently of the
/// code that writes `summary.csv` (SPEC 8, 17, 21): what a reader of the folder would compute.
///
/// - `apps`, the launches, `pressure_kills`, `state_losses` and `launch_wait_s` add up
///   `survivors.csv`'s columns;
/// - `min_free_mb` is settled free memory (SPEC 32), which `pressure.csv` does not mark: it
///   lies between the least `free_mb` of all rows and the least of each instant's last row
///   (`minFreeBounds`);
/// - `duration_s` is `device.csv`'s `end_s` when given, else the run's last event or timer
///   (SPEC 21): the time of the last row of any file streamed during the run, or under
///   `jetsam` the end of the last aging that ran, a timer that writes no row (SPEC 6: `aging_s`
///   after an app's entry into `suspended`, dropped when it left `suspended` before). Without
///   `end_s` that is a lower bound: a generated event that changes nothing a file records (a
///   call declined on a locked phone) still ends the run (`lengthColumns`);
/// - `hot_launch_ratio` and `kills_per_hour` follow from those as SPEC 8 and 21 define them,
///   printed as C's `printf("%.3f")` prints them.
///
/// `events` (skipped ones included) is not recomputed: an event that changes nothing leaves no
/// row but in `skipped.csv`, and one that changes something may leave several.
enum ReportFolderTotals {
    /// The `summary.csv` columns this recomputes.
    static let columns = ["apps", "cold_launches", "warm_launches", "hot_launch_ratio", "pressure_kills", "state_losses",
                          "launch_wait_s", "duration_s", "kills_per_hour"]
    /// The columns that follow from the run's length, which the folder gives exactly with
    /// `end_s` and as a lower bound without it (`duration_s` above).
    static let lengthColumns: Set<String> = ["duration_s", "kills_per_hour"]

    /// `kills_per_hour` as SPEC 21 computes it: `kills × 3600000 / duration in ms`, 3 decimals,
    /// empty for a duration of 0.
    static func killsPerHour(kills: Int, durationThousandths: Int) -> String {
        durationThousandths == 0 ? "" : String(format: "%.3f", Double(kills) * 3_600_000 / Double(durationThousandths))
    }

    /// SPEC 32: the bounds of `min_free_mb` in thousandths of a MB: the least `free_mb` of any
    /// row (a launch's overshoot included), and the least of each instant's last row (free
    /// memory as the instant's last pressure check left it, the first row standing for the start).
    static func minFreeBounds(of folder: URL) throws -> (low: Int, high: Int) {
        let pressure = try table(folder, "pressure.csv")
        let time = pressure.index["time_s"]!, free = pressure.index["free_mb"]!
        var lastOfInstant: [Int] = []
        for (position, row) in pressure.rows.enumerated()
        where position == 0 || position + 1 == pressure.rows.count || pressure.rows[position + 1][time] != row[time] {
            lastOfInstant.append(thousandths(row[free]))
        }
        return (pressure.rows.map { thousandths($0[free]) }.min()!, lastOfInstant.min()!)
    }

    /// The streamed files whose rows carry a `time_s` (SPEC 8).
    private static let timedFiles = ["transitions.csv", "callbacks.csv", "evictions.csv", "memory.csv", "pressure.csv", "skipped.csv"]

    /// `columns`' cells for the run whose report is `folder`.
    static func cells(of folder: URL) throws -> [String: String] {
        let survivors = try table(folder, "survivors.csv")
        func total(_ column: String) -> Int { survivors.rows.reduce(0) { $0 + Int($1[survivors.index[column]!])! } }
        let cold = total("cold_launches"), warm = total("warm_launches"), kills = total("pressure_kills")
        let waitThousandths = survivors.rows.reduce(0) { $0 + thousandths($1[survivors.index["launch_wait_s"]!]) }
        let durationThousandths = try duration(of: folder)
        return [
            "apps": String(survivors.rows.count),
            "cold_launches": String(cold),
            "warm_launches": String(warm),
            "hot_launch_ratio": cold + warm == 0 ? "" : String(format: "%.3f", Double(warm) / Double(cold + warm)),
            "pressure_kills": String(kills),
            "state_losses": String(total("state_losses")),
            "launch_wait_s": decimal(waitThousandths),
            "duration_s": decimal(durationThousandths),
            "kills_per_hour": killsPerHour(kills: kills, durationThousandths: durationThousandths),
        ]
    }

    /// The run's length in ms: `end_s`, else the last `time_s` of the streamed files.
    private static func duration(of folder: URL) throws -> Int {
        let device = try table(folder, "device.csv")
        if let end = device.rows.first(where: { $0[0] == "end_s" })?[1], !end.isEmpty { return thousandths(end) }
        var last = 0
        for file in timedFiles {
            let rows = try table(folder, file)
            if let column = rows.index["time_s"] { last = rows.rows.map { thousandths($0[column]) }.reduce(last, max) }
        }
        let setting = { (key: String) in device.rows.first { $0[0] == key }?[1] }
        if setting("policy") == "jetsam", let aging = setting("aging_s").map(thousandths) {
            last = max(last, try lastAgingEnd(folder, aging: aging) ?? 0)
        }
        return last
    }

    /// When the last aging timer that ran ran: `aging` after an entry into `suspended`, unless
    /// the app's next transition came before it (a transition at that instant is an event of
    /// the instant, and events come before timers, SPEC 6).
    private static func lastAgingEnd(_ folder: URL, aging: Int) throws -> Int? {
        let transitions = try table(folder, "transitions.csv")
        let (time, app, to) = (transitions.index["time_s"]!, transitions.index["app"]!, transitions.index["to"]!)
        var last: Int?
        // SPEC 37: a frozen app (frozen from a freeze until it dies) enters suspended straight
        // into band 75, with no aging timer.
        var freezes: [String: [Int]] = [:]
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("freezer.csv").path) {
            let acts = try table(folder, "freezer.csv")
            if let actTime = acts.index["time_s"], let actApp = acts.index["app"], let action = acts.index["action"] {
                for act in acts.rows where act[action] == "freeze" { freezes[act[actApp], default: []].append(thousandths(act[actTime])) }
            }
        }
        func isFrozen(_ name: String, at instant: Int, before position: Int) -> Bool {
            guard let since = freezes[name]?.filter({ $0 < instant }).max() else { return false }
            return !transitions.rows[..<position].contains { $0[app] == name && $0[to] == "not-running" && thousandths($0[time]) >= since }
        }
        for (position, row) in transitions.rows.enumerated() where row[to] == "suspended" {
            if isFrozen(row[app], at: thousandths(row[time]), before: position) { continue }
            let end = thousandths(row[time]) + aging
            let next = transitions.rows[(position + 1)...].first { $0[app] == row[app] }.map { thousandths($0[time]) }
            if next.map({ $0 > end }) ?? true { last = max(last ?? end, end) }
        }
        return last
    }

    /// A file's rows as cells, with its columns' positions. Report cells here hold no comma.
    private static func table(_ folder: URL, _ file: String) throws -> (index: [String: Int], rows: [[String]]) {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let index = Dictionary(uniqueKeysWithValues: lines[0].enumerated().map { ($1, $0) })
        return (index, Array(lines.dropFirst()))
    }

    /// A cell with 3 decimals (`-134.000`) as a whole count of thousandths.
    static func thousandths(_ cell: String) -> Int {
        let negative = cell.hasPrefix("-")
        let parts = cell.drop(while: { $0 == "-" }).split(separator: ".", omittingEmptySubsequences: false)
        let whole = Int(parts[0])! * 1000 + (parts.count > 1 ? Int(parts[1].padding(toLength: 3, withPad: "0", startingAt: 0))! : 0)
        return negative ? -whole : whole
    }

    /// Thousandths written with 3 decimals, as the reports write them.
    private static func decimal(_ thousandths: Int) -> String {
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = abs(thousandths)
        return sign + String(magnitude / 1000) + "." + String(format: "%03d", magnitude % 1000)
    }
}
