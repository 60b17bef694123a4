/// The memory chart's stack past `MemoryChart.foldAbove` apps (SPEC 35: no page grows faster
/// than linearly in apps): the largest apps keep a layer each, in scenario order, and the rest
/// are summed into one "other apps" layer above them, so the stack has at most
/// `foldAbove` + 3 layers however many apps the run has, and its top is still used memory.
extension MemoryChart {
    /// The default fold threshold: a run of more apps than this draws the largest this many
    /// and one "other apps" layer. A few hundred swatches is as many as a legend can show.
    static let defaultFoldAbove = 200

    /// The folded layer's name, colour (the theme's muted text colour, half opaque) and swatch.
    static let otherAppsName = "other apps"
    static let otherAppsStyle = "--c:var(--muted);fill-opacity:.5"
    static let otherAppsSwatchStyle = "background:var(--muted);opacity:.5"

    /// A layer of the stack, bottom up: the system band, an app (its index in `reports.apps`),
    /// the folded apps (how many), the compressor.
    enum StackLayer: Equatable {
        case band
        case app(Int)
        case otherApps(Int)
        case compressor
    }

    /// The apps that keep a layer when the stack is folded: the `foldAbove` apps of the highest
    /// stacked memory (footprint less compressed and flash memory, as `stackTops` stacks it), ties to
    /// the earlier app, in scenario order; nil when the run has no more than `foldAbove` apps.
    static func keptApps(_ reports: RunReports, foldAbove: Int) -> [Int]? {
        let apps = reports.apps.count
        guard apps > foldAbove else { return nil }
        var peak = [Double](repeating: 0, count: apps)
        for change in reports.footprints where change.uncompressed > peak[change.app] {
            peak[change.app] = change.uncompressed
        }
        let largest = (0..<apps).sorted { peak[$0] != peak[$1] ? peak[$0] > peak[$1] : $0 < $1 }
        return largest.prefix(max(foldAbove, 0)).sorted()
    }

    /// The stack's layers, bottom up, as `stackTops` returns their tops.
    var stackLayers: [StackLayer] {
        var layers: [StackLayer] = [.band]
        if let kept {
            layers += kept.map { .app($0) }
            layers.append(.otherApps(reports.apps.count - kept.count))
        } else {
            layers += reports.apps.indices.map { .app($0) }
        }
        if reports.hasCompressor { layers.append(.compressor) }
        return layers
    }

    /// The title of a layer, in its `<title>`, the legend and a figure's rows.
    func title(of layer: StackLayer) -> String {
        switch layer {
        case .band: bandTitle
        case .app(let app): reports.apps[app]
        case .otherApps(let count): "\(Self.otherAppsName) (\(count) smaller, stacked as one)"
        case .compressor: Self.compressorName
        }
    }

    /// `stackTops` for a folded stack: the same walk over the run's instants, with the total of
    /// the footprints and the folded apps' sum kept as they change, so an instant costs one
    /// step per drawn layer rather than one per app. The sums are updated by differences, in
    /// the order of the changes, so they are the same on every run.
    func foldedStackTops(kept: [Int], columns: Int) -> [[Double]] {
        let apps = reports.apps.count
        let compressorLayer = reports.hasCompressor
        let otherLayer = kept.count + 1
        var tops = [[Double]](repeating: [Double](repeating: 0, count: columns), count: kept.count + (compressorLayer ? 3 : 2))
        var isKept = [Bool](repeating: false, count: apps)
        for app in kept { isKept[app] = true }
        var footprint = [Double](repeating: 0, count: apps)
        var total = 0.0, other = 0.0
        var used: Double?
        var compressor = 0.0
        let startBand = (reports.threshold(.reservedMB) ?? 0) + (reports.threshold(.systemMB) ?? 0)
        func record(_ column: Int) {
            var sum = startBand
            if let used { sum = max(used - total - compressor, 0) }
            if sum > tops[0][column] { tops[0][column] = sum }
            for (layer, app) in kept.enumerated() {
                sum += footprint[app]
                if sum > tops[layer + 1][column] { tops[layer + 1][column] = sum }
            }
            sum += max(other, 0)
            if sum > tops[otherLayer][column] { tops[otherLayer][column] = sum }
            if compressorLayer {
                sum += compressor
                if sum > tops[otherLayer + 1][column] { tops[otherLayer + 1][column] = sum }
            }
        }
        walkInstants(columns: columns, apply: { app, value in
                         total += value - footprint[app]
                         if !isKept[app] { other += value - footprint[app] }
                         footprint[app] = value
                     },
                     record: { column, sampledUsed, sampledCompressor in
                         used = sampledUsed
                         compressor = sampledCompressor
                         record(column)
                     })
        return tops
    }
}
