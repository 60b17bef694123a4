/// The memory chart's series reduced to pixel columns (SPEC 15, `RunChartGeometry`), and the
/// paths drawn from them.
extension MemoryChart {
    /// Free memory in one column: the value it starts with, its lowest and highest, and the
    /// value it ends with.
    typealias FreeColumn = (open: Double, low: Double, high: Double, close: Double)

    /// The stack's layers per column: layer 0 is the band of system and reserved memory
    /// (`used_mb` less the apps' memory, never below 0), layer k + 1 the band plus the memory
    /// of apps 0...k; each at the highest value it reaches in the column (instants of one time
    /// are applied together). The last layer's top is used memory: with free memory, RAM.
    ///
    /// With a compressor (SPEC 22; `RunReports.hasCompressor`) an app's layer is its footprint
    /// less its compressed memory (`memory.csv`'s `compressed_mb`), and one more layer on top
    /// is the compressor's physical size (`pressure.csv`'s `compressor_mb`): footprints count
    /// compressed memory at its uncompressed size, more than the RAM it takes. Without one
    /// the layers are the footprints, as before. An app's memory on flash (SPEC 37,
    /// `flash_mb`) is left out of its layer: it takes no RAM.
    ///
    /// Before `pressure.csv`'s first row the band is `reserved_mb` + `system_mb` (at the
    /// start); a folder whose used memory is unknown (no `used_mb`, no `ram_mb`) keeps that.
    ///
    /// Past `foldAbove` apps the layers are those of `stackLayers` (`foldedStackTops`).
    func stackTops(columns: Int) -> [[Double]] {
        if let kept { return foldedStackTops(kept: kept, columns: columns) }
        let apps = reports.apps.count
        let compressorLayer = reports.hasCompressor
        var tops = [[Double]](repeating: [Double](repeating: 0, count: columns), count: apps + (compressorLayer ? 2 : 1))
        var footprint = [Double](repeating: 0, count: apps)
        var used: Double?
        var compressor = 0.0
        let startBand = (reports.threshold(.reservedMB) ?? 0) + (reports.threshold(.systemMB) ?? 0)
        func record(_ column: Int) {
            var sum = startBand
            if let used { sum = max(used - footprint.reduce(0, +) - compressor, 0) }
            if sum > tops[0][column] { tops[0][column] = sum }
            for app in 0..<apps {
                sum += footprint[app]
                if sum > tops[app + 1][column] { tops[app + 1][column] = sum }
            }
            if compressorLayer {
                sum += compressor
                if sum > tops[apps + 1][column] { tops[apps + 1][column] = sum }
            }
        }
        walkInstants(columns: columns, apply: { app, value in footprint[app] = value },
                     record: { column, sampledUsed, sampledCompressor in
                         used = sampledUsed
                         compressor = sampledCompressor
                         record(column)
                     })
        return tops
    }

    /// Walks `memory.csv`'s footprint changes and `pressure.csv`'s samples in time order, one
    /// pixel column after another: `record` at each column's start and after each instant in
    /// it (the instant's changes given to `apply` first, all together), with the latest used
    /// memory and compressor size. Both stacks, whole and folded, are built on this walk.
    func walkInstants(columns: Int, apply: (_ app: Int, _ uncompressed: Double) -> Void,
                      record: (_ column: Int, _ used: Double?, _ compressor: Double) -> Void) {
        let changes = reports.footprints, samples = reports.free
        var change = 0, sample = 0
        var used: Double?
        var compressor = 0.0
        func nextTime() -> Double? {
            let a = change < changes.count ? changes[change].time : nil
            let b = sample < samples.count ? samples[sample].time : nil
            guard let a else { return b }
            guard let b else { return a }
            return min(a, b)
        }
        for column in 0..<columns {
            record(column, used, compressor)
            while let time = nextTime(), geometry.column(time) == column {
                while change < changes.count, changes[change].time == time {
                    apply(changes[change].app, changes[change].uncompressed)
                    change += 1
                }
                if sample < samples.count, samples[sample].time == time {
                    if let value = samples[sample].used { used = value }
                    compressor = samples[sample].compressor
                    sample += 1
                }
                record(column, used, compressor)
            }
        }
    }

    /// Free memory per column; nil before the first `pressure.csv` row.
    func freeByColumn(columns: Int) -> [FreeColumn?] {
        var result: [FreeColumn?] = Array(repeating: nil, count: columns)
        var current: Double?
        var index = 0
        let samples = reports.free
        for column in 0..<columns {
            var entry = current.map { (open: $0, low: $0, high: $0, close: $0) }
            while index < samples.count, geometry.column(samples[index].time) == column {
                let value = samples[index].free
                if entry == nil { entry = (value, value, value, value) }
                entry!.low = min(entry!.low, value)
                entry!.high = max(entry!.high, value)
                entry!.close = value
                current = value
                index += 1
            }
            result[column] = entry
        }
        return result
    }

    /// A closed step area from the base line up to `values` (one per column).
    func stepArea(_ values: [Double], y: ChartScale, base: String) -> String {
        var d = "M\(RunChartGeometry.left) \(base)"
        var last: String?
        for (column, value) in values.enumerated() {
            let py = ChartNumber.px(y.pixel(value))
            if py != last {
                if last != nil { d += "H\(geometry.columnX(column))" }
                d += "V\(py)"
                last = py
            }
        }
        d += "H\(geometry.columnX(values.count))V\(base)Z"
        return d
    }

    /// The free-memory line: in each column, a vertical stroke from the first value through
    /// the lowest and highest to the last, joined by steps.
    func freePath(_ columns: [FreeColumn?], y: ChartScale) -> String {
        var d = ""
        var currentX = -1
        var currentY = Int.min
        func step(_ x: Int, _ value: Double) {
            let py = Int(y.pixel(value).rounded(.toNearestOrAwayFromZero))
            if currentX < 0 {
                d += "M\(x) \(py)"
                currentX = x
                currentY = py
                return
            }
            guard py != currentY else { return }
            if x != currentX { d += "H\(x)" }
            d += "V\(py)"
            currentX = x
            currentY = py
        }
        var lastColumn = -1
        for (column, entry) in columns.enumerated() {
            guard let entry else { continue }
            let x = geometry.columnX(column)
            let extremes = abs(entry.close - entry.high) < abs(entry.close - entry.low)
                ? [entry.low, entry.high] : [entry.high, entry.low]
            for value in [entry.open] + extremes + [entry.close] { step(x, value) }
            lastColumn = column
        }
        if lastColumn >= 0 { d += "H\(geometry.columnX(lastColumn + 1))" }
        return d
    }
}
