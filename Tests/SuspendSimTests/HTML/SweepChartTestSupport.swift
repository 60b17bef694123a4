import Foundation
@testable import SuspendSim

/// A batch `--out` folder written by hand for the batch page's tests (SPEC 15, 19):
/// `summary.csv` (one run per point and policy), `survival.csv` with SPEC 19's columns, and,
/// with `counters`, `observed.csv`. Points are given as their sweep values, one per key.
struct SweepBatchFixture {
    var scenario = "sweep"
    var keys: [String]
    /// Each point's values, one per key, in sweep order.
    var points: [[String]]
    var policies: [String]
    var apps: [String]
    /// The never-killed rate (also the survival rate) of an app at a point under a policy; nil:
    /// no row.
    var rate: (_ policy: Int, _ point: Int, _ app: Int) -> Double?
    /// The runs that launched an app at a point under a policy (of `runs`).
    var launched: (_ policy: Int, _ point: Int, _ app: Int) -> Int = { _, _, _ in 10 }
    var runs = 10
    /// `observed.csv`'s counters: name, observed value, and the simulated mean at a point
    /// under a policy.
    var counters: [(name: String, observed: Double, mean: (_ policy: Int, _ point: Int) -> Double)] = []

    /// Writes the files into `folder/batch` and returns its path.
    func write(in folder: URL) throws -> String {
        let batch = folder.appendingPathComponent("batch").path
        try FileManager.default.createDirectory(atPath: batch, withIntermediateDirectories: true)
        let sweep = keys.map { "," + $0 }.joined()
        var summary = "scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,hot_launch_ratio,pressure_kills,"
            + "state_losses,min_free_mb" + sweep + "\n"
        var survival = "scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high,never_killed,never_killed_rate,"
            + "never_killed_ci_low,never_killed_ci_high,mean_pressure_kills,mean_cold_launches,mean_warm_launches,"
            + "launched,launched_survival_rate,launched_ci_low,launched_ci_high" + sweep + "\n"
        var observed = "scenario,policy,counter,observed,simulated_mean,ci_low,ci_high,runs" + sweep + "\n"
        for (pointIndex, values) in points.enumerated() {
            let columns = values.map { "," + $0 }.joined()
            for (policyIndex, policy) in policies.enumerated() {
                summary += "\(scenario),\(policy),\(pointIndex * 10 + policyIndex),0,\(apps.count),20,\(2 + pointIndex),"
                    + "\(1 + policyIndex),0.500,\(pointIndex + policyIndex),0,100.000" + columns + "\n"
                for (appIndex, app) in apps.enumerated() {
                    guard let value = rate(policyIndex, pointIndex, appIndex) else { continue }
                    let count = launched(policyIndex, pointIndex, appIndex)
                    let rate = Self.fixed(value)
                    let interval = "\(Self.fixed(max(0, value - 0.1))),\(Self.fixed(min(1, value + 0.1)))"
                    let launchedCells = count == 0 ? "0,,," : "\(count),\(rate),\(interval)"
                    survival += "\(scenario),\(policy),\(app),\(runs),\(Int(value * Double(runs))),\(rate),\(interval),"
                        + "\(Int(value * Double(runs))),\(rate),\(interval),0.100,1.000,0.000,\(launchedCells)" + columns + "\n"
                }
                for counter in counters {
                    let mean = counter.mean(policyIndex, pointIndex)
                    observed += "\(scenario),\(policy),\(counter.name),\(Self.fixed(counter.observed)),\(Self.fixed(mean)),"
                        + "\(Self.fixed(max(0, mean - 0.2))),\(Self.fixed(mean == 0 ? 0 : mean + 0.2)),\(runs)" + columns + "\n"
                }
            }
        }
        try summary.write(toFile: batch + "/summary.csv", atomically: true, encoding: .utf8)
        try survival.write(toFile: batch + "/survival.csv", atomically: true, encoding: .utf8)
        if !counters.isEmpty { try observed.write(toFile: batch + "/observed.csv", atomically: true, encoding: .utf8) }
        return batch
    }

    static func fixed(_ value: Double) -> String {
        ChartNumber.fixed(value, 3)
    }
}

// MARK: Reading the page

/// The `<svg>` element with `id`, from its start tag to its end tag.
func svg(_ id: String, in html: String) -> String? {
    guard let idRange = html.range(of: "id=\"\(id)\""),
          let start = html[..<idRange.lowerBound].range(of: "<svg", options: .backwards),
          let end = html[idRange.upperBound...].range(of: "</svg>")
    else { return nil }
    return String(html[start.lowerBound..<end.upperBound])
}

/// The `<path>` elements whose class starts with `prefix`: their class and `d`.
func paths(withClassPrefix prefix: String, in svg: String) -> [(cssClass: String, d: String)] {
    var result: [(String, String)] = []
    var rest = svg[...]
    while let start = rest.range(of: "<path class=\"" + prefix) {
        let classStart = rest.index(start.lowerBound, offsetBy: "<path class=\"".count)
        let classEnd = rest[classStart...].firstIndex(of: "\"")!
        let dStart = rest[classEnd...].range(of: "d=\"")!.upperBound
        let dEnd = rest[dStart...].firstIndex(of: "\"")!
        result.append((String(rest[classStart..<classEnd]), String(rest[dStart..<dEnd])))
        rest = rest[dEnd...]
    }
    return result
}

/// The contents of the `<text>` elements of class `cssClass`, in order, unescaped.
func texts(withClass cssClass: String, in svg: String) -> [String] {
    var result: [String] = []
    var rest = svg[...]
    while let marker = rest.range(of: "class=\"\(cssClass)\"") {
        let open = rest[marker.upperBound...].firstIndex(of: ">")!
        let close = rest[open...].range(of: "</text>")!
        result.append(String(rest[rest.index(after: open)..<close.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&"))
        rest = rest[close.upperBound...]
    }
    return result
}

/// Every `<svg class="chart">` of `html` whose id starts with `prefix`, in page order: id and markup.
func chartSVGs(withIDPrefix prefix: String, in html: String) -> [(id: String, svg: String)] {
    html.components(separatedBy: "<svg class=\"chart\"").dropFirst().compactMap { part in
        guard let idStart = part.range(of: " id=\""), let idEnd = part[idStart.upperBound...].firstIndex(of: "\""),
              let end = part.range(of: "</svg>") else { return nil }
        let id = String(part[idStart.upperBound..<idEnd])
        guard id.hasPrefix(prefix), idStart.lowerBound < part.firstIndex(of: ">")! else { return nil }
        return (id, "<svg class=\"chart\"" + part[..<end.upperBound])
    }
}

/// The `d` of each `<path>` whose class is exactly `cssClass`, in order.
func pathData(withClass cssClass: String, in svg: String) -> [String] {
    svg.components(separatedBy: "<path class=\"\(cssClass)\" d=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
}

/// The `<text>` elements of `svg` with class `cssClass` (nil: any): the drawn text (tspans
/// joined by a space) and the `<title>` it carries, if any; entities left as written.
func textElements(withClass cssClass: String? = nil, in svg: String) -> [(text: String, title: String?)] {
    svg.components(separatedBy: "<text ").dropFirst().compactMap { part -> (String, String?)? in
        guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</text>") else { return nil }
        if let cssClass, !part[..<open].contains("class=\"\(cssClass)\"") { return nil }
        var body = String(part[part.index(after: open)..<close.lowerBound])
        var title: String?
        if body.hasPrefix("<title>"), let end = body.range(of: "</title>") {
            title = String(body[body.index(body.startIndex, offsetBy: 7)..<end.lowerBound])
            body = String(body[end.upperBound...])
        }
        let lines = body.components(separatedBy: "</tspan>").map { line in
            line.range(of: ">").map { String(line[$0.upperBound...]) } ?? line
        }.filter { !$0.isEmpty }
        return (lines.joined(separator: " "), title)
    }
}

/// How many markers a marker path draws: each glyph starts with one `M`.
func markerCount(_ d: String) -> Int {
    d.filter { $0 == "M" }.count
}
